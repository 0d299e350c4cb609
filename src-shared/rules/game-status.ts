/**
 * A game's status on the instructor's lists (issue 11): a draft; finished; waiting for players
 * while week 1 has not closed and a seat is free; else the week being played. A game without weeks
 * (the lean game) is in play once nobody is awaited.
 */

export type GameStatus =
  | { kind: 'draft' }
  | { kind: 'finished' }
  | { kind: 'waiting'; freeSeats: number }
  | { kind: 'week'; week: number; weeks: number }
  | { kind: 'playing' };

export interface GameStatusFacts {
  draft: boolean;
  finished: boolean;
  week: number | null;
  weeks: number | null;
  freeSeats: number;
}

export function gameStatus(game: GameStatusFacts): GameStatus {
  if (game.draft) return { kind: 'draft' };
  if (game.finished) return { kind: 'finished' };
  if (game.freeSeats > 0 && (game.week === null || game.week <= 1))
    return { kind: 'waiting', freeSeats: game.freeSeats };
  if (game.week !== null && game.weeks !== null) return { kind: 'week', week: game.week, weeks: game.weeks };
  return { kind: 'playing' };
}
