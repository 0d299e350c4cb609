/**
 * The head of a session's admin pages (follow-up, responses, results): the session's name and
 * status, its join code with the projector view, the pages as tabs, and the way to its editor.
 */
import { Badge, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconDoor, IconListCheck, IconMessageQuestion, IconPencil } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import { Link } from 'react-router';
import { formatJoinCode } from '../../../src-shared/rules/join-code';
import type { SessionView } from '../../../src-shared/session';
import { paths, type SessionPage } from '../../paths';
import { ProjectorCodeButton } from './projector';

const TABS: Array<{ page: SessionPage; labelId: string; icon: ReactNode }> = [
  { page: 'lobby', labelId: 'session.tabLobby', icon: <IconDoor size={16} /> },
  { page: 'follow-up', labelId: 'session.tabFollowUp', icon: <IconListCheck size={16} /> },
  { page: 'responses', labelId: 'session.tabResponses', icon: <IconMessageQuestion size={16} /> },
  { page: 'results', labelId: 'session.tabResults', icon: <IconChartBar size={16} /> },
];

/** Where the class stands: draft, the round being played and whether it has started, or finished. */
export function SessionStatusBadges({ view }: { view: SessionView }) {
  if (!view.published)
    return (
      <Badge color="gray" variant="outline" tt="none">
        <FormattedMessage id="session.statusDraft" />
      </Badge>
    );
  const round = view.rounds[view.currentRound - 1];
  return (
    <Group gap={6} wrap="wrap">
      <Badge color="green" variant="light" tt="none">
        <FormattedMessage id="session.statusPublished" />
      </Badge>
      {view.finished ? (
        <Badge color="gray" variant="filled" tt="none" data-testid="round-status" data-status="finished">
          <FormattedMessage id="session.statusFinished" />
        </Badge>
      ) : (
        round && (
          <Badge
            color={view.started ? 'blue' : 'orange'}
            variant="light"
            tt="none"
            data-testid="round-status"
          >
            <FormattedMessage
              id={view.started ? 'session.roundStarted' : 'session.roundNotStarted'}
              values={{ round: view.currentRound, rounds: view.rounds.length }}
            />
          </Badge>
        )
      )}
    </Group>
  );
}

export function SessionAdminNav({ view, page }: { view: SessionView; page: SessionPage }) {
  return (
    <Paper withBorder radius="md" p="md" className="session-admin-no-print" data-testid="session-admin-nav">
      <Stack gap="sm">
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          <Stack gap={6} miw={0}>
            <Title order={1} fz={{ base: 22, sm: 28 }} lh={1.2} style={{ overflowWrap: 'anywhere' }}>
              {view.name}
            </Title>
            <SessionStatusBadges view={view} />
          </Stack>
          <Group gap="sm" wrap="wrap">
            {view.code && (
              <Stack gap={0} align="flex-end">
                <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                  <FormattedMessage id="session.code" />
                </Text>
                <Text
                  ff="monospace"
                  fw={800}
                  fz={24}
                  lh={1.1}
                  style={{ letterSpacing: '0.06em' }}
                  data-testid="session-code"
                >
                  {formatJoinCode(view.code)}
                </Text>
              </Stack>
            )}
            {view.code && <ProjectorCodeButton code={view.code} sessionName={view.name} />}
            <Button
              component={Link}
              to={paths.sessionEditor(view.sessionId)}
              variant="default"
              leftSection={<IconPencil size={16} />}
              data-testid="edit-session"
            >
              <FormattedMessage id="session.edit" />
            </Button>
          </Group>
        </Group>
        <Group gap={4} wrap="wrap" component="nav">
          {TABS.map((tab) => (
            <Button
              key={tab.page}
              component={Link}
              to={paths.session(view.sessionId, tab.page)}
              size="sm"
              variant={tab.page === page ? 'light' : 'subtle'}
              color={tab.page === page ? 'blue' : 'gray'}
              leftSection={tab.icon}
              aria-current={tab.page === page ? 'page' : undefined}
              data-testid={`session-tab-${tab.page}`}
            >
              <FormattedMessage id={tab.labelId} />
            </Button>
          ))}
        </Group>
      </Stack>
    </Paper>
  );
}
