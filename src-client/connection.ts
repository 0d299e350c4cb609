/**
 * Whether this page is live with the server, as its WebSocket says: every live figure comes over
 * it, so when it closes (the server restarts, the network drops) what the page shows stops
 * following the game. Pages say so (ui/connection-banner.tsx) and dim their figures, and commands
 * wait for the socket instead of failing: React Query's `onlineManager` follows this state, so a
 * command sent (or retried) while the server is away is paused and sent, with its command id, the
 * moment the socket is back.
 *
 * A socket that stays open is not enough: a server whose database is away cannot follow the game
 * either. So each live view on the page (`trackLiveView`) is confirmed by the server at least once
 * a second (a view, a patch or a beat); a view that goes unconfirmed for LIVE_VIEW_STALE_MS, or
 * whose subscription failed, makes the page stale too (`useViewsStale`), until it is confirmed again.
 */
import { onlineManager } from '@tanstack/react-query';
import type { TRPCWebSocketClient } from '@trpc/client';
import { useSyncExternalStore } from 'react';
import { LIVE_VIEW_STALE_MS } from '../src-shared/api/view-patch';

/** `connecting`: not yet open since the page loaded; `live`: open; `reconnecting`: lost after being open. */
export type ConnectionState = 'connecting' | 'live' | 'reconnecting';

let state: ConnectionState = 'connecting';
const listeners = new Set<() => void>();

function setState(next: ConnectionState) {
  if (next === state) return;
  state = next;
  for (const listener of listeners) listener();
}

/**
 * Follows a WebSocket client's connection. A new client (the sign-in changed) starts connecting
 * again; a page that was live stays "live" meanwhile, since nothing was lost.
 */
export function followConnection(wsClient: TRPCWebSocketClient): () => void {
  const subscription = wsClient.connectionState.subscribe({
    next: (connection) => {
      // A client's first connection has no error: only a lost one (or a failed first try) has.
      if (connection.state === 'pending') setState('live');
      else if (connection.state === 'connecting' && connection.error) setState('reconnecting');
    },
  });
  return () => subscription.unsubscribe();
}

/** Only a socket lost after being open pauses commands: the first connection never holds a page's calls. */
onlineManager.setEventListener((setOnline) => {
  const update = () => setOnline(state !== 'reconnecting');
  listeners.add(update);
  return () => listeners.delete(update);
});

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** The page's connection now. */
export const currentConnection = (): ConnectionState => state;

/** The page's connection, re-rendering on every change. */
export function useConnection(): ConnectionState {
  return useSyncExternalStore(subscribe, currentConnection);
}

/**
 * The page's live views, as `trackLiveView` follows them: when the server last confirmed each
 * (performance.now(); null before its first view), whether its subscription failed since, and when
 * it was opened (a view the server never sends is stale too).
 */
const views = new Set<{ confirmedAt: number | null; failed: boolean; openedAt: number }>();
let viewsStale = false;
const viewListeners = new Set<() => void>();
let checker: number | undefined;

/**
 * Whether one of the page's live views is not current: confirmed, but not for LIVE_VIEW_STALE_MS;
 * failed; or never confirmed LIVE_VIEW_STALE_MS after it opened on a live socket (a view the server
 * cannot read). A socket still connecting is the connection's to tell.
 */
function judgeViews() {
  const now = performance.now();
  const stale = [...views].some(
    (view) =>
      view.failed ||
      now - (view.confirmedAt ?? (state === 'live' ? view.openedAt : now)) > LIVE_VIEW_STALE_MS,
  );
  if (views.size === 0) {
    window.clearInterval(checker);
    checker = undefined;
  }
  if (stale === viewsStale) return;
  viewsStale = stale;
  for (const listener of viewListeners) listener();
}

/**
 * Follows one live view of the page: `confirmed` at each view, patch or beat, `failed` when its
 * subscription fails (it is started again), `close` when the page leaves it.
 */
export function trackLiveView() {
  const view = { confirmedAt: null as number | null, failed: false, openedAt: performance.now() };
  views.add(view);
  checker ??= window.setInterval(judgeViews, 250);
  return {
    confirmed() {
      view.confirmedAt = performance.now();
      view.failed = false;
      judgeViews();
    },
    failed() {
      view.failed = true;
      judgeViews();
    },
    close() {
      views.delete(view);
      judgeViews();
    },
  };
}

const subscribeViews = (listener: () => void) => {
  viewListeners.add(listener);
  return () => viewListeners.delete(listener);
};

/** Whether one of the page's live views is stale (see `judgeViews`), re-rendering on every change. */
export const useViewsStale = (): boolean => useSyncExternalStore(subscribeViews, () => viewsStale);
