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
  /** True when the append statement itself must NOTIFY `CHANNEL`, so the wake-up leaves at COMMIT. */
  readonly notifiesInTransaction: boolean;
  /** Called after COMMIT by this process. */
  committed(streamId: string): void;
  subscribe(listener: (streamId: string) => void): () => void;
  close(): Promise<void>;
}

/** Embedded database: one process, so an in-process emitter is the whole feed. */
export class InProcessFeed implements LiveFeed {
  readonly notifiesInTransaction = false;
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
 * PostgreSQL: NOTIFY inside the append transaction, LISTEN on one dedicated connection per
 * process, so every server process on the database hears every append. After the connection is
 * lost and re-established, everyone is woken, since notifications may have been missed meanwhile.
 */
export class PostgresFeed implements LiveFeed {
  readonly notifiesInTransaction = true;
  private readonly emitter = new EventEmitter().setMaxListeners(0);
  private client: pg.Client | null = null;
  private closed = false;

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

  committed() {
    // The NOTIFY sent in the transaction reaches this process too.
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
