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
import { useEffect, useMemo, useRef, useSyncExternalStore } from 'react';
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

/** A live view of the page, as `trackLiveView` follows it. */
interface TrackedView {
  /** When the server last confirmed it (performance.now()), or null before its first view. */
  confirmedAt: number | null;
  /** Whether its subscription failed since it was last confirmed (it is being started again). */
  failed: boolean;
  /** When it was opened, or started again: a view the server never sends is stale too. */
  openedAt: number;
}

const views = new Set<TrackedView>();
let viewsStale = false;
const viewListeners = new Set<() => void>();
let checker: number | null = null;
/** Who waits for the server to answer again (`serverAnswers`). */
const answerWaiters = new Set<() => void>();

/**
 * Resolves when the server next confirms one of the page's live views: it answers again, so what
 * failed while it could not (a live view's subscription, the sign-in's read) is tried at once
 * instead of after its pause.
 */
export function serverAnswers(): Promise<void> {
  return new Promise((resolve) => answerWaiters.add(resolve));
}

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
      (view.confirmedAt !== null
        ? now - view.confirmedAt > LIVE_VIEW_STALE_MS
        : state === 'live' && now - view.openedAt > LIVE_VIEW_STALE_MS),
  );
  if (views.size === 0 && checker !== null) {
    window.clearInterval(checker);
    checker = null;
  }
  if (stale === viewsStale) return;
  viewsStale = stale;
  for (const listener of viewListeners) listener();
}

/**
 * Follows one live view of the page: `confirmed` at each view, patch or beat, `failed` when its
 * subscription fails (it is started again), `restarted` when it is started again for another
 * reason (a patch that did not follow), `close` when the page leaves it.
 */
export function trackLiveView() {
  const view: TrackedView = { confirmedAt: null, failed: false, openedAt: performance.now() };
  views.add(view);
  checker ??= window.setInterval(judgeViews, 250);
  return {
    confirmed() {
      view.confirmedAt = performance.now();
      view.failed = false;
      judgeViews();
      for (const answered of answerWaiters) answered();
      answerWaiters.clear();
    },
    failed() {
      view.failed = true;
      judgeViews();
    },
    restarted() {
      view.openedAt = performance.now();
    },
    close() {
      views.delete(view);
      judgeViews();
    },
  };
}

type TrackedLiveView = Omit<ReturnType<typeof trackLiveView>, 'close'>;

/** A live view followed for as long as the component that shows it is mounted (`trackLiveView`). */
export function useTrackedLiveView(): TrackedLiveView {
  const current = useRef<ReturnType<typeof trackLiveView> | null>(null);
  useEffect(() => {
    const tracked = trackLiveView();
    current.current = tracked;
    return () => {
      tracked.close();
      current.current = null;
    };
  }, []);
  return useMemo(
    () => ({
      confirmed: () => current.current?.confirmed(),
      failed: () => current.current?.failed(),
      restarted: () => current.current?.restarted(),
    }),
    [],
  );
}

const subscribeViews = (listener: () => void) => {
  viewListeners.add(listener);
  return () => viewListeners.delete(listener);
};

/** Whether one of the page's live views is stale (see `judgeViews`), re-rendering on every change. */
export function useViewsStale(): boolean {
  return useSyncExternalStore(subscribeViews, () => viewsStale);
}
