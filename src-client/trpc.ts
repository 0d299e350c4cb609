import { createWSClient, httpBatchLink, splitLink, wsLink } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import superjson from 'superjson';
import type { AppRouter } from '../src-server/trpc/router';

export const trpc = createTRPCReact<AppRouter>();

/**
 * Queries and mutations go over HTTP batches; subscriptions over one WebSocket, which reconnects
 * by itself and resumes each subscription from the last version it received.
 */
export function createTrpcClient() {
  const wsUrl = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/trpc`;
  const wsClient = createWSClient({
    url: wsUrl,
    retryDelayMs: reconnectDelayMs,
  });
  const client = trpc.createClient({
    links: [
      splitLink({
        condition: (op) => op.type === 'subscription',
        true: wsLink({ client: wsClient, transformer: superjson }),
        // The server refuses batches of more than MAX_BATCH_CALLS (20 by default).
        false: httpBatchLink({ url: '/api/trpc', transformer: superjson, maxItems: 10 }),
      }),
    ],
  });
  return { client, close: () => wsClient.close() };
}

/**
 * How long the WebSocket waits before its next reconnection attempt: quick at first, never more
 * than 1.5 s (a page is back within 2 s of a restarted server), with jitter so that a whole class
 * does not reconnect in the same millisecond.
 */
export const reconnectDelayMs = (attempt: number, random = Math.random): number =>
  Math.min(200 * 2 ** attempt, 1000) + Math.floor(random() * 500);

/** A fresh id per user action: a retried request carries the same one and is applied once. */
export const newCommandId = () => crypto.randomUUID();

/**
 * React Query's retry rule for commands: a request that got no answer (no error data: the network
 * failed) is sent again, with the same command id, so it is applied once; a refusal is final.
 */
export const retryUnanswered =
  (attempts: number) =>
  (failures: number, error: { data?: unknown }): boolean =>
    failures < attempts && !error.data;
