/** Rules of a session's rounds: where players sit in the next round, and how a round shows in the list. */
import type { TeamComposition } from './constants';
import type { SessionSetup } from './schemas';
import type { SessionState } from './state';

/** A player's seat in a round: their team and the facility (role) they play. */
export interface Seat {
  userId: string;
  teamNumber: number;
  facilityId: string;
}

/**
 * The seats of the next round from those of the last one (spec point 3, `teamComposition`):
 * `maintainall` and `nolobby` keep every player in their team and role; `shuffle` keeps each
 * player's role but moves the k-th role (in `roleOrder`) k × (round − 1) teams on, so every role is
 * a permutation of the teams (no two players meet on one seat) and teammates change each round.
 */
export function nextRoundSeats(
  composition: TeamComposition,
  seats: readonly Seat[],
  teamCount: number,
  roleOrder: readonly string[],
  nextRoundNumber: number,
): Seat[] {
  if (composition !== 'shuffle') return seats.map((seat) => ({ ...seat }));
  return seats.map((seat) => {
    const k = Math.max(0, roleOrder.indexOf(seat.facilityId));
    const shift = (k * (nextRoundNumber - 1)) % teamCount;
    return { ...seat, teamNumber: ((seat.teamNumber - 1 + shift) % teamCount) + 1 };
  });
}

export type RoundStatus = 'locked' | 'finished' | 'playing' | 'upcoming';

/**
 * How a round appears in the round list (spec point 2, "Navigation bar"): locked rounds cannot be
 * entered; a finished one links to its results, the one being played to play, the others to intro.
 * `finished` tells whether the viewer's team's game of that round is over.
 */
export function roundStatus(s: SessionState, roundNumber: number, finished: boolean): RoundStatus {
  const round = s.setup.rounds[roundNumber - 1];
  if (round && s.lockedRounds[round.id]) return 'locked';
  if (finished) return 'finished';
  if (roundNumber === s.roundGames.length && s.startedRounds.includes(roundNumber)) return 'playing';
  return 'upcoming';
}

/**
 * Whether a session is over: its last round is the one being played and every game of it has
 * ended (spec point 4 names no such status; issue 23 asks for it). Its status then reads
 * "finished" wherever it shows.
 */
export function sessionFinished(
  roundCount: number,
  currentRound: number,
  gamesOfCurrentRound: ReadonlyArray<{ finished: boolean }>,
): boolean {
  return (
    roundCount > 0 &&
    currentRound === roundCount &&
    gamesOfCurrentRound.length > 0 &&
    gamesOfCurrentRound.every((game) => game.finished)
  );
}

/** The page a round's entry leads to, by its status (null: not enterable). */
export function roundPage(status: RoundStatus): 'results' | 'play' | 'intro' | null {
  if (status === 'locked') return null;
  if (status === 'finished') return 'results';
  return status === 'playing' ? 'play' : 'intro';
}

/** A team's name: the one the instructor gave it, else "{label} {n}" with the class's label for team. */
export function teamName(
  setup: Pick<SessionSetup, 'teamNames' | 'localeLabels'>,
  teamNumber: number,
  defaultLabel: string,
): string {
  const given = setup.teamNames[teamNumber - 1]?.trim();
  if (given) return given;
  const label = setup.localeLabels.team.trim() || defaultLabel;
  return `${label} ${teamNumber}`;
}

/**
 * The team a player joining at random goes to: the one with the most free seats (the lowest team
 * number among equals), so teams fill evenly; null when no seat is free.
 */
export function emptiestTeam<T extends { teamNumber: number; freeSeats: number }>(
  teams: readonly T[],
): T | null {
  let best: T | null = null;
  for (const team of teams)
    if (
      team.freeSeats > (best?.freeSeats ?? 0) ||
      (best && team.freeSeats === best.freeSeats && team.teamNumber < best.teamNumber)
    )
      best = team;
  return best;
}

/** A team's seats as a joining player finds them. */
export interface TeamSeats {
  teamNumber: number;
  facilities: ReadonlyArray<{ id: string; userId: string | null; computer: boolean }>;
}

/**
 * Where a player joining a round already started sits when no seat is free (issue 12: "late
 * joiners fill free roles"): a role the computer plays since the start, in the team with the fewest
 * players (the lowest team number among equals), its first such role; null when every role has a
 * player.
 */
export function computerSeatForLateJoiner(
  teams: readonly TeamSeats[],
): { teamNumber: number; facilityId: string } | null {
  let best: { teamNumber: number; facilityId: string; players: number } | null = null;
  for (const team of teams) {
    const seat = team.facilities.find((f) => f.computer && f.userId === null);
    if (!seat) continue;
    const players = team.facilities.filter((f) => f.userId !== null).length;
    if (!best || players < best.players || (players === best.players && team.teamNumber < best.teamNumber))
      best = { teamNumber: team.teamNumber, facilityId: seat.id, players };
  }
  return best && { teamNumber: best.teamNumber, facilityId: best.facilityId };
}
