import { httpBatchLink, splitLink, type TRPCLink, type TRPCWebSocketClient, wsLink } from '@trpc/client';
import { observable } from '@trpc/server/observable';
import superjson from 'superjson';
import type { AppRouter } from '../src-server/trpc/router';

/**
 * How long the WebSocket waits before its next reconnection attempt: quick at first, never more
 * than 1 s (a page knocks again within a second of a restarted server: issue 39 asks every page
 * current within 3 s of a fault), with half a second of jitter so that a whole class does not
 * reconnect in the same millisecond. A refused attempt costs the server nothing: its port is closed.
 */
export const reconnectDelayMs = (attempt: number, random = Math.random): number =>
  Math.min(100 * 2 ** attempt, 500) + Math.floor(random() * 500);

/**
 * The WebSocket's address (`wsBase`: `ws://host/api/trpc`), naming the game of the page it opens
 * on: a proxy in front of several processes sends a game's players to the same one
 * (deploy/haproxy.cfg, `balance url_param game`), where its commands and views need nothing from
 * the others. The server ignores the parameter; a page of no game opens the plain address.
 */
export function socketAddress(wsBase: string, pathname: string): string {
  const game = /^\/game\/([^/]+)/.exec(pathname)?.[1];
  return game ? `${wsBase}?game=${game}` : wsBase;
}

/** The app's WebSocket settings (`createWSClient`): the load runs' clients reconnect the same way. */
export const socketOptions = {
  retryDelayMs: reconnectDelayMs,
  // The server pings every 4 s: a socket silent for 6 s has lost it (a network gone without a word).
  keepAlive: { enabled: true, intervalMs: 6_000, pongTimeoutMs: 2_000 },
};

/**
 * How calls travel. Subscriptions take the WebSocket; so do commands while it is open: an order
 * is then one small frame on a connection already signed in, where an HTTP request costs the
 * server a request, its headers, cookies and a response (a class of 1,000 ordering in the same
 * second is that many requests). Queries, and commands while the socket is (re)connecting, take
 * HTTP batches, so a command never waits for a socket. A command cut off by a closing socket fails
 * without an answer and is sent again with its command id (`retryUnanswered`), so it applies once.
 */
export function apiLinks(options: {
  wsClient: TRPCWebSocketClient;
  url: string;
  headers?: Record<string, string>;
  /** Sees every failed call (the page reports server errors and network failures: telemetry.ts). */
  onFailure?: (type: string, error: { data?: { httpStatus?: number } | null }) => void;
}): TRPCLink<AppRouter>[] {
  const socketOpen = () => options.wsClient.connection?.state === 'open';
  const onFailure = options.onFailure;
  const failures: TRPCLink<AppRouter>[] = onFailure
    ? [
        () =>
          ({ op, next }) =>
            observable((observer) =>
              next(op).subscribe({
                next: (value) => observer.next(value),
                error: (error) => {
                  onFailure(op.type, error as { data?: { httpStatus?: number } | null });
                  observer.error(error);
                },
                complete: () => observer.complete(),
              }),
            ),
      ]
    : [];
  return [
    ...failures,
    splitLink({
      condition: (op) => op.type === 'subscription' || (op.type === 'mutation' && socketOpen()),
      true: wsLink({ client: options.wsClient, transformer: superjson }),
      // The server refuses batches of more than MAX_BATCH_CALLS (20 by default).
      false: httpBatchLink({
        url: options.url,
        transformer: superjson,
        maxItems: 10,
        ...(options.headers ? { headers: options.headers } : {}),
      }),
    }),
  ];
}
