import { EventEmitter } from 'node:events';
import pg from 'pg';
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
 * Wakes subscribers when a stream got new events. A wake-up carries only the stream id, and the
 * version the stream reached when there is one: a hint to re-read, never the data, so a missed
 * one loses nothing (subscribers also poll).
 */
export interface LiveFeed {
  /** Called by this process after each COMMIT that appended to `streamId` (up to `version`). */
  committed(streamId: string, version?: number): void;
  subscribe(listener: WakeUpListener): () => void;
  close(): Promise<void>;
}

export type WakeUpListener = (streamId: string, version?: number) => void;

/** A wake-up as a NOTIFY payload: the stream id, then its version after a space (ids have none). */
export const wakeUpPayload = (streamId: string, version?: number) =>
  version === undefined ? streamId : `${streamId} ${version}`;

export function parseWakeUp(payload: string): { streamId: string; version?: number } {
  const space = payload.lastIndexOf(' ');
  const version = space < 0 ? Number.NaN : Number(payload.slice(space + 1));
  return Number.isInteger(version) ? { streamId: payload.slice(0, space), version } : { streamId: payload };
}

/** Embedded database: one process, so an in-process emitter is the whole feed. */
export class InProcessFeed implements LiveFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  committed(streamId: string, version?: number) {
    this.emitter.emit(CHANNEL, streamId, version);
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
  /** Streams committed since the last NOTIFY, with the highest version each reached. */
  private readonly pending = new Map<string, number | undefined>();
  /**
   * The connection's queries, one after the other: pg queues concurrent queries on a client itself
   * today but warns that it will not (pg 9). Presence and wake-ups share it, each told in order;
   * a process closing says its last word before it hangs up.
   */
  private lastSaid: Promise<unknown> = Promise.resolve();
  private flushing = false;

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
      const { streamId, version } = parseWakeUp(message.payload ?? ALL_STREAMS);
      this.emitter.emit(CHANNEL, streamId, version);
    });
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    await client.query(`listen ${PRESENCE_CHANNEL}`);
    await client.query(`listen ${SIGN_OUT_CHANNEL}`);
    this.client = client;
  }

  /** A channel of this connection: told in order, lost while it reconnects. */
  private channel(name: string): SignOutBus {
    return {
      publish: (message) => {
        if (!this.client) return;
        void this.say('select pg_notify($1, $2)', [name, message]);
      },
      subscribe: (listener) => {
        this.emitter.on(name, listener);
        return () => void this.emitter.off(name, listener);
      },
    };
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
        setTimeout(() => void retry(Math.min(delay * 2, 5000)), delay).unref();
      }
    };
    void retry(100);
  }

  committed(streamId: string, version?: number) {
    const known = this.pending.get(streamId);
    this.pending.set(
      streamId,
      known === undefined || version === undefined ? version : Math.max(known, version),
    );
    if (!this.flushing) void this.flush();
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.pending.size > 0 && this.client && !this.closed) {
        const payloads = [...this.pending].map(([streamId, version]) => wakeUpPayload(streamId, version));
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
    this.emitter.removeAllListeners();
    await this.lastSaid;
    await this.client?.end().catch(() => undefined);
  }
}
