import { useMemo } from 'react';
import { trpc } from '../../../trpc';
import { foldHistory } from './history';

/** A finished game's events, read once and folded into the state at each step. */
export function useBeerHistory(gameId: string, enabled: boolean) {
  const query = trpc.beergame.history.useQuery({ gameId }, { enabled, staleTime: Number.POSITIVE_INFINITY });
  const history = useMemo(() => (query.data ? foldHistory(query.data.events) : null), [query.data]);
  return { history, error: query.error };
}
