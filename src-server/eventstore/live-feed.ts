import { EventEmitter } from 'node:events';
import pg from 'pg';
import type { RecordedEvent } from '../../src-shared/eventsourcing';
import type { SignOutBus } from '../auth/sign-in-watch';
import type { PresenceBus } from '../presence/presence';

/** Wake-up for every stream: sent when a subscriber should re-read everything it watches. */
export const ALL_STREAMS = '*';
export const CHANNEL = 'events';
/** Who watches which game, said between processes (presence/presence.ts). */
const PRESENCE_CHANNEL = 'presence';
/** Sessions that ended (a sign-out): every process ends their subscriptions (auth/sign-in-watch.ts). */
const SIGN_OUT_CHANNEL = 'signouts';
const RECONNECTED = 'reconnected';

/**
 * Wakes subscribers when a stream got new events. A wake-up carries the stream id, the version the
 * stream reached when there is one and, when they fit in a notification, the events appended
 * (`carried`, as JSON text): a process that watches the stream then needs no read. It is never the
 * only way to the data: a wake-up without events calls for a read, and a missed one loses nothing
 * (subscribers also poll).
 */
export interface LiveFeed {
  /** Called by this process after each COMMIT that appended `events` to `streamId` (up to `version`). */
  committed(streamId: string, version?: number, events?: readonly RecordedEvent[]): void;
  subscribe(listener: WakeUpListener): () => void;
  /**
   * Whether this process hears every append now: false from the moment its connection to the
   * database is lost (or stops answering) until it is back and everyone was woken to read again.
   * A live view is vouched for (its beat) only while this holds.
   */
  live(): boolean;
  close(): Promise<void>;
}

/** `carried`: the events appended up to `version`, as `carryEvents` wrote them (`eventsCarried` reads them). */
export type WakeUpListener = (streamId: string, version?: number, carried?: string) => void;

/** PostgreSQL refuses a NOTIFY payload of 8,000 bytes or more (and with it the whole statement). */
const MAX_PAYLOAD_BYTES = 7_999;

/**
 * A wake-up as a NOTIFY payload: the stream id, then its version after a space (ids have none),
 * then the events after a line break when they fit.
 */
export function wakeUpPayload(streamId: string, version?: number, events?: readonly RecordedEvent[]): string {
  const head = version === undefined ? streamId : `${streamId} ${version}`;
  if (!events || events.length === 0 || version === undefined) return head;
  const whole = `${head}\n${carryEvents(events)}`;
  return Buffer.byteLength(whole) <= MAX_PAYLOAD_BYTES ? whole : head;
}

export function parseWakeUp(payload: string): { streamId: string; version?: number; carried?: string } {
  const lineBreak = payload.indexOf('\n');
  const head = lineBreak < 0 ? payload : payload.slice(0, lineBreak);
  const space = head.lastIndexOf(' ');
  const version = space < 0 ? Number.NaN : Number(head.slice(space + 1));
  if (!Number.isInteger(version)) return { streamId: head };
  return {
    streamId: head.slice(0, space),
    version,
    ...(lineBreak < 0 ? {} : { carried: payload.slice(lineBreak + 1) }),
  };
}

/** Events as a wake-up carries them: without their stream id (the wake-up names it), times in ms. */
function carryEvents(events: readonly RecordedEvent[]): string {
  return JSON.stringify(
    events.map(({ streamId: _, recordedAt, ...event }) => ({ ...event, recordedAt: +recordedAt })),
  );
}

/** The events a wake-up of `streamId` carried, or undefined when they cannot be read (then read them). */
export function eventsCarried(streamId: string, carried: string): RecordedEvent[] | undefined {
  try {
    const events = JSON.parse(carried) as Array<
      Omit<RecordedEvent, 'streamId' | 'recordedAt'> & { recordedAt: number }
    >;
    return events.map((event) => ({ ...event, streamId, recordedAt: new Date(event.recordedAt) }));
  } catch {
    return undefined;
  }
}

/** Embedded database: one process, so an in-process emitter is the whole feed. */
export class InProcessFeed implements LiveFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  committed(streamId: string, version?: number) {
    this.emitter.emit(CHANNEL, streamId, version);
  }
  /** In one process every append is heard as it commits. */
  live() {
    return true;
  }
  subscribe(listener: WakeUpListener) {
    this.emitter.on(CHANNEL, listener);
    return () => {
      this.emitter.off(CHANNEL, listener);
    };
  }
  async close() {
    this.emitter.removeAllListeners();
  }
}

/** How often the LISTEN connection is asked whether it still answers. */
const PING_MS = 1_000;
/**
 * A connection whose ping has gone unanswered this long is lost (a network that dropped it without
 * a word): the feed is no longer live, and it connects again.
 */
const PING_LOST_MS = 2_500;
/** The longest wait between two attempts to connect again: the class is back soon after the database. */
const RECONNECT_MAX_MS = 500;

/** Several messages on one channel, in one statement, in the array's order (unnest's). */
const TELL = 'select pg_notify($1, payload) from unnest($2::text[]) as payload';

/**
 * PostgreSQL: one dedicated connection per process LISTENs, so every server process on the
 * database hears every append. Wake-ups are sent right after COMMIT, coalesced: while one NOTIFY
 * round trip is under way, the streams appended meanwhile wait and leave together in the next.
 * (NOTIFY inside the append transaction would serialise every commit on PostgreSQL's notify lock.)
 * A wake-up lost to a crash between COMMIT and NOTIFY is caught up by the subscribers' poll. After
 * the LISTEN connection is lost and re-established, everyone is woken.
 */
export class PostgresFeed implements LiveFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private closed = false;
  /** When the LISTEN connection last answered (its connection, or a ping). */
  private answeredAt = 0;
  private pingSentAt: number | null = null;
  private pinger: NodeJS.Timeout | null = null;
  /**
   * Streams committed since the last NOTIFY, with the highest version each reached and the events
   * appended meanwhile, in order (null when they do not follow one another: the wake-up then
   * carries none).
   */
  private readonly pending = new Map<string, { version?: number; events: RecordedEvent[] | null }>();
  /**
   * The connection's queries, one after the other: pg queues concurrent queries on a client itself
   * today but warns that it will not (pg 9). Presence and wake-ups share it, each told in order;
   * a process closing says its last word before it hangs up.
   */
  private lastSaid: Promise<unknown> = Promise.resolve();
  private flushing = false;
  /**
   * Presence and sign-out messages of this turn, per channel: they leave together after it, in
   * order, one statement per channel (a class rejoining after a restart said 1,000 one by one).
   */
  private readonly toTell = new Map<string, string[]>();

  /** Sends one statement after those already under way; a lost connection drops it. */
  private say(sql: string, params: unknown[]): Promise<unknown> {
    const said = this.lastSaid.then(() => this.client?.query(sql, params)).catch(() => undefined);
    this.lastSaid = said;
    return said;
  }

  constructor(private readonly connectionString: string) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => {
      if (message.channel === PRESENCE_CHANNEL || message.channel === SIGN_OUT_CHANNEL)
        return this.emitter.emit(message.channel, message.payload ?? '');
      const { streamId, version, carried } = parseWakeUp(message.payload ?? ALL_STREAMS);
      this.emitter.emit(CHANNEL, streamId, version, carried);
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    await client.query(`listen ${PRESENCE_CHANNEL}`);
    await client.query(`listen ${SIGN_OUT_CHANNEL}`);
    this.client = client;
    this.answeredAt = performance.now();
    this.pingSentAt = null;
    this.pinger ??= setInterval(() => this.ping(), PING_MS).unref();
  }

  live(): boolean {
    return this.client !== null && performance.now() - this.answeredAt < PING_LOST_MS;
  }

  /**
   * Asks the LISTEN connection whether it still answers: a database that went away without closing
   * it (a network cut, a host gone) would otherwise leave the feed deaf and every page unaware.
   */
  private ping(): void {
    const client = this.client;
    if (!client || this.closed) return;
    if (this.pingSentAt !== null) {
      if (performance.now() - this.pingSentAt < PING_LOST_MS) return;
      // No answer: this connection is lost. Another is made; this one is dropped without waiting.
      this.reconnect(client);
      void client.end().catch(() => undefined);
      return;
    }
    const sentAt = performance.now();
    this.pingSentAt = sentAt;
    client.query('select 1').then(
      () => {
        if (this.client !== client) return;
        this.answeredAt = performance.now();
        this.pingSentAt = null;
      },
      () => undefined,
    );
  }

  /** A channel of this connection: told in order, lost while it reconnects. */
  private channel(name: string): SignOutBus {
    return {
      publish: (message) => {
        if (!this.client || this.closed) return;
        if (this.toTell.size === 0) setImmediate(() => this.tell());
        const messages = this.toTell.get(name);
        if (messages) messages.push(message);
        else this.toTell.set(name, [message]);
      },
      subscribe: (listener) => {
        this.emitter.on(name, listener);
        return () => void this.emitter.off(name, listener);
      },
    };
  }

  private tell() {
    for (const [name, messages] of this.toTell) {
      // PostgreSQL delivers identical payloads of one statement once: a repeated message waits for
      // the next statement.
      let batch = new Set<string>();
      for (const message of messages) {
        if (batch.has(message)) {
          void this.say(TELL, [name, [...batch]]);
          batch = new Set();
        }
        batch.add(message);
      }
      void this.say(TELL, [name, [...batch]]);
    }
    this.toTell.clear();
  }

  /** The presence bus of the process (presence/presence.ts). */
  readonly presence: PresenceBus = {
    ...this.channel(PRESENCE_CHANNEL),
    onReconnect: (listener) => {
      this.emitter.on(RECONNECTED, listener);
      return () => void this.emitter.off(RECONNECTED, listener);
    },
  };

  /** The sign-out bus of the process (what it misses, the sign-in check catches). */
  readonly signOuts: SignOutBus = this.channel(SIGN_OUT_CHANNEL);

  private reconnect(lost: pg.Client) {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    const retry = async (delay: number): Promise<void> => {
      if (this.closed) return;
      try {
        await this.start();
        this.emitter.emit(CHANNEL, ALL_STREAMS);
        this.emitter.emit(RECONNECTED);
      } catch {
        setTimeout(() => void retry(Math.min(delay * 2, RECONNECT_MAX_MS)), delay).unref();
      }
    };
    void retry(100);
  }

  committed(streamId: string, version?: number, events?: readonly RecordedEvent[]) {
    const known = this.pending.get(streamId);
    if (!known) this.pending.set(streamId, { version, events: events ? [...events] : null });
    else {
      const last = known.events?.at(-1)?.streamVersion;
      known.events =
        known.events && events && last !== undefined && events[0]?.streamVersion === last + 1
          ? [...known.events, ...events]
          : null;
      known.version =
        known.version === undefined || version === undefined ? version : Math.max(known.version, version);
    }
    if (!this.flushing) void this.flush();
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.pending.size > 0 && this.client && !this.closed) {
        const payloads = [...this.pending].map(([streamId, { version, events }]) =>
          wakeUpPayload(streamId, version, events ?? undefined),
        );
        this.pending.clear();
        await this.say(`select pg_notify('${CHANNEL}', payload) from unnest($1::text[]) as payload`, [
          payloads,
        ]);
      }
    } finally {
      this.flushing = false;
    }
  }
  subscribe(listener: WakeUpListener) {
    this.emitter.on(CHANNEL, listener);
    return () => {
      this.emitter.off(CHANNEL, listener);
    };
  }
  async close() {
    this.closed = true;
    if (this.pinger) clearInterval(this.pinger);
    this.emitter.removeAllListeners();
    // The messages of this turn (a closing process's presence leaving) go before it hangs up.
    this.tell();
    await this.lastSaid;
    await this.client?.end().catch(() => undefined);
  }
}
