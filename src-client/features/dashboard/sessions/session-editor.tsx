/**
 * A session's editor (/dashboard/sessions/:id, spec point 3): its name, teams and their names, the
 * words the class uses, how it runs, and its rounds with each round's game settings. What is typed
 * stays as typed; the shared input schema says, field by field, what it refuses; saving sends the
 * whole setup. Rounds already opened keep their settings (their games exist), as the server does.
 */
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Checkbox,
  Group,
  Loader,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Text,
  Textarea,
  TextInput,
  Title,
  Tooltip,
} from '@mantine/core';
import {
  IconAdjustmentsHorizontal,
  IconAlertTriangle,
  IconArrowDown,
  IconArrowLeft,
  IconArrowUp,
  IconDeviceFloppy,
  IconEye,
  IconEyeOff,
  IconLock,
  IconPlus,
  IconPresentationAnalytics,
  IconSettings,
  IconStack2,
  IconTag,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { Link, useNavigate } from 'react-router';
import { type SessionSetupForm, sessionSetupInput } from '../../../../src-shared/api/session';
import { formatJoinCode } from '../../../../src-shared/rules/join-code';
import { DEFAULT_TEMPLATES } from '../../../../src-shared/rules/templates';
import { readTypedNumber } from '../../../../src-shared/rules/typed-number';
import {
  AUDIO_PLAYERS,
  DEBRIEFING_MODES,
  INSTRUCTIONS_MODES,
  SESSION_LIMITS,
  TEAM_COMPOSITIONS,
} from '../../../../src-shared/session/constants';
import { LEAN_ROUND_DEFAULT_MINUTES, leanRoundSetup } from '../../../../src-shared/session/lean-round';
import { paths } from '../../../paths';
import { newCommandId, trpc } from '../../../trpc';
import { useFocusFirstError } from '../../../ui/focus-first-error';
import { inputErrorMessage, toastError, toastMessage } from '../../../ui/notify';
import { NumberField } from '../../../ui/number-field';
import type { MapPreview } from '../game-settings/settings-form';
import { useLeaveGuard } from './leave-guard';
import { type RoundBeingSet, RoundSettingsDialog } from './round-settings-dialog';
import { SessionStatusBadge, useSessionCommands } from './session-actions';

type Form = Omit<SessionSetupForm, 'teamCount'> & {
  /** As typed: a refusal says why rather than rewrite it. */
  teamCount: string;
};

/** The number of teams typed, if it reads as one. */
const readTeams = (text: string) => readTypedNumber(text, SESSION_LIMITS.teams);
type Round = Form['rounds'][number];

/** Above this many teams the names are one per line in a text box, not a field each. */
const NAME_FIELDS_MAX = 24;

/** What the editor shows of a setup: one team name per team, blanks for the unnamed. */
function formOf(setup: SessionSetupForm): Form {
  const teamNames = Array.from({ length: setup.teamCount }, (_, i) => setup.teamNames[i] ?? '');
  return { ...setup, teamCount: String(setup.teamCount), teamNames };
}

/** What is sent: the names of the teams that exist, without trailing blanks. */
function setupOf(form: Form): unknown {
  const teams = readTeams(form.teamCount);
  const names = form.teamNames.slice(0, teams.ok ? teams.value : form.teamNames.length);
  while (names.length > 0 && !names[names.length - 1]!.trim()) names.pop();
  // A count that does not read is not sent: the schema refuses it, as the field says.
  return { ...form, teamCount: teams.ok ? teams.value : Number.NaN, teamNames: names };
}

/** The refusals of the shared input schema, translated, by field path ("rounds.0.name"). */
function refusalsOf(intl: IntlShape, form: Form): Record<string, string> {
  const parsed = sessionSetupInput.safeParse(setupOf(form));
  if (parsed.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const key = issue.path.join('.');
    if (errors[key]) continue;
    const bounds = issue as { minimum?: number | bigint; maximum?: number | bigint };
    errors[key] = inputErrorMessage(intl, {
      messageId: issue.message,
      values: {
        min: bounds.minimum === undefined ? undefined : Number(bounds.minimum),
        max: bounds.maximum === undefined ? undefined : Number(bounds.maximum),
      },
    });
  }
  return errors;
}

function Section({
  icon,
  titleId,
  children,
  testId,
}: {
  icon: ReactNode;
  titleId: string;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Paper withBorder p="md" radius="md" data-testid={testId}>
      <Stack gap="sm">
        <Group gap="xs" wrap="nowrap">
          {icon}
          <Title order={4}>
            <FormattedMessage id={titleId} />
          </Title>
        </Group>
        {children}
      </Stack>
    </Paper>
  );
}

/** A short account of a round's beer game: weeks, stages, what players see. */
/** A lean round at a glance: the lean game, its stations and its length. */
function LeanRoundFacts({ config }: { config: Record<string, unknown> }) {
  const check = leanRoundSetup(config);
  return (
    <Group gap="xs" data-testid="lean-round-facts">
      <Badge variant="light" color="teal" tt="none">
        <FormattedMessage id="templates.typeLeangame" />
      </Badge>
      {check.ok && (
        <>
          <Badge variant="light" color="gray" tt="none">
            <FormattedMessage id="templates.facilities" values={{ count: check.setup.facilities.length }} />
          </Badge>
          <Badge variant="light" color="orange" tt="none">
            <FormattedMessage
              id="templates.minutes"
              values={{ count: check.setup.params.consumerDemandParams.totalDuration }}
            />
          </Badge>
        </>
      )}
    </Group>
  );
}

function RoundFacts({ config }: { config: Record<string, unknown> }) {
  const weeks = typeof config.weeks === 'number' ? config.weeks : null;
  const facilities = config.facilities;
  const stages = Array.isArray(facilities)
    ? facilities.length
    : facilities && typeof facilities === 'object'
      ? Object.keys(facilities).length
      : null;
  return (
    <Group gap="xs">
      {weeks !== null && (
        <Badge variant="light" color="orange" tt="none">
          <FormattedMessage id="templates.weeks" values={{ count: weeks }} />
        </Badge>
      )}
      {stages !== null && (
        <Badge variant="light" color="gray" tt="none">
          <FormattedMessage id="templates.facilities" values={{ count: stages }} />
        </Badge>
      )}
      {config.transparent === true && (
        <Badge variant="light" tt="none">
          <FormattedMessage id="gameSettings.transparent" />
        </Badge>
      )}
      {config.playTimer === true && typeof config.timer === 'number' && (
        <Badge variant="light" color="grape" tt="none">
          <FormattedMessage id="dashboard.sessions.timerSeconds" values={{ seconds: config.timer }} />
        </Badge>
      )}
    </Group>
  );
}

function RoundCard({
  round,
  index,
  count,
  locked,
  firstEditable,
  errors,
  onChange,
  onMove,
  onRemove,
  onSettings,
}: {
  round: Round;
  index: number;
  count: number;
  locked: boolean;
  /** The first round that is not opened yet: no round may move above it. */
  firstEditable: number;
  errors: Record<string, string>;
  onChange: (patch: Partial<Round>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onSettings: () => void;
}) {
  const intl = useIntl();
  const label = (id: string) => intl.formatMessage({ id }, { number: index + 1 });
  return (
    <Paper withBorder p="md" radius="md" bg={locked ? 'gray.0' : undefined} data-testid="session-round">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" miw={0}>
            <Badge size="lg" variant={locked ? 'outline' : 'filled'} color={locked ? 'gray' : 'blue'} circle>
              {index + 1}
            </Badge>
            <Text fw={600} truncate>
              {round.name.trim() || <FormattedMessage id="dashboard.sessions.roundUnnamed" />}
            </Text>
            {locked && <IconLock size={16} aria-label={label('dashboard.sessions.roundLocked')} />}
          </Group>
          {!locked && (
            <Group gap={4} wrap="nowrap">
              <Tooltip label={label('dashboard.sessions.moveUp')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index <= firstEditable}
                  onClick={() => onMove(index - 1)}
                  aria-label={label('dashboard.sessions.moveUp')}
                >
                  <IconArrowUp size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={label('dashboard.sessions.moveDown')}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  disabled={index >= count - 1}
                  onClick={() => onMove(index + 1)}
                  aria-label={label('dashboard.sessions.moveDown')}
                >
                  <IconArrowDown size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={label('dashboard.sessions.removeRound')}>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  disabled={count <= SESSION_LIMITS.rounds.min}
                  onClick={onRemove}
                  aria-label={label('dashboard.sessions.removeRound')}
                  data-testid="round-remove"
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Tooltip>
            </Group>
          )}
        </Group>
        {locked && (
          <Text size="sm" c="dimmed">
            <FormattedMessage id="dashboard.sessions.roundLockedWhy" />
          </Text>
        )}
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm">
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.sessions.roundName' })}
            value={round.name}
            onChange={(e) => onChange({ name: e.currentTarget.value })}
            readOnly={locked}
            error={errors[`rounds.${index}.name`]}
            withAsterisk={!locked}
            data-testid="round-name"
          />
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              <FormattedMessage id="dashboard.sessions.roundGame" />
            </Text>
            <Group gap="sm" justify="space-between" wrap="wrap" mih={36}>
              {round.gameType === 'leangame' ? (
                <LeanRoundFacts config={round.config} />
              ) : (
                <RoundFacts config={round.config} />
              )}
              {!locked && (
                <Button
                  size="xs"
                  variant="light"
                  leftSection={<IconAdjustmentsHorizontal size={14} />}
                  onClick={onSettings}
                  data-testid="round-settings"
                >
                  <FormattedMessage id="dashboard.sessions.roundSettings" />
                </Button>
              )}
            </Group>
          </Stack>
        </SimpleGrid>
        <Textarea
          label={intl.formatMessage({ id: 'dashboard.sessions.roundDescription' })}
          description={
            locked ? undefined : intl.formatMessage({ id: 'dashboard.sessions.roundDescriptionHint' })
          }
          value={round.description}
          onChange={(e) => onChange({ description: e.currentTarget.value })}
          readOnly={locked}
          autosize
          minRows={2}
          maxRows={8}
          error={errors[`rounds.${index}.description`]}
        />
      </Stack>
    </Paper>
  );
}

/** A new round's id: the shared id pattern (letters, digits, `-`), unique in the session. */
const newRoundId = () => `r-${crypto.randomUUID().slice(0, 8)}`;

function EditorForm({
  sessionId,
  initial,
  currentRound,
  published,
  code,
  onSaved,
  mapPreview,
}: {
  sessionId: string;
  initial: SessionSetupForm;
  currentRound: number;
  published: boolean;
  code: string | null;
  onSaved: () => Promise<unknown>;
  mapPreview: MapPreview;
}) {
  const intl = useIntl();
  const navigate = useNavigate();
  const root = useRef<HTMLDivElement>(null);
  const [baseline, setBaseline] = useState<Form>(() => formOf(initial));
  const [form, setForm] = useState<Form>(baseline);
  const [tried, setTried] = useState(false);
  const [settingRound, setSettingRound] = useState<RoundBeingSet | null>(null);
  const dirty = useMemo(() => JSON.stringify(form) !== JSON.stringify(baseline), [form, baseline]);
  // A fresh setup from the server becomes what the form is compared with: after a save, or when
  // nothing is pending; a read in the background never wipes what the instructor is typing.
  const adopt = useRef(false);
  const dirtyNow = useRef(dirty);
  dirtyNow.current = dirty;
  useEffect(() => {
    if (dirtyNow.current && !adopt.current) return;
    adopt.current = false;
    const fresh = formOf(initial);
    setBaseline(fresh);
    setForm(fresh);
  }, [initial]);
  const guard = useLeaveGuard(dirty, root);
  const commands = useSessionCommands(onSaved);
  const errors = useMemo(() => refusalsOf(intl, form), [intl, form]);
  const shown = tried ? errors : {};
  const teamsLocked = currentRound > 0;
  const showFirstError = useFocusFirstError(root);

  const save = trpc.session.edit.useMutation({
    onSuccess: async () => {
      toastMessage(intl, 'dashboard.sessions.saved', 'green');
      setTried(false);
      adopt.current = true;
      await onSaved();
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = () => {
    setTried(true);
    if (Object.keys(errors).length > 0) {
      toastMessage(intl, 'dashboard.sessions.fixErrors', 'red');
      showFirstError();
      return;
    }
    const setup = sessionSetupInput.parse(setupOf(form));
    save.mutate(
      { sessionId, setup, commandId: newCommandId() },
      {
        // What was saved, as the server keeps it (trimmed): no longer pending, even before it is read again.
        onSuccess: () => {
          const saved = formOf(setup);
          setBaseline(saved);
          setForm(saved);
        },
      },
    );
  };

  const set = <K extends keyof Form>(key: K, value: Form[K]) => setForm((f) => ({ ...f, [key]: value }));
  const setConfig = <K extends keyof Form['config']>(key: K, value: Form['config'][K]) =>
    setForm((f) => ({ ...f, config: { ...f.config, [key]: value } }));
  const setRound = (index: number, patch: Partial<Round>) =>
    setForm((f) => ({ ...f, rounds: f.rounds.map((r, i) => (i === index ? { ...r, ...patch } : r)) }));
  const moveRound = (from: number, to: number) =>
    setForm((f) => {
      const rounds = [...f.rounds];
      const [moved] = rounds.splice(from, 1);
      rounds.splice(to, 0, moved!);
      return { ...f, rounds };
    });
  const addRound = (templateId: string) => {
    const template = DEFAULT_TEMPLATES.find((t) => t.id === templateId);
    if (!template) return;
    const lean = template.type === 'leangame';
    if (!lean && !template.config) return;
    const round: Round = {
      id: newRoundId(),
      name: intl.formatMessage({ id: template.titleId }).slice(0, SESSION_LIMITS.roundName),
      description: '',
      gameType: template.type,
      // A lean round names its factory (the lean template's id is its scenario's).
      config: lean
        ? { scenario: template.id, minutes: LEAN_ROUND_DEFAULT_MINUTES }
        : (template.config!() as Record<string, unknown>),
    };
    setForm((f) => ({ ...f, rounds: [...f.rounds, round] }));
  };
  const setTeamCount = (text: string) =>
    setForm((f) => {
      const teams = readTeams(text);
      // Names are kept for teams that come back; fields appear for new ones.
      const teamNames =
        teams.ok && teams.value > f.teamNames.length
          ? [...f.teamNames, ...Array.from({ length: teams.value - f.teamNames.length }, () => '')]
          : f.teamNames;
      return { ...f, teamCount: text, teamNames };
    });

  const teams = readTeams(form.teamCount);
  const teamCount = teams.ok ? teams.value : 0;
  const visibleNames = form.teamNames.slice(0, teamCount);
  const teamWord = form.localeLabels.team.trim() || intl.formatMessage({ id: 'dashboard.sessions.teamWord' });
  const roundsFull = form.rounds.length >= SESSION_LIMITS.rounds.max;
  const beerTemplates = DEFAULT_TEMPLATES.filter((t) => t.type === 'beergame' && t.config);
  const leanTemplates = DEFAULT_TEMPLATES.filter((t) => t.type === 'leangame');
  const back = () => guard.ask(() => navigate(paths.dashboard('sessions')));

  return (
    <Stack gap="lg" ref={root} pb={dirty ? 80 : 0}>
      <Stack gap="xs">
        <Anchor
          component="button"
          type="button"
          size="sm"
          onClick={back}
          style={{ alignSelf: 'flex-start' }}
          data-testid="editor-back"
        >
          <Group gap={4} wrap="nowrap">
            <IconArrowLeft size={14} />
            <FormattedMessage id="dashboard.sessions.backToList" />
          </Group>
        </Anchor>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} miw={0}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {baseline.name}
            </Title>
            <Group gap="sm">
              <SessionStatusBadge published={published} />
              <Text size="sm" c="dimmed" data-testid="editor-code">
                {code ? (
                  <FormattedMessage
                    id="dashboard.sessions.codeIs"
                    values={{ code: formatJoinCode(code), b: (chunks) => <b>{chunks}</b> }}
                  />
                ) : (
                  <FormattedMessage id="dashboard.sessions.noCodeYet" />
                )}
              </Text>
              <Text size="sm" c="dimmed">
                {currentRound === 0 ? (
                  <FormattedMessage id="dashboard.sessions.notStarted" />
                ) : (
                  <FormattedMessage
                    id="dashboard.sessions.roundOf"
                    values={{ round: currentRound, rounds: baseline.rounds.length }}
                  />
                )}
              </Text>
            </Group>
          </Stack>
          <Group gap="xs" wrap="wrap">
            <Button
              component={Link}
              to={paths.session(sessionId, 'follow-up')}
              variant="default"
              leftSection={<IconPresentationAnalytics size={16} />}
            >
              <FormattedMessage id="dashboard.sessions.actionFollowUp" />
            </Button>
            <Tooltip
              label={intl.formatMessage({ id: 'dashboard.sessions.saveBeforePublish' })}
              disabled={!dirty}
            >
              <Button
                variant="light"
                color={published ? 'gray' : 'green'}
                leftSection={published ? <IconEyeOff size={16} /> : <IconEye size={16} />}
                onClick={() => commands.setPublished(sessionId, !published)}
                loading={commands.pending}
                disabled={dirty}
                data-testid="editor-publish"
              >
                <FormattedMessage
                  id={published ? 'dashboard.sessions.actionUnpublish' : 'dashboard.sessions.actionPublish'}
                />
              </Button>
            </Tooltip>
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              onClick={submit}
              loading={save.isPending}
              disabled={!dirty}
              data-testid="editor-save"
            >
              <FormattedMessage id="dashboard.sessions.save" />
            </Button>
          </Group>
        </Group>
      </Stack>

      <Section icon={<IconSettings size={20} />} titleId="dashboard.sessions.sectionGeneral">
        <TextInput
          label={intl.formatMessage({ id: 'dashboard.sessions.name' })}
          value={form.name}
          onChange={(e) => set('name', e.currentTarget.value)}
          error={shown.name}
          withAsterisk
          data-testid="editor-name"
        />
        <NumberField
          label={intl.formatMessage({ id: 'dashboard.sessions.teamCount' })}
          description={intl.formatMessage({
            id: teamsLocked ? 'dashboard.sessions.teamCountLocked' : 'dashboard.sessions.teamCountHint',
          })}
          value={form.teamCount}
          onChange={setTeamCount}
          rule={SESSION_LIMITS.teams}
          showRefusal
          disabled={teamsLocked}
          w={{ base: '100%', sm: 320 }}
          data-testid="editor-teams"
        />
      </Section>

      <Section
        icon={<IconUsersGroup size={20} />}
        titleId="dashboard.sessions.sectionTeams"
        testId="team-names"
      >
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dashboard.sessions.teamNamesHint" values={{ team: teamWord }} />
        </Text>
        {visibleNames.length <= NAME_FIELDS_MAX ? (
          <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="sm">
            {visibleNames.map((name, i) => (
              <TextInput
                // biome-ignore lint/suspicious/noArrayIndexKey: a team is its number
                key={i}
                label={`${teamWord} ${i + 1}`}
                placeholder={`${teamWord} ${i + 1}`}
                value={name}
                onChange={(e) => {
                  const value = e.currentTarget.value;
                  setForm((f) => ({ ...f, teamNames: f.teamNames.map((n, j) => (j === i ? value : n)) }));
                }}
                error={shown[`teamNames.${i}`]}
                data-testid="team-name"
              />
            ))}
          </SimpleGrid>
        ) : (
          <Textarea
            label={intl.formatMessage({ id: 'dashboard.sessions.teamNamesLines' })}
            value={visibleNames.join('\n')}
            onChange={(e) => {
              const lines = e.currentTarget.value.split('\n');
              setForm((f) => ({
                ...f,
                teamNames: f.teamNames.map((n, j) => (j < teamCount ? (lines[j] ?? '') : n)),
              }));
            }}
            autosize
            minRows={6}
            maxRows={16}
            error={Object.entries(shown).find(([key]) => key.startsWith('teamNames.'))?.[1]}
          />
        )}
      </Section>

      <Section icon={<IconTag size={20} />} titleId="dashboard.sessions.sectionLabels">
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dashboard.sessions.labelsHint" />
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.sessions.labelTeam' })}
            placeholder={intl.formatMessage({ id: 'dashboard.sessions.teamWord' })}
            value={form.localeLabels.team}
            onChange={(e) => set('localeLabels', { ...form.localeLabels, team: e.currentTarget.value })}
            error={shown['localeLabels.team']}
          />
          <TextInput
            label={intl.formatMessage({ id: 'dashboard.sessions.labelRound' })}
            placeholder={intl.formatMessage({ id: 'dashboard.sessions.roundWord' })}
            value={form.localeLabels.round}
            onChange={(e) => set('localeLabels', { ...form.localeLabels, round: e.currentTarget.value })}
            error={shown['localeLabels.round']}
          />
        </SimpleGrid>
      </Section>

      <Section icon={<IconAdjustmentsHorizontal size={20} />} titleId="dashboard.sessions.sectionRunning">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Select
            label={intl.formatMessage({ id: 'dashboard.sessions.teamComposition' })}
            description={intl.formatMessage({
              id: `dashboard.sessions.composition.${form.config.teamComposition}Hint`,
            })}
            data={TEAM_COMPOSITIONS.map((value) => ({
              value,
              label: intl.formatMessage({ id: `dashboard.sessions.composition.${value}` }),
            }))}
            value={form.config.teamComposition}
            onChange={(value) =>
              value && setConfig('teamComposition', value as Form['config']['teamComposition'])
            }
            allowDeselect={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
            data-testid="editor-composition"
          />
          <Select
            label={intl.formatMessage({ id: 'dashboard.sessions.instructionsMode' })}
            description={intl.formatMessage({
              id: `dashboard.sessions.instructions.${form.config.instructionsMode}Hint`,
            })}
            data={INSTRUCTIONS_MODES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `dashboard.sessions.instructions.${value}` }),
            }))}
            value={form.config.instructionsMode}
            onChange={(value) =>
              value && setConfig('instructionsMode', value as Form['config']['instructionsMode'])
            }
            allowDeselect={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
          <Select
            label={intl.formatMessage({ id: 'dashboard.sessions.debriefingMode' })}
            description={intl.formatMessage({
              id: `dashboard.sessions.debriefing.${form.config.debriefingMode}Hint`,
            })}
            data={DEBRIEFING_MODES.map((value) => ({
              value,
              label: intl.formatMessage({ id: `dashboard.sessions.debriefing.${value}` }),
            }))}
            value={form.config.debriefingMode}
            onChange={(value) =>
              value && setConfig('debriefingMode', value as Form['config']['debriefingMode'])
            }
            allowDeselect={false}
            inputWrapperOrder={['label', 'input', 'description', 'error']}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" mt="xs">
          {(['allowPlayerReset', 'allowJoinRandom', 'allowLanguagePicker'] as const).map((key) => (
            <Switch
              key={key}
              label={intl.formatMessage({ id: `dashboard.sessions.${key}` })}
              description={intl.formatMessage({ id: `dashboard.sessions.${key}Hint` })}
              checked={form.config[key]}
              onChange={(e) => setConfig(key, e.currentTarget.checked)}
            />
          ))}
          <Checkbox.Group
            label={intl.formatMessage({ id: 'dashboard.sessions.allowAudioPlayer' })}
            description={intl.formatMessage({ id: 'dashboard.sessions.allowAudioPlayerHint' })}
            value={form.config.allowAudioPlayer}
            onChange={(value) => setConfig('allowAudioPlayer', value as Form['config']['allowAudioPlayer'])}
          >
            <Group gap="md" mt={6} data-testid="audio-player-setting">
              {AUDIO_PLAYERS.map((who) => (
                <Checkbox
                  key={who}
                  value={who}
                  label={intl.formatMessage({ id: `dashboard.sessions.audio.${who}` })}
                />
              ))}
            </Group>
          </Checkbox.Group>
        </SimpleGrid>
      </Section>

      <Section
        icon={<IconStack2 size={20} />}
        titleId="dashboard.sessions.sectionRounds"
        testId="session-rounds"
      >
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dashboard.sessions.roundsHint" values={{ max: SESSION_LIMITS.rounds.max }} />
        </Text>
        {shown.rounds && (
          <Alert color="red" icon={<IconAlertTriangle />}>
            {shown.rounds}
          </Alert>
        )}
        {form.rounds.map((round, index) => (
          <RoundCard
            key={round.id}
            round={round}
            index={index}
            count={form.rounds.length}
            locked={index < currentRound}
            firstEditable={currentRound}
            errors={shown}
            onChange={(patch) => setRound(index, patch)}
            onMove={(to) => moveRound(index, to)}
            onRemove={() => setForm((f) => ({ ...f, rounds: f.rounds.filter((_, i) => i !== index) }))}
            onSettings={() =>
              setSettingRound({ index, name: round.name, gameType: round.gameType, config: round.config })
            }
          />
        ))}
        <Menu position="bottom-start" withinPortal>
          <Menu.Target>
            <Tooltip
              label={intl.formatMessage(
                { id: 'dashboard.sessions.roundsFull' },
                { max: SESSION_LIMITS.rounds.max },
              )}
              disabled={!roundsFull}
            >
              <Button
                variant="light"
                leftSection={<IconPlus size={16} />}
                disabled={roundsFull}
                style={{ alignSelf: 'flex-start' }}
                data-testid="round-add"
              >
                <FormattedMessage id="dashboard.sessions.addRound" />
              </Button>
            </Tooltip>
          </Menu.Target>
          <Menu.Dropdown mah={360} style={{ overflowY: 'auto' }}>
            <Menu.Label>
              <FormattedMessage id="dashboard.sessions.addRoundFrom" />
            </Menu.Label>
            {beerTemplates.map((template) => (
              <Menu.Item key={template.id} onClick={() => addRound(template.id)}>
                <FormattedMessage id={template.titleId} />
              </Menu.Item>
            ))}
            <Menu.Divider />
            <Menu.Label>
              <FormattedMessage id="dashboard.sessions.addLeanRoundFrom" />
            </Menu.Label>
            {leanTemplates.map((template) => (
              <Menu.Item
                key={template.id}
                onClick={() => addRound(template.id)}
                data-testid={`round-add-${template.id}`}
              >
                <FormattedMessage id={template.titleId} />
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Section>

      {dirty && (
        <Paper
          withBorder
          shadow="md"
          p="sm"
          radius="md"
          style={{ position: 'sticky', bottom: 12, zIndex: 5 }}
          data-testid="unsaved-bar"
        >
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Text size="sm" fw={600}>
              <FormattedMessage id="dashboard.sessions.unsaved" />
            </Text>
            <Group gap="xs">
              <Button variant="default" onClick={back} data-testid="editor-cancel">
                <FormattedMessage id="board.cancel" />
              </Button>
              <Button
                leftSection={<IconDeviceFloppy size={16} />}
                onClick={submit}
                loading={save.isPending}
                data-testid="editor-save-bar"
              >
                <FormattedMessage id="dashboard.sessions.save" />
              </Button>
            </Group>
          </Group>
        </Paper>
      )}
      <RoundSettingsDialog
        round={settingRound}
        onApply={(index, config) => setRound(index, { config })}
        onClose={() => setSettingRound(null)}
        mapPreview={mapPreview}
      />
      {guard.dialog}
    </Stack>
  );
}

/** The editor of session `sessionId`: its setup read from the server, then the form. */
export function SessionEditor({ sessionId, mapPreview }: { sessionId: string; mapPreview: MapPreview }) {
  const setup = trpc.session.setup.useQuery({ sessionId });
  // The list row carries what the setup does not: published and the code.
  const list = trpc.session.list.useQuery();
  const refresh = () => Promise.all([setup.refetch(), list.refetch()]);
  trpc.session.watchList.useSubscription(undefined, {
    onData: (tick) => {
      if (tick > 0) void list.refetch();
    },
  });
  if (setup.isPending) return <Loader />;
  if (setup.isError) {
    return (
      <Stack align="flex-start">
        <Alert color="red" icon={<IconAlertTriangle />}>
          <FormattedMessage id={setup.error.data?.messageId ?? 'errors.unexpected'} />
        </Alert>
        <Button
          component={Link}
          to={paths.dashboard('sessions')}
          variant="default"
          leftSection={<IconArrowLeft size={16} />}
        >
          <FormattedMessage id="dashboard.sessions.backToList" />
        </Button>
      </Stack>
    );
  }
  const row = list.data?.find((s) => s.id === sessionId);
  return (
    <EditorForm
      sessionId={sessionId}
      initial={setup.data.setup as SessionSetupForm}
      currentRound={setup.data.currentRound}
      published={row?.published ?? false}
      code={row?.code ?? null}
      onSaved={refresh}
      mapPreview={mapPreview}
    />
  );
}
