import { describe, expect, it } from 'vitest';
import { gameStatus } from '../../../src-shared/rules/game-status';

const game = { draft: false, finished: false, week: 1, weeks: 36, freeSeats: 0 };

describe('a game’s status on the lists', () => {
  it('is a draft before anything else', () => {
    expect(gameStatus({ ...game, draft: true, finished: true })).toEqual({ kind: 'draft' });
  });
  it('is finished once over', () => {
    expect(gameStatus({ ...game, finished: true, week: 36, freeSeats: 2 })).toEqual({ kind: 'finished' });
  });
  it('waits for players while week 1 is open and a seat is free', () => {
    expect(gameStatus({ ...game, freeSeats: 3 })).toEqual({ kind: 'waiting', freeSeats: 3 });
    expect(gameStatus({ ...game, week: null, weeks: null, freeSeats: 1 })).toEqual({
      kind: 'waiting',
      freeSeats: 1,
    });
  });
  it('shows the week being played once under way, free seats or not', () => {
    expect(gameStatus(game)).toEqual({ kind: 'week', week: 1, weeks: 36 });
    expect(gameStatus({ ...game, week: 5, freeSeats: 1 })).toEqual({ kind: 'week', week: 5, weeks: 36 });
  });
  it('is in play for a game without weeks once nobody is awaited', () => {
    expect(gameStatus({ ...game, week: null, weeks: null })).toEqual({ kind: 'playing' });
  });
});
