/**
 * Whether the starting orders (`resetStartingOrders`, spec point 7; rules/beergame.md,
 * `startOrders`) may still be reset: the game is open and its first week has not closed. The engine
 * refuses it afterwards (instructor.ts) and the game settings offer it until then (issue 26). Apart
 * from proposals.ts, so that the engine and the settings panel take this one line, not the order
 * box's reading.
 */
export const startingOrdersOpen = (game: { week: number; finished: boolean }): boolean =>
  !game.finished && game.week === 1;
