/**
 * The one watch loop every subscription uses (DESIGN, "Subscriptions"): it listens before reading
 * the backlog, computes the viewer's view after each new batch of events (or a wake-up such as a
 * presence change), and ends when the viewer's sign-in is revoked. It is sent in two ways:
 * `watchStream` yields `tracked(version, view)`, whole views that a reconnecting client resumes
 * after its `lastEventId`; `watchChanges` yields the whole view once, then only what changed.
 */
import { tracked } from '@trpc/server';
import { diffViews, LIVE_VIEW_BEAT_MS, type LiveView } from '../../src-shared/api/view-patch';
import type { DomainEvent } from '../../src-shared/eventsourcing';
import { isDatabaseUnreachable } from '../db/unreachable';
import { type Folded, foldRecorded, type StreamType } from '../eventstore/command-handler';
import type { WatchStatus } from '../eventstore/event-store';
import { everyMinuteAtMost } from '../http/errors';
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

/**
 * What a watch sends its page: a view (null: nothing to send), and a beat confirming the view sent
 * last is still current (null: no beats for this kind of subscription, or one was sent lately).
 */
interface Presenter<V, Sent> {
  view(version: number, view: V): Sent | null;
  beat(version: number): Sent | null;
}

/**
 * Whole views, `tracked` by version; nothing until the stream moves past the client's
 * `lastEventId`. No beats: scripts and tests read this (the app reads `watchChanges`).
 */
export function watchStream<C, E extends DomainEvent, S, V>(
  options: WatchOptions<C, E, S, V> & { lastEventId: string | null | undefined },
) {
  const seen = Number(options.lastEventId ?? 0);
  let first = true;
  return watchViews(options, {
    view: (version, view) => {
      if (first && version <= seen) return null;
      first = false;
      return tracked(String(version), view);
    },
    beat: () => null,
  });
}

/**
 * The whole view first, then patches against the view this subscription sent before, each with
 * its `base`; a view that did not change for this viewer (another player's order seen by a
 * non-transparent player changes only flags) is not sent. Beats in between. A reconnecting client
 * gets the whole view again: the server keeps no view beyond the subscription.
 */
export function watchChanges<C, E extends DomainEvent, S, V extends object>(
  options: WatchOptions<C, E, S, V>,
): AsyncGenerator<LiveView<V>> {
  const live = liveViews<V>();
  return watchViews(options, { view: (version, view) => live.view(view, version), beat: live.beat });
}

/**
 * Numbers the views of one subscription as it sends them: the first whole, then each as a patch on
 * the one before (`view`: null for a view equal to the one before, nothing to send), and the beats
 * that confirm the last one (`beat`: null before the first view, and within half a beat of
 * anything sent: what was sent then confirmed it).
 */
export function liveViews<V extends object>(now: () => number = () => performance.now()) {
  let previous: V | null = null;
  let seq = 0;
  let sentAt = Number.NEGATIVE_INFINITY;
  const withVersion = (version: number | undefined) => (version === undefined ? {} : { version });
  return {
    view(view: V, version?: number): LiveView<V> | null {
      if (previous === null) {
        previous = view;
        sentAt = now();
        return { seq: ++seq, ...withVersion(version), view };
      }
      const patch = diffViews(previous, view);
      if (patch === null) return null;
      previous = view;
      seq++;
      sentAt = now();
      return { seq, ...withVersion(version), base: seq - 1, patch };
    },
    beat(version?: number): LiveView<V> | null {
      if (seq === 0 || now() - sentAt < LIVE_VIEW_BEAT_MS / 2) return null;
      sentAt = now();
      return { seq, ...withVersion(version), beat: true };
    },
  };
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
 * `present` makes it what the subscription sends (null: nothing), and at each beat of the process
 * a beat when the view sent is current: the stream's watch holds every event this process knows
 * of, and the live feed hears every append. One generator from the store's events to the socket:
 * every layer of generators costs each message its promises.
 *
 * The database going away ends nothing: the watch reads again when it can (from the version last
 * sent, so nothing is missed), a view that needs a read (a new player's name) is computed again at
 * the next beat, and the beats stop meanwhile, so the page says its figures are stale.
 */
async function* watchViews<C, E extends DomainEvent, S, V, Sent>(
  options: WatchOptions<C, E, S, V>,
  present: Presenter<V, Sent>,
): AsyncGenerator<Sent> {
  const { ctx, streamId, type, view } = options;
  const { services } = ctx;
  const subscription = openSubscription(ctx, options.signal);
  const stop = subscription.stop;
  const leave = ctx.user ? services.presence.enter(streamId, ctx.user.id) : undefined;
  /** The view is to be computed (and sent if it changed): at first, after events, after a wake-up. */
  let changed = true;
  /** The last computation of the view failed for want of the database: tried again at the next beat. */
  let viewFailed = false;
  let beat = false;
  let wake: (() => void) | null = null;
  const unsubscribe = options.wakeUps?.(() => {
    changed = true;
    wake?.();
  });
  const stopBeats = services.heartbeat.onBeat(() => {
    beat = true;
    wake?.();
  });
  // Vouched for as soon as it can be again (a read after the feed's return), not at the next beat.
  const status: WatchStatus = {
    current: true,
    onCurrent: () => {
      beat = true;
      wake?.();
    },
  };
  const batches = services.store.watch(streamId, options.from.version, {
    signal: stop,
    pollMs: services.pollMs,
    status,
    onReadFailure: (error) => readFailed(services, error),
  });
  let nextBatch: ReturnType<typeof batches.next> | undefined;
  try {
    let { version, state } = options.from;
    while (!stop.aborted) {
      if (changed && (!viewFailed || beat)) {
        try {
          // Awaited only when it has to be (a new player's name to look up): an await costs a turn.
          const seen = view(state);
          const shown = seen instanceof Promise ? await seen : seen;
          changed = false;
          viewFailed = false;
          const sent = present.view(version, shown);
          if (sent !== null) yield sent;
        } catch (error) {
          if (!isDatabaseUnreachable(error)) throw error;
          viewFailed = true;
        }
      } else if (beat && status.current && services.heartbeat.live()) {
        const sent = present.beat(version);
        if (sent !== null) yield sent;
      }
      beat = false;
      nextBatch ??= batches.next();
      const result = await Promise.race([
        nextBatch,
        new Promise<'woken'>((resolve) => {
          wake = () => resolve('woken');
          if ((changed && !viewFailed) || beat || stop.aborted) wake();
        }),
      ]);
      wake = null;
      if (result === 'woken') continue;
      nextBatch = undefined;
      if (result.done) return;
      const reached = result.value[result.value.length - 1]!.streamVersion;
      state =
        folded(services.commands.cached<S>(streamId), type, reached) ??
        foldRecorded(type, result.value, state);
      version = reached;
      changed = true;
    }
  } finally {
    subscription.close();
    stopBeats();
    // The pending read ends with the abort; a failure of it now has no one to tell.
    nextBatch?.catch(() => {});
    unsubscribe?.();
    leave?.();
  }
}

/** Per process, says at most once a minute that live views' reads fail (each watch retries them). */
const failedReads = new WeakMap<Context['services'], ReturnType<typeof everyMinuteAtMost>>();

/**
 * Says that a live view's read failed, once a minute at most, unless the database is away (the
 * scheduler and the feed say that): the watch goes on and reads again.
 */
export function readFailed(services: Context['services'], error: unknown): void {
  if (isDatabaseUnreachable(error)) return;
  let say = failedReads.get(services);
  if (!say) {
    say = everyMinuteAtMost(services.log);
    failedReads.set(services, say);
  }
  say('live views: a read failed, tried again', { err: error });
}

/**
 * The state this process's command handler folded for the stream, when it is the one at `version`
 * (the watchers of a game take it after the game's own command instead of each folding the events
 * again: the same fold of the same events, shared, with the views' caches that hang on its parts).
 */
function folded<S>(cached: Folded<S> | undefined, type: unknown, version: number): S | undefined {
  return cached && cached.version === version && cached.type === type ? cached.state : undefined;
}
