import { EventEmitter } from 'node:events';
import pg from 'pg';

/** Wake-up for every stream: sent when a subscriber should re-read everything it watches. */
export const ALL_STREAMS = '*';
export const CHANNEL = 'events';

/**
 * Wakes subscribers when a stream got new events. A wake-up carries only the stream id: it is a
 * hint to re-read, never the data, so a missed one loses nothing (subscribers also poll).
 */
export interface LiveFeed {
  /** Called by this process after each COMMIT that appended to `streamId`. */
  committed(streamId: string): void;
  subscribe(listener: (streamId: string) => void): () => void;
  close(): Promise<void>;
}

/** Embedded database: one process, so an in-process emitter is the whole feed. */
export class InProcessFeed implements LiveFeed {
  private readonly emitter = new EventEmitter().setMaxListeners(0);

  committed(streamId: string) {
    this.emitter.emit(CHANNEL, streamId);
  }
  subscribe(listener: (streamId: string) => void) {
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
  private readonly pending = new Set<string>();
  private flushing = false;

  constructor(private readonly connectionString: string) {}

  async start(): Promise<void> {
    const client = new pg.Client({ connectionString: this.connectionString });
    client.on('notification', (message) => this.emitter.emit(CHANNEL, message.payload ?? ALL_STREAMS));
    client.on('error', () => this.reconnect(client));
    client.on('end', () => this.reconnect(client));
    await client.connect();
    await client.query(`listen ${CHANNEL}`);
    this.client = client;
  }

  private reconnect(lost: pg.Client) {
    if (this.closed || this.client !== lost) return;
    this.client = null;
    const retry = async (delay: number): Promise<void> => {
      if (this.closed) return;
      try {
        await this.start();
        this.emitter.emit(CHANNEL, ALL_STREAMS);
      } catch {
        setTimeout(() => void retry(Math.min(delay * 2, 5000)), delay).unref();
      }
    };
    void retry(100);
  }

  committed(streamId: string) {
    this.pending.add(streamId);
    if (!this.flushing) void this.flush();
  }

  private async flush() {
    this.flushing = true;
    try {
      while (this.pending.size > 0 && this.client && !this.closed) {
        const streams = [...this.pending];
        this.pending.clear();
        await this.client
          .query(`select pg_notify('${CHANNEL}', stream) from unnest($1::text[]) as stream`, [streams])
          .catch(() => undefined);
      }
    } finally {
      this.flushing = false;
    }
  }
  subscribe(listener: (streamId: string) => void) {
    this.emitter.on(CHANNEL, listener);
    return () => {
      this.emitter.off(CHANNEL, listener);
    };
  }
  async close() {
    this.closed = true;
    this.emitter.removeAllListeners();
    await this.client?.end().catch(() => undefined);
  }
}
