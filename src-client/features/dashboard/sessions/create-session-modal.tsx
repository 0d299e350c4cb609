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
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconTrash, IconUsersGroup } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { checkText } from '../../../../src-shared/api/text-rules';
import { isLocale } from '../../../../src-shared/rules/locale';
import { SESSION_LIMITS } from '../../../../src-shared/session/constants';
import { SESSION_TEMPLATES, type SessionTemplate } from '../../../../src-shared/session/templates';
import { paths } from '../../../paths';
import { newCommandId, trpc } from '../../../trpc';
import { Confirm } from '../../../ui/confirm';
import { DialogButtons } from '../../../ui/dialog-buttons';
import { inputErrorMessage, toastError } from '../../../ui/notify';
import { NumberField, useNumberField } from '../../../ui/number-field';
import './sessions.css';

/** A plan a session is made from: a default session template, or one of the instructor's own. */
interface Plan {
  id: string;
  title: string;
  description: string;
  rounds: string[];
  teamCount: number;
  /** A lean teaching plan (badged: a class picks its game first). */
  lean: boolean;
}

function planOfTemplate(template: SessionTemplate, intl: ReturnType<typeof useIntl>): Plan {
  return {
    id: template.id,
    title: intl.formatMessage({ id: template.titleId }),
    description: intl.formatMessage({ id: template.descriptionId }),
    rounds: template.rounds.map((round) => intl.formatMessage({ id: round.nameId })),
    teamCount: template.teamCount,
    lean: template.type === 'leangame',
  };
}

/** One teaching plan: what it shows, and its rounds in order. */
function PlanCard({ plan, onPick, action }: { plan: Plan; onPick: () => void; action?: ReactNode }) {
  return (
    <Card withBorder radius="md" padding={0} h="100%" className="session-template-card">
      <UnstyledButton
        onClick={onPick}
        h="100%"
        p="md"
        data-testid="session-template"
        className="session-template-pick"
        style={{ cursor: 'pointer', display: 'block' }}
      >
        <Stack gap="xs" h="100%">
          <Group justify="space-between" align="flex-start" wrap="nowrap" gap="xs">
            <Title order={4} fz="md" style={{ overflowWrap: 'anywhere' }}>
              {plan.title}
            </Title>
            {plan.lean && (
              <Badge variant="light" color="teal" style={{ flexShrink: 0 }}>
                <FormattedMessage id="templates.typeLeangame" />
              </Badge>
            )}
          </Group>
          {plan.description && (
            <Text size="sm" c="dimmed">
              {plan.description}
            </Text>
          )}
          {/* A plain list: Mantine's List here would split it into a chunk the player's pages load. */}
          <Box component="ol" m={0} pl="lg" fz="sm" style={{ flex: 1 }}>
            {plan.rounds.map((round, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: a plan may play the same round twice
              <li key={i}>{round}</li>
            ))}
          </Box>
          <Group gap={4} c="dimmed">
            <IconUsersGroup size={14} />
            <Text size="xs">
              <FormattedMessage id="dashboard.sessions.teamsByDefault" values={{ count: plan.teamCount }} />
            </Text>
          </Group>
        </Stack>
      </UnstyledButton>
      {action && (
        <Group justify="flex-end" px="md" pb="sm">
          {action}
        </Group>
      )}
    </Card>
  );
}

/** The name and the number of teams of a session made from `plan`. */
function NewSessionForm({
  plan,
  onBack,
  onCancel,
}: {
  plan: Plan;
  onBack: () => void;
  onCancel: () => void;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [name, setName] = useState(plan.title);
  const teams = useNumberField(SESSION_LIMITS.teams, String(plan.teamCount));
  const [tried, setTried] = useState(false);
  // One command per form: a double click makes one session.
  const [commandId] = useState(newCommandId);
  const nameRefusal = checkText(name, { max: SESSION_LIMITS.name });
  const create = trpc.session.create.useMutation({
    onSuccess: ({ sessionId }) => navigate(paths.sessionEditor(sessionId)),
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const teamCount = teams.submit();
    if (nameRefusal || teamCount === null) return;
    create.mutate({
      name: name.trim(),
      template: plan.id,
      teamCount,
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
            {plan.title}
          </Text>
          <Text size="xs" c="dimmed">
            {plan.rounds.join(' → ')}
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
        <NumberField
          {...teams.field}
          label={intl.formatMessage({ id: 'dashboard.sessions.teamCount' })}
          description={intl.formatMessage({ id: 'dashboard.sessions.teamCountHint' })}
          w={{ base: '100%', xs: 320 }}
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

/**
 * The instructor's own session templates (games merged into one, spec point 2), each deletable
 * after a confirmation; nothing when they have none.
 */
function OwnPlans({ onPick }: { onPick: (plan: Plan) => void }) {
  const intl = useIntl();
  const own = trpc.session.templates.useQuery();
  const [deleting, setDeleting] = useState<Plan | null>(null);
  const remove = trpc.session.deleteTemplate.useMutation({
    onSuccess: () => void own.refetch(),
    onError: (error) => toastError(intl, error),
  });
  const plans: Plan[] = (own.data ?? []).map((template) => ({
    id: template.id,
    title: template.title,
    description: template.description,
    rounds: template.rounds,
    teamCount: template.teamCount,
    lean: false,
  }));
  if (plans.length === 0) return null;
  return (
    <Stack gap="xs" data-testid="own-session-templates">
      <Title order={3} fz="md">
        <FormattedMessage id="dashboard.sessions.ownTemplates" />
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
        {plans.map((plan) => (
          <PlanCard
            key={plan.id}
            plan={plan}
            onPick={() => onPick(plan)}
            action={
              <Button
                variant="subtle"
                color="red"
                size="compact-xs"
                leftSection={<IconTrash size={14} />}
                onClick={() => setDeleting(plan)}
              >
                <FormattedMessage id="dashboard.sessions.deleteTemplate" />
              </Button>
            }
          />
        ))}
      </SimpleGrid>
      <Confirm
        opened={deleting !== null}
        onClose={() => setDeleting(null)}
        title={
          <FormattedMessage id="dashboard.sessions.deleteTemplateTitle" values={{ title: deleting?.title }} />
        }
        confirmLabel={<FormattedMessage id="dashboard.sessions.deleteTemplate" />}
        loading={remove.isPending}
        onConfirm={() => deleting && remove.mutate({ templateId: deleting.id, commandId: newCommandId() })}
        testId="delete-session-template"
      >
        <FormattedMessage id="dashboard.sessions.deleteTemplateText" />
      </Confirm>
      <Title order={3} fz="md" mt="sm">
        <FormattedMessage id="dashboard.sessions.defaultTemplates" />
      </Title>
    </Stack>
  );
}

/** The picker of the session templates (the instructor's own first), then the new session's name and teams. */
export function CreateSessionModal({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const intl = useIntl();
  const phone = useMediaQuery('(max-width: 48em)');
  const [picked, setPicked] = useState<Plan | null>(null);
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
        <NewSessionForm plan={picked} onBack={() => setPicked(null)} onCancel={close} />
      ) : (
        <Stack>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dashboard.sessions.pickTemplateHint" />
          </Text>
          <OwnPlans onPick={setPicked} />
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} data-testid="session-templates">
            {SESSION_TEMPLATES.map((template) => {
              const plan = planOfTemplate(template, intl);
              return <PlanCard key={template.id} plan={plan} onPick={() => setPicked(plan)} />;
            })}
          </SimpleGrid>
        </Stack>
      )}
    </Modal>
  );
}
