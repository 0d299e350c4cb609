/**
 * What a week played is (issue 23): one definition for every figure, chart, sheet and export.
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
