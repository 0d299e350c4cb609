/**
 * The results page's body (spec point 2): the teams compared within each round (a beer round on
 * team cost, best first, with fill rate and bullwhip; a lean round on the lean debrief's figures,
 * on time and in full first) and across rounds of a kind (cost per week, or on-time share, round by
 * round, with the class average). Players who may see it get the same, their own team highlighted, for each round
 * once every team has finished it; until then the round says when its results open.
 */
import './results.css';
import { Alert, Badge, Button, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconClock, IconPrinter } from '@tabler/icons-react';
import { lazy, type ReactNode, Suspense } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import {
  type BeerTeamResult,
  type LeanTeamResult,
  rankedBeerTeams,
  rankedLeanTeams,
  type SessionView,
  type TeamResult,
} from '../../../src-shared/session';
import { loadChunk } from '../../load-chunk';
import { trpc } from '../../trpc';
import { Money } from '../../ui/money';
import { PageLoader } from '../../ui/page-loader';
import { useFollowRounds } from './follow-rounds';
import { useTeamName } from './follow-up-table';

const RoundCostChart = lazy(async () => ({
  default: (await loadChunk(() => import('./results-charts'))).RoundCostChart,
}));
const AcrossRoundsChart = lazy(async () => ({
  default: (await loadChunk(() => import('./results-charts'))).AcrossRoundsChart,
}));

/** Games go on while the results are open: they are read again now and then. */
const REFRESH_MS = 15_000;

/** The worst stage's order amplification: the team's bullwhip. */
const bullwhip = (team: BeerTeamResult) =>
  team.facilities.reduce<number | null>(
    (max, f) => (f.amplification === null ? max : Math.max(max ?? 0, f.amplification)),
    null,
  );

/** A round's block of the results: its title, then what `children` compare. */
function RoundPanel({
  view,
  roundNumber,
  children,
}: {
  view: SessionView;
  roundNumber: number;
  children: ReactNode;
}) {
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className="session-results-block"
      data-testid={`results-round-${roundNumber}`}
    >
      <Stack gap="sm">
        <Title order={3} fz={20}>
          <FormattedMessage
            id="session.roundTitle"
            values={{ round: roundNumber, name: view.rounds[roundNumber - 1]?.name ?? '' }}
          />
        </Title>
        {children}
      </Stack>
    </Paper>
  );
}

function RoundBlock({
  view,
  roundNumber,
  teams,
  mine,
}: {
  view: SessionView;
  roundNumber: number;
  teams: BeerTeamResult[];
  mine: ReadonlySet<string>;
}) {
  const nameOf = useTeamName(view);
  const ranked = rankedBeerTeams(teams);
  return (
    <RoundPanel view={view} roundNumber={roundNumber}>
      <Suspense fallback={<PageLoader />}>
        <RoundCostChart
          data={ranked.map((team) => ({ team: nameOf(team.teamNumber), cost: Math.round(team.teamCost) }))}
        />
      </Suspense>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th>
                <FormattedMessage id="session.colTeam" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="session.colWeek" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="session.colTeamCost" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="session.colCostPerWeek" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="session.colFillRate" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="session.colBullwhip" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
            {ranked.map((team, i) => {
              const own = mine.has(team.gameId);
              const amplification = bullwhip(team);
              return (
                <Table.Tr
                  key={team.gameId}
                  bg={own ? 'yellow.1' : undefined}
                  data-testid="result-row"
                  data-mine={own || undefined}
                >
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <TeamCell name={nameOf(team.teamNumber)} own={own} />
                  </Table.Td>
                  <Table.Td>
                    {team.finished ? (
                      <FormattedMessage id="session.finished" />
                    ) : (
                      <FormattedMessage id="game.weekOf" values={{ week: team.week, weeks: team.weeks }} />
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={team.teamCost} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={team.costPerWeek} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={team.fillRate} style="percent" maximumFractionDigits={1} />
                  </Table.Td>
                  <Table.Td ta="right">
                    {amplification === null ? (
                      '–'
                    ) : (
                      <>
                        × <FormattedNumber value={amplification} maximumFractionDigits={1} />
                      </>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RoundPanel>
  );
}

/** A round still being played: a player sees its results once every team has finished it. */
function PendingRound({ view, roundNumber }: { view: SessionView; roundNumber: number }) {
  return (
    <Alert
      color="blue"
      icon={<IconClock size={18} />}
      title={
        <FormattedMessage
          id="session.roundTitle"
          values={{ round: roundNumber, name: view.rounds[roundNumber - 1]?.name ?? '' }}
        />
      }
      data-testid={`results-pending-${roundNumber}`}
    >
      <FormattedMessage id="session.roundResultsPending" />
    </Alert>
  );
}

/** A team's name, with "your team" for the player's own. */
function TeamCell({ name, own }: { name: string; own: boolean }) {
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }}>
        {name}
      </Text>
      {own && (
        <Badge size="xs" color="yellow" variant="filled" tt="none">
          <FormattedMessage id="session.yourTeam" />
        </Badge>
      )}
    </Group>
  );
}

/**
 * A lean round's teams compared on the lean debrief's headline figures: on time and in full
 * first (what the customers saw), then the profit.
 */
function LeanRoundBlock({
  view,
  roundNumber,
  teams,
  mine,
}: {
  view: SessionView;
  roundNumber: number;
  teams: LeanTeamResult[];
  mine: ReadonlySet<string>;
}) {
  const nameOf = useTeamName(view);
  const ranked = rankedLeanTeams(teams);
  const header = (id: string) => (
    <Table.Th ta="right">
      <FormattedMessage id={id} />
    </Table.Th>
  );
  return (
    <RoundPanel view={view} roundNumber={roundNumber}>
      <Table.ScrollContainer minWidth={720}>
        <Table verticalSpacing={4} striped>
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={48}>#</Table.Th>
              <Table.Th>
                <FormattedMessage id="session.colTeam" />
              </Table.Th>
              {header('session.colDeliveries')}
              {header('session.colOtif')}
              {header('session.colLeadTime')}
              {header('session.colWip')}
              {header('session.colFirstPassYield')}
              {header('session.colProfit')}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
            {ranked.map((team, i) => {
              const own = mine.has(team.gameId);
              return (
                <Table.Tr
                  key={team.gameId}
                  bg={own ? 'yellow.1' : undefined}
                  data-testid="result-row"
                  data-mine={own || undefined}
                >
                  <Table.Td>{i + 1}</Table.Td>
                  <Table.Td>
                    <TeamCell name={nameOf(team.teamNumber)} own={own} />
                    {!team.finished && (
                      <Text size="xs" c="dimmed">
                        <FormattedMessage
                          id="session.leanMinutesPlayed"
                          values={{ minutes: Math.floor(team.minutes) }}
                        />
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={team.deliveries} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={team.otif} style="percent" maximumFractionDigits={1} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedMessage id="session.minutesValue" values={{ minutes: team.leadTime }} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={team.wip} maximumFractionDigits={1} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={team.firstPassYield} style="percent" maximumFractionDigits={1} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <Money value={team.profit} />
                  </Table.Td>
                </Table.Tr>
              );
            })}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </RoundPanel>
  );
}

/** The lean rounds side by side: each team's on-time-in-full share round by round, and the class's. */
function LeanAcrossRounds({ view, results }: { view: SessionView; results: LeanTeamResult[] }) {
  const nameOf = useTeamName(view);
  const roundNumbers = [...new Set(results.map((r) => r.roundNumber))].sort((a, b) => a - b);
  const teamNumbers = [...new Set(results.map((r) => r.teamNumber))].sort((a, b) => a - b);
  const cell = (value: number | undefined) =>
    value === undefined ? '–' : <FormattedNumber value={value} style="percent" maximumFractionDigits={1} />;
  const average = (round: number) => {
    const teams = results.filter((r) => r.roundNumber === round);
    return teams.length > 0 ? teams.reduce((sum, r) => sum + r.otif, 0) / teams.length : undefined;
  };
  return (
    <Paper withBorder radius="md" p="md" className="session-results-block" data-testid="results-lean-across">
      <Stack gap="sm">
        <Title order={3} fz={20}>
          <FormattedMessage id="session.leanAcrossRounds" />
        </Title>
        <Table.ScrollContainer minWidth={400}>
          <Table verticalSpacing={4} striped>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="session.colTeam" />
                </Table.Th>
                {roundNumbers.map((round) => (
                  <Table.Th key={round} ta="right">
                    <FormattedMessage id="session.roundNumber" values={{ round }} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
              {teamNumbers.map((teamNumber) => (
                <Table.Tr key={teamNumber}>
                  <Table.Td fw={600}>{nameOf(teamNumber)}</Table.Td>
                  {roundNumbers.map((round) => (
                    <Table.Td key={round} ta="right">
                      {cell(
                        results.find((r) => r.roundNumber === round && r.teamNumber === teamNumber)?.otif,
                      )}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
              <Table.Tr>
                <Table.Td fw={600}>
                  <FormattedMessage id="session.classAverage" />
                </Table.Td>
                {roundNumbers.map((round) => (
                  <Table.Td key={round} ta="right" fw={600}>
                    {cell(average(round))}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

function AcrossRounds({ view, results }: { view: SessionView; results: BeerTeamResult[] }) {
  const intl = useIntl();
  const nameOf = useTeamName(view);
  const roundNumbers = [...new Set(results.map((r) => r.roundNumber))].sort((a, b) => a - b);
  const key = (round: number) => `round${round}`;
  const rounds = roundNumbers.map((round) => ({
    key: key(round),
    label: intl.formatMessage({ id: 'session.roundNumber' }, { round }),
  }));
  const teamNumbers = [...new Set(results.map((r) => r.teamNumber))].sort((a, b) => a - b);
  const data = teamNumbers.map((teamNumber) => {
    const row: Record<string, string | number> = { team: nameOf(teamNumber) };
    for (const r of results)
      if (r.teamNumber === teamNumber) row[key(r.roundNumber)] = Math.round(r.costPerWeek);
    return row;
  });
  const average = roundNumbers.map((round) => {
    const teams = results.filter((r) => r.roundNumber === round && r.weeksPlayed > 0);
    return teams.length > 0 ? teams.reduce((sum, r) => sum + r.costPerWeek, 0) / teams.length : null;
  });
  return (
    <Paper
      withBorder
      radius="md"
      p="md"
      className="session-results-block"
      data-testid="results-across-rounds"
    >
      <Stack gap="sm">
        <Title order={3} fz={20}>
          <FormattedMessage id="session.acrossRounds" />
        </Title>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="session.acrossRoundsHint" />
        </Text>
        <Suspense fallback={<PageLoader />}>
          <AcrossRoundsChart data={data} rounds={rounds} />
        </Suspense>
        <Table.ScrollContainer minWidth={400}>
          <Table verticalSpacing={4} data-testid="class-average">
            <Table.Thead>
              <Table.Tr>
                <Table.Th />
                {rounds.map((round) => (
                  <Table.Th key={round.key} ta="right">
                    {round.label}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody style={{ fontVariantNumeric: 'tabular-nums' }}>
              <Table.Tr>
                <Table.Td fw={600}>
                  <FormattedMessage id="session.classAverage" />
                </Table.Td>
                {average.map((value, i) => (
                  <Table.Td key={rounds[i]!.key} ta="right">
                    {value === null ? '–' : <Money value={value} />}
                  </Table.Td>
                ))}
              </Table.Tr>
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Stack>
    </Paper>
  );
}

const RESULTS_PAGE = { kind: 'results' } as const;

export function SessionResults({ view }: { view: SessionView }) {
  // A player reading the results goes to their game when the next round opens.
  useFollowRounds(view, RESULTS_PAGE);
  const results = trpc.session.results.useQuery(
    { sessionId: view.sessionId },
    { refetchInterval: REFRESH_MS },
  );
  if (results.isPending) return <PageLoader />;
  if (results.error)
    return (
      <Alert color="red">
        <FormattedMessage id={results.error.data?.messageId ?? 'errors.unexpected'} />
      </Alert>
    );
  // A player's own games (every round they sat in), highlighted; an admin has none.
  const mine = new Set(view.isAdmin ? [] : view.myGames.map((g) => g.gameId));
  const { teams, pendingRounds } = results.data;
  const roundNumbers = [...new Set([...teams.map((r) => r.roundNumber), ...pendingRounds])].sort(
    (a, b) => a - b,
  );
  // Beer and lean rounds are compared each with their own kind: a cost is no on-time share.
  const beer = teams.filter((r): r is BeerTeamResult => r.gameType === 'beergame');
  const lean = teams.filter((r): r is LeanTeamResult => r.gameType === 'leangame');
  const roundsOf = (results: TeamResult[]) => new Set(results.map((r) => r.roundNumber)).size;
  return (
    <Stack gap="lg" data-testid="session-results">
      <Group justify="space-between" wrap="wrap">
        <Title order={2} fz={24}>
          <FormattedMessage id="session.resultsTitle" />
        </Title>
        <Button
          variant="default"
          leftSection={<IconPrinter size={16} />}
          onClick={() => window.print()}
          className="session-admin-no-print"
        >
          <FormattedMessage id="session.print" />
        </Button>
      </Group>
      {roundNumbers.length === 0 ? (
        <Text c="dimmed">
          <FormattedMessage id="session.noResultsYet" />
        </Text>
      ) : (
        <>
          {roundNumbers.map((round) =>
            pendingRounds.includes(round) ? (
              <PendingRound key={round} view={view} roundNumber={round} />
            ) : view.rounds[round - 1]?.gameType === 'leangame' ? (
              <LeanRoundBlock
                key={round}
                view={view}
                roundNumber={round}
                teams={lean.filter((r) => r.roundNumber === round)}
                mine={mine}
              />
            ) : (
              <RoundBlock
                key={round}
                view={view}
                roundNumber={round}
                teams={beer.filter((r) => r.roundNumber === round)}
                mine={mine}
              />
            ),
          )}
          {roundsOf(beer) > 1 && <AcrossRounds view={view} results={beer} />}
          {roundsOf(lean) > 1 && <LeanAcrossRounds view={view} results={lean} />}
        </>
      )}
    </Stack>
  );
}
