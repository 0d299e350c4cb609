/** What the dashboard and the server's guards know of a lean game without folding it again. */
import type { LeanState } from './state';

export interface LeanSummary {
  gameId: string;
  name: string;
  creatorId: string;
  finished: boolean;
  /** Players holding a facility, each once. */
  playerIds: string[];
}

export function leangameSummary(state: LeanState): LeanSummary {
  return {
    gameId: state.gameId,
    name: state.name,
    creatorId: state.creatorId,
    finished: state.endAt !== null,
    playerIds: state.facilities.flatMap((f) => (f.user === null ? [] : [f.user])),
  };
}
