/**
 * The one watch loop every subscription uses (DESIGN, "Subscriptions"): it listens before reading
 * the backlog, computes the viewer's view after each new batch of events (or a wake-up such as a
 * presence change), and ends when the viewer's sign-in is revoked. It is sent in two ways:
 * `watchStream` yields `tracked(version, view)`, whole views that a reconnecting client resumes
 * after its `lastEventId`; `watchChanges` yields the whole view once, then only what changed.
 */
import { tracked } from '@trpc/server';
import { diffViews, type LiveView } from '../../src-shared/api/view-patch';
import type { DomainEvent } from '../../src-shared/eventsourcing';
import { type Folded, foldRecorded, type StreamType } from '../eventstore/command-handler';
import type { Context } from './context';
import { appError } from './trpc';

export interface WatchOptions<C, E extends DomainEvent, S, V> {
  ctx: Context;
  streamId: string;
  type: StreamType<C, E, S>;
  /** The stream as the procedure loaded it. */
  from: { version: number; state: S };
  signal: AbortSignal | undefined;
  /** What the viewer may see of a state (a redacted view). */
  view: (state: S) => V | Promise<V>;
  /** Calls its argument when the view may have changed without an event; returns the unsubscribe. */
  wakeUps?: (wake: () => void) => () => void;
}

/** Whole views, `tracked` by version; nothing until the stream moves past the client's `lastEventId`. */
export function watchStream<C, E extends DomainEvent, S, V>(
  options: WatchOptions<C, E, S, V> & { lastEventId: string | null | undefined },
) {
  const seen = Number(options.lastEventId ?? 0);
  let first = true;
  return watchViews(options, (version, view) => {
    if (first && version <= seen) return null;
    first = false;
    return tracked(String(version), view);
  });
}

/**
 * The whole view first, then patches against the view this subscription sent before, each with
 * its `base`; a view that did not change for this viewer (another player's order seen by a
 * non-transparent player changes only flags) is not sent. A reconnecting client gets the whole
 * view again: the server keeps no view beyond the subscription.
 */
export function watchChanges<C, E extends DomainEvent, S, V extends object>(
  options: WatchOptions<C, E, S, V>,
): AsyncGenerator<LiveView<V>> {
  const change = changesOf<V>();
  return watchViews(options, (_version, view) => change(view));
}

/**
 * Numbers the views of one subscription as it sends them: the first whole, then each as a patch on
 * the one before; null for a view equal to the one before (nothing to send).
 */
export function changesOf<V extends object>(): (view: V) => LiveView<V> | null {
  let previous: V | null = null;
  let seq = 0;
  return (view) => {
    if (previous === null) {
      previous = view;
      return { seq: ++seq, view };
    }
    const patch = diffViews(previous, view);
    if (patch === null) return null;
    previous = view;
    seq++;
    return { seq, base: seq - 1, patch };
  };
}

/** Views as a live subscription sends them: the first whole, then each as a patch on the one before. */
export async function* asChanges<V extends object>(views: AsyncIterable<V>): AsyncGenerator<LiveView<V>> {
  const change = changesOf<V>();
  for await (const view of views) {
    const sent = change(view);
    if (sent) yield sent;
  }
}

/**
 * What every live subscription holds while it runs: one of its WebSocket's bounded places (a page
 * needs one or two), and an end when its sign-in is revoked (`stop` aborts). `close` gives both back.
 */
export function openSubscription(ctx: Context, signal: AbortSignal | undefined) {
  const { services, socket, clientAddress } = ctx;
  if (socket && socket.subscriptions >= services.limits.subscriptionsPerSocket)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManySubscriptions', {
      max: services.limits.subscriptionsPerSocket,
    });
  // One address's sockets together: 1,000 sockets of 20 subscriptions each were 20,000 live views.
  const byAddress = services.subscriptionsByAddress;
  const ofAddress = byAddress.get(clientAddress) ?? 0;
  if (ofAddress >= services.limits.subscriptionsPerAddress)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManySubscriptions', {
      max: services.limits.subscriptionsPerAddress,
    });
  byAddress.set(clientAddress, ofAddress + 1);
  if (socket) socket.subscriptions++;
  const ended = new AbortController();
  const stopSignInChecks = ctx.sessionToken
    ? services.signIns.watch(ctx.sessionToken, () => ended.abort())
    : undefined;
  return {
    stop: AbortSignal.any([ended.signal, ...(signal ? [signal] : [])]),
    close() {
      ended.abort();
      stopSignInChecks?.();
      if (socket) socket.subscriptions--;
      const left = (byAddress.get(clientAddress) ?? 1) - 1;
      if (left > 0) byAddress.set(clientAddress, left);
      else byAddress.delete(clientAddress);
    },
  };
}

/**
 * The viewer's view now, then after each batch of new events or wake-up, until stopped, each as
 * `present` makes it what the subscription sends (null: nothing). One generator from the store's
 * events to the socket: every layer of generators costs each message its promises.
 */
async function* watchViews<C, E extends DomainEvent, S, V, Sent>(
  options: WatchOptions<C, E, S, V>,
  present: (version: number, view: V) => Sent | null,
): AsyncGenerator<Sent> {
  const { ctx, streamId, type, view } = options;
  const { services } = ctx;
  const subscription = openSubscription(ctx, options.signal);
  const stop = subscription.stop;
  const leave = ctx.user ? services.presence.enter(streamId, ctx.user.id) : undefined;
  let woken = false;
  let wake: (() => void) | null = null;
  const unsubscribe = options.wakeUps?.(() => {
    woken = true;
    wake?.();
  });
  const batches = services.store.watch(streamId, options.from.version, {
    signal: stop,
    pollMs: services.pollMs,
  });
  let nextBatch: ReturnType<typeof batches.next> | undefined;
  try {
    let { version, state } = options.from;
    let seen = view(state);
    const first = present(version, seen instanceof Promise ? await seen : seen);
    if (first !== null) yield first;
    nextBatch = batches.next();
    while (!stop.aborted) {
      const wokenUp = new Promise<'woken'>((resolve) => {
        wake = () => resolve('woken');
        if (woken) wake();
      });
      const result = await Promise.race([nextBatch, wokenUp]);
      wake = null;
      woken = false;
      if (result !== 'woken') {
        if (result.done) return;
        const reached = result.value[result.value.length - 1]!.streamVersion;
        state =
          folded(services.commands.cached<S>(streamId), type, reached) ??
          foldRecorded(type, result.value, state);
        version = reached;
        nextBatch = batches.next();
      }
      // Awaited only when it has to be (a new player's name to look up): an await costs a turn.
      seen = view(state);
      const sent = present(version, seen instanceof Promise ? await seen : seen);
      if (sent !== null) yield sent;
    }
  } finally {
    subscription.close();
    // The pending read ends with the abort; a failure of it now has no one to tell.
    nextBatch?.catch(() => {});
    unsubscribe?.();
    leave?.();
  }
}

/**
 * The state this process's command handler folded for the stream, when it is the one at `version`
 * (the watchers of a game take it after the game's own command instead of each folding the events
 * again: the same fold of the same events, shared, with the views' caches that hang on its parts).
 */
function folded<S>(cached: Folded<S> | undefined, type: unknown, version: number): S | undefined {
  return cached && cached.version === version && cached.type === type ? cached.state : undefined;
}
