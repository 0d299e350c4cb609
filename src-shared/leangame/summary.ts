/** What the dashboard and the server's guards know of a lean game without folding it again. */
import type { SessionPlace } from '../beergame/schemas';
import type { LeanState } from './state';

export interface LeanSummary {
  gameId: string;
  name: string;
  creatorId: string;
  finished: boolean;
  archived: boolean;
  /** Seen by its creator only until published. */
  draft: boolean;
  deleted: boolean;
  /** Players holding a facility, each once. */
  playerIds: string[];
  /** Facilities waiting for a player (computer stations excluded). */
  freeSeats: number;
  /** The game's session, round and team; null: a game of its own. */
  session: SessionPlace | null;
}

export function leangameSummary(state: LeanState): LeanSummary {
  return {
    gameId: state.gameId,
    name: state.name,
    creatorId: state.creatorId,
    finished: state.endAt !== null,
    archived: state.archived,
    draft: state.draft,
    deleted: state.deleted,
    playerIds: state.facilities.flatMap((f) => (f.user === null ? [] : [f.user])),
    freeSeats: state.facilities.filter(
      (f) => f.user === null && !(state.computer?.facilityIds.includes(f.id) ?? false),
    ).length,
    session: state.session,
  };
}
