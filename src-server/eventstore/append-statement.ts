/**
 * The one statement that appends events to one or several streams, with the inline read models'
 * writes beside them in a WITH: all or none, in one round trip. The event store sends the appends
 * that came in together (one turn of the event loop) as one such statement (group commit), and
 * each alone again if the statement fails, so that a refusal reaches only its own command.
 */
import { type Compilable, type Kysely, type OperationNodeSource, sql } from 'kysely';
import type { DomainEvent, EventMetadata, RecordedEvent } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';

/** A read model's row write (an insert, update or delete query), made on the append's database. */
export type ReadModelWrite = OperationNodeSource & Compilable;
export type ReadModelWrites = (db: Kysely<Database>) => readonly ReadModelWrite[];

export interface AppendInput {
  streamId: string;
  /** The version the events were decided against (0 for a new stream). */
  expectedVersion: number;
  events: readonly DomainEvent[];
  /** The command's metadata; each event gets its `commandIndex`. */
  metadata: Omit<EventMetadata, 'commandIndex'>;
  /** The inline read models' writes that go with the events. */
  writes?: ReadModelWrites;
  /** Wake-up keys besides the stream's, woken after COMMIT (an instructor's game lists). */
  wakes?: readonly string[];
}

/** Another writer appended to the stream first: re-read and decide again. */
export class VersionConflictError extends Error {
  constructor(
    readonly streamId: string,
    readonly expectedVersion: number,
  ) {
    super(`Stream ${streamId} is no longer at version ${expectedVersion}`);
    this.name = 'VersionConflictError';
  }
}

type InsertedRow = { global_position: number; stream_id: string; stream_version: number; recorded_at: Date };

/**
 * Appends `inputs` (at most one per stream) in one statement: one INSERT of every event, in each
 * stream's order, and the read models' writes. The unique (stream, version) key refuses a stale
 * expected version and the gapless trigger a future one, so there is nothing to check beforehand.
 * Resolves, per input, with its recorded events.
 */
export async function appendInOneStatement(
  db: Kysely<Database>,
  inputs: readonly AppendInput[],
): Promise<RecordedEvent[][]> {
  const rows = inputs.flatMap(({ streamId, expectedVersion, events, metadata }) =>
    events.map(
      (event, index) =>
        sql`(${streamId}, ${expectedVersion + index + 1}::integer, ${event.type}, ${JSON.stringify(event.data ?? null)}::jsonb, ${JSON.stringify({ ...metadata, commandIndex: index } satisfies EventMetadata)}::jsonb)`,
    ),
  );
  const insert = sql<InsertedRow>`insert into events (stream_id, stream_version, type, data, metadata)
    values ${sql.join(rows)}
    returning global_position, stream_id, stream_version, recorded_at`;
  const writes = inputs.flatMap((input) => input.writes?.(db) ?? []);
  const statement =
    writes.length === 0
      ? insert
      : sql<InsertedRow>`with appended as (${insert}),
          ${sql.join(writes.map((write, i) => sql`${sql.raw(`read_model_${i}`)} as (${write})`))}
        select global_position, stream_id, stream_version, recorded_at from appended`;
  const { rows: inserted } = await statement.execute(db);
  const byStream = new Map<string, InsertedRow[]>();
  for (const row of inserted) byStream.set(row.stream_id, [...(byStream.get(row.stream_id) ?? []), row]);
  return inputs.map(({ streamId, expectedVersion, events, metadata }) => {
    const own = (byStream.get(streamId) ?? []).sort((a, b) => a.stream_version - b.stream_version);
    if (own.length !== events.length) throw new VersionConflictError(streamId, expectedVersion);
    return own.map((row, index) => ({
      globalPosition: row.global_position,
      streamId,
      streamVersion: row.stream_version,
      type: events[index]!.type,
      data: events[index]!.data ?? null,
      metadata: { ...metadata, commandIndex: index },
      recordedAt: row.recorded_at,
    }));
  });
}

/**
 * PostgreSQL takes at most 65,535 parameters in a statement; a batch stays well below (5 an event,
 * about 15 a read-model write, at most two of those an append).
 */
const MAX_BATCH_EVENTS = 2_000;
const MAX_BATCH_APPENDS = 500;

/**
 * Appends queued within one turn of the event loop, sent together as one statement (at most two
 * statements under way, so a batch fills while the last one runs). A failed batch is sent again
 * one append at a time, in order: each gets its own answer (a conflict, a retried command).
 * (The command handler already runs one command of a stream at a time; other callers may not.)
 */
export class AppendBatcher {
  private queue: Array<{
    input: AppendInput;
    resolve: (events: RecordedEvent[]) => void;
    reject: (error: unknown) => void;
  }> = [];
  private scheduled = false;
  private underWay = 0;
  private readonly streamsUnderWay = new Set<string>();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly maxUnderWay = 2,
  ) {}

  append(input: AppendInput): Promise<RecordedEvent[]> {
    return new Promise((resolve, reject) => {
      this.queue.push({ input, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0 || this.underWay >= this.maxUnderWay) return;
    this.scheduled = true;
    // After this turn's I/O callbacks and their promises: the appends they made come along.
    setImmediate(() => {
      this.scheduled = false;
      this.send();
    });
  }

  private send() {
    while (this.queue.length > 0 && this.underWay < this.maxUnderWay) {
      const batch = this.takeBatch();
      if (batch.length === 0) return;
      const streams = batch.map((item) => item.input.streamId);
      for (const streamId of streams) this.streamsUnderWay.add(streamId);
      this.underWay++;
      void this.run(batch).finally(() => {
        for (const streamId of streams) this.streamsUnderWay.delete(streamId);
        this.underWay--;
        this.schedule();
      });
    }
  }

  /**
   * The queued appends to send now, in order: one per stream, none of a stream whose last append
   * is still under way (a stream's appends land one after the other), within the bound.
   */
  private takeBatch(): AppendBatcher['queue'] {
    const batch: AppendBatcher['queue'] = [];
    const held = new Set(this.streamsUnderWay);
    let events = 0;
    this.queue = this.queue.filter((item) => {
      const { streamId } = item.input;
      const fits =
        batch.length === 0 ||
        (batch.length < MAX_BATCH_APPENDS && events + item.input.events.length <= MAX_BATCH_EVENTS);
      if (held.has(streamId) || !fits) {
        held.add(streamId);
        return true;
      }
      held.add(streamId);
      events += item.input.events.length;
      batch.push(item);
      return false;
    });
    return batch;
  }

  private async run(batch: AppendBatcher['queue']) {
    try {
      const appended = await appendInOneStatement(
        this.db,
        batch.map((item) => item.input),
      );
      for (const [i, item] of batch.entries()) item.resolve(appended[i]!);
    } catch (error) {
      if (batch.length === 1) {
        batch[0]!.reject(error);
        return;
      }
      for (const item of batch)
        await appendInOneStatement(this.db, [item.input]).then(
          ([events]) => item.resolve(events!),
          item.reject,
        );
    }
  }
}
