import { Writable } from 'node:stream';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { EventStore, type EventText } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import { Participants } from '../../src-server/exports/participants';
import {
  EVENTS_PAGE_SIZE,
  type ExportedGame,
  type LineSource,
  type PageSource,
  storedEventPages,
  writeResearchExport,
} from '../../src-server/exports/research';
import { copiedLogLines } from '../../src-server/exports/research-copy';
import { withBenchPostgres } from './bench-postgres';

const IN_MEMORY_EVENTS = 1_000_000;
const POSTGRES_EVENTS = 1_000_000;
/** PGlite runs in this process and its gapless trigger makes seeding slow: a smaller log. */
const PGLITE_EVENTS = 200_000;
const GAME: ExportedGame = { id: 'bench', name: 'Bench', type: 'beergame' };
const PLAYERS = ['u-retailer', 'u-wholesaler', 'u-distributor', 'u-factory'];
const FACILITIES = ['retailer', 'wholesaler', 'distributor', 'factory'];

/** An order like the beer game records, the most common event of a log, as the database prints it. */
function orderEvent(i: number): EventText {
  const player = PLAYERS[i % 4]!;
  return {
    position: i,
    stream: 'game-bench',
    version: i,
    type: 'OrderPlaced',
    // As `readStreamTextPage` gives it: the person apart from the rest of the data.
    data: `{"week": ${1 + (i % 36)}, "quantity": ${i % 13}, "facilityId": "${FACILITIES[i % 4]}", "capabilityId": "A1"}`,
    apart: `{"userId": "${player}"}`,
    recordedAt: new Date(1_700_000_000_000 + i).toISOString(),
    actorId: player,
    actorRole: 'player',
    rulesVersion: 1,
  };
}

/** Pages built as they are read, never held beyond one. */
const memoryPages = (count: number): PageSource =>
  async function* pages() {
    for (let first = 1; first <= count; first += EVENTS_PAGE_SIZE) {
      const page: EventText[] = [];
      for (let i = first; i < Math.min(first + EVENTS_PAGE_SIZE, count + 1); i++) page.push(orderEvent(i));
      yield page;
    }
  };

setFlagsFromString('--expose-gc');
const collectGarbage = runInNewContext('gc') as () => void;
/** Memory is sampled every this many bytes written: about 20 pages of 5,000 events. */
const BYTES_PER_SAMPLE = 29_000_000;

interface Memory {
  peakRss: number;
  peakHeap: number;
  /** Buffers outside the heap: where the COPY's bytes are read. */
  peakBuffers: number;
  /** Milliseconds spent sampling, left out of the rate. */
  sampling: number;
}

function sample(memory: Memory) {
  const start = performance.now();
  collectGarbage();
  const usage = process.memoryUsage();
  memory.peakRss = Math.max(memory.peakRss, usage.rss);
  memory.peakHeap = Math.max(memory.peakHeap, usage.heapUsed);
  memory.peakBuffers = Math.max(memory.peakBuffers, usage.arrayBuffers);
  memory.sampling += performance.now() - start;
}

/** A reader that takes everything at once, counting the bytes and sampling memory as they pass. */
function nullReader(memory: Memory) {
  const reader = { bytes: 0, out: new Writable() };
  let sampledAt = 0;
  reader.out = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      reader.bytes += chunk.length;
      if (reader.bytes - sampledAt >= BYTES_PER_SAMPLE) {
        sampledAt = reader.bytes;
        sample(memory);
      }
      done();
    },
  });
  return reader;
}

const mb = (bytes: number) => `${(bytes / 1e6).toFixed(0)} MB`;

async function measure(source: string, pages: PageSource, lines?: LineSource) {
  collectGarbage();
  const { heapUsed: startHeap, arrayBuffers: startBuffers } = process.memoryUsage();
  const memory: Memory = { peakRss: 0, peakHeap: startHeap, peakBuffers: startBuffers, sampling: 0 };
  const reader = nullReader(memory);
  const start = performance.now();
  const events = await writeResearchExport({
    games: [GAME],
    format: 'jsonl',
    pages,
    lines,
    participants: new Participants(),
    out: reader.out,
  });
  const seconds = (performance.now() - start - memory.sampling) / 1000;
  console.log(
    `| ${source} | ${events.toLocaleString('en')} | ${(events / seconds).toFixed(0)} | ${mb(reader.bytes)} | ${mb(memory.peakRss)} | ${mb(memory.peakHeap - startHeap)} | ${mb(memory.peakBuffers - startBuffers)} |`,
  );
}

/** Seeds `count` order events on one stream with one statement, in version order. */
async function seed(handle: DatabaseHandle, count: number) {
  await sql`
    insert into events (stream_id, stream_version, type, data, metadata)
    select 'game-bench', g, 'OrderPlaced',
      jsonb_build_object('facilityId', 'retailer', 'capabilityId', 'A1', 'quantity', g % 13,
        'week', 1 + g % 36, 'userId', 'u-' || (g % 4)),
      jsonb_build_object('actorId', 'u-' || (g % 4), 'actorRole', 'player', 'commandId', 'c' || g,
        'commandIndex', 0, 'serverTime', 1700000000000 + g, 'rulesVersion', 1)
    from generate_series(1, ${count}::integer) g`.execute(handle.db);
  // As autovacuum would have by then: without statistics the planner sorts the stream for each page.
  await sql`analyze events`.execute(handle.db);
}

async function measureStored(source: string, handle: DatabaseHandle, count: number) {
  const seeding = performance.now();
  await seed(handle, count);
  console.error(
    `(${source}: ${count} events seeded in ${((performance.now() - seeding) / 1000).toFixed(0)} s)`,
  );
  const pages = storedEventPages(new EventStore(handle.db, new InProcessFeed()));
  await measure(`${source}, rows`, pages);
  // The same log as lines built by PostgreSQL (COPY), where the database allows it.
  if (handle.pool) await measure(`${source}, COPY`, pages, copiedLogLines(handle.pool));
}

export default async function benchExport() {
  console.log(`JSONL, pages of ${EVENTS_PAGE_SIZE.toLocaleString('en')} events, pseudonymous actors.\n`);
  console.log(
    '| source | events | events/s | output | peak RSS | peak live heap growth | peak buffers growth |',
  );
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  await measure('pages in memory', memoryPages(IN_MEMORY_EVENTS));

  const measured = await withBenchPostgres((handle, url) =>
    measureStored(`PostgreSQL (${url.host})`, handle, POSTGRES_EVENTS),
  );
  if (!measured) console.log('| PostgreSQL | no server answered (set DATABASE_URL): skipped | | | | | |');

  const pglite = await openDatabase({ dataDir: 'memory://' });
  try {
    await migrateToLatest(pglite.db);
    await measureStored('PGlite (in memory)', pglite, PGLITE_EVENTS);
  } finally {
    await pglite.close();
  }
  console.log('');
}
