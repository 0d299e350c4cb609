/**
 * Event store throughput beside the database's own insert rate, measured in the same run on the
 * same database so that the ratio means something on a shared, noisy machine. Two baselines: one
 * autocommitted INSERT per row, and the same rows batched as the appends are (the inserts of one
 * turn of the event loop in one statement, at most two statements under way), so that "appends
 * against batched raw" compares like with like and "against one commit per row" shows what the
 * batching brings. All three are warmed up, then measured in alternating rounds (raw, batched
 * raw, append, raw, ...) so that a burst of load from a neighbour hits each alike; the table gives
 * the median round of each. PostgreSQL from DATABASE_URL (else the local server, if it answers);
 * PGlite on disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { type Kysely, sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import type { Database } from '../../src-server/db/schema';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed, type LiveFeed, PostgresFeed } from '../../src-server/eventstore/live-feed';
import type { EventMetadata } from '../../src-shared/eventsourcing';
import { withBenchPostgres } from './bench-postgres';

const SINGLE_STREAM_OPERATIONS = 2000;
const CONCURRENT_OPERATIONS = 4000;
/** Untimed operations of each kind before the first round: caches, plans, pool connections. */
const WARM_UP_OPERATIONS = 300;
const ROUNDS = 7;
const STREAMS = 100;
const WRITERS = 8;

const event = (i: number) => ({
  type: 'OrderPlaced',
  data: { facilityId: 'retailer', quantity: i % 13, week: i % 36 },
});
const metadata = () => ({
  actorId: 'bench',
  actorRole: 'player' as const,
  commandId: randomBytes(8).toString('hex'),
  serverTime: 0,
  rulesVersion: 1,
});

/**
 * The columns of `events` exactly as migrations/0001_event_store.ts declares them, without what
 * makes an append an append: no unique (stream, version) key, no command-id index, no gapless
 * trigger. (The append-only triggers fire only on UPDATE, DELETE and TRUNCATE, so they would
 * change nothing here.)
 */
const createRawTable = sql`
  create table bench_raw (
    global_position bigserial primary key,
    stream_id text not null,
    stream_version integer not null check (stream_version >= 1),
    type text not null,
    data jsonb not null,
    metadata jsonb not null,
    transaction_id xid8 not null default pg_current_xact_id(),
    recorded_at timestamptz not null default now()
  )`;

type RawRow = { streamId: string; version: number; type: string; data: unknown; metadata: EventMetadata };

const rawValues = (row: RawRow) =>
  sql`(${row.streamId}, ${row.version}::integer, ${row.type}, ${JSON.stringify(row.data)}::jsonb, ${JSON.stringify(row.metadata)}::jsonb)`;

/**
 * Raw inserts made in one turn of the event loop, sent as one autocommitted multi-row INSERT, the
 * way `AppendBatcher` (src-server/eventstore/append-statement.ts) sends appends: after the turn
 * (`setImmediate`), at most two statements under way, at most 500 rows a statement.
 */
class RawBatcher {
  private queue: Array<{ row: RawRow; resolve: () => void; reject: (error: unknown) => void }> = [];
  private scheduled = false;
  private underWay = 0;

  constructor(private readonly db: Kysely<Database>) {}

  insert(row: RawRow): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ row, resolve, reject });
      this.schedule();
    });
  }

  private schedule() {
    if (this.scheduled || this.queue.length === 0 || this.underWay >= 2) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      while (this.queue.length > 0 && this.underWay < 2) {
        const batch = this.queue.splice(0, 500);
        this.underWay++;
        void sql`insert into bench_raw (stream_id, stream_version, type, data, metadata)
          values ${sql.join(batch.map((item) => rawValues(item.row)))}`
          .execute(this.db)
          .then(
            () => {
              for (const item of batch) item.resolve();
            },
            (error) => {
              for (const item of batch) item.reject(error);
            },
          )
          .finally(() => {
            this.underWay--;
            this.schedule();
          });
      }
    });
  }
}

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

const median = (values: number[]) =>
  percentile(
    [...values].sort((a, b) => a - b),
    50,
  );

/** The `done`-th operation of one of the concurrent writers, the `i`-th of all. */
type Operation = (i: number, writer: number, done: number) => Promise<void>;

/** Runs `count` operations on `writers` concurrent loops; operations per second and each latency. */
async function timed(count: number, writers: number, work: Operation) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      for (let i = next++, done = 0; i < count; i = next++, done++) {
        const t0 = performance.now();
        await work(i, writer, done);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { perSecond: count / ((performance.now() - start) / 1000), latencies };
}

type Scenario = {
  name: string;
  operations: number;
  writers: number;
  streamOf: (writer: number, done: number) => string;
};

type Row = {
  scenario: string;
  raw: number;
  batched: number;
  appends: number;
  /** Each round's appends against its batched raw inserts. */
  roundRatios: number[];
  p50: number;
  p99: number;
};

async function measure(handle: DatabaseHandle, feed: LiveFeed): Promise<Row[]> {
  const db = handle.db;
  await createRawTable.execute(db);
  const store = new EventStore(db, feed);
  // Each kind keeps its own per-stream versions, so both insert the same values: stream, next
  // version, type, data, and metadata with a fresh command id at index 0.
  const rawVersions = new Map<string, number>();
  const appendVersions = new Map<string, number>();
  const nextVersion = (versions: Map<string, number>, streamId: string) => {
    const version = (versions.get(streamId) ?? 0) + 1;
    versions.set(streamId, version);
    return version;
  };

  const rawRow = (streamOf: Scenario['streamOf'], i: number, writer: number, done: number): RawRow => {
    const streamId = streamOf(writer, done);
    const { type, data } = event(i);
    const version = nextVersion(rawVersions, streamId);
    return { streamId, version, type, data, metadata: { ...metadata(), commandIndex: 0 } };
  };
  const rawInsert =
    ({ streamOf }: Scenario): Operation =>
    async (i, writer, done) => {
      await sql`insert into bench_raw (stream_id, stream_version, type, data, metadata)
        values ${rawValues(rawRow(streamOf, i, writer, done))}`.execute(db);
    };
  const batcher = new RawBatcher(db);
  const batchedRawInsert =
    ({ streamOf }: Scenario): Operation =>
    (i, writer, done) =>
      batcher.insert(rawRow(streamOf, i, writer, done));
  const append =
    ({ streamOf }: Scenario): Operation =>
    async (i, writer, done) => {
      const streamId = streamOf(writer, done);
      // Only this writer appends to its streams, so the expected version is always right.
      const expectedVersion = nextVersion(appendVersions, streamId) - 1;
      await store.append({ streamId, expectedVersion, events: [event(i)], metadata: metadata() });
    };

  const scenarios: Scenario[] = [
    // Each operation waits for the previous one's COMMIT.
    {
      name: '1 stream, 1 writer',
      operations: SINGLE_STREAM_OPERATIONS,
      writers: 1,
      streamOf: () => 'bench-single',
    },
    {
      name: `${STREAMS} streams, ${WRITERS} writers`,
      operations: CONCURRENT_OPERATIONS,
      writers: WRITERS,
      // Writer w owns streams w, w + WRITERS, w + 2 * WRITERS, ... and cycles through them: no
      // two appends to one stream are ever in flight together, so there is no conflict to retry.
      streamOf: (writer, done) => {
        const owned = Math.ceil((STREAMS - writer) / WRITERS);
        return `bench-many-${writer + WRITERS * (done % owned)}`;
      },
    },
  ];
  const rows: Row[] = [];
  for (const scenario of scenarios) {
    const raw = rawInsert(scenario);
    const batchedRaw = batchedRawInsert(scenario);
    const appendOne = append(scenario);
    await timed(WARM_UP_OPERATIONS, scenario.writers, raw);
    await timed(WARM_UP_OPERATIONS, scenario.writers, batchedRaw);
    await timed(WARM_UP_OPERATIONS, scenario.writers, appendOne);
    const rawRates: number[] = [];
    const batchedRates: number[] = [];
    const appendRates: number[] = [];
    const appendLatencies: number[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      rawRates.push((await timed(scenario.operations, scenario.writers, raw)).perSecond);
      batchedRates.push((await timed(scenario.operations, scenario.writers, batchedRaw)).perSecond);
      const appended = await timed(scenario.operations, scenario.writers, appendOne);
      appendRates.push(appended.perSecond);
      appendLatencies.push(...appended.latencies);
    }
    appendLatencies.sort((a, b) => a - b);
    rows.push({
      scenario: scenario.name,
      raw: median(rawRates),
      batched: median(batchedRates),
      appends: median(appendRates),
      roundRatios: appendRates.map((rate, round) => rate / batchedRates[round]!),
      p50: percentile(appendLatencies, 50),
      p99: percentile(appendLatencies, 99),
    });
  }
  return rows;
}

const percent = (ratio: number) => `${(ratio * 100).toFixed(0)} %`;

function print(database: string, rows: Row[]) {
  console.log(`### ${database}\n`);
  console.log(
    `Medians of ${ROUNDS} alternating rounds; ratios of the medians, and the lowest and highest round's ratio of appends to batched raw inserts.\n`,
  );
  console.log(
    '| scenario | raw inserts/s, one commit a row | raw inserts/s, batched per turn | appends/s | appends / batched raw | rounds | appends / one commit a row | append p50 ms | append p99 ms |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.raw.toFixed(0)} | ${r.batched.toFixed(0)} | ${r.appends.toFixed(0)} | ${percent(r.appends / r.batched)} | ${percent(Math.min(...r.roundRatios))}–${percent(Math.max(...r.roundRatios))} | ${percent(r.appends / r.raw)} | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
    );
  }
  console.log('');
}

export default async function benchEventStore() {
  const measured = await withBenchPostgres(async (handle, url) => {
    const feed = new PostgresFeed(url.toString());
    try {
      await feed.start();
      print(`PostgreSQL (${url.host})`, await measure(handle, feed));
    } finally {
      await feed.close();
    }
  });
  if (!measured) console.log('PostgreSQL: no server answered (set DATABASE_URL); skipped.\n');

  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-pglite-'));
  const handle = await openDatabase({ dataDir });
  try {
    await migrateToLatest(handle.db);
    print('PGlite (embedded, on disk)', await measure(handle, new InProcessFeed()));
  } finally {
    await handle.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}
