/**
 * Where a session's player goes when the class moves on (issue 23, "The next round"): wherever
 * they are in the session (its lobby, its results, any page of one of its games), a round that
 * opens takes them to their game of that round, and a round that starts takes them from its intro
 * or the lobby to its play page. What a page has already followed is remembered (`Followed`), so a
 * player who goes back to an earlier round's results, or to the lobby, on purpose stays there,
 * while one who reloads a page the class has left is taken along.
 */
import type { SessionView } from './view';

/** The last state of the session a player's pages followed: its round and whether it had started. */
export interface Followed {
  round: number;
  started: boolean;
}

/** Where the player is: the lobby, the session's results, or a page of one of its games. */
export type PlayerPage =
  | { kind: 'lobby' }
  | { kind: 'results' }
  | { kind: 'game'; gameId: string; roundNumber: number; stage: 'intro' | 'play' | 'results' };

export type FollowMove =
  /** To the player's game of the round being played, on `stage`. */
  | { to: 'game'; gameId: string; stage: 'intro' | 'play'; roundNumber: number; why: 'opened' | 'started' }
  /** To the lobby: a round opened without a seat for the player (they choose one there). */
  | { to: 'lobby'; roundNumber: number; why: 'opened' };

type Viewed = Pick<SessionView, 'isAdmin' | 'currentRound' | 'started' | 'me'>;

/**
 * What a page that knows nothing of earlier visits has followed: the round it shows (a game's),
 * else the one being played as it is now (the lobby and results follow changes from now on).
 */
export function followedOnArrival(view: Viewed, page: PlayerPage): Followed {
  if (page.kind === 'game' && page.roundNumber < view.currentRound)
    return { round: page.roundNumber, started: true };
  return { round: view.currentRound, started: view.started };
}

/** The move the session's state calls for, or null to stay (an admin always stays). */
export function followMove(view: Viewed, page: PlayerPage, followed: Followed): FollowMove | null {
  if (view.isAdmin || view.currentRound === 0) return null;
  const round = view.currentRound;
  const stage = view.started ? 'play' : 'intro';
  const onMyGame = page.kind === 'game' && view.me !== null && page.gameId === view.me.gameId;
  if (round > followed.round) {
    if (onMyGame) return null;
    if (view.me) return { to: 'game', gameId: view.me.gameId, stage, roundNumber: round, why: 'opened' };
    return page.kind === 'lobby' ? null : { to: 'lobby', roundNumber: round, why: 'opened' };
  }
  const startedNow = round === followed.round && view.started && !followed.started;
  const waiting = page.kind === 'lobby' || (onMyGame && page.kind === 'game' && page.stage === 'intro');
  if (startedNow && waiting && view.me)
    return { to: 'game', gameId: view.me.gameId, stage: 'play', roundNumber: round, why: 'started' };
  return null;
}
