/** Issue 23, "Outages": what a page knows of its connection, and what it does to the commands it sends. */
import { onlineManager } from '@tanstack/react-query';
import type { TRPCWebSocketClient } from '@trpc/client';
import { behaviorSubject } from '@trpc/server/observable';
import { expect, it } from 'vitest';
import { currentConnection, followConnection } from '../../src-client/connection';

type State = { type: 'state'; state: 'idle' | 'connecting' | 'pending'; error: unknown };
const fakeClient = () => {
  const connectionState = behaviorSubject<State>({ type: 'state', state: 'connecting', error: null });
  return {
    client: { connectionState, connection: null } as unknown as TRPCWebSocketClient,
    states: connectionState,
  };
};
const lost = { type: 'state', state: 'connecting', error: new Error('WebSocket closed') } as const;

it('is live once the socket opens, reconnecting when it is lost, and pauses commands meanwhile', () => {
  // Something must listen for the online manager to follow (a mounted QueryClient does).
  const stop = onlineManager.subscribe(() => undefined);
  const { client, states } = fakeClient();
  const unfollow = followConnection(client);
  states.next({ type: 'state', state: 'pending', error: null });
  expect(currentConnection()).toBe('live');
  expect(onlineManager.isOnline()).toBe(true);
  states.next(lost);
  expect(currentConnection()).toBe('reconnecting');
  expect(onlineManager.isOnline()).toBe(false);
  states.next({ type: 'state', state: 'pending', error: null });
  expect(currentConnection()).toBe('live');
  expect(onlineManager.isOnline()).toBe(true);
  unfollow();
  stop();
});

it('stays live while a new client (the sign-in changed) makes its first connection', () => {
  const { client: first, states: firstStates } = fakeClient();
  const unfollowFirst = followConnection(first);
  firstStates.next({ type: 'state', state: 'pending', error: null });
  unfollowFirst();
  // The old client's socket closing after it was let go says nothing of the page any more.
  firstStates.next(lost);
  const { client: second } = fakeClient();
  const unfollowSecond = followConnection(second);
  expect(currentConnection()).toBe('live');
  unfollowSecond();
});
