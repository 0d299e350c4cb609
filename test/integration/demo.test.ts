/**
 * The demo and the leaderboard against a real database (issue 28): `demo.create` answers an
 * anonymous sign-in with a game it plays against the computer, limited per client address; a demo
 * is nobody's on the dashboard and no line on the leaderboard, and the scheduler deletes it a day
 * later (the clock moved through `services.now`). The leaderboard ranks finished class games per
 * template, forgets a deleted one, and is rebuilt the same from the events.
 */
import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, rebuildProjections } from '../../src-server/streams';
import type { AppRouter } from '../../src-server/trpc/router';
import type { GameView } from '../../src-server/trpc/routers/game';
import { DEMO_CREATOR_ID, DEMO_LIFETIME_MS, DEMO_WEEKS } from '../../src-shared/rules/demo';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let teacher: ApiUser;
const users: ApiUser[] = [];
const command = () => ({ commandId: randomUUID() });
const DEMO_LIMIT = 3;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    trustProxy: ['loopback'],
    limits: { demos: { max: DEMO_LIMIT, windowSeconds: 3600 } },
  });
  teacher = await signUpInstructor(server.url, 'teacher@example.org');
  users.push(teacher);
});
afterAll(async () => {
  for (const user of users) user.close();
  await server.close();
  await database.drop();
});

const db = () => server.services.database.db;
const anonymous = async (name: string) => {
  const user = await signInAnonymous(server.url, name);
  users.push(user);
  return user;
};

/** `user`'s calls as if from `address` (the server trusts the loopback proxy's X-Forwarded-For). */
const from = (user: ApiUser, address: string) =>
  createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${server.url.replace('localhost', '127.0.0.1')}/api/trpc`,
        transformer: superjson,
        headers: {
          cookie: user.cookie,
          origin: server.url.replace('localhost', '127.0.0.1'),
          'x-forwarded-for': address,
        },
      }),
    ],
  });

const gameRow = (gameId: string) =>
  db().selectFrom('games').selectAll().where('id', '=', gameId).executeTakeFirstOrThrow();

async function playToEnd(player: ApiUser, gameId: string, weeks: number, quantity = 4) {
  for (let week = 1; week <= weeks; week++)
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity,
      week,
      ...command(),
    });
}

it('answers an anonymous visitor with a short game in which they hold the retailer and the computer the rest', async () => {
  const visitor = await anonymous('Visitor');
  const { gameId } = await from(visitor, '198.51.100.1').demo.create.mutate();
  const row = await gameRow(gameId);
  expect(row).toMatchObject({ creator_id: DEMO_CREATOR_ID, weeks: DEMO_WEEKS, week: 1, free_seats: 0 });
  expect(row.player_ids).toEqual([visitor.userId]);
  const view = await waitForView<GameView>(
    (handlers) => visitor.api.game.watch.subscribe({ gameId }, handlers),
    (v) => v.gameType === 'beergame',
  );
  // The live view comes tracked with its version.
  expect(view).toMatchObject({
    data: { gameType: 'beergame', myFacilityId: 'retailer', demo: true, isCreator: false },
  });
  // An order closes the week at once: the computer orders for the others.
  await visitor.api.beergame.placeOrder.mutate({
    gameId,
    facilityId: 'retailer',
    quantity: 4,
    week: 1,
    ...command(),
  });
  expect((await gameRow(gameId)).week).toBe(2);
  // Nobody without a sign-in starts one.
  const stranger = createTRPCClient<AppRouter>({
    links: [httpBatchLink({ url: `${server.url}/api/trpc`, transformer: superjson })],
  });
  await expect(stranger.demo.create.mutate()).rejects.toMatchObject({
    data: { messageId: 'errors.signInRequired' },
  });
});

it('limits demos per client address, whoever asks', async () => {
  const address = '203.0.113.7';
  const [a, b] = [await anonymous('A'), await anonymous('B')];
  for (let i = 0; i < DEMO_LIMIT; i++) await from(i % 2 ? a : b, address).demo.create.mutate();
  const before = await db().selectFrom('games').select('id').execute();
  await expect(from(a, address).demo.create.mutate()).rejects.toMatchObject({
    data: { messageId: 'errors.tooManyRequests', httpStatus: 429 },
  });
  // Refused: no game made. Another address still may.
  expect(await db().selectFrom('games').select('id').execute()).toHaveLength(before.length);
  await from(a, '203.0.113.8').demo.create.mutate();
});

it('lists a demo on no dashboard, even its instructor player’s, and puts it on no leaderboard', async () => {
  const { gameId } = await from(teacher, '198.51.100.20').demo.create.mutate();
  await playToEnd(teacher, gameId, DEMO_WEEKS);
  expect((await gameRow(gameId)).finished).toBe(true);
  const listed = await teacher.api.dashboard.games.query({});
  expect(listed.games.map((game) => game.id)).not.toContain(gameId);
  expect(await db().selectFrom('leaderboard').selectAll().where('game_id', '=', gameId).execute()).toEqual(
    [],
  );
});

it('deletes a demo a day after its creation, by an event, and leaves other games be', async () => {
  const visitor = await anonymous('Leaving visitor');
  const { gameId } = await from(visitor, '198.51.100.30').demo.create.mutate();
  const { gameId: classId } = await teacher.api.beergame.create.mutate({
    name: 'Class',
    template: 'classic',
  });
  const deadline = await db()
    .selectFrom('deadlines')
    .select(['kind', 'due_at'])
    .where('stream_id', '=', gameStreamId(gameId))
    .executeTakeFirstOrThrow();
  const created = (await gameRow(gameId)).created_at.getTime();
  expect(deadline.kind).toBe('demo-expiry');
  expect(new Date(deadline.due_at).getTime() - created).toBeGreaterThanOrEqual(DEMO_LIFETIME_MS - 1000);

  const realNow = server.services.now;
  try {
    // A minute short of a day: still there.
    server.services.now = () => realNow() + DEMO_LIFETIME_MS - 60_000;
    server.scheduler.wake();
    // Once its run has looked at the due rows, a deletion would have been made.
    await server.scheduler.idle();
    expect((await gameRow(gameId)).deleted).toBe(false);
    // A day later: deleted, by the scheduler's event.
    server.services.now = () => realNow() + DEMO_LIFETIME_MS + 60_000;
    server.scheduler.wake();
    await expect.poll(async () => (await gameRow(gameId)).deleted, { timeout: 10_000 }).toBe(true);
  } finally {
    server.services.now = realNow;
  }
  const events = await server.services.store.readStream(gameStreamId(gameId));
  expect(events.at(-1)).toMatchObject({ type: 'GameDeleted', metadata: { actorId: 'system' } });
  expect(
    await db().selectFrom('deadlines').where('stream_id', '=', gameStreamId(gameId)).selectAll().execute(),
  ).toEqual([]);
  expect((await gameRow(classId)).deleted).toBe(false);
});

it('ranks finished class games per template, cheapest first, forgets a deleted one, and rebuilds the same', async () => {
  const games: string[] = [];
  for (const quantity of [12, 4, 8]) {
    const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Two', template: 'twoStages' });
    const player = await anonymous(`Player ${quantity}`);
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', ...command() });
    await teacher.api.beergame.handToComputer.mutate({ gameId, facilityId: 'factory', ...command() });
    await playToEnd(player, gameId, 24, quantity);
    games.push(gameId);
  }
  // A game ended early is no line.
  const { gameId: early } = await teacher.api.beergame.create.mutate({
    name: 'Early',
    template: 'twoStages',
  });
  const quitter = await anonymous('Quitter');
  await quitter.api.beergame.join.mutate({ gameId: early, facilityId: 'retailer', ...command() });
  await teacher.api.beergame.handToComputer.mutate({ gameId: early, facilityId: 'factory', ...command() });
  await playToEnd(quitter, early, 3);
  await teacher.api.beergame.endGame.mutate({ gameId: early, ...command() });

  const board = async () =>
    (await teacher.api.leaderboard.boards.query()).find((b) => b.template === 'twoStages')!.entries;
  const ranked = await board();
  expect(ranked.map((entry) => entry.rank)).toEqual([1, 2, 3]);
  expect(ranked.every((entry) => entry.weeks === 24)).toBe(true);
  const costs = ranked.map((entry) => entry.teamCost);
  expect(costs).toEqual([...costs].sort((x, y) => x - y));
  const rows = await db().selectFrom('leaderboard').selectAll().orderBy('team_cost').execute();
  expect(rows.map((row) => row.game_id).sort()).toEqual([...games].sort());

  // The rebuild from the events writes the same lines.
  await rebuildProjections(server.services.store);
  expect(await db().selectFrom('leaderboard').selectAll().orderBy('team_cost').execute()).toEqual(rows);

  // Deleted, the cheapest game leaves the board.
  const cheapest = rows[0]!.game_id;
  await teacher.api.game.delete.mutate({ gameIds: [cheapest], confirmCount: 1, ...command() });
  expect((await board()).map((entry) => entry.teamCost)).toEqual(costs.slice(1));
});
