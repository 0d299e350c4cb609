/** `allowPlayerReset` (issue 26): when a player may restart their own team's game. */
import { describe, expect, it } from 'vitest';
import {
  mayResetOwnGame,
  type PlayerResetCase,
  playerResetRefusal,
} from '../../src-shared/session/player-reset';

const open = { finished: false, deleted: false, started: false };
const allowed: PlayerResetCase = { allowPlayerReset: true, game: open };

describe('playerResetRefusal', () => {
  it('lets a seated player reset a game that has not started, in a session that allows it', () => {
    expect(playerResetRefusal(allowed)).toBeNull();
    expect(mayResetOwnGame(allowed)).toBe(true);
  });

  it('refuses, in this order: the setting off, no seat, a game over, a game under way', () => {
    expect(playerResetRefusal({ allowPlayerReset: false, game: open })).toBe('beergame.errNotAllowed');
    // The setting first: a player of a session that does not allow it learns that, whatever their game.
    expect(playerResetRefusal({ allowPlayerReset: false, game: null })).toBe('beergame.errNotAllowed');
    expect(playerResetRefusal({ allowPlayerReset: true, game: null })).toBe('errors.membersOnly');
    expect(playerResetRefusal({ ...allowed, game: { ...open, finished: true } })).toBe(
      'beergame.errGameFinished',
    );
    expect(playerResetRefusal({ ...allowed, game: { ...open, deleted: true } })).toBe(
      'beergame.errGameFinished',
    );
    expect(playerResetRefusal({ ...allowed, game: { ...open, started: true } })).toBe(
      'beergame.errGameStarted',
    );
    expect(playerResetRefusal({ ...allowed, game: { ...open, started: true, finished: true } })).toBe(
      'beergame.errGameFinished',
    );
    expect(mayResetOwnGame({ ...allowed, game: { ...open, started: true } })).toBe(false);
  });
});
