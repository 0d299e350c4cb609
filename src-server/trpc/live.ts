/**
 * The one watch loop every subscription uses (DESIGN, "Subscriptions"): it listens before reading
 * the backlog, yields `tracked(version, view)` so that a reconnecting client resumes after the
 * last version it saw (`lastEventId`), and ends when the viewer's sign-in is revoked.
 */
import { tracked } from '@trpc/server';
import type { DomainEvent } from '../../src-shared/eventsourcing';
import { sessionUserFromHeaders } from '../auth/auth';
import { foldRecorded, type StreamType } from '../eventstore/command-handler';
import type { Context } from './context';
import { appError } from './trpc';

export interface WatchOptions<C, E extends DomainEvent, S, V> {
  ctx: Context;
  streamId: string;
  type: StreamType<C, E, S>;
  /** The stream as the procedure loaded it. */
  from: { version: number; state: S };
  /** The last version the client saw: nothing is yielded until the stream moves past it. */
  lastEventId: string | null | undefined;
  signal: AbortSignal | undefined;
  /** What the viewer may see of a state (a redacted view). */
  view: (state: S) => V | Promise<V>;
}

export async function* watchStream<C, E extends DomainEvent, S, V>(options: WatchOptions<C, E, S, V>) {
  const { ctx, streamId, type, lastEventId, view } = options;
  const { services, socket } = ctx;
  // One WebSocket holds a bounded number of subscriptions (a page needs one or two).
  if (socket && socket.subscriptions >= services.limits.subscriptionsPerSocket)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManySubscriptions', {
      max: services.limits.subscriptionsPerSocket,
    });
  if (socket) socket.subscriptions++;
  const revoked = new AbortController();
  const stop = options.signal ? AbortSignal.any([options.signal, revoked.signal]) : revoked.signal;
  // A signed-in viewer whose sign-in is revoked (logged out elsewhere, expired) stops receiving.
  const signInCheck = ctx.user
    ? setInterval(async () => {
        const user = await sessionUserFromHeaders(services.auth, ctx.headers).catch(() => null);
        if (user?.id !== ctx.user?.id) revoked.abort();
      }, services.signInCheckMs)
    : undefined;
  try {
    let { version, state } = options.from;
    if (version > Number(lastEventId ?? 0)) yield tracked(String(version), await view(state));
    for await (const batch of services.store.watch(streamId, version, {
      signal: stop,
      pollMs: services.pollMs,
    })) {
      state = foldRecorded(type, batch, state);
      version = batch[batch.length - 1]!.streamVersion;
      yield tracked(String(version), await view(state));
    }
  } finally {
    clearInterval(signInCheck);
    if (socket) socket.subscriptions--;
  }
}
