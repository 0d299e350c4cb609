import { type Kysely, sql } from 'kysely';
import type { EventMetadata, RecordedEvent } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';
import {
  AppendBatcher,
  type AppendInput,
  appendInOneStatement,
  VersionConflictError,
} from './append-statement';
import { ALL_STREAMS, eventsCarried, type LiveFeed } from './live-feed';

export type { AppendInput, ReadModelWrite, ReadModelWrites } from './append-statement';
export { VersionConflictError };

/** The command id was already applied to this stream: answer with what it recorded then. */
export class DuplicateCommandError extends Error {
  constructor(
    readonly streamId: string,
    readonly commandId: string,
  ) {
    super(`Command ${commandId} was already applied to ${streamId}`);
    this.name = 'DuplicateCommandError';
  }
}

/**
 * Listens to one stream: called with the events appended (this process's own, handed over at
 * COMMIT, or another's that its wake-up carried), or with nothing after a wake-up that carried
 * none, which calls for a read.
 */
export type StreamListener = (appended?: readonly RecordedEvent[]) => void;

/** What a watch of a stream says of itself while it runs (`EventStore.watch`). */
export interface WatchStatus {
  /** Whether it holds every event of its stream this process knows of: nothing to read, nothing unread. */
  current: boolean;
  /** Called when it becomes current again (a read answered after a wake-up or a failure). */
  onCurrent?: () => void;
}

/** The first wait before a failed read of a watch is tried again, while the feed is live; it doubles. */
const READ_RETRY_MS = 250;
const READ_RETRY_MAX_MS = 2_000;

/** Streams whose own-append echo is awaited at most; past it the record is dropped (echoes then cost a read). */
const MAX_HANDED_OVER = 10_000;
/** Streams whose last version heard is kept at most; past it the record starts again (see `mayHaveMoved`). */
const MAX_HEARD = 100_000;
/**
 * After the feed lost track (it reconnected, or the record of versions heard started again), how
 * long a new watch reads its stream first whatever it heard: far longer than a procedure takes
 * between loading a stream and watching it.
 */
const UNSURE_MS = 60_000;

const UNIQUE_VIOLATION = '23505';
/** Raised by the events_gapless trigger: the expected version is ahead of the stream. */
const VERSION_GAP = 'P0002';

const EVENT_COLUMNS = [
  'global_position',
  'stream_id',
  'stream_version',
  'type',
  'data',
  'metadata',
  'recorded_at',
] as const;

type EventRow = {
  global_position: number;
  stream_id: string;
  stream_version: number;
  type: string;
  data: unknown;
  metadata: unknown;
  recorded_at: Date;
};

const toRecorded = (row: EventRow): RecordedEvent => ({
  globalPosition: row.global_position,
  streamId: row.stream_id,
  streamVersion: row.stream_version,
  type: row.type,
  data: row.data,
  metadata: row.metadata as EventMetadata,
  recordedAt: row.recorded_at,
});

/** A stored event as text (`readStreamTextPage`): what the public event log needs, unparsed. */
export interface EventText {
  position: number;
  stream: string;
  version: number;
  type: string;
  /** The event's data as JSON text. */
  data: string;
  /** ISO 8601 in UTC, to the millisecond, as `Date.toISOString` writes it. */
  recordedAt: string;
  actorId: string;
  actorRole: EventMetadata['actorRole'];
  rulesVersion: number;
  /** The fields read apart (see `readStreamTextPage`), as a JSON object's text; they are not in `data`. */
  apart?: string;
}

/** An event as `readStreamTextPage` selects it (the research export's COPY gives the same fields). */
export type EventTextRow = {
  global_position: number | string;
  stream_version: number;
  type: string;
  data: string;
  recorded_at: string;
  actor_id: string;
  actor_role: EventMetadata['actorRole'];
  rules_version: number;
  apart: string | null;
};

/**
 * A UTC timestamp as PostgreSQL prints it (`2026-11-22 09:30:00.123456`, the fraction optional)
 * as `Date.toISOString` would (`2026-11-22T09:30:00.123Z`: milliseconds, truncated like a Date).
 */
export function isoTime(printed: string): string {
  const fraction = printed.length > 20 ? printed.slice(20, 23) : '';
  return `${printed.slice(0, 10)}T${printed.slice(11, 19)}.${fraction.padEnd(3, '0')}Z`;
}

export const eventTextOfRow = (streamId: string, row: EventTextRow): EventText => ({
  position: Number(row.global_position),
  stream: streamId,
  version: row.stream_version,
  type: row.type,
  data: row.data,
  recordedAt: isoTime(row.recorded_at),
  actorId: row.actor_id,
  actorRole: row.actor_role,
  rulesVersion: row.rules_version,
  ...(row.apart === null ? {} : { apart: row.apart }),
});

/**
 * Append-only event streams with optimistic concurrency. An append is one INSERT at the versions
 * after the expected one: the unique (stream, version) key makes exactly one of two concurrent
 * writers win, the gapless trigger refuses a version ahead of the stream, and the unique
 * (stream, command id, index) index applies a retried command once. Resolves after COMMIT.
 */
export class EventStore {
  /** Reads under way, by stream, version and wake-up generation (see `readStream`). */
  private readonly reads = new Map<string, Promise<RecordedEvent[]>>();
  /** Wake-ups heard per stream (`*`: for every stream): a read started before the last one may miss its events. */
  private readonly wakeUps = new Map<string, number>();
  /** What waits on each stream: a wake-up calls its own stream's listeners, not every one. */
  private readonly listeners = new Map<string, Set<StreamListener>>();
  /**
   * Per stream, the version this process's last append reached, until the feed echoes it back:
   * its listeners were handed those events at COMMIT, so the echo has nothing new for them.
   */
  private readonly handedOver = new Map<string, number>();
  /** Per stream, the highest version an append reached as this process heard it (its own or the feed's). */
  private readonly heard = new Map<string, number>();
  /** Until when a new watch reads first anyway (`UNSURE_MS`): what was heard before may be incomplete. */
  private unsureUntil = 0;
  /** Who takes the events another process appended, for the streams it holds (`onAppendedElsewhere`). */
  private appendedElsewhere: {
    holds: (streamId: string) => boolean;
    take: (streamId: string, events: readonly RecordedEvent[]) => void;
  } | null = null;
  private readonly batcher: AppendBatcher;

  constructor(
    readonly db: Kysely<Database>,
    readonly feed: LiveFeed,
  ) {
    this.batcher = new AppendBatcher(db);
    feed.subscribe((streamId, version, carried) => {
      this.hear(streamId, version);
      const handed = this.handedOver.get(streamId);
      if (version !== undefined && handed !== undefined && version <= handed) {
        // The echo of this process's own append (or of an older one): nothing new to hand over.
        if (version === handed) this.handedOver.delete(streamId);
        return;
      }
      this.wakeUps.set(streamId, (this.wakeUps.get(streamId) ?? 0) + 1);
      if (streamId === ALL_STREAMS) {
        for (const waiting of this.listeners.values()) for (const listener of waiting) listener();
        return;
      }
      const waiting = this.listeners.get(streamId);
      const cached = this.appendedElsewhere?.holds(streamId) ?? false;
      // Read only by a process that has a use for them: one watching the stream, or caching it.
      const events =
        carried !== undefined && (waiting || cached) ? eventsCarried(streamId, carried) : undefined;
      if (cached && events && events.length > 0) this.appendedElsewhere?.take(streamId, events);
      for (const listener of waiting ?? []) listener(events);
    });
  }

  /**
   * Gives `take` the events another process appended to a stream `holds` names, when its wake-up
   * carried them: the command handler folds them into the states it caches (one handler per store).
   * Other streams' wake-ups are not parsed.
   */
  onAppendedElsewhere(
    holds: (streamId: string) => boolean,
    take: (streamId: string, events: readonly RecordedEvent[]) => void,
  ): void {
    this.appendedElsewhere = { holds, take };
  }

  /** Notes the version a stream reached; a wake-up without one (or of every stream) leaves us unsure. */
  private hear(streamId: string, version: number | undefined): void {
    if (streamId === ALL_STREAMS || this.heard.size >= MAX_HEARD) {
      this.heard.clear();
      this.unsureUntil = performance.now() + UNSURE_MS;
      if (streamId === ALL_STREAMS) return;
    }
    this.heard.set(
      streamId,
      version === undefined ? Number.POSITIVE_INFINITY : Math.max(version, this.heard.get(streamId) ?? 0),
    );
  }

  /**
   * Whether `streamId` may hold events after `version`, loaded a moment ago: an append made since
   * was heard (every append is, here or through the feed, unless a process died between its COMMIT
   * and its NOTIFY: the watchers' poll catches that one up). Spares a watch its first read when
   * nothing moved: a class reconnecting after a restart made 1,244 reads that found nothing.
   */
  private mayHaveMoved(streamId: string, version: number): boolean {
    return performance.now() < this.unsureUntil || (this.heard.get(streamId) ?? 0) > version;
  }

  /**
   * Calls `wake` after each wake-up of `streamId` (or of every stream); returns the unsubscribe.
   * After this process's own appends, `wake` gets the events appended: nothing needs to be read.
   */
  onWakeUp(streamId: string, wake: StreamListener): () => void {
    const waiting = this.listeners.get(streamId) ?? new Set();
    this.listeners.set(streamId, waiting);
    waiting.add(wake);
    return () => {
      waiting.delete(wake);
      if (waiting.size === 0 && this.listeners.get(streamId) === waiting) this.listeners.delete(streamId);
    };
  }

  /**
   * The events of a stream after `afterVersion`. Identical reads under way share one query: when
   * an append wakes a game's four watchers, the database is read once, not four times. A read
   * joins only one started since the stream's last wake-up, so it never misses an event that woke it.
   */
  readStream(streamId: string, afterVersion = 0): Promise<RecordedEvent[]> {
    const key = `${streamId}@${afterVersion}#${this.wakeUps.get(streamId) ?? 0}.${this.wakeUps.get(ALL_STREAMS) ?? 0}`;
    let read = this.reads.get(key);
    if (!read) {
      read = this.queryStream(streamId, afterVersion).finally(() => this.reads.delete(key));
      this.reads.set(key, read);
    }
    return read;
  }

  /**
   * At most `limit` events of a stream after `afterVersion`, oldest first, as the database prints
   * them: one page of a read too long to hold at once (the research export), keyed on the stream's
   * own index. Data stays JSON text and the time ISO text, so an export that writes them out again
   * parses neither (twice the speed of reading them as objects). `apart` names, per event type,
   * top-level fields the reader wants to rewrite: they come as a small object of their own, so the
   * rest of the data is never parsed.
   */
  async readStreamTextPage(
    streamId: string,
    afterVersion: number,
    limit: number,
    apart: ReadonlyMap<string, readonly string[]> = new Map(),
  ): Promise<EventText[]> {
    const typesApart = [...apart].filter(([, fields]) => fields.length > 0);
    const withoutFields = (fields: readonly string[]) =>
      sql.join([sql`data`, ...fields.map((field) => sql`${field}::text`)], sql` - `);
    const fieldsObject = (fields: readonly string[]) =>
      sql`jsonb_build_object(${sql.join(fields.map((field) => sql`${field}::text, data->${field}::text`))})`;
    const dataText =
      typesApart.length === 0
        ? sql`data::text`
        : sql`case type ${sql.join(
            typesApart.map(([type, fields]) => sql`when ${type} then (${withoutFields(fields)})::text`),
            sql` `,
          )} else data::text end`;
    const apartText =
      typesApart.length === 0
        ? sql`null::text`
        : sql`case type ${sql.join(
            typesApart.map(([type, fields]) => sql`when ${type} then ${fieldsObject(fields)}::text`),
            sql` `,
          )} end`;
    const { rows } = await sql<EventTextRow>`
      select global_position, stream_version, type, ${dataText} as data, ${apartText} as apart,
        (recorded_at at time zone 'UTC')::text as recorded_at,
        metadata->>'actorId' as actor_id, metadata->>'actorRole' as actor_role,
        (metadata->>'rulesVersion')::integer as rules_version
      from events
      where stream_id = ${streamId} and stream_version > ${afterVersion}
      order by stream_version
      limit ${limit}`.execute(this.db);
    return rows.map((row) => eventTextOfRow(streamId, row));
  }

  private async queryStream(
    streamId: string,
    afterVersion: number,
    limit?: number,
  ): Promise<RecordedEvent[]> {
    let query = this.db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where('stream_id', '=', streamId)
      .where('stream_version', '>', afterVersion)
      .orderBy('stream_version');
    if (limit !== undefined) query = query.limit(limit);
    return (await query.execute()).map(toRecorded);
  }

  /** The events a command recorded on a stream (empty if it never was applied). */
  /** The events `actorId`'s command `commandId` appended to the stream (a command id is the actor's own). */
  async readCommand(streamId: string, commandId: string, actorId: string): Promise<RecordedEvent[]> {
    const rows = await this.db
      .selectFrom('events')
      .select(EVENT_COLUMNS)
      .where('stream_id', '=', streamId)
      .where(sql`metadata->>'actorId'`, '=', actorId)
      .where(sql`metadata->>'commandId'`, '=', commandId)
      .orderBy('stream_version')
      .execute();
    return rows.map(toRecorded);
  }

  async streamIds(prefix: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('events')
      .select('stream_id')
      .distinct()
      .where('stream_id', 'like', `${prefix}%`)
      .orderBy('stream_id')
      .execute();
    return rows.map((row) => row.stream_id);
  }

  /** Whole streams, each oldest first, read in one query per 500 streams. */
  async readStreams(streamIds: readonly string[]): Promise<Map<string, RecordedEvent[]>> {
    const streams = new Map<string, RecordedEvent[]>();
    for (let start = 0; start < streamIds.length; start += 500) {
      const rows = await this.db
        .selectFrom('events')
        .select(EVENT_COLUMNS)
        .where('stream_id', 'in', streamIds.slice(start, start + 500))
        .orderBy('stream_id')
        .orderBy('stream_version')
        .execute();
      for (const row of rows) {
        const events = streams.get(row.stream_id) ?? [];
        if (events.length === 0) streams.set(row.stream_id, events);
        events.push(toRecorded(row));
      }
    }
    return streams;
  }

  /**
   * Appends a command's events (and its read models' writes), resolving after COMMIT. Appends made
   * in the same turn of the event loop share one statement (a class ordering at once is a few
   * dozen statements a second, not a thousand): see append-statement.ts.
   */
  async append(input: AppendInput): Promise<RecordedEvent[]> {
    if (input.events.length === 0) return [];
    try {
      const appended = await this.batcher.append(input);
      this.wake(input, appended);
      return appended;
    } catch (error) {
      throw this.appendError(error, input);
    }
  }

  /**
   * Appends to several streams in one transaction: all or none (a copy of 200 games). Each input
   * is checked as `append` checks it; the first refusal rolls everything back and is thrown.
   */
  async appendMany(inputs: readonly AppendInput[]): Promise<RecordedEvent[][]> {
    let current: AppendInput | undefined;
    try {
      const appended = await this.db.transaction().execute(async (trx) => {
        const all: RecordedEvent[][] = [];
        for (const input of inputs) {
          current = input;
          all.push(input.events.length === 0 ? [] : (await appendInOneStatement(trx, [input]))[0]!);
        }
        return all;
      });
      inputs.forEach((input, i) => {
        if (appended[i]!.length > 0) this.wake(input, appended[i]!);
      });
      return appended;
    } catch (error) {
      throw current ? this.appendError(error, current) : error;
    }
  }

  /**
   * After COMMIT: this process's listeners of the stream get the events at once; every process
   * (this one included, which then ignores it) hears the stream's new version through the feed,
   * and the input's other keys' listeners are woken through it.
   */
  private wake(input: AppendInput, appended: RecordedEvent[]): void {
    const { streamId } = input;
    const version = appended[appended.length - 1]!.streamVersion;
    this.hear(streamId, version);
    this.wakeUps.set(streamId, (this.wakeUps.get(streamId) ?? 0) + 1);
    if (this.handedOver.size >= MAX_HANDED_OVER) this.handedOver.clear();
    this.handedOver.set(streamId, Math.max(version, this.handedOver.get(streamId) ?? 0));
    for (const listener of this.listeners.get(streamId) ?? []) listener(appended);
    this.feed.committed(streamId, version, appended);
    for (const key of input.wakes ?? []) this.feed.committed(key);
  }

  /** An append's failure as the caller can act on it: a version conflict, a retried command. */
  private appendError(error: unknown, input: AppendInput): unknown {
    const code = (error as { code?: string }).code;
    if (code === VERSION_GAP) return new VersionConflictError(input.streamId, input.expectedVersion);
    if (code !== UNIQUE_VIOLATION) return error;
    const constraint = String((error as { constraint?: string }).constraint ?? (error as Error).message);
    if (constraint.includes('events_command_once'))
      return new DuplicateCommandError(input.streamId, input.metadata.commandId);
    return new VersionConflictError(input.streamId, input.expectedVersion);
  }

  /**
   * Yields each time `key` is woken (or every stream is, as after the feed reconnects), wake-ups
   * that come close together yielding once. No poll: what listens here (an instructor's lists)
   * reads again on the next change, so a wake-up lost with another process's crash costs a stale
   * list until then, never a lost event.
   */
  async *wakeUpsOf(key: string, signal?: AbortSignal): AsyncGenerator<void> {
    let woken = false;
    let wake: (() => void) | null = null;
    const unsubscribe = this.onWakeUp(key, () => {
      woken = true;
      wake?.();
    });
    const onAbort = () => wake?.();
    signal?.addEventListener('abort', onAbort);
    try {
      while (!signal?.aborted) {
        await new Promise<void>((resolve) => {
          wake = resolve;
          if (woken || signal?.aborted) resolve();
        });
        wake = null;
        woken = false;
        if (!signal?.aborted) yield;
      }
    } finally {
      unsubscribe();
      signal?.removeEventListener('abort', onAbort);
    }
  }

  /**
   * Yields batches of new events of one stream after `afterVersion`, forever, until `signal`
   * aborts. Listens, then reads the backlog if an append past `afterVersion` was heard. The events
   * of this process's appends are handed over at COMMIT, and those another process's wake-up
   * carried when it came; a wake-up that carried none, or a gap in what was handed over, triggers
   * a re-read; and a poll every `pollMs` catches up even when a wake-up was lost.
   *
   * A read that fails (the database away, the pool exhausted) does not end the watch: it is tried
   * again, after a short wait while the feed is live, else when the feed is back and wakes every
   * stream, and it then reads everything missed since `version`. `status.current` says meanwhile
   * whether the watch holds every event this process knows of (no read pending or failed, nothing
   * handed over unread): what a live view's beat vouches for.
   */
  async *watch(
    streamId: string,
    afterVersion: number,
    options: {
      signal?: AbortSignal;
      pollMs?: number;
      status?: WatchStatus;
      /** Told of each failed read (the watch goes on and reads again). */
      onReadFailure?: (error: unknown) => void;
    } = {},
  ): AsyncGenerator<RecordedEvent[]> {
    const pollMs = options.pollMs ?? 10_000;
    const status = options.status ?? { current: true };
    let handed: RecordedEvent[] = [];
    let wake: (() => void) | null = null;
    let woken = this.mayHaveMoved(streamId, afterVersion);
    let reading = false;
    /** Reads failed in a row since the last that answered. */
    let failures = 0;
    const judge = () => {
      const was = status.current;
      status.current = !woken && !reading && failures === 0 && handed.length === 0;
      if (status.current && !was) status.onCurrent?.();
    };
    const unsubscribe = this.onWakeUp(streamId, (appended) => {
      if (appended) handed.push(...appended);
      else woken = true;
      judge();
      wake?.();
    });
    judge();
    const onAbort = () => wake?.();
    options.signal?.addEventListener('abort', onAbort);
    try {
      let version = afterVersion;
      while (!options.signal?.aborted) {
        if (handed.length > 0) {
          const fresh = handed.filter((event) => event.streamVersion > version);
          handed = [];
          if (fresh.length > 0 && follows(fresh, version)) {
            version = fresh[fresh.length - 1]!.streamVersion;
            judge();
            yield fresh;
            continue;
          }
          // Events this loop has not seen came in between (another process's): read them all.
          if (fresh.length > 0) woken = true;
          judge();
        }
        if (woken) {
          woken = false;
          reading = true;
          judge();
          let events: RecordedEvent[] | null = null;
          try {
            events = await this.readStream(streamId, version);
            failures = 0;
          } catch (error) {
            failures++;
            // Read again: `woken` stays up until a read answers.
            woken = true;
            options.onReadFailure?.(error);
          }
          reading = false;
          judge();
          if (events && events.length > 0) {
            version = events[events.length - 1]!.streamVersion;
            yield events;
            continue;
          }
        }
        // After a failed read: soon while the feed is live (a pool exhausted, a connection reset),
        // else the feed's return wakes every stream (and the poll stays the safety net).
        const waitMs =
          failures === 0
            ? pollMs
            : this.feed.live()
              ? Math.min(READ_RETRY_MS * 2 ** (failures - 1), READ_RETRY_MAX_MS)
              : pollMs;
        await new Promise<void>((resolve) => {
          const timer = setTimeout(() => {
            woken = true;
            judge();
            resolve();
          }, waitMs);
          wake = () => {
            clearTimeout(timer);
            resolve();
          };
          if ((woken && failures === 0) || handed.length > 0 || options.signal?.aborted) wake();
        });
        wake = null;
      }
    } finally {
      unsubscribe();
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** Whether `events` are the versions right after `version`, one by one. */
const follows = (events: readonly RecordedEvent[], version: number) =>
  events.every((event, i) => event.streamVersion === version + i + 1);
