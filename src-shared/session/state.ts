/** A session's state: the fold of its events (nothing of it is stored). */
import type { SessionSetup } from './schemas';

export interface SessionState {
  exists: boolean;
  deleted: boolean;
  sessionId: string;
  creatorId: string;
  template: string | null;
  duplicateOf: string | null;
  createdAt: number;
  setup: SessionSetup;
  published: boolean;
  /** The short code players type; null until generated (a duplicate starts without one). */
  code: string | null;
  /** The games of each opened round, by team: `roundGames[r - 1][t - 1]`. */
  roundGames: string[][];
  /** The rounds started, by number. */
  startedRounds: number[];
  /** Spec `lockedRounds`: a map by round id. */
  lockedRounds: Record<string, true>;
}

export const initialSessionState: SessionState = {
  exists: false,
  deleted: false,
  sessionId: '',
  creatorId: '',
  template: null,
  duplicateOf: null,
  createdAt: 0,
  setup: {
    name: '',
    config: {
      teamComposition: 'maintainall',
      instructionsMode: 'hostvideo-playerslides',
      debriefingMode: 'access',
      allowPlayerReset: false,
      allowJoinRandom: true,
      allowLanguagePicker: true,
      allowAudioPlayer: ['instructor'],
    },
    rounds: [],
    teamCount: 0,
    teamNames: [],
    localeLabels: { team: '', round: '' },
  },
  published: false,
  code: null,
  roundGames: [],
  startedRounds: [],
  lockedRounds: {},
};

/** The round players are in: the last one opened (0 before the first). */
export const currentRound = (s: SessionState): number => s.roundGames.length;

/** The game of a team in a round, if that round is open. */
export const gameOfTeam = (s: SessionState, roundNumber: number, teamNumber: number): string | null =>
  s.roundGames[roundNumber - 1]?.[teamNumber - 1] ?? null;

/** Where a game sits in its session, if it is one of its games. */
export function placeOfGame(
  s: SessionState,
  gameId: string,
): { roundNumber: number; teamNumber: number } | null {
  for (const [r, games] of s.roundGames.entries()) {
    const t = games.indexOf(gameId);
    if (t >= 0) return { roundNumber: r + 1, teamNumber: t + 1 };
  }
  return null;
}
