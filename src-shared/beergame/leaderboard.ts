/**
 * The leaderboard (spec point 2, route `/leaderboard`; its content is ours, issue 28): for each
 * built-in template, the lowest team costs of finished games. A game counts when it is finished,
 * public (not a draft, not deleted, not a demo), played from a built-in template for the
 * template's own number of weeks (so that every game on one board played as long), every week
 * played (a game the instructor ended early does not count) and with at least one person in it
 * (a chain of computers is no team). The board names nobody: rank, cost, weeks and date only.
 */
import { own } from '../eventsourcing/own';
import { isDemoCreator } from '../rules/demo';
import type { BeerState } from './state';
import { BEERGAME_TEMPLATES } from './templates';
import { totalsOver, weeksPlayed } from './weeks-played';

export interface LeaderboardEntry {
  gameId: string;
  template: string;
  /** The whole chain's cost over the game, in the game's money, to the cent. */
  teamCost: number;
  weeks: number;
  /** When the game ended (ms epoch). */
  endedAt: number;
}

/** The number of weeks a built-in template plays, or null for an unknown template. */
export function templateWeeks(template: string): number | null {
  const make = own(BEERGAME_TEMPLATES, template);
  return make ? (make().weeks ?? null) : null;
}

/** A game's line on the leaderboard, or null when the game does not count (see above). */
export function leaderboardEntry(s: BeerState): LeaderboardEntry | null {
  if (!s.exists || !s.finished || s.deleted || s.config.draft === true) return null;
  if (isDemoCreator(s.creatorId) || s.template === null) return null;
  const weeks = s.config.weeks;
  if (templateWeeks(s.template) !== weeks || weeksPlayed(s) !== weeks) return null;
  if (!s.facilities.some((f) => f.userId !== null)) return null;
  let cost = 0;
  for (const f of s.facilities) cost += totalsOver(f, weeks).cost;
  return {
    gameId: s.gameId,
    template: s.template,
    teamCost: Math.round(cost * 100) / 100,
    weeks,
    endedAt: s.endedAt ?? s.createdAt,
  };
}

export interface RankedEntry {
  rank: number;
  teamCost: number;
  weeks: number;
  endedAt: number;
}

/**
 * The board's lines, lowest cost first (on a tie, the game that ended first), ranked as in a
 * competition: equal costs share a rank and the next rank skips (1, 2, 2, 4).
 */
export function rankLeaderboard(entries: ReadonlyArray<Omit<RankedEntry, 'rank'>>): RankedEntry[] {
  const sorted = [...entries].sort((a, b) => a.teamCost - b.teamCost || a.endedAt - b.endedAt);
  return sorted.map((entry, i) => {
    let first = i;
    while (first > 0 && sorted[first - 1]!.teamCost === entry.teamCost) first--;
    return { rank: first + 1, teamCost: entry.teamCost, weeks: entry.weeks, endedAt: entry.endedAt };
  });
}
