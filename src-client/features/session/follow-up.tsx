/**
 * The follow-up page's body (issue 12, spec point 2): the round controls, where the class stands
 * in one line, the teams of the round live (filtered and sorted), and bulk actions on a selection.
 */
import { Button, Group, Paper, SegmentedControl, Stack, Switch, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionView } from '../../../src-shared/session';
import { FollowUpSelectionBar } from './follow-up-actions';
import { FollowUpRounds } from './follow-up-rounds';
import { FollowUpCards, FollowUpTable, type FollowUpTeam, isWaiting, useTeamName } from './follow-up-table';

type SortKey = 'team' | 'week';

/** How far a team is: its week (beer), or its deliveries so far (lean). */
const progressOf = (team: FollowUpTeam) => (team.gameType === 'beergame' ? team.week : team.deliveries);

/** Slowest teams first when sorted by progress: they are the ones to go and help. */
const compare: Record<SortKey, (a: FollowUpTeam, b: FollowUpTeam) => number> = {
  team: (a, b) => a.teamNumber - b.teamNumber,
  week: (a, b) =>
    Number(a.finished) - Number(b.finished) || progressOf(a) - progressOf(b) || a.teamNumber - b.teamNumber,
};

function Summary({ teams }: { teams: FollowUpTeam[] }) {
  const seats = teams.flatMap((team) => team.seats);
  const players = seats.filter((seat) => seat.userId !== null && !seat.computer).length;
  const connected = seats.filter((seat) => seat.connected).length;
  const allOrdered = teams.filter((team) => !team.finished && !isWaiting(team)).length;
  const finished = teams.filter((team) => team.finished).length;
  const fact = (id: string, values: Record<string, number>, testId: string) => (
    <Text size="sm" data-testid={testId}>
      <FormattedMessage
        id={id}
        values={{
          ...values,
          b: (chunks: React.ReactNode[]) => <b style={{ fontSize: '1.15em' }}>{chunks}</b>,
        }}
      />
    </Text>
  );
  return (
    <Paper withBorder radius="md" px="md" py="xs" data-testid="follow-up-summary">
      <Group gap="xl" wrap="wrap">
        {fact('followUp.summaryTeams', { count: teams.length }, 'summary-teams')}
        {fact('followUp.summaryConnected', { connected, players }, 'summary-connected')}
        {teams[0]?.gameType === 'leangame'
          ? fact(
              'followUp.summaryStarted',
              { count: teams.filter((team) => team.started).length, teams: teams.length },
              'summary-started',
            )
          : fact('followUp.summaryAllOrdered', { count: allOrdered, teams: teams.length }, 'summary-ordered')}
        {finished > 0 && fact('followUp.summaryFinished', { count: finished }, 'summary-finished')}
      </Group>
    </Paper>
  );
}

export function FollowUp({ view }: { view: SessionView }) {
  const intl = useIntl();
  const teamName = useTeamName(view);
  const phone = useMediaQuery('(max-width: 48em)');
  const [onlyWaiting, setOnlyWaiting] = useState(false);
  const [sort, setSort] = useState<SortKey>('team');
  const [selectedIds, setSelectedIds] = useState<ReadonlySet<string>>(new Set());
  const all = view.followUp ?? [];
  const shown = useMemo(
    () => all.filter((team) => !onlyWaiting || isWaiting(team)).sort(compare[sort]),
    [all, onlyWaiting, sort],
  );
  // A selection only ever names teams of the round on screen (a new round brings new games).
  const selectedTeams = all.filter((team) => selectedIds.has(team.gameId));
  const selected = selectedTeams.map((team) => team.gameId);
  const allSelected = shown.length > 0 && shown.every((team) => selectedIds.has(team.gameId));
  const toggle = (gameId: string) =>
    setSelectedIds((ids) => {
      const next = new Set(ids);
      if (!next.delete(gameId)) next.add(gameId);
      return next;
    });
  const toggleAll = () => setSelectedIds(allSelected ? new Set() : new Set(shown.map((team) => team.gameId)));
  const Teams = phone ? FollowUpCards : FollowUpTable;
  const lean = view.rounds[view.currentRound - 1]?.gameType === 'leangame';

  return (
    <Stack gap="md">
      <FollowUpRounds view={view} />
      {all.length > 0 && <Summary teams={all} />}
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Switch
          label={intl.formatMessage({ id: 'followUp.onlyWaiting' })}
          checked={onlyWaiting}
          onChange={(e) => setOnlyWaiting(e.currentTarget.checked)}
          data-testid="only-waiting"
        />
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="followUp.sortBy" />
          </Text>
          <SegmentedControl
            size="xs"
            value={sort}
            onChange={(value) => setSort(value as SortKey)}
            data={[
              { value: 'team', label: intl.formatMessage({ id: 'followUp.sortTeam' }) },
              {
                value: 'week',
                label: intl.formatMessage({ id: lean ? 'followUp.sortDeliveries' : 'followUp.sortWeek' }),
              },
            ]}
            data-testid="sort-teams"
          />
        </Group>
      </Group>
      {selected.length > 0 && (
        <FollowUpSelectionBar
          sessionId={view.sessionId}
          gameType={lean ? 'leangame' : 'beergame'}
          gameIds={selected}
          teamNames={selectedTeams.map((team) => teamName(team.teamNumber))}
          onClear={() => setSelectedIds(new Set())}
        />
      )}
      {phone && shown.length > 0 && (
        <Group gap="xs">
          <Button size="xs" variant="subtle" onClick={toggleAll} data-testid="select-all-teams">
            <FormattedMessage id={allSelected ? 'followUp.selectNone' : 'followUp.selectAll'} />
          </Button>
        </Group>
      )}
      {all.length === 0 ? (
        <Text c="dimmed" py="md">
          <FormattedMessage id={view.published ? 'followUp.noTeamsYet' : 'followUp.notPublishedHint'} />
        </Text>
      ) : shown.length === 0 ? (
        <Text c="dimmed" py="md" data-testid="no-waiting-teams">
          <FormattedMessage id="followUp.noTeamWaiting" />
        </Text>
      ) : (
        <Teams
          view={view}
          teams={shown}
          selected={selectedIds}
          onToggle={toggle}
          onToggleAll={toggleAll}
          allSelected={allSelected}
          someSelected={selected.length > 0}
        />
      )}
    </Stack>
  );
}
