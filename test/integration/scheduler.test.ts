/**
 * The durable scheduler (issue 9): a turn timer closes its week at the deadline and the computer
 * orders for the missing roles; the deadline survives a SIGKILL of the server process; with two
 * processes on one PostgreSQL it fires once; 250 timers due in the same second all close in time.
 */
import { randomUUID } from 'node:crypto';
import { loadavg } from 'node:os';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src-server/db/database';
import { CommandHandler } from '../../src-server/eventstore/command-handler';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import type { RunningServer } from '../../src-server/main';
import { deadlineCommandId } from '../../src-server/scheduler/scheduler';
import { gameStreamId, gameTypes, rebuildProjections } from '../../src-server/streams';
import type { BeerCommand, BeerEventOf } from '../../src-shared/beergame';
import type { RecordedEvent } from '../../src-shared/eventsourcing';
import { classicGame as classicGameOf, beer as runBeer, timersDueAtOnce } from '../bench/timers-due-at-once';
import { type Backend, databaseBackends, freshDatabase, itOnPostgres } from '../support/database';
import { TEST_POOL_MAX } from '../support/pool';
import { signInAnonymous, signUpInstructor, startTestServer } from '../support/server';
import { startServerProcess } from '../support/server-process';

const CREATOR = 'teacher-1';
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

type WeekClosed = BeerEventOf<'WeekClosed'>['data'];

/** Runs a beer command as `userId` (the creator by default) at `now`. */
const beer = (
  commands: Pick<CommandHandler, 'execute'>,
  gameId: string,
  command: BeerCommand,
  userId = CREATOR,
  now = Date.now(),
) => runBeer(commands, gameId, command, userId, { creator: userId === CREATOR, now });

/** A classic game of the creator (see `classicGame`). */
const classicGame = (
  commands: Pick<CommandHandler, 'execute'>,
  options: { humans: string[]; timer?: number },
) => classicGameOf(commands, CREATOR, options);

const weekClosings = (events: RecordedEvent[]) => events.filter((e) => e.type === 'WeekClosed');

/** Resolves with the stream's events once `until` holds of them (polled every 100 ms). */
async function eventsWhen(
  store: Pick<EventStore, 'readStream'>,
  gameId: string,
  until: (events: RecordedEvent[]) => boolean,
  timeoutMs = 20_000,
): Promise<RecordedEvent[]> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const events = await store.readStream(gameStreamId(gameId));
    if (until(events)) return events;
    if (Date.now() > end) throw new Error(`timed out: ${events.map((e) => e.type).join(', ')}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** A command handler of the test's own on `url`, with no scheduler: it only writes. */
async function writerOn(url: string) {
  const database = await openDatabase({ databaseUrl: url, dataDir: '', databasePoolMax: TEST_POOL_MAX });
  cleanups.push(() => database.close());
  const store = new EventStore(database.db, new InProcessFeed());
  return { db: database.db, store, commands: new CommandHandler(store) };
}

async function serverOn(backend: Backend): Promise<RunningServer> {
  let server: RunningServer;
  if (backend.name === 'PostgreSQL') {
    const database = await backend.open();
    cleanups.push(() => database.drop());
    server = await startTestServer({ databaseUrl: database.url });
  } else server = await startTestServer({});
  cleanups.push(() => server.close());
  return server;
}

describe.each(databaseBackends())('the turn timer on $name', (backend: Backend) => {
  it('closes the week at its deadline, with computer orders for the missing roles and the scheduled message', async () => {
    const server = await serverOn(backend);
    const { commands, store, database } = server.services;
    const gameId = await classicGame(commands, { humans: ['retailer', 'wholesaler'], timer: 5 });
    const started = (await store.readStream(gameStreamId(gameId))).find((e) => e.type === 'TimerStarted');
    const deadline = (started!.data as { deadline: number }).deadline;
    // The timer's row was written with the event that set it.
    const row = await database.db
      .selectFrom('deadlines')
      .selectAll()
      .where('stream_id', '=', gameStreamId(gameId))
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({ kind: 'turn', game_type: 'beergame', payload: { week: 1 } });
    expect(new Date(row.due_at).getTime()).toBe(deadline);

    await beer(commands, gameId, { type: 'SendMessage', to: 'all', text: 'Demand doubles', showAt: 2 });
    await beer(commands, gameId, { type: 'PlaceOrder', facilityId: 'retailer', quantity: 6 }, 'p-retailer');
    const events = await eventsWhen(store, gameId, (e) => weekClosings(e).length > 0);
    const closed = weekClosings(events)[0]!;
    const data = closed.data as WeekClosed;
    expect(data).toMatchObject({ week: 1, reason: 'timer' });
    expect(data.at).toBeGreaterThanOrEqual(deadline);
    expect(data.at - deadline).toBeLessThan(2_000);
    expect(closed.metadata).toMatchObject({
      actorId: 'system',
      actorRole: 'system',
      commandId: deadlineCommandId({ streamId: gameStreamId(gameId), kind: 'turn', dueAt: deadline }),
    });
    // The retailer ordered; the wholesaler missed the week; the computer plays the other two.
    expect(data.computerOrders.map((o) => [o.facilityId, o.latecomer])).toEqual([
      ['wholesaler', true],
      ['distributor', false],
      ['factory', false],
    ]);

    const { state } = await commands.load(gameTypes.beergame.stream, gameStreamId(gameId));
    expect(state.week).toBe(2);
    expect(state.messages).toEqual([expect.objectContaining({ text: 'Demand doubles', week: 2 })]);
    // The next week's deadline replaced the row; stopping the timer removes it.
    const next = await database.db.selectFrom('deadlines').selectAll().execute();
    expect(next.map((r) => [new Date(r.due_at).getTime(), r.payload])).toEqual([
      [data.nextDeadline, { week: 2 }],
    ]);
    await beer(commands, gameId, { type: 'StopTimer' });
    expect(await database.db.selectFrom('deadlines').selectAll().execute()).toEqual([]);

    // A rebuild of the projections brings back what the states call for.
    await beer(commands, gameId, { type: 'StartTimer', seconds: 60 });
    await database.db.deleteFrom('deadlines').execute();
    await rebuildProjections(store);
    const rebuilt = await database.db.selectFrom('deadlines').select(['kind', 'payload']).execute();
    expect(rebuilt).toEqual([{ kind: 'turn', payload: { week: 2 } }]);
  });

  it('plays a game of one human and three computers at the human’s pace, through the API', async () => {
    const server = await serverOn(backend);
    const instructor = await signUpInstructor(server.url, 'pace@example.org');
    const player = await signInAnonymous(server.url, 'Solo Sam');
    cleanups.push(instructor.close, player.close);
    const { gameId } = await instructor.api.beergame.create.mutate({ name: 'Solo', template: 'classic' });
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    for (const facilityId of ['wholesaler', 'distributor', 'factory'])
      await beer(server.services.commands, gameId, { type: 'HandToComputer', facilityId }, instructor.userId);
    for (const week of [1, 2, 3]) {
      await player.api.beergame.placeOrder.mutate({
        gameId,
        facilityId: 'retailer',
        quantity: 4 + week,
        commandId: randomUUID(),
      });
      // No timer, no click: the human's order closes the week.
      const { state } = await server.services.commands.load(gameTypes.beergame.stream, gameStreamId(gameId));
      expect(state.week).toBe(week + 1);
    }
    const closings = weekClosings(await server.services.store.readStream(gameStreamId(gameId)));
    expect(closings.map((e) => (e.data as WeekClosed).reason)).toEqual([
      'validated',
      'validated',
      'validated',
    ]);
  });
});

/** The server as a process of its own on `databaseUrl`, killed with SIGKILL at the end of the file at the latest. */
async function serverProcess(databaseUrl: string) {
  const server = await startServerProcess({ databaseUrl });
  cleanups.push(() => server.kill());
  return server;
}

describe('a durable deadline', () => {
  itOnPostgres(
    'fires after the server process was killed with SIGKILL and restarted',
    async () => {
      const database = await freshDatabase();
      cleanups.push(() => database.drop());
      const first = await serverProcess(database.url!);
      const writer = await writerOn(database.url!);
      const gameId = await classicGame(writer.commands, { humans: ['retailer', 'factory'], timer: 12 });
      const started = (await writer.store.readStream(gameStreamId(gameId))).find(
        (e) => e.type === 'TimerStarted',
      );
      const deadline = (started!.data as { deadline: number }).deadline;
      await beer(
        writer.commands,
        gameId,
        { type: 'PlaceOrder', facilityId: 'factory', quantity: 9 },
        'p-factory',
      );
      // The first process has seen the deadline and sleeps until it; it dies without a word.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await first.kill();
      await serverProcess(database.url!);

      const events = await eventsWhen(writer.store, gameId, (e) => weekClosings(e).length > 0, 30_000);
      const closings = weekClosings(events);
      expect(closings).toHaveLength(1);
      const data = closings[0]!.data as WeekClosed;
      expect(data).toMatchObject({ week: 1, reason: 'timer' });
      expect(data.at).toBeGreaterThanOrEqual(deadline);
      console.log(
        `scheduler: after SIGKILL and restart, the week closed ${data.at - deadline} ms after its deadline`,
      );
      expect(data.computerOrders.map((o) => [o.facilityId, o.latecomer])).toEqual([
        ['retailer', true],
        ['wholesaler', false],
        ['distributor', false],
      ]);
    },
    90_000,
  );

  itOnPostgres(
    'gives the players 5 s after a restart when their deadline ran out while no server ran',
    async () => {
      const database = await freshDatabase();
      cleanups.push(() => database.drop());
      const first = await serverProcess(database.url!);
      const writer = await writerOn(database.url!);
      const gameId = await classicGame(writer.commands, { humans: ['retailer', 'factory'], timer: 5 });
      await first.kill();
      // The week's 5 s run out while no server runs.
      const started = (await writer.store.readStream(gameStreamId(gameId))).find(
        (e) => e.type === 'TimerStarted',
      );
      const deadline = (started!.data as { deadline: number }).deadline;
      await new Promise((resolve) => setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1_500));
      await serverProcess(database.url!);
      const restarted = Date.now();
      // A player whose page reconnects sends the order they typed meanwhile: it is this week's.
      await beer(
        writer.commands,
        gameId,
        { type: 'PlaceOrder', facilityId: 'retailer', quantity: 8, week: 1 },
        'p-retailer',
      );
      const events = await eventsWhen(writer.store, gameId, (e) => weekClosings(e).length > 0, 30_000);
      const data = weekClosings(events)[0]!.data as WeekClosed;
      expect(data).toMatchObject({ week: 1, reason: 'timer' });
      expect(data.at).toBeGreaterThanOrEqual(restarted + 4_000);
      expect(data.computerOrders.map((o) => o.facilityId)).toEqual(['wholesaler', 'distributor', 'factory']);
      console.log(
        `scheduler: a deadline overdue at restart closed the week ${data.at - restarted} ms after it`,
      );
    },
    90_000,
  );

  itOnPostgres(
    'fires once with two server processes on one PostgreSQL',
    async () => {
      const database = await freshDatabase();
      cleanups.push(() => database.drop());
      const servers = await Promise.all([
        startTestServer({ databaseUrl: database.url }),
        startTestServer({ databaseUrl: database.url }),
      ]);
      cleanups.push(...servers.map((server) => () => server.close()));
      const writer = await writerOn(database.url!);
      const games: string[] = [];
      for (let i = 0; i < 20; i++) games.push(await classicGame(writer.commands, { humans: ['retailer'] }));
      // Every timer runs out at the same moment: both processes wake for all of them. (The next
      // week's deadlines are 10 minutes away: only the first ones fire during the test.)
      const due = Date.now() + 4_000;
      await Promise.all(
        games.map((gameId) =>
          beer(writer.commands, gameId, { type: 'StartTimer', seconds: 600 }, CREATOR, due - 600_000),
        ),
      );
      expect(Date.now()).toBeLessThan(due);

      for (const gameId of games) {
        const events = await eventsWhen(writer.store, gameId, (e) => weekClosings(e).length > 0);
        expect(weekClosings(events).map((e) => (e.data as WeekClosed).reason)).toEqual(['timer']);
      }
      // Each deadline's command ran in exactly one process (a second run would count, even as a duplicate).
      const [a, b] = servers.map((server) => server.scheduler.fired);
      expect(a! + b!).toBe(games.length);
      console.log(`scheduler: 20 timers shared by two processes: ${a} and ${b}`);
    },
    90_000,
  );

  itOnPostgres(
    'closes each of 250 games whose timers run out in the same second once, and its creator sees the next week live',
    async () => {
      const database = await freshDatabase();
      cleanups.push(() => database.drop());
      // How late the watchers see it is `npm run bench -- scheduler`'s figure (goal: 2 s); a bound
      // that tight would flake on a shared machine. This ceiling only says that it happened.
      const ceilingMs = 30_000;
      const { games, lateness, fired } = await timersDueAtOnce(database.url!, {
        games: 250,
        leadMs: 4_000,
        ceilingMs,
      });
      console.log(
        `scheduler: 250 timers due at once, the next week seen by the creator's live subscription ${lateness[0]} to ${lateness.at(-1)} ms after the deadline (load average ${loadavg()[0]!.toFixed(1)})`,
      );
      expect(lateness).toHaveLength(games);
      // No week closed before its deadline.
      expect(lateness[0]).toBeGreaterThanOrEqual(0);
      expect(fired).toBe(games);
    },
    180_000,
  );
});
