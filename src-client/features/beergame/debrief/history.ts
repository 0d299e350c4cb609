/**
 * A game's history folded in the browser with the published reducer (DESIGN, "Replay": the fold
 * of a prefix of the events is the state at that step), so the debrief and its replay show what
 * the engine computes, never a copy of it.
 */
import type { BeerEvent, BeerState } from '../../../../src-shared/beergame';
import { evolve } from '../../../../src-shared/beergame/evolve';
import { initialBeerState } from '../../../../src-shared/beergame/state';
import { replayWeekSteps } from '../../../../src-shared/beergame/weeks-played';

export interface HistoryStep {
  /** The event's stream version: step k is the state after the k-th event. */
  version: number;
  type: BeerEvent['type'];
  recordedAt: number;
  state: BeerState;
}

export interface FoldedHistory {
  steps: HistoryStep[];
  /** The step that shows each week played, by week number (index 0: week 1): `replayWeekSteps`. */
  weekSteps: number[];
}

/** The state after each event, sharing what did not change (the reducer's structural sharing). */
export function foldHistory(
  events: ReadonlyArray<BeerEvent & { version: number; recordedAt: number }>,
): FoldedHistory {
  const steps: HistoryStep[] = [];
  let state = initialBeerState;
  for (const event of events) {
    state = evolve(state, event);
    steps.push({ version: event.version, type: event.type, recordedAt: event.recordedAt, state });
  }
  return { steps, weekSteps: replayWeekSteps(steps.map((step) => step.state)) };
}
