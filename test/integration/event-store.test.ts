/**
 * The event store's contract, run against every database engine of this run: embedded PGlite
 * always, and PostgreSQL when the run has one (DATABASE_URL or Testcontainers). What holds only
 * across processes (LISTEN/NOTIFY) runs on PostgreSQL only.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { CommandHandler, type StreamType } from '../../src-server/eventstore/command-handler';
import { EventStore, VersionConflictError } from '../../src-server/eventstore/event-store';
import { InProcessFeed, type LiveFeed, PostgresFeed } from '../../src-server/eventstore/live-feed';
import { type CommandContext, type Decider, DomainError } from '../../src-shared/eventsourcing';
import {
  type Backend,
  databaseBackends,
  itOnPostgres,
  onPostgres,
  type TestDatabase,
} from '../support/database';

type Added = { type: 'Added'; data: { n: number } };
const counter: Decider<{ type: 'Add'; n: number }, Added, number> = {
  initialState: 0,
  decide: (command) => [{ type: 'Added', data: { n: command.n } }],
  evolve: (state, event) => state + event.data.n,
};
const counterStream: StreamType<{ type: 'Add'; n: number }, Added, number> = {
  decider: counter,
  rulesVersion: 1,
  upcasters: [],
};
const context = (commandId: string): CommandContext & { commandId: string } => ({
  now: 1_700_000_000_000,
  actor: { userId: 'user-1', role: 'player' },
  commandId,
});
const metadata = (commandId: string) => ({
  actorId: 'user-1',
  actorRole: 'player' as const,
  commandId,
  serverTime: 0,
  rulesVersion: 1,
});

/** The stream versions a watcher yields, until `count` of them. */
/** Appends `Added` number `version` to `streamId`, as the next version, under command `${prefix}${version}`. */
const appender = (store: EventStore, streamId: string, prefix: string) => (version: number) =>
  store.append({
    streamId,
    expectedVersion: version - 1,
    events: [{ type: 'Added', data: { n: version } }],
    metadata: metadata(`${prefix}${version}`),
  });

const collect = async (watcher: AsyncGenerator<{ streamVersion: number }[]>, count: number) => {
  const versions: number[] = [];
  for await (const batch of watcher) {
    versions.push(...batch.map((e) => e.streamVersion));
    if (versions.length >= count) break;
  }
  return versions;
};

/**
 * The watcher's next batch, or a failure after `withinMs`: with a poll far longer than that, only
 * a wake-up (a hand-over in this process, a NOTIFY from another) can deliver it in time.
 */
async function nextBatch<T>(watcher: AsyncGenerator<T[]>, withinMs = 5_000): Promise<T[]> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no wake-up delivered within ${withinMs} ms`)), withinMs);
  });
  try {
    const { value, done } = await Promise.race([watcher.next(), timeout]);
    if (done) throw new Error('the watcher ended');
    return value;
  } finally {
    clearTimeout(timer);
  }
}

const backends = databaseBackends();
console.log(`[event-store] contract on ${backends.map((b) => `${b.name} (${b.where})`).join(' and ')}`);

describe.each(backends)('event store on $name', (backend: Backend) => {
  let database: TestDatabase;
  let feed: LiveFeed;
  let store: EventStore;

  beforeAll(async () => {
    database = await backend.open();
    if (database.url) {
      const postgresFeed = new PostgresFeed(database.url);
      await postgresFeed.start();
      feed = postgresFeed;
    } else {
      feed = new InProcessFeed();
    }
    store = new EventStore(database.handle.db, feed);
  });
  afterAll(async () => {
    await feed.close();
    await database.drop();
  });

  describe('appending', () => {
    it('numbers a stream gaplessly from 1 and reads it back with its metadata', async () => {
      await store.append({
        streamId: 's-read',
        expectedVersion: 0,
        events: [
          { type: 'Added', data: { n: 1 } },
          { type: 'Added', data: { n: 2 } },
        ],
        metadata: metadata('c1'),
      });
      await store.append({
        streamId: 's-read',
        expectedVersion: 2,
        events: [{ type: 'Added', data: { n: 3 } }],
        metadata: metadata('c2'),
      });
      const events = await store.readStream('s-read');
      expect(events.map((e) => e.streamVersion)).toEqual([1, 2, 3]);
      expect(events.map((e) => e.data)).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
      expect(events[0]!.metadata).toMatchObject({ actorId: 'user-1', commandId: 'c1', rulesVersion: 1 });
      expect(events[1]!.globalPosition).toBeGreaterThan(events[0]!.globalPosition);
      expect(await store.readStream('s-read', 2)).toHaveLength(1);
    });

    it('reads a stream a page at a time as text, the same events as read as objects', async () => {
      const data = { n: 4, text: 'a "quoted", ünïcode line\n', list: [1.5, null, true], nested: { a: {} } };
      await store.append({
        streamId: 's-text',
        expectedVersion: 0,
        events: [1, 2, 3, 4, 5].map((n) => ({ type: 'Added', data: { ...data, n } })),
        metadata: metadata('c-text'),
      });
      const recorded = await store.readStream('s-text');
      const pages = [
        await store.readStreamTextPage('s-text', 0, 2),
        await store.readStreamTextPage('s-text', 2, 10),
      ];
      expect(pages.map((page) => page.length)).toEqual([2, 3]);
      expect(await store.readStreamTextPage('s-text', 5, 10)).toEqual([]);
      expect(pages.flat().map((event) => ({ ...event, data: JSON.parse(event.data) as unknown }))).toEqual(
        recorded.map((event) => ({
          position: event.globalPosition,
          stream: 's-text',
          version: event.streamVersion,
          type: 'Added',
          data: event.data,
          recordedAt: event.recordedAt.toISOString(),
          actorId: 'user-1',
          actorRole: event.metadata.actorRole,
          rulesVersion: 1,
        })),
      );
    });

    it('refuses an append at a stale or future expected version and writes nothing', async () => {
      const append = (expectedVersion: number, commandId: string) =>
        store.append({
          streamId: 's-stale',
          expectedVersion,
          events: [{ type: 'Added', data: { n: 1 } }],
          metadata: metadata(commandId),
        });
      await append(0, 'a');
      await expect(append(0, 'b')).rejects.toBeInstanceOf(VersionConflictError);
      await expect(append(5, 'c')).rejects.toBeInstanceOf(VersionConflictError);
      expect((await store.readStream('s-stale')).map((e) => e.streamVersion)).toEqual([1]);
    });

    it('lets exactly one of many concurrent writers win each version, leaving no gap', async () => {
      const attempts = await Promise.allSettled(
        Array.from({ length: 12 }, (_, i) =>
          store.append({
            streamId: 's-race',
            expectedVersion: 0,
            events: [{ type: 'Added', data: { n: i } }],
            metadata: metadata(`race-${i}`),
          }),
        ),
      );
      expect(attempts.filter((a) => a.status === 'fulfilled')).toHaveLength(1);
      expect(
        attempts
          .filter((a) => a.status === 'rejected')
          .every((a) => a.reason instanceof VersionConflictError),
      ).toBe(true);

      // Through command handlers (four processes, say), every losing writer re-decides on the new
      // state and lands on a later version: all 24 commands applied, versions 1..24.
      const handlers = Array.from({ length: 4 }, () => new CommandHandler(store));
      await Promise.all(
        Array.from({ length: 24 }, (_, i) =>
          handlers[i % 4]!.execute(counterStream, 's-race-handled', { type: 'Add', n: 1 }, context(`h-${i}`)),
        ),
      );
      const events = await store.readStream('s-race-handled');
      expect(events.map((e) => e.streamVersion)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
      expect((await handlers[0]!.load(counterStream, 's-race-handled')).state).toBe(24);
    });

    it('writes the appends of one turn in one statement, and a refused one leaves the others written', async () => {
      const append = (streamId: string, expectedVersion: number, commandId: string) =>
        store.append({
          streamId,
          expectedVersion,
          events: [{ type: 'Added', data: { n: 1 } }],
          metadata: metadata(commandId),
        });
      const transactionOf = async (streamId: string) => {
        const { rows } = await sql<{ tx: string }>`
          select transaction_id::text as tx from events where stream_id = ${streamId}`.execute(
          database.handle.db,
        );
        return rows.map((row) => row.tx);
      };
      await append('s-batch-stale', 0, 'stale-1');
      const together = await Promise.allSettled([
        append('s-batch-1', 0, 'b1'),
        append('s-batch-2', 0, 'b2'),
        append('s-batch-3', 0, 'b3'),
      ]);
      expect(together.map((t) => t.status)).toEqual(['fulfilled', 'fulfilled', 'fulfilled']);
      const [one, two, three] = await Promise.all(['s-batch-1', 's-batch-2', 's-batch-3'].map(transactionOf));
      expect(new Set([...one!, ...two!, ...three!]).size).toBe(1);

      // A stale append among them: refused on its own, the others written.
      const mixed = await Promise.allSettled([
        append('s-batch-1', 1, 'b1-2'),
        append('s-batch-stale', 0, 'stale-2'),
        append('s-batch-2', 1, 'b2-2'),
      ]);
      expect(mixed[0]!.status).toBe('fulfilled');
      expect((mixed[1] as PromiseRejectedResult).reason).toBeInstanceOf(VersionConflictError);
      expect(mixed[2]!.status).toBe('fulfilled');
      expect((await store.readStream('s-batch-1')).map((e) => e.streamVersion)).toEqual([1, 2]);
      expect((await store.readStream('s-batch-stale')).map((e) => e.streamVersion)).toEqual([1]);

      // Two appends of one stream in one turn: one after the other, each at its version.
      const sameStream = await Promise.allSettled([
        append('s-batch-3', 1, 'b3-2'),
        append('s-batch-3', 2, 'b3-3'),
      ]);
      expect(sameStream.map((t) => t.status)).toEqual(['fulfilled', 'fulfilled']);
      expect((await store.readStream('s-batch-3')).map((e) => e.streamVersion)).toEqual([1, 2, 3]);
    });
  });

  describe('idempotent commands', () => {
    it('applies a retried command once and answers it the same', async () => {
      const handler = new CommandHandler(store);
      const first = await handler.execute(
        counterStream,
        's-retry',
        { type: 'Add', n: 5 },
        context('same-command'),
      );
      const retried = await handler.execute(
        counterStream,
        's-retry',
        { type: 'Add', n: 5 },
        context('same-command'),
      );
      // A second process (no cache) retrying concurrently gets the same answer too.
      const elsewhere = await new CommandHandler(store).execute(
        counterStream,
        's-retry',
        { type: 'Add', n: 5 },
        context('same-command'),
      );
      expect(first).toMatchObject({ version: 1, duplicate: false });
      expect(retried).toMatchObject({ version: 1, duplicate: true });
      expect(elsewhere).toMatchObject({ version: 1, duplicate: true });
      expect(await store.readStream('s-retry')).toHaveLength(1);
    });

    it('decides on the state it folded last, and again on the stored stream when that is stale', async () => {
      type Command = { type: 'Add'; n: number } | { type: 'AddIfAtLeast'; n: number; min: number };
      const guarded: StreamType<Command, Added, number> = {
        ...counterStream,
        decider: {
          ...counter,
          decide: (command, state) => {
            if (command.type === 'AddIfAtLeast' && state < command.min)
              throw new DomainError('test.errBelowMinimum');
            return [{ type: 'Added', data: { n: command.n } }];
          },
        },
      };
      // Two processes: each caches what it folded; B's appends leave A's cache behind.
      const [a, b] = [new CommandHandler(store), new CommandHandler(store)];
      await a.execute(guarded, 's-cached', { type: 'Add', n: 5 }, context('cached-1'));
      await b.execute(guarded, 's-cached', { type: 'Add', n: 10 }, context('cached-2'));
      expect(a.cached('s-cached')).toMatchObject({ version: 1, state: 5 });

      // Refused on A's stale 5, accepted on the stored 15.
      const guardedAdd = await a.execute(
        guarded,
        's-cached',
        { type: 'AddIfAtLeast', n: 1, min: 12 },
        context('cached-3'),
      );
      expect(guardedAdd).toMatchObject({ version: 3, state: 16, duplicate: false });
      // B's cache is now behind: its append at version 2 conflicts and is decided again.
      const plain = await b.execute(guarded, 's-cached', { type: 'Add', n: 2 }, context('cached-4'));
      expect(plain).toMatchObject({ version: 4, state: 18, duplicate: false });
      // A refusal that holds on the stored stream too is given.
      await expect(
        a.execute(guarded, 's-cached', { type: 'AddIfAtLeast', n: 1, min: 100 }, context('cached-5')),
      ).rejects.toThrow(DomainError);
      expect((await store.readStream('s-cached')).map((e) => (e.data as { n: number }).n)).toEqual([
        5, 10, 1, 2,
      ]);
    });

    it('refuses, in the database itself, the same command id twice on a stream', async () => {
      await store.append({
        streamId: 's-dup',
        expectedVersion: 0,
        events: [{ type: 'Added', data: { n: 1 } }],
        metadata: metadata('dup'),
      });
      await expect(
        store.append({
          streamId: 's-dup',
          expectedVersion: 1,
          events: [{ type: 'Added', data: { n: 1 } }],
          metadata: metadata('dup'),
        }),
      ).rejects.toThrow(/already applied/);
    });
  });

  describe('append-only table', () => {
    it('refuses UPDATE, DELETE and TRUNCATE of events', async () => {
      await store.append({
        streamId: 's-frozen',
        expectedVersion: 0,
        events: [{ type: 'Added', data: { n: 1 } }],
        metadata: metadata('f'),
      });
      const db = database.handle.db;
      await expect(
        sql`update events set type = 'Changed' where stream_id = 's-frozen'`.execute(db),
      ).rejects.toThrow(/append-only/);
      await expect(sql`delete from events where stream_id = 's-frozen'`.execute(db)).rejects.toThrow(
        /append-only/,
      );
      await expect(sql`truncate events`.execute(db)).rejects.toThrow(/append-only/);
      expect((await store.readStream('s-frozen'))[0]!.type).toBe('Added');
    });
  });

  describe('live feed', () => {
    it('wakes a subscriber on every append, from its backlog on', async () => {
      const append = appender(store, 's-live', 'l');
      await append(1);
      const controller = new AbortController();
      // A long poll: only a wake-up can deliver in time.
      const watcher = store.watch('s-live', 0, { signal: controller.signal, pollMs: 60_000 });
      // The backlog first; only then the appends, each a later batch of the same watcher.
      expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([1]);
      await append(2);
      expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([2]);
      await append(3);
      expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([3]);
      controller.abort();
      await watcher.return(undefined);
    });

    it("hands this process's appends to its watchers as appended, without reading them back", async () => {
      const append = appender(store, 's-handed', 'handed-');
      await append(1);
      const controller = new AbortController();
      const watcher = store.watch('s-handed', 0, { signal: controller.signal, pollMs: 60_000 });
      expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([1]);
      const appended = await append(2);
      const handed = await nextBatch(watcher);
      // The very objects the append returned: nothing was read from the database for them.
      expect(handed[0]).toBe(appended[0]);
      controller.abort();
      await watcher.return(undefined);
    });

    it('reads nothing for a watch whose stream did not move since it was loaded, and the backlog when it did', async () => {
      const append = appender(store, 's-quiet', 'quiet-');
      await append(1);
      const reads: number[] = [];
      const read = store.readStream.bind(store);
      store.readStream = (streamId, afterVersion) => {
        if (streamId === 's-quiet') reads.push(afterVersion ?? 0);
        return read(streamId, afterVersion);
      };
      const controller = new AbortController();
      try {
        // Loaded at version 1, nothing appended since: the watch waits without a read (a class of
        // 1,000 reconnecting made that many reads that found nothing). Its body runs to its first
        // wait within next(): a read would have been asked for by now.
        const quiet = store.watch('s-quiet', 1, { signal: controller.signal, pollMs: 60_000 });
        const quietBatch = quiet.next();
        expect(reads).toEqual([]);
        // Loaded at version 0, version 1 heard since: the backlog is read.
        const behind = store.watch('s-quiet', 0, { signal: controller.signal, pollMs: 60_000 });
        expect((await nextBatch(behind)).map((e) => e.streamVersion)).toEqual([1]);
        expect(reads).toEqual([0]);
        await append(2);
        expect((await quietBatch).value?.map((e: { streamVersion: number }) => e.streamVersion)).toEqual([2]);
      } finally {
        controller.abort();
        store.readStream = read;
      }
    });

    it('catches up a subscriber that missed a wake-up', async () => {
      // A writer whose wake-ups never reach this subscriber (another feed, never notifying here).
      const silent = new EventStore(database.handle.db, {
        committed: () => undefined,
        subscribe: () => () => undefined,
        live: () => true,
        close: async () => undefined,
      });
      const controller = new AbortController();
      const received = collect(store.watch('s-missed', 0, { signal: controller.signal, pollMs: 200 }), 2);
      await silent.append({
        streamId: 's-missed',
        expectedVersion: 0,
        events: [{ type: 'Added', data: { n: 1 } }],
        metadata: metadata('m1'),
      });
      // The next wake-up (or the poll) brings the missed event along with the new one.
      await store.append({
        streamId: 's-missed',
        expectedVersion: 1,
        events: [{ type: 'Added', data: { n: 2 } }],
        metadata: metadata('m2'),
      });
      expect(await received).toEqual([1, 2]);

      const pollOnly = collect(store.watch('s-missed', 2, { signal: controller.signal, pollMs: 200 }), 1);
      await silent.append({
        streamId: 's-missed',
        expectedVersion: 2,
        events: [{ type: 'Added', data: { n: 3 } }],
        metadata: metadata('m3'),
      });
      expect(await pollOnly).toEqual([3]);
      controller.abort();
    });

    it('ends a subscription when its signal aborts', async () => {
      const controller = new AbortController();
      const watcher = store.watch('s-abort', 0, { signal: controller.signal, pollMs: 60_000 });
      const next = watcher.next();
      controller.abort();
      expect(await next).toEqual({ done: true, value: undefined });
    });
  });

  if (backend.name === 'PostgreSQL')
    describe('across processes (PostgreSQL only)', () => {
      it('wakes a subscriber in another process through LISTEN/NOTIFY, with no poll to help', async () => {
        // A second process: its own connection pool and its own LISTEN connection on the same database.
        const other = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
        const otherFeed = new PostgresFeed(database.url!);
        await otherFeed.start();
        try {
          const elsewhere = new EventStore(other.db, otherFeed);
          const append = appender(store, 's-across', 'x');
          await append(1);
          const controller = new AbortController();
          const watcher = elsewhere.watch('s-across', 0, { signal: controller.signal, pollMs: 60_000 });
          // The backlog, read by the other process; then each append reaches it as a later batch.
          expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([1]);
          await append(2);
          expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([2]);
          await append(3);
          expect((await nextBatch(watcher)).map((e) => e.streamVersion)).toEqual([3]);
          controller.abort();
          await watcher.return(undefined);
        } finally {
          await otherFeed.close();
          await other.close();
        }
      });

      it('tells another process the presence messages of a turn in order, in one statement, a repeated one too', async () => {
        const otherFeed = new PostgresFeed(database.url!);
        await otherFeed.start();
        try {
          const heard: string[] = [];
          const everything = new Promise<void>((resolve) => {
            otherFeed.presence.subscribe((message) => {
              heard.push(message);
              if (heard.length === 5) resolve();
            });
          });
          // PostgreSQL delivers identical payloads of one statement once: the second "join a"
          // must still arrive, after "leave a", or the other process would think a gone.
          const told = ['join a', 'join b', 'leave a', 'join a', 'leave b'];
          for (const message of told) (feed as PostgresFeed).presence.publish(message);
          await everything;
          expect(heard).toEqual(told);
        } finally {
          await otherFeed.close();
        }
      });

      it("hands another process's appends to its watchers and cache as the wake-up carried them, without a read", async () => {
        const other = await openDatabase({ databaseUrl: database.url!, dataDir: '' });
        const otherFeed = new PostgresFeed(database.url!);
        await otherFeed.start();
        const controller = new AbortController();
        try {
          const elsewhere = new EventStore(other.db, otherFeed);
          const handlerElsewhere = new CommandHandler(elsewhere);
          const handlerHere = new CommandHandler(store);
          const streamId = 's-carried';
          await handlerHere.execute(counterStream, streamId, { type: 'Add', n: 1 }, context('carried-1'));
          // The other process caches the stream at version 1 and watches it.
          expect((await handlerElsewhere.load(counterStream, streamId)).state).toBe(1);
          const reads: number[] = [];
          const read = elsewhere.readStream.bind(elsewhere);
          elsewhere.readStream = (id, afterVersion) => {
            reads.push(afterVersion ?? 0);
            return read(id, afterVersion);
          };
          const watcher = elsewhere.watch(streamId, 1, { signal: controller.signal, pollMs: 60_000 });
          const batch = nextBatch(watcher);

          const appended = await handlerHere.execute(
            counterStream,
            streamId,
            { type: 'Add', n: 41 },
            context('carried-2'),
          );
          const received = await batch;
          expect(received).toEqual(appended.events);
          expect(received[0]!.recordedAt).toBeInstanceOf(Date);
          // Folded into the other process's cache: its next command is decided on version 2.
          expect(handlerElsewhere.cached(streamId)).toMatchObject({ version: 2, state: 42 });
          expect(reads).toEqual([]);

          // Events too large for a notification (PostgreSQL refuses 8,000 bytes): the wake-up
          // names the version only, and the watcher reads them.
          const large = 'x'.repeat(9_000);
          await store.append({
            streamId,
            expectedVersion: 2,
            events: [{ type: 'Added', data: { n: 0, note: large } }],
            metadata: metadata('carried-3'),
          });
          const readBack = await nextBatch(watcher);
          expect(readBack.map((e) => [e.streamVersion, (e.data as { note: string }).note.length])).toEqual([
            [3, 9_000],
          ]);
          expect(reads).toEqual([2]);
          expect(handlerElsewhere.cached(streamId)?.version).toBe(2);
        } finally {
          controller.abort();
          await otherFeed.close();
          await other.close();
        }
      });
    });
});

describe('back-ends', () => {
  itOnPostgres('the run has PostgreSQL, so the contract runs on it as well as on PGlite', async () => {
    expect(onPostgres()).toBe(true);
    expect(backends.map((b) => b.name)).toEqual(['PGlite', 'PostgreSQL']);
  });
});
