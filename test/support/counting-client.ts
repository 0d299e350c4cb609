/**
 * A tRPC client whose WebSocket counts what it receives (keep-alive pings aside), and a follower
 * of `game.watchChanges` that rebuilds the view from its patches as the app does: for the live
 * traffic test and the load run.
 */
import type WebSocket from 'ws';
import type { GameView } from '../../src-server/trpc/routers/game';
import { type LiveView, nextHeldView } from '../../src-shared/api/view-patch';
import type { BeerView } from '../../src-shared/beergame';
import { apiClient } from './server';

export interface Received {
  bytes: number;
  messages: number;
  /** Called with the size of each message received. */
  onMessage?: (bytes: number) => void;
  /** Called when a socket opens (its handshake answered). */
  onOpen?: (socket: WebSocket) => void;
  sockets: WebSocket[];
}

/** A client for `baseUrl` carrying `cookie`; `received` counts the WebSocket's incoming messages. */
export function countingClient(
  baseUrl: string,
  cookie: string,
  options: Parameters<typeof apiClient>[3] = {},
) {
  const received: Received = { bytes: 0, messages: 0, sockets: [] };
  const { api, close } = apiClient(
    baseUrl,
    cookie,
    (socket) => {
      received.sockets.push(socket);
      socket.once('open', () => received.onOpen?.(socket));
      socket.on('message', (data: Buffer) => {
        if (data.length === 4 && data.toString() === 'PING') return;
        received.bytes += data.length;
        received.messages++;
        received.onMessage?.(data.length);
      });
    },
    options,
  );
  return { api, received, close };
}

/** A game followed live; its view is the beer game's unless the follower names another. */
export interface Followed<V = BeerView> {
  seq: number;
  view: V | null;
  /** The stream version the view shows, as the last view, patch or beat said. */
  version: number | undefined;
  /** Views and patches received (beats aside). */
  updates: number;
  /** Whole views received: the first, then one after each reconnection (a patch needs a base). */
  wholeViews: number;
  /** Beats received: the server confirming the view held. */
  beats: number;
  /** When the server last confirmed the view (a view, a patch or a beat), in performance.now(). */
  confirmedAt: number;
  error: unknown;
}

/** Follows a beer game's `game.watchChanges` (see `followGame`). */
export function follow(
  api: ReturnType<typeof countingClient>['api'],
  gameId: string,
  onView?: (view: BeerView) => void,
  onConfirmed?: (state: Followed<BeerView>) => void,
) {
  return followGame<BeerView>(api, gameId, onView, onConfirmed);
}

/**
 * Follows `game.watchChanges`, keeping the view its patches rebuild (nextHeldView, as the app does);
 * `onView` sees each view, `onConfirmed` each view, patch or beat.
 */
export function followGame<V extends object>(
  api: ReturnType<typeof countingClient>['api'],
  gameId: string,
  onView?: (view: V) => void,
  onConfirmed?: (state: Followed<V>) => void,
) {
  const state: Followed<V> = {
    seq: 0,
    view: null,
    version: undefined,
    updates: 0,
    wholeViews: 0,
    beats: 0,
    confirmedAt: Number.NaN,
    error: null,
  };
  const subscription = api.game.watchChanges.subscribe(
    { gameId },
    {
      onData: (update: LiveView<GameView>) => {
        const held = state.view && { seq: state.seq, view: state.view, version: state.version };
        const next = nextHeldView(held, update as LiveView<V>);
        if (next === null) {
          state.error = new Error(`${JSON.stringify(update).slice(0, 80)} does not follow ${state.seq}`);
          return;
        }
        state.confirmedAt = performance.now();
        state.version = next.version;
        if ('beat' in update) state.beats++;
        else {
          state.updates++;
          if ('view' in update) state.wholeViews++;
          state.seq = next.seq;
          state.view = next.view;
          onView?.(next.view);
        }
        onConfirmed?.(state);
      },
      onError: (error) => {
        state.error = error;
      },
    },
  );
  return { state, unsubscribe: () => subscription.unsubscribe() };
}
