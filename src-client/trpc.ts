import { QueryClient } from '@tanstack/react-query';
import { createWSClient } from '@trpc/client';
import { createTRPCReact } from '@trpc/react-query';
import type { AppRouter } from '../src-server/trpc/router';
import { apiLinks, socketAddress, socketOptions } from './api-links';
import { followConnection } from './connection';
import { reportFailedCall } from './telemetry';

export const trpc = createTRPCReact<AppRouter>();

/**
 * One WebSocket, which reconnects by itself and resumes each subscription from the last version
 * it received, and HTTP batches: `apiLinks` says which call takes which.
 */
export function createTrpcClient() {
  const wsBase = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/trpc`;
  const wsClient = createWSClient({
    // Asked at each connection: a socket that reconnects on a game's page names that game.
    url: () => socketAddress(wsBase, location.pathname),
    ...socketOptions,
  });
  const unfollow = followConnection(wsClient);
  const client = trpc.createClient({
    links: apiLinks({ wsClient, url: '/api/trpc', onFailure: reportFailedCall }),
  });
  return {
    client,
    close: () => {
      unfollow();
      void wsClient.close();
    },
  };
}

/** A fresh id per user action: a retried request carries the same one and is applied once. */
export const newCommandId = () => crypto.randomUUID();

/**
 * React Query's retry rule for commands: a request that got no answer (no error data: the network
 * failed) is sent again, with the same command id, so it is applied once; a refusal is final.
 * While the server is away the retries wait for it (connection.ts pauses them), so `attempts`
 * counts failures with the socket up: a command typed in an outage is sent whatever its length.
 */
export const retryUnanswered =
  (attempts: number) =>
  (failures: number, error: { data?: unknown }): boolean =>
    failures < attempts && !error.data;

/** Whether a call failed because the server could not answer now (503: its database away), not a refusal. */
export const serverUnavailable = (error: unknown): boolean =>
  (error as { data?: { httpStatus?: number } | null }).data?.httpStatus === 503;

/** How many times a query that failed otherwise is tried again (React Query's own default). */
const QUERY_RETRIES = 3;

/**
 * The page's React Query client. A query the server cannot answer now (503: its database away) is
 * asked again until it answers, a little later each time up to 5 s, so a page opened in an outage
 * fills in by itself once the database is back; one without an answer waits for the socket
 * (connection.ts); any other failure is tried again three times, as React Query does by default.
 */
export function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (failures, error) => serverUnavailable(error) || failures < QUERY_RETRIES,
        retryDelay: (failures) => Math.min(1_000 * 2 ** failures, 5_000),
      },
    },
  });
}
