/**
 * A game's history folded in the browser with the published reducer (DESIGN, "Replay": the fold
 * of a prefix of the events is the state at that step), so the debrief and its replay show what
 * the engine computes, never a copy of it.
 */
import type { BeerEvent, BeerState } from '../../../../src-shared/beergame';
import { evolve } from '../../../../src-shared/beergame/evolve';
import { initialBeerState } from '../../../../src-shared/beergame/state';

export interface HistoryStep {
  /** The event's stream version: step k is the state after the k-th event. */
  version: number;
  type: BeerEvent['type'];
  recordedAt: number;
  state: BeerState;
}

export interface FoldedHistory {
  steps: HistoryStep[];
  /** The step at which each week closed, by week number (index 0: week 1). */
  weekEnds: number[];
}

/** The state after each event, sharing what did not change (the reducer's structural sharing). */
export function foldHistory(
  events: ReadonlyArray<BeerEvent & { version: number; recordedAt: number }>,
): FoldedHistory {
  const steps: HistoryStep[] = [];
  const weekEnds: number[] = [];
  let state = initialBeerState;
  for (const event of events) {
    state = evolve(state, event);
    steps.push({ version: event.version, type: event.type, recordedAt: event.recordedAt, state });
    // A reset starts the weeks again: the weeks closed before it are no longer the game's.
    if (event.type === 'GameReset') weekEnds.length = 0;
    if (event.type === 'WeekClosed') weekEnds[event.data.week - 1] = steps.length - 1;
  }
  return { steps, weekEnds };
}

/** The last week closed at or before `step` (0 before the first close). */
export function weekAt(history: FoldedHistory, step: number): number {
  let week = 0;
  for (let w = 0; w < history.weekEnds.length; w++) if (history.weekEnds[w]! <= step) week = w + 1;
  return week;
}
