/**
 * The sessions of the instructor's teammates (spec points 6 and 7), read-only here: newest first,
 * each with its creator ('Teammate' without a name) and a link to its follow-up, where a teammate
 * is one of its admins.
 */
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconPresentationAnalytics } from '@tabler/icons-react';
import { FormattedDate, FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { formatJoinCode } from '../../../../src-shared/rules/join-code';
import { paths } from '../../../paths';
import { trpc } from '../../../trpc';
import { CreatorName, TEAM_LIST_REFRESH_MS } from '../team-scope';
import { SessionStatusBadge } from './session-actions';

interface TeamSession {
  id: string;
  name: string;
  code: string | null;
  published: boolean;
  rounds: number;
  currentRound: number;
  finished: boolean;
  createdAt: Date;
  creatorName: string | null;
}

function Progress({ session }: { session: TeamSession }) {
  return session.currentRound === 0 ? (
    <FormattedMessage id="dashboard.sessions.notStarted" />
  ) : (
    <FormattedMessage
      id="dashboard.sessions.roundOf"
      values={{ round: session.currentRound, rounds: session.rounds }}
    />
  );
}

function FollowUpButton({ sessionId }: { sessionId: string }) {
  return (
    <Button
      component={Link}
      to={paths.session(sessionId, 'follow-up')}
      size="xs"
      variant="light"
      leftSection={<IconPresentationAnalytics size={14} />}
      data-testid="team-session-follow-up"
    >
      <FormattedMessage id="dashboard.sessions.actionFollowUp" />
    </Button>
  );
}

function TeamSessionCard({ session }: { session: TeamSession }) {
  return (
    <Paper withBorder p="sm" radius="md" data-testid="team-session-row">
      <Stack gap={8}>
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {session.name}
        </Text>
        <Group gap="sm" wrap="wrap">
          <SessionStatusBadge published={session.published} finished={session.finished} />
          {session.code && (
            <Text ff="monospace" fw={700} size="sm">
              {formatJoinCode(session.code)}
            </Text>
          )}
          <CreatorName name={session.creatorName} size="xs" />
        </Group>
        <Text size="xs" c="dimmed">
          <Progress session={session} /> · <FormattedDate value={session.createdAt} dateStyle="medium" />
        </Text>
        <Group>
          <FollowUpButton sessionId={session.id} />
        </Group>
      </Stack>
    </Paper>
  );
}

function TeamSessionsTable({ rows }: { rows: TeamSession[] }) {
  const heads = [
    'dashboard.sessions.colSession',
    'dashboard.colCreator',
    'dashboard.sessions.colStatus',
    'dashboard.sessions.colCode',
    'dashboard.sessions.colCurrentRound',
    'dashboard.colCreated',
  ];
  return (
    <Table.ScrollContainer minWidth={820}>
      <Table verticalSpacing="sm" highlightOnHover data-testid="team-sessions">
        <Table.Thead>
          <Table.Tr>
            {heads.map((id) => (
              <Table.Th key={id}>
                <FormattedMessage id={id} />
              </Table.Th>
            ))}
            <Table.Th />
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((session) => (
            <Table.Tr key={session.id} data-testid="team-session-row">
              <Table.Td>
                <Text component={Link} to={paths.session(session.id, 'follow-up')} fw={600} c="blue.7">
                  {session.name}
                </Text>
              </Table.Td>
              <Table.Td>
                <CreatorName name={session.creatorName} />
              </Table.Td>
              <Table.Td>
                <SessionStatusBadge published={session.published} finished={session.finished} />
              </Table.Td>
              <Table.Td>
                <Text ff="monospace" fw={700} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {session.code ? formatJoinCode(session.code) : '–'}
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  <Progress session={session} />
                </Text>
              </Table.Td>
              <Table.Td>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
                  <FormattedDate value={session.createdAt} dateStyle="medium" timeStyle="short" />
                </Text>
              </Table.Td>
              <Table.Td>
                <FollowUpButton sessionId={session.id} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

export function TeamSessionsList() {
  const phone = useMediaQuery('(max-width: 48em)');
  // Teammates' changes wake their own lists: this one reads again now and then, and on focus.
  const list = trpc.session.teamSessions.useQuery(undefined, {
    refetchInterval: TEAM_LIST_REFRESH_MS,
    refetchOnWindowFocus: true,
  });
  if (list.isPending) return <Loader />;
  if (list.isError)
    return (
      <Alert color="red" icon={<IconAlertTriangle />}>
        <FormattedMessage id={list.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  if (list.data.length === 0)
    return (
      <Text c="dimmed" py="md" data-testid="team-sessions-empty">
        <FormattedMessage id="dashboard.sessions.noTeamSessions" />
      </Text>
    );
  return phone ? (
    <Stack gap="xs" data-testid="team-sessions">
      {list.data.map((session) => (
        <TeamSessionCard key={session.id} session={session} />
      ))}
    </Stack>
  ) : (
    <TeamSessionsTable rows={list.data} />
  );
}
