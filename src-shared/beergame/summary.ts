/** What the dashboard and the server's guards know of a beer game without folding it again. */
import type { SessionPlace } from './schemas';
import type { BeerState } from './state';

export interface BeerSummary {
  gameId: string;
  name: string;
  creatorId: string;
  week: number;
  weeks: number;
  finished: boolean;
  archived: boolean;
  deleted: boolean;
  /** Seen by its creator only (`config.draft`). */
  draft: boolean;
  /** Players holding a seat, each once. */
  playerIds: string[];
  /** Seats waiting for a player: neither held nor played by the computer. */
  freeSeats: number;
  /** The game's session, round and team; null: a game of its own. */
  session: SessionPlace | null;
}

export function beergameSummary(s: BeerState): BeerSummary {
  const playerIds: string[] = [];
  let freeSeats = 0;
  for (const f of s.facilities) {
    if (f.userId !== null && !playerIds.includes(f.userId)) playerIds.push(f.userId);
    if (f.userId === null && !f.computer) freeSeats++;
  }
  return {
    gameId: s.gameId,
    name: s.name,
    creatorId: s.creatorId,
    week: s.week,
    weeks: s.config.weeks,
    finished: s.finished,
    archived: s.archived,
    deleted: s.deleted,
    draft: s.config.draft === true,
    playerIds,
    freeSeats,
    session: s.session,
  };
}
