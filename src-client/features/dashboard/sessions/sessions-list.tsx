/**
 * The instructor's sessions (issue 12, spec point 7's live query): newest first, live (a change
 * made anywhere reads the list again), a table on a laptop and cards on a phone, each with its
 * actions: follow-up, lobby, edit, publish or unpublish, duplicate, delete.
 */
import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Group,
  Loader,
  Menu,
  Paper,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconCopy,
  IconDoor,
  IconDots,
  IconEye,
  IconEyeOff,
  IconPencil,
  IconPlus,
  IconPresentationAnalytics,
  IconTrash,
  IconUsersGroup,
} from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense, useState } from 'react';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatJoinCode } from '../../../../src-shared/rules/join-code';
import { loadChunk } from '../../../load-chunk';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { type ListScope, ScopeControl, useHasTeammates } from '../team-scope';
import {
  DeleteSessionDialog,
  type NamedSession,
  SessionStatusBadge,
  useSessionCommands,
} from './session-actions';
import { TeamSessionsList } from './team-sessions';

// The picker carries the 14 plans and their games' templates: it loads when first opened.
const CreateSessionModal = lazy(async () => ({
  default: (await loadChunk(() => import('./create-session-modal'))).CreateSessionModal,
}));

interface ListedSession {
  id: string;
  name: string;
  code: string | null;
  published: boolean;
  rounds: number;
  teams: number;
  currentRound: number;
  /** Every game of its last round has ended. */
  finished: boolean;
  createdAt: Date;
}

interface RowActions {
  setPublished: (sessionId: string, published: boolean) => void;
  duplicate: (sessionId: string) => void;
  remove: (session: NamedSession) => void;
}

function JoinCode({ code }: { code: string | null }) {
  if (!code) {
    return (
      <Text size="sm" c="dimmed" fs="italic" data-testid="session-code">
        <FormattedMessage id="dashboard.sessions.noCode" />
      </Text>
    );
  }
  return (
    <Text ff="monospace" fw={700} size="sm" style={{ whiteSpace: 'nowrap' }} data-testid="session-code">
      {formatJoinCode(code)}
    </Text>
  );
}

function CurrentRound({ session }: { session: ListedSession }) {
  return session.currentRound === 0 ? (
    <Text size="sm" c="dimmed">
      <FormattedMessage id="dashboard.sessions.notStarted" />
    </Text>
  ) : (
    <Text size="sm">
      <FormattedMessage
        id="dashboard.sessions.roundOf"
        values={{ round: session.currentRound, rounds: session.rounds }}
      />
    </Text>
  );
}

function RowMenu({ session, actions }: { session: ListedSession; actions: RowActions }) {
  const intl = useIntl();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={intl.formatMessage({ id: 'dashboard.sessions.actionsOf' }, { name: session.name })}
          data-testid="session-menu"
        >
          <IconDots size={18} />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item
          component={Link}
          to={paths.session(session.id, 'follow-up')}
          leftSection={<IconPresentationAnalytics size={16} />}
        >
          <FormattedMessage id="dashboard.sessions.actionFollowUp" />
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.session(session.id, 'lobby')}
          leftSection={<IconDoor size={16} />}
        >
          <FormattedMessage id="dashboard.sessions.actionLobby" />
        </Menu.Item>
        <Menu.Item
          component={Link}
          to={paths.sessionEditor(session.id)}
          leftSection={<IconPencil size={16} />}
        >
          <FormattedMessage id="dashboard.sessions.actionEdit" />
        </Menu.Item>
        <Menu.Item
          leftSection={session.published ? <IconEyeOff size={16} /> : <IconEye size={16} />}
          onClick={() => actions.setPublished(session.id, !session.published)}
        >
          <FormattedMessage
            id={session.published ? 'dashboard.sessions.actionUnpublish' : 'dashboard.sessions.actionPublish'}
          />
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} />} onClick={() => actions.duplicate(session.id)}>
          <FormattedMessage id="dashboard.sessions.actionDuplicate" />
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconTrash size={16} />} onClick={() => actions.remove(session)}>
          <FormattedMessage id="dashboard.sessions.actionDelete" />
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** A session on a phone: a card rather than a table row too wide for the screen. */
function SessionCard({ session, actions }: { session: ListedSession; actions: RowActions }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="session-row">
      <Stack gap={8}>
        <Group justify="space-between" wrap="nowrap" gap="sm" align="flex-start">
          <Text
            component={Link}
            to={paths.sessionEditor(session.id)}
            fw={600}
            c="blue.7"
            style={{ overflowWrap: 'anywhere' }}
          >
            {session.name}
          </Text>
          <RowMenu session={session} actions={actions} />
        </Group>
        <Group gap="sm" wrap="wrap">
          <SessionStatusBadge published={session.published} finished={session.finished} />
          <JoinCode code={session.code} />
        </Group>
        <Text size="xs" c="dimmed">
          <FormattedMessage id="dashboard.sessions.roundsCount" values={{ count: session.rounds }} /> ·{' '}
          <FormattedMessage id="dashboard.sessions.teamsCount" values={{ count: session.teams }} /> ·{' '}
          {session.currentRound === 0 ? (
            <FormattedMessage id="dashboard.sessions.notStarted" />
          ) : (
            <FormattedMessage
              id="dashboard.sessions.roundOf"
              values={{ round: session.currentRound, rounds: session.rounds }}
            />
          )}{' '}
          · <FormattedDate value={session.createdAt} dateStyle="medium" />
        </Text>
      </Stack>
    </Paper>
  );
}

/** No session yet: what a session is, and the way to make the first one. */
function EmptySessions({ onCreate }: { onCreate: () => void }) {
  return (
    <Card withBorder radius="md" padding="xl" data-testid="sessions-empty">
      <Stack align="center" gap="sm" maw={560} mx="auto" ta="center">
        <ThemeIcon size={56} radius="xl" variant="light">
          <IconUsersGroup size={30} />
        </ThemeIcon>
        <Title order={4}>
          <FormattedMessage id="dashboard.sessions.emptyTitle" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="dashboard.sessions.emptyExplain" />
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={onCreate} mt="xs">
          <FormattedMessage id="dashboard.sessions.createFirst" />
        </Button>
      </Stack>
    </Card>
  );
}

export function SessionsList() {
  const phone = useMediaQuery('(max-width: 48em)');
  const list = trpc.session.list.useQuery();
  // The list's own refetch (an invalidation through useUtils can miss the query on screen).
  const refresh = () => list.refetch();
  // Tick 0 is the subscription starting; each later one is a change made somewhere.
  trpc.session.watchList.useSubscription(undefined, {
    onData: (tick) => {
      if (tick > 0) void refresh();
    },
  });
  const commands = useSessionCommands(refresh);
  const hasTeammates = useHasTeammates();
  const [scope, setScope] = useState<ListScope>('mine');
  const team = hasTeammates && scope === 'team';
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<NamedSession | null>(null);
  const actions: RowActions = {
    setPublished: commands.setPublished,
    duplicate: commands.duplicate,
    remove: setDeleting,
  };
  const rows: ListedSession[] = [...(list.data ?? [])].sort(
    (a, b) => new Date(b.createdAt).getTime() - new Date(a.createdAt).getTime(),
  );

  let content: ReactNode;
  if (list.isPending) content = <Loader />;
  else if (list.isError) {
    content = (
      <Alert color="red" icon={<IconAlertTriangle />}>
        <FormattedMessage id={list.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  } else if (rows.length === 0) content = <EmptySessions onCreate={() => setCreating(true)} />;
  else if (phone) {
    content = (
      <Stack gap="xs" data-testid="sessions-list">
        {rows.map((session) => (
          <SessionCard key={session.id} session={session} actions={actions} />
        ))}
      </Stack>
    );
  } else {
    content = (
      <Table.ScrollContainer minWidth={820}>
        <Table verticalSpacing="sm" highlightOnHover data-testid="sessions-list">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="dashboard.sessions.colSession" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.sessions.colStatus" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.sessions.colCode" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="dashboard.sessions.colRounds" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="dashboard.sessions.colTeams" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.sessions.colCurrentRound" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="dashboard.colCreated" />
              </Table.Th>
              <Table.Th w={48} />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((session) => (
              <Table.Tr key={session.id} data-testid="session-row">
                <Table.Td>
                  <Text component={Link} to={paths.sessionEditor(session.id)} fw={600} c="blue.7">
                    {session.name}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <SessionStatusBadge published={session.published} finished={session.finished} />
                </Table.Td>
                <Table.Td>
                  <JoinCode code={session.code} />
                </Table.Td>
                <Table.Td ta="right">{session.rounds}</Table.Td>
                <Table.Td ta="right">{session.teams}</Table.Td>
                <Table.Td>
                  <CurrentRound session={session} />
                </Table.Td>
                <Table.Td>
                  <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                    <FormattedDate value={session.createdAt} dateStyle="medium" timeStyle="short" />
                  </Text>
                </Table.Td>
                <Table.Td>
                  <RowMenu session={session} actions={actions} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    );
  }

  return (
    <Stack gap="lg">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Stack gap={2}>
          <Title order={3}>
            <FormattedMessage id={team ? 'dashboard.sessions.teamTitle' : 'dashboard.sessions.title'} />
          </Title>
          <Text size="sm" c="dimmed">
            <FormattedMessage id={team ? 'dashboard.sessions.teamIntro' : 'dashboard.sessions.intro'} />
          </Text>
        </Stack>
        <Button
          leftSection={<IconPlus size={16} />}
          onClick={() => setCreating(true)}
          data-testid="new-session"
        >
          <FormattedMessage id="dashboard.sessions.new" />
        </Button>
      </Group>
      {hasTeammates && (
        <Group>
          <ScopeControl value={scope} onChange={setScope} testId="sessions-scope" />
        </Group>
      )}
      {team ? <TeamSessionsList /> : content}
      {creating && (
        <Suspense fallback={null}>
          <CreateSessionModal opened onClose={() => setCreating(false)} />
        </Suspense>
      )}
      <DeleteSessionDialog session={deleting} onClose={() => setDeleting(null)} onDeleted={refresh} />
    </Stack>
  );
}
