/** What the dashboard and the server's guards know of a beer game without folding it again. */
import type { BeerState } from './state';

export interface BeerSummary {
  gameId: string;
  name: string;
  creatorId: string;
  week: number;
  weeks: number;
  finished: boolean;
  /** Seen by its creator only (`config.draft`). */
  draft: boolean;
  /** Players holding a seat, each once. */
  playerIds: string[];
}

export function beergameSummary(s: BeerState): BeerSummary {
  const playerIds: string[] = [];
  for (const f of s.facilities)
    if (f.userId !== null && !playerIds.includes(f.userId)) playerIds.push(f.userId);
  return {
    gameId: s.gameId,
    name: s.name,
    creatorId: s.creatorId,
    week: s.week,
    weeks: s.config.weeks,
    finished: s.finished,
    draft: s.config.draft === true,
    playerIds,
  };
}
