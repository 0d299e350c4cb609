/**
 * Event store throughput beside the database's own single-row insert commit rate, measured in the
 * same run on the same database so that the ratio means something on a shared, noisy machine.
 * PostgreSQL from DATABASE_URL (else the local server, if it answers); PGlite on disk.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed, type LiveFeed, PostgresFeed } from '../../src-server/eventstore/live-feed';

const SINGLE_STREAM_APPENDS = 2000;
const CONCURRENT_APPENDS = 4000;
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

function percentile(sorted: number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function timed(count: number, writers: number, work: (i: number) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const start = performance.now();
  await Promise.all(
    Array.from({ length: writers }, async () => {
      for (let i = next++; i < count; i = next++) {
        const t0 = performance.now();
        await work(i);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  const seconds = (performance.now() - start) / 1000;
  latencies.sort((a, b) => a - b);
  return { perSecond: count / seconds, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
}

type Row = { scenario: string; raw: number; appends: number; p50: number; p99: number };

async function measure(handle: DatabaseHandle, feed: LiveFeed): Promise<Row[]> {
  const db = handle.db;
  await sql`create table bench_raw (id bigserial primary key, stream text not null, data jsonb not null)`.execute(
    db,
  );
  const store = new EventStore(db, feed);
  const rawInsert = (i: number) =>
    sql`insert into bench_raw (stream, data) values (${`s-${i % STREAMS}`}, ${JSON.stringify(event(i).data)}::jsonb)`
      .execute(db)
      .then(() => undefined);

  const rows: Row[] = [];
  // One stream, one writer: each append waits for the previous one's COMMIT.
  const rawSingle = await timed(SINGLE_STREAM_APPENDS, 1, rawInsert);
  let version = 0;
  const single = await timed(SINGLE_STREAM_APPENDS, 1, async (i) => {
    await store.append({
      streamId: 'bench-single',
      expectedVersion: version,
      events: [event(i)],
      metadata: metadata(),
    });
    version++;
  });
  rows.push({
    scenario: '1 stream, 1 writer',
    raw: rawSingle.perSecond,
    appends: single.perSecond,
    p50: single.p50,
    p99: single.p99,
  });

  // 100 streams, 8 concurrent writers; each writer owns its streams, so there is no conflict to retry.
  const rawConcurrent = await timed(CONCURRENT_APPENDS, WRITERS, rawInsert);
  const versions = new Map<string, number>();
  const concurrent = await timed(CONCURRENT_APPENDS, WRITERS, async (i) => {
    const streamId = `bench-many-${i % STREAMS}`;
    const expectedVersion = versions.get(streamId) ?? 0;
    versions.set(streamId, expectedVersion + 1);
    await store.append({ streamId, expectedVersion, events: [event(i)], metadata: metadata() });
  });
  rows.push({
    scenario: `${STREAMS} streams, ${WRITERS} writers`,
    raw: rawConcurrent.perSecond,
    appends: concurrent.perSecond,
    p50: concurrent.p50,
    p99: concurrent.p99,
  });
  return rows;
}

function print(database: string, rows: Row[]) {
  console.log(`### ${database}\n`);
  console.log('| scenario | raw insert commits/s | appends/s | ratio | append p50 ms | append p99 ms |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.scenario} | ${r.raw.toFixed(0)} | ${r.appends.toFixed(0)} | ${((r.appends / r.raw) * 100).toFixed(0)} % | ${r.p50.toFixed(2)} | ${r.p99.toFixed(2)} |`,
    );
  }
  console.log('');
}

async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

export default async function benchEventStore() {
  const serverUrl = await postgresUrl();
  if (serverUrl) {
    const name = `bench_${randomBytes(4).toString('hex')}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
    const feed = new PostgresFeed(url.toString());
    try {
      await migrateToLatest(handle.db);
      await feed.start();
      print(`PostgreSQL (${url.host})`, await measure(handle, feed));
    } finally {
      await feed.close();
      await handle.close();
      await admin.query(`drop database ${name} with (force)`);
      await admin.end();
    }
  } else {
    console.log('PostgreSQL: no server answered (set DATABASE_URL); skipped.\n');
  }

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
