/**
 * What every live view of a page (a game's, a session's) does with its subscription: it holds the
 * view the server's whole views, patches and beats make (src-shared/api/view-patch.ts), reads the
 * whole again when an update does not follow, tells the page whether the view is current
 * (connection.ts: a view unconfirmed for two seconds makes the page stale), and starts again by
 * itself when the subscription fails (the database away, the server restarting): no error toast,
 * no reload, the page says it is reconnecting until the view is back.
 */
import { useEffect, useRef, useState } from 'react';
import { type HeldView, type LiveView, nextHeldView } from '../src-shared/api/view-patch';
import { reconnectDelayMs } from './api-links';
import { trackLiveView } from './connection';

/**
 * The view of one live subscription, and the handlers that keep it: pass `onData` and `onError`
 * to the subscription, and `restartWith` its `reset` at every render. `onError` answers whether it
 * took the error (false: a refusal the caller shows).
 */
export function useLiveView<V extends object>(
  isRefusal: (error: { data?: { code?: string } | null }) => boolean,
) {
  const [view, setView] = useState<V | null>(null);
  const held = useRef<HeldView<V> | null>(null);
  // Followed for as long as the component is mounted (connection.ts).
  const tracked = useRef<ReturnType<typeof trackLiveView> | null>(null);
  useEffect(() => {
    const view = trackLiveView();
    tracked.current = view;
    return () => {
      view.close();
      tracked.current = null;
    };
  }, []);
  const restart = useRef<() => void>(() => {});
  const failures = useRef(0);
  const retry = useRef<number | undefined>(undefined);
  useEffect(() => () => window.clearTimeout(retry.current), []);
  return {
    view,
    restartWith(reset: () => void) {
      restart.current = reset;
    },
    onData(update: LiveView<V>) {
      const next = nextHeldView(held.current, update);
      held.current = next;
      if (next === null) {
        restart.current();
        return;
      }
      failures.current = 0;
      tracked.current?.confirmed();
      if (!('beat' in update)) setView(next.view);
    },
    onError(error: { data?: { code?: string } | null }): boolean {
      if (isRefusal(error)) return false;
      // Cut off without an answer (its socket closed under it as the sign-in changed: the new
      // client subscribes again) is the connection's to tell.
      if (!error.data) return true;
      // Failed on the server (its database away): the figures are stale until it is back, and it
      // is started again after the socket's pause (never more than 1 s, jittered, so a class
      // does not subscribe in one burst).
      held.current = null;
      tracked.current?.failed();
      window.clearTimeout(retry.current);
      retry.current = window.setTimeout(() => restart.current(), reconnectDelayMs(failures.current++));
      return true;
    },
  };
}
