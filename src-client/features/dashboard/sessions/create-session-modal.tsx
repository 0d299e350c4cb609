/**
 * A new session (spec point 9's 14 session templates): the instructor picks a teaching plan, names
 * the class and says how many teams play, then lands in the session's editor.
 */
import {
  Badge,
  Box,
  Button,
  Card,
  Group,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { sessionSetupInput } from '../../../../src-shared/api/session';
import { checkText } from '../../../../src-shared/api/text-rules';
import { isLocale } from '../../../../src-shared/rules/locale';
import { SESSION_LIMITS } from '../../../../src-shared/session/constants';
import { SESSION_TEMPLATES, type SessionTemplate } from '../../../../src-shared/session/templates';
import { paths } from '../../../paths';
import { newCommandId, trpc } from '../../../trpc';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { inputErrorMessage, toastError } from '../../../ui/notify';
import './sessions.css';

/** Why a typed number of teams is refused (the shared input rule), or null. */
export function teamCountRefusal(value: number | string): string | null {
  const parsed = sessionSetupInput.shape.teamCount.safeParse(value);
  return parsed.success ? null : 'session.errTeamCount';
}

/** One teaching plan: what it shows, its rounds in order, and whether it can be played yet. */
function SessionTemplateCard({ template, onPick }: { template: SessionTemplate; onPick: () => void }) {
  const disabled = !template.available;
  return (
    <UnstyledButton
      onClick={onPick}
      disabled={disabled}
      h="100%"
      data-testid="session-template"
      className="session-template-pick"
      style={{ cursor: disabled ? 'not-allowed' : 'pointer', display: 'block' }}
    >
      <Card
        withBorder
        radius="md"
        padding="md"
        h="100%"
        style={{ opacity: disabled ? 0.6 : 1 }}
        className="session-template-card"
      >
        <Stack gap="xs" h="100%">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
              <FormattedMessage id={template.titleId} />
            </Title>
            {disabled && (
              <Badge variant="outline" color="gray" style={{ flexShrink: 0 }}>
                <FormattedMessage id="templates.comingSoon" />
              </Badge>
            )}
          </Group>
          <Text size="sm" c="dimmed">
            <FormattedMessage id={template.descriptionId} />
          </Text>
          {/* A plain list: Mantine's List here would split it into a chunk the player's pages load. */}
          <Box component="ol" m={0} pl="lg" fz="sm" style={{ flex: 1 }}>
            {template.rounds.map((round, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan may play the same round twice
              <li key={i}>
                <FormattedMessage id={round.nameId} />
              </li>
            ))}
          </Box>
          <Group gap={4} c="dimmed">
            <IconUsersGroup size={14} />
            <Text size="xs">
              <FormattedMessage
                id="dashboard.sessions.teamsByDefault"
                values={{ count: template.teamCount }}
              />
            </Text>
          </Group>
        </Stack>
      </Card>
    </UnstyledButton>
  );
}

/** The name and the number of teams of a session made from `template`. */
function NewSessionForm({
  template,
  onBack,
  onCancel,
}: {
  template: SessionTemplate;
  onBack: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [name, setName] = useState(() => intl.formatMessage({ id: template.titleId }));
  const [teams, setTeams] = useState<number | string>(template.teamCount);
  const [tried, setTried] = useState(false);
  // One command per form: a double click makes one session.
  const [commandId] = useState(newCommandId);
  const nameRefusal = checkText(name, { max: SESSION_LIMITS.name });
  const teamsRefusal = teamCountRefusal(teams);
  const create = trpc.session.create.useMutation({
    onSuccess: ({ sessionId }) => navigate(paths.sessionEditor(sessionId)),
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (nameRefusal || teamsRefusal) return;
    create.mutate({
      name: name.trim(),
      template: template.id,
      teamCount: Number(teams),
      ...(isLocale(intl.locale) ? { locale: intl.locale } : {}),
      commandId,
    });
  };
  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          leftSection={<IconArrowLeft size={14} />}
          onClick={onBack}
          style={{ alignSelf: 'flex-start' }}
        >
          <FormattedMessage id="dashboard.sessions.otherTemplate" />
        </Button>
        <Card withBorder radius="md" padding="sm" bg="gray.0">
          <Text fw={600} size="sm">
            <FormattedMessage id={template.titleId} />
          </Text>
          <Text size="xs" c="dimmed">
            {template.rounds.map((round) => intl.formatMessage({ id: round.nameId })).join(' → ')}
          </Text>
        </Card>
        <TextInput
          label={intl.formatMessage({ id: 'dashboard.sessions.name' })}
          description={intl.formatMessage({ id: 'dashboard.sessions.nameHint' })}
          value={name}
          onChange={(e) => setName(e.currentTarget.value)}
          error={tried && nameRefusal ? inputErrorMessage(intl, nameRefusal) : undefined}
          withAsterisk
          data-autofocus
          data-testid="session-name"
        />
        <NumberInput
          label={intl.formatMessage({ id: 'dashboard.sessions.teamCount' })}
          description={intl.formatMessage({ id: 'dashboard.sessions.teamCountHint' })}
          value={teams}
          onChange={setTeams}
          min={SESSION_LIMITS.teams.min}
          max={SESSION_LIMITS.teams.max}
          // What is typed stays as typed: a refusal says why rather than rewrite it.
          clampBehavior="none"
          error={tried && teamsRefusal ? intl.formatMessage({ id: teamsRefusal }) : undefined}
          w={200}
          data-testid="session-teams"
        />
        <DialogButtons
          onCancel={onCancel}
          submitLabel={<FormattedMessage id="dashboard.sessions.createButton" />}
          loading={create.isPending}
          testId="session-create-submit"
        />
      </Stack>
    </form>
  );
}

/** The picker of the session templates, then the new session's name and teams. */
export function CreateSessionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 48em)');
  const [picked, setPicked] = useState<SessionTemplate | null>(null);
  const close = () => {
    setPicked(null);
    onClose();
  };
  return (
    <Modal
      opened={opened}
      onClose={close}
      title={
        <FormattedMessage
          id={picked ? 'dashboard.sessions.createTitle' : 'dashboard.sessions.pickTemplate'}
        />
      }
      size={picked ? 'md' : '72rem'}
      fullScreen={phone}
      styles={{ title: { fontWeight: 700, fontSize: 'var(--mantine-font-size-lg)' } }}
      // The dialog opens on its close button, not on the first plan (which would look picked).
      closeButtonProps={{ 'data-autofocus': true } as object}
    >
      {picked ? (
        <NewSessionForm template={picked} onBack={() => setPicked(null)} onCancel={close} />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dashboard.sessions.pickTemplateHint" />
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="session-templates">
            {SESSION_TEMPLATES.map((template) => (
              <SessionTemplateCard key={template.id} template={template} onPick={() => setPicked(template)} />
            ))}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
