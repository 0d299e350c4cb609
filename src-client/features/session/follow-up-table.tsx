/**
 * The follow-up's teams: one dense table row per team on a laptop or a projector (125 teams stay
 * usable), a compact card per team on a phone. Each seat is a small icon: ordered, waiting,
 * computer or empty, with a dot while its player is connected and their name in a tooltip.
 */
import {
  Anchor,
  Box,
  Checkbox,
  Group,
  Paper,
  Progress,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Tooltip,
} from '@mantine/core';
import {
  IconCheck,
  IconCpu,
  IconExternalLink,
  IconFlag,
  IconHourglassHigh,
  IconUser,
  IconUserOff,
} from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import type { SessionView } from '../../../src-shared/session';
import { teamName } from '../../../src-shared/session/rounds';
import { paths } from '../../paths';
import { Countdown } from '../../ui/countdown';
import { useFacilityName } from '../../ui/facility-name';
import { Money } from '../../ui/money';
import { useTimeLeft } from '../../ui/server-clock';

export type FollowUpTeam = NonNullable<SessionView['followUp']>[number];
type Seat = FollowUpTeam['seats'][number];

export type SeatState = 'ordered' | 'waiting' | 'playing' | 'computer' | 'empty' | 'done';

/** A seat as the follow-up shows it; in a game that has ended nobody is waited for any more. */
export function seatState(seat: Seat, gameFinished: boolean): SeatState {
  if (seat.computer) return 'computer';
  if (seat.userId === null) return 'empty';
  if (gameFinished) return 'done';
  // A lean station has no turn to wait for: its player is at work.
  if (seat.ordered === null) return 'playing';
  return seat.ordered ? 'ordered' : 'waiting';
}

/**
 * A team still waits for someone: a person's order (or a person) is missing this week; in a lean
 * round, a station still has nobody before the factory starts.
 */
export const isWaiting = (team: FollowUpTeam) =>
  team.gameType === 'leangame'
    ? !team.started && !team.finished && team.seats.some((seat) => seat.userId === null)
    : !team.finished && team.seats.some((seat) => !seat.computer && !seat.ordered);

const SEAT_LOOK: Record<
  SeatState,
  { color: string; variant: 'filled' | 'light' | 'outline'; icon: React.ReactNode }
> = {
  ordered: { color: 'green', variant: 'filled', icon: <IconCheck size={15} stroke={3} /> },
  waiting: { color: 'orange', variant: 'light', icon: <IconHourglassHigh size={15} /> },
  playing: { color: 'teal', variant: 'filled', icon: <IconUser size={15} /> },
  computer: { color: 'gray', variant: 'light', icon: <IconCpu size={15} /> },
  empty: { color: 'gray', variant: 'outline', icon: <IconUserOff size={15} /> },
  done: { color: 'gray', variant: 'light', icon: <IconFlag size={15} /> },
};

function SeatIcon({ seat, gameFinished }: { seat: Seat; gameFinished: boolean }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const state = seatState(seat, gameFinished);
  const look = SEAT_LOOK[state];
  const role = facilityName({ name: seat.name, type: seat.facilityId });
  const label = intl.formatMessage(
    { id: `followUp.seat.${state}` },
    { role, player: seat.playerName ?? intl.formatMessage({ id: 'followUp.anonymousPlayer' }) },
  );
  const connected = seat.connected ? ` · ${intl.formatMessage({ id: 'followUp.seatConnected' })}` : '';
  return (
    <Tooltip label={`${label}${connected}`} withArrow>
      <Box
        pos="relative"
        style={{ display: 'inline-flex' }}
        data-testid="seat"
        data-state={state}
        data-connected={seat.connected || undefined}
      >
        <ThemeIcon
          size={26}
          radius="xl"
          color={look.color}
          variant={look.variant}
          aria-label={`${label}${connected}`}
          role="img"
        >
          {look.icon}
        </ThemeIcon>
        {seat.connected && (
          <Box
            pos="absolute"
            right={-2}
            top={-2}
            w={9}
            h={9}
            bg="teal.6"
            style={{ borderRadius: '50%', border: '2px solid var(--mantine-color-body)' }}
          />
        )}
      </Box>
    </Tooltip>
  );
}

function Seats({ team }: { team: FollowUpTeam }) {
  return (
    <Group gap={6} wrap="nowrap">
      {team.seats.map((seat) => (
        <SeatIcon key={seat.facilityId} seat={seat} gameFinished={team.finished} />
      ))}
    </Group>
  );
}

/** A lean factory's clock: not started, the minutes played of the round's, or over. */
function LeanProgress({ team }: { team: Extract<FollowUpTeam, { gameType: 'leangame' }> }) {
  const left = useTimeLeft(team.finished ? null : team.endAt);
  const total = team.minutes * 60_000;
  const played = team.finished ? total : left === null ? 0 : Math.max(0, total - left);
  return (
    <Stack gap={3} miw={96}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="team-week">
        {team.finished ? (
          <FormattedMessage id="session.finished" />
        ) : team.started ? (
          <FormattedMessage
            id="followUp.leanMinuteOf"
            values={{ minute: Math.floor(played / 60_000), minutes: team.minutes }}
          />
        ) : (
          <FormattedMessage id="followUp.leanNotStarted" />
        )}
      </Text>
      <Progress
        size="sm"
        value={(100 * played) / Math.max(1, total)}
        color={team.finished ? 'gray' : 'teal'}
        aria-hidden
      />
    </Stack>
  );
}

/** The lean factory's flow so far: work in progress, units delivered, on time and in full. */
function LeanFigures({ team }: { team: Extract<FollowUpTeam, { gameType: 'leangame' }> }) {
  const intl = useIntl();
  const otif =
    team.otif === null
      ? intl.formatMessage({ id: 'followUp.costNotYet' })
      : intl.formatNumber(team.otif, { style: 'percent' });
  return (
    <FormattedMessage
      id="followUp.leanFigures"
      values={{ wip: team.wip, deliveries: team.deliveries, otif }}
    />
  );
}

/** Who holds the improvements panel of a lean factory, when someone does. */
function PanelOwner({ team }: { team: FollowUpTeam }) {
  if (team.gameType !== 'leangame' || team.panelOwner === null) return null;
  const holder = team.seats.find((seat) => seat.userId === team.panelOwner);
  return (
    <Text size="xs" c="dimmed" data-testid="panel-owner">
      <FormattedMessage
        id="followUp.panelHeldBy"
        values={{ player: holder?.playerName ?? holder?.name ?? '?' }}
      />
    </Text>
  );
}

function RoundProgress({ team }: { team: FollowUpTeam }) {
  return team.gameType === 'leangame' ? <LeanProgress team={team} /> : <WeekProgress team={team} />;
}

/** The time left: the week's turn timer (beer), or the factory's round (lean). */
function TimeLeft({ team }: { team: FollowUpTeam }) {
  const deadline = team.finished ? null : team.gameType === 'leangame' ? team.endAt : team.deadline;
  if (deadline === null)
    return (
      <Text size="sm" c="dimmed">
        –
      </Text>
    );
  return <Countdown deadline={deadline} />;
}

/** The cost so far (beer) or the flow so far (lean). */
function Figures({ team }: { team: FollowUpTeam }) {
  return team.gameType === 'leangame' ? <LeanFigures team={team} /> : <TeamCost cost={team.cost} />;
}

function WeekProgress({ team }: { team: Extract<FollowUpTeam, { gameType: 'beergame' }> }) {
  return (
    <Stack gap={3} miw={96}>
      <Text size="sm" fw={600} style={{ whiteSpace: 'nowrap' }} data-testid="team-week">
        {team.finished ? (
          <FormattedMessage id="session.finished" />
        ) : (
          <FormattedMessage id="game.weekOf" values={{ week: team.week, weeks: team.weeks }} />
        )}
      </Text>
      <Progress
        size="sm"
        value={team.finished ? 100 : (100 * Math.max(0, team.week - 1)) / Math.max(1, team.weeks)}
        color={team.finished ? 'gray' : 'blue'}
        aria-hidden
      />
    </Stack>
  );
}

/** The team's cost so far, or, before its first week has closed, that there is none yet. */
function TeamCost({ cost }: { cost: number | null }) {
  if (cost !== null) return <Money value={cost} />;
  return (
    <Text span inherit c="dimmed">
      <FormattedMessage id="followUp.costNotYet" />
    </Text>
  );
}

function GameLink({ team, name }: { team: FollowUpTeam; name: string }) {
  const intl = useIntl();
  return (
    <Anchor
      component={Link}
      to={paths.game(team.gameId, team.finished ? 'results' : 'play')}
      // In a tab of its own, as its icon says: the follow-up stays open where it was.
      target="_blank"
      rel="noopener"
      size="sm"
      aria-label={intl.formatMessage({ id: 'followUp.openTeamGame' }, { team: name })}
    >
      <Group gap={4} wrap="nowrap">
        <FormattedMessage id="followUp.openGame" />
        <IconExternalLink size={14} />
      </Group>
    </Anchor>
  );
}

export interface TeamsProps {
  view: SessionView;
  teams: FollowUpTeam[];
  selected: ReadonlySet<string>;
  onToggle: (gameId: string) => void;
  onToggleAll: () => void;
  allSelected: boolean;
  someSelected: boolean;
}

export function useTeamName(view: SessionView) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'session.teamLabel' });
  return (teamNumber: number) => teamName(view, teamNumber, label);
}

export function FollowUpTable({
  view,
  teams,
  selected,
  onToggle,
  onToggleAll,
  allSelected,
  someSelected,
}: TeamsProps) {
  const intl = useIntl();
  const nameOf = useTeamName(view);
  const lean = teams[0]?.gameType === 'leangame';
  return (
    <Table
      stickyHeader
      stickyHeaderOffset={56}
      verticalSpacing={6}
      highlightOnHover
      striped
      data-testid="follow-up-table"
    >
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={40}>
            <Checkbox
              aria-label={intl.formatMessage({ id: 'followUp.selectAllTeams' })}
              checked={allSelected}
              indeterminate={someSelected && !allSelected}
              onChange={onToggleAll}
              data-testid="select-all-teams"
            />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="session.colTeam" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id={lean ? 'followUp.colClock' : 'session.colWeek'} />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id={lean ? 'followUp.colStations' : 'followUp.colSeats'} />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id={lean ? 'followUp.colTimeLeft' : 'followUp.colTimer'} />
          </Table.Th>
          <Table.Th ta="right">
            <FormattedMessage id={lean ? 'followUp.colFlow' : 'followUp.colCost'} />
          </Table.Th>
          <Table.Th w={110} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {teams.map((team) => {
          const name = nameOf(team.teamNumber);
          const isSelected = selected.has(team.gameId);
          return (
            <Table.Tr
              key={team.gameId}
              bg={isSelected ? 'blue.0' : undefined}
              data-testid="team-row"
              data-team={team.teamNumber}
            >
              <Table.Td>
                <Checkbox
                  aria-label={intl.formatMessage({ id: 'followUp.selectTeam' }, { team: name })}
                  checked={isSelected}
                  onChange={() => onToggle(team.gameId)}
                />
              </Table.Td>
              <Table.Td>
                <Text fw={600} size="sm" truncate maw={260}>
                  {name}
                </Text>
              </Table.Td>
              <Table.Td>
                <RoundProgress team={team} />
              </Table.Td>
              <Table.Td>
                <Seats team={team} />
                <PanelOwner team={team} />
              </Table.Td>
              <Table.Td>
                <TimeLeft team={team} />
              </Table.Td>
              <Table.Td ta="right" style={{ fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap' }}>
                <Text size="sm" data-testid="team-cost">
                  <Figures team={team} />
                </Text>
              </Table.Td>
              <Table.Td>
                <GameLink team={team} name={name} />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** A team on a phone: the same facts stacked in a card. */
export function FollowUpCards({ view, teams, selected, onToggle }: TeamsProps) {
  const intl = useIntl();
  const nameOf = useTeamName(view);
  return (
    <Stack gap="xs" data-testid="follow-up-cards">
      {teams.map((team) => {
        const name = nameOf(team.teamNumber);
        const isSelected = selected.has(team.gameId);
        return (
          <Paper
            key={team.gameId}
            withBorder
            p="sm"
            radius="md"
            bg={isSelected ? 'blue.0' : undefined}
            data-testid="team-row"
            data-team={team.teamNumber}
          >
            <Stack gap={8}>
              <Group justify="space-between" wrap="nowrap" gap="sm">
                <Group gap="sm" wrap="nowrap" miw={0}>
                  <Checkbox
                    aria-label={intl.formatMessage({ id: 'followUp.selectTeam' }, { team: name })}
                    checked={isSelected}
                    onChange={() => onToggle(team.gameId)}
                  />
                  <Text fw={600} truncate>
                    {name}
                  </Text>
                </Group>
                <GameLink team={team} name={name} />
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="sm" pl={32}>
                <RoundProgress team={team} />
                <Stack gap={2} align="flex-end">
                  <Seats team={team} />
                  <PanelOwner team={team} />
                </Stack>
              </Group>
              <Group justify="space-between" wrap="nowrap" gap="sm" pl={32}>
                <Box style={{ flexShrink: 0 }}>{team.finished ? null : <TimeLeft team={team} />}</Box>
                <Text
                  size="sm"
                  ta="right"
                  style={{ fontVariantNumeric: 'tabular-nums' }}
                  data-testid="team-cost"
                >
                  {team.gameType === 'beergame' && (
                    <>
                      <FormattedMessage id="followUp.colCost" />:{' '}
                    </>
                  )}
                  <Figures team={team} />
                </Text>
              </Group>
            </Stack>
          </Paper>
        );
      })}
    </Stack>
  );
}
