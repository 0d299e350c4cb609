import { trpc } from '../../../trpc';

/** A lean game's events, read once (when `enabled`: the round is over) for the debrief and its replay. */
export function useLeanHistory(gameId: string, enabled: boolean) {
  const query = trpc.leangame.history.useQuery({ gameId }, { enabled, staleTime: Number.POSITIVE_INFINITY });
  return { history: query.data ?? null, error: query.error };
}
