/**
 * Whether this page is live with the server, as its WebSocket says: every live figure comes over
 * it, so when it closes (the server restarts, the network drops) what the page shows stops
 * following the game. Pages say so (ui/connection-banner.tsx) and dim their figures, and commands
 * wait for the socket instead of failing: React Query's `onlineManager` follows this state, so a
 * command sent (or retried) while the server is away is paused and sent, with its command id, the
 * moment the socket is back.
 */
import { onlineManager } from '@tanstack/react-query';
import type { TRPCWebSocketClient } from '@trpc/client';
import { useSyncExternalStore } from 'react';

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
