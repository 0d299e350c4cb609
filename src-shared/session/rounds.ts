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
