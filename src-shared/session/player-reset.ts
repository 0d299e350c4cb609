/**
 * `allowPlayerReset` (spec point 3, session template config): in a session that allows it, a
 * player may start their own team's game of the round being played over, before it has started,
 * after a confirmation. The spec names the setting and no more; what it allows is ours (issue 26):
 *
 * - only in a session whose setting is on;
 * - only the game where the caller holds a seat, in the round being played (an instructor, who
 *   holds none, resets from the board or the follow-up);
 * - only a game still open (not ended, not deleted) that has not started: for a beer game, until
 *   its first week closes (`beerTeamGame`'s `started`), the same moment the instructor's own starting-order
 *   reset stops (`startingOrdersOpen`). A reset then undoes the first week's orders and proposals
 *   and keeps every seat; a game under way is the instructor's to reset, not one player's.
 *
 * The server decides with this rule on the game's state as the reset is recorded (no race with the
 * week closing); the lobby asks it too, to offer the button only when it would be accepted.
 */

/** What the rule needs to know of the caller's game of the round being played. */
export interface ResettableGame {
  finished: boolean;
  deleted: boolean;
  /** The game has started (a beer game: its first week has closed). */
  started: boolean;
}

export interface PlayerResetCase {
  allowPlayerReset: boolean;
  /** The game where the caller holds a seat in the round being played; null: they hold none. */
  game: ResettableGame | null;
}

/**
 * Why a player may not reset their team's game now (a locale message id), or null: they may. The
 * product's existing words say each refusal (a player's every page carries them, within its first-load
 * budget): where the session does not allow it, only the instructor may; only the game's players
 * may; a game over; a game that has already started.
 */
export function playerResetRefusal(c: PlayerResetCase): string | null {
  if (!c.allowPlayerReset) return 'beergame.errNotAllowed';
  if (c.game === null) return 'errors.membersOnly';
  if (c.game.finished || c.game.deleted) return 'beergame.errGameFinished';
  if (c.game.started) return 'beergame.errGameStarted';
  return null;
}

export const mayResetOwnGame = (c: PlayerResetCase): boolean => playerResetRefusal(c) === null;
