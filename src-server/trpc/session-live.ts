/**
 * A session watched live (its lobby, its follow-up): one computation per session per process,
 * shared by every page that watches it. A class of 500 players in the lobby, or an admin following
 * 125 games, costs one read of the session and of its current games per burst of changes, not one
 * per watcher. The hub listens to the session's stream, to each game of the round being played
 * and to who is connected to them; changes that come close together are read once.
 */

import type { LiveView } from '../../src-shared/api/view-patch';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { sessionPageRefusal } from '../../src-shared/rules/session-admin';
import {
  currentRound,
  type SessionGames,
  type SessionState,
  type SessionView,
  sessionStreamId,
  viewSession,
} from '../../src-shared/session';
import { displayNames } from '../auth/auth';
import { gamesOfSession } from '../read-models/sessions';
import { gameTypeNamed } from '../streams';
import { sessionStream } from '../streams/session';
import type { Context, Services } from './context';
import { liveViews, openSubscription, readFailed } from './live';
import { appError } from './trpc';

/** How long a burst of changes is gathered before the session is read again. */
const GATHER_MS = 150;
/** The safety net behind wake-ups (a wake-up lost with another process's crash). */
const POLL_MS = 10_000;
/** The longest wait before a failed read of the session is tried again (it starts at GATHER_MS and doubles). */
const RETRY_MAX_MS = 2_000;

interface Snapshot {
  state: SessionState;
  games: Omit<SessionGames, 'connected'>;
}

class SessionHub {
  private readonly listeners = new Set<() => void>();
  private unsubscribes: Array<() => void> = [];
  private watchedGames = '';
  private timer: NodeJS.Timeout | null = null;
  private timerDueAt = 0;
  /** The current games woken since the last read (the others' states are read again only then). */
  private readonly dirtyGames = new Set<string>();
  /** The current games' states, as their type folds them. */
  private states = new Map<string, unknown>();
  private readonly poll: NodeJS.Timeout;
  private names: { ids: string; names: Record<string, string> } = { ids: '', names: {} };
  /** Reads failed in a row since the last that answered (the database away): none when current. */
  private failures = 0;
  private reading = false;
  private disposed = false;
  /** The last snapshot read; it settles with the first read that answers (tried until one does). */
  snapshot: Promise<Snapshot>;
  private firstSnapshot!: (snapshot: Snapshot) => void;

  constructor(
    private readonly services: Services,
    readonly sessionId: string,
  ) {
    const streamId = sessionStreamId(sessionId);
    const unsubscribeSession = services.store.onWakeUp(streamId, () => this.changed());
    this.snapshot = new Promise((resolve) => {
      this.firstSnapshot = resolve;
    });
    this.changed(0);
    this.poll = setInterval(() => {
      for (const gameId of this.states.keys()) this.dirtyGames.add(gameId);
      this.changed();
    }, POLL_MS);
    this.dispose = () => {
      this.disposed = true;
      unsubscribeSession();
      for (const unsubscribe of this.unsubscribes) unsubscribe();
      clearInterval(this.poll);
      if (this.timer) clearTimeout(this.timer);
    };
  }

  readonly dispose: () => void;

  listen(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get size(): number {
    return this.listeners.size;
  }

  /**
   * Whether the last snapshot is the session as it stands, as far as this process knows: its last
   * read answered, no change waits to be read, and the live feed hears every append.
   */
  get current(): boolean {
    return this.failures === 0 && !this.reading && this.timer === null && this.services.heartbeat.live();
  }

  /** Who is watching each game of the round live, in this process. */
  connected = (gameId: string): string[] => [...this.services.presence.connected(gameStreamId(gameId))];

  /**
   * Reads the session again `delayMs` from now, with whatever else changes meanwhile; a read already
   * due sooner stands. A change while a failed read waits for its retry brings the retry forward:
   * the feed's return after an outage wakes the hub at once, not at the end of its pause.
   */
  private changed(delayMs = GATHER_MS): void {
    if (this.disposed) return;
    const dueAt = performance.now() + delayMs;
    if (this.timer) {
      if (this.timerDueAt <= dueAt) return;
      clearTimeout(this.timer);
    }
    this.timerDueAt = dueAt;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.reading = true;
      const next = this.read();
      next.then(
        (snapshot) => {
          this.reading = false;
          this.failures = 0;
          this.firstSnapshot(snapshot);
          this.snapshot = next;
          for (const listener of this.listeners) listener();
        },
        (error) => {
          this.reading = false;
          this.failures++;
          // The last snapshot stays; the read is tried again soon (the feed's return also wakes it).
          readFailed(this.services, error);
          this.changed(Math.min(GATHER_MS * 2 ** this.failures, RETRY_MAX_MS));
        },
      );
    }, delayMs);
  }

  private async read(): Promise<Snapshot> {
    const { services } = this;
    const { state } = await services.commands.load(sessionStream, sessionStreamId(this.sessionId));
    const round = currentRound(state);
    const gameIds = state.roundGames[round - 1] ?? [];
    const type = gameTypeNamed(state.setup.rounds[round - 1]?.gameType ?? 'beergame')!;
    this.watchGames(gameIds);
    // Only the games that changed since the last read are read again: a week's orders in one game
    // cost one read of that game, not of the round's 125.
    const toRead = gameIds.filter((gameId) => this.dirtyGames.has(gameId) || !this.states.has(gameId));
    // Marked clean as their read starts: a game woken while it is read (two orders of a week landing
    // at once) is dirty again, and read again next time; a read that fails leaves them all dirty.
    for (const gameId of toRead) this.dirtyGames.delete(gameId);
    let read: unknown[];
    let all: Awaited<ReturnType<typeof gamesOfSession>>;
    try {
      [read, all] = await Promise.all([
        Promise.all(
          toRead.map(
            async (gameId) => (await services.commands.load(type.stream, gameStreamId(gameId))).state,
          ),
        ),
        gamesOfSession(services.database.db, this.sessionId),
      ]);
    } catch (error) {
      for (const gameId of toRead) this.dirtyGames.add(gameId);
      throw error;
    }
    const states = new Map(gameIds.map((gameId) => [gameId, this.states.get(gameId)!]));
    for (const [i, gameId] of toRead.entries()) states.set(gameId, read[i]!);
    this.states = states;
    const now = services.now();
    const current = gameIds.map((gameId) => {
      const game = states.get(gameId)!;
      return exists(game) ? type.rounds.teamGame(game, now) : null;
    });
    const ids = [...new Set(all.flatMap((game) => game.player_ids))].sort();
    if (ids.join() !== this.names.ids)
      this.names = { ids: ids.join(), names: await displayNames(services.database.db, ids) };
    return {
      state,
      games: {
        current,
        all: all.map((game) => ({
          roundNumber: game.round_number ?? 0,
          teamNumber: game.team_number ?? 0,
          gameId: game.id,
          playerIds: game.player_ids,
          finished: game.finished,
        })),
        names: this.names.names,
      },
    };
  }

  /** Listens to the games of the round being played (again when the round changes). */
  private watchGames(gameIds: readonly string[]): void {
    if (gameIds.join() === this.watchedGames) return;
    for (const unsubscribe of this.unsubscribes) unsubscribe();
    this.watchedGames = gameIds.join();
    this.unsubscribes = gameIds.flatMap((gameId) => {
      const streamId = gameStreamId(gameId);
      return [
        this.services.store.onWakeUp(streamId, () => {
          this.dirtyGames.add(gameId);
          this.changed();
        }),
        this.services.presence.onChange(streamId, () => this.changed()),
      ];
    });
  }
}

/** A game's state that exists and is not deleted (every game type's state says both). */
const exists = (state: unknown) => {
  const { exists, deleted } = state as { exists: boolean; deleted: boolean };
  return exists && !deleted;
};

const hubs = new WeakMap<Services, Map<string, SessionHub>>();

function enterHub(services: Services, sessionId: string, listener: () => void) {
  const own = hubs.get(services) ?? new Map<string, SessionHub>();
  hubs.set(services, own);
  let hub = own.get(sessionId);
  if (!hub) {
    hub = new SessionHub(services, sessionId);
    own.set(sessionId, hub);
  }
  const unlisten = hub.listen(listener);
  const leave = () => {
    unlisten();
    if (hub.size === 0 && own.get(sessionId) === hub) {
      own.delete(sessionId);
      hub.dispose();
    }
  };
  return { hub, leave };
}

/**
 * The viewer's view of a session, live: whole first, then patches (as a game's `watchChanges`), and
 * a beat at the process's beats while the hub's snapshot is current. A session deleted meanwhile, or
 * unpublished while a non-admin watches, ends with its message.
 */
export async function* watchSession(
  ctx: Context,
  {
    sessionId,
    isAdmin,
    teammateIds,
  }: { sessionId: string; isAdmin: boolean; teammateIds: readonly string[] },
  signal: AbortSignal | undefined,
): AsyncGenerator<LiveView<SessionView>> {
  const subscription = openSubscription(ctx, signal);
  let wake: (() => void) | null = null;
  let woken = false;
  let beat = false;
  const { hub, leave } = enterHub(ctx.services, sessionId, () => {
    woken = true;
    wake?.();
  });
  const stopBeats = ctx.services.heartbeat.onBeat(() => {
    beat = true;
    wake?.();
  });
  const onAbort = () => wake?.();
  subscription.stop.addEventListener('abort', onAbort);
  const live = liveViews<SessionView>();
  // A teammate administers a colleague's session (spec point 6), unpublished ones included.
  const viewer = { userId: ctx.user?.id ?? null, teammateIds, isAdmin };
  try {
    // The first snapshot (read again until the database answers), then one per change.
    let changed = true;
    while (!subscription.stop.aborted) {
      if (changed) {
        const { state, games } = await hub.snapshot;
        const refusal = sessionPageRefusal(state.exists ? state : null, viewer);
        if (refusal) throw appError('NOT_FOUND', refusal);
        // A snapshot read again that shows this viewer nothing new confirms the view held (the
        // first read after an outage: the page hears so at once, not at the next beat).
        const sent =
          live.view(
            viewSession(state, { ...games, connected: isAdmin ? hub.connected : undefined }, viewer),
          ) ?? (hub.current ? live.beat() : null);
        if (sent !== null) yield sent;
      } else if (beat && hub.current) {
        const sent = live.beat();
        if (sent !== null) yield sent;
      }
      beat = false;
      await new Promise<void>((resolve) => {
        wake = resolve;
        if (woken || beat || subscription.stop.aborted) resolve();
      });
      wake = null;
      changed = woken;
      woken = false;
    }
  } finally {
    subscription.stop.removeEventListener('abort', onAbort);
    stopBeats();
    leave();
    subscription.close();
  }
}
