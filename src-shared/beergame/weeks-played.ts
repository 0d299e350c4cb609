/**
 * What a week played is, and which step of a game's history shows each week (issue 23): one
 * definition for every figure, chart, sheet and export, and for the debrief's replay.
 *
 * A week is played once it has closed (`WeekClosed`: its orders sent, its row complete). Week n's
 * numbers (stock, backlog, incoming order, cost) are those of its steps 1–4, which the engine runs
 * as the week opens; its order is the one sent when it closes. The week under way is not played
 * yet, and the week under way when the instructor ends a game is never played: it has no row in
 * an export, and its cost counts nowhere.
 */
import type { BeerState, FacilityState } from './state';

/** The definition in words, for the research codebook. */
export const WEEKS_PLAYED_DEFINITION =
  'A week counts as played once it closed (its orders sent): the week under way, and the week under way when the instructor ended a game early, have no row and count in no figure.';

/** The weeks played in the game's current play (a reset starts again from none). */
export function weeksPlayed(s: BeerState): number {
  const rows = s.facilities[0]?.history;
  if (!rows || rows.length === 0) return 0;
  // Each week's row joins the history as the week opens and gets its order when it closes.
  return rows[rows.length - 1]!.order === null ? rows.length - 1 : rows.length;
}

/** A facility's cost and revenue over the first `weeks` weeks (its starting figures included). */
export function totalsOver(f: FacilityState, weeks: number): { cost: number; revenue: number } {
  const row = f.history[weeks - 1];
  if (row) return { cost: row.cumulativeCost, revenue: row.cumulativeRevenue };
  const first = f.history[0];
  if (!first) return { cost: f.cost, revenue: f.revenue };
  return { cost: first.cumulativeCost - first.cost, revenue: first.cumulativeRevenue - first.revenue };
}

/**
 * The replay's steps by week: for week n (index n − 1), the step that shows it, the last one
 * before the week closed: its numbers as its row has them, every order a player placed in it
 * placed. `states[k]` is the state after the k-th event (step k). A reset forgets the weeks before.
 */
export function replayWeekSteps(states: readonly BeerState[]): number[] {
  const steps: number[] = [];
  for (let k = 0; k < states.length; k++) {
    const played = weeksPlayed(states[k]!);
    if (played < steps.length) steps.length = played;
    // The close of week n is step k: week n is shown by the step before it.
    while (steps.length < played) steps.push(k - 1);
  }
  return steps;
}

/**
 * The week a step belongs to: the week under way at it (from the close of the week before to its
 * own step); `weekSteps.length + 1` once the last week played has closed.
 */
export function replayWeekOf(weekSteps: readonly number[], step: number): number {
  let week = 1;
  while (week <= weekSteps.length && weekSteps[week - 1]! < step) week++;
  return week;
}

/** The step `?week=n` opens: week n's; the first step for n ≤ 0; the last week's past it. */
export function replayStepOfWeek(weekSteps: readonly number[], week: number, last: number): number {
  if (week <= 0) return 0;
  if (weekSteps.length === 0) return last;
  return weekSteps[Math.min(week, weekSteps.length) - 1]!;
}

/** The next week's step after `step`; the last step after the last week. */
export function nextWeekStep(weekSteps: readonly number[], step: number, last: number): number {
  return weekSteps.find((s) => s > step) ?? last;
}

/** The previous week's step before `step`; the first step before the first week. */
export function previousWeekStep(weekSteps: readonly number[], step: number): number {
  return weekSteps.findLast((s) => s < step) ?? 0;
}

/**
 * The step whose state the figures and charts at `step` are drawn from. Figures count the weeks
 * played, so a week's own step takes them after its close (the next step), when the week's order
 * is sent, the computer's included: week n then shows weeks 1 to n. Any other step, itself.
 */
export function replayFiguresStep(weekSteps: readonly number[], step: number): number {
  return weekSteps.includes(step) ? step + 1 : step;
}
