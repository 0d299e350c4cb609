import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, itOnPostgres } from '../support/database';
import {
  type ApiUser,
  apiClient,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'];
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Two server processes on one fresh PostgreSQL, a classic game created on A, and its four roles
 * taken by players signed in on A and B in turn. Everything is closed after the file's tests;
 * `closeServerB` closes B earlier, once.
 */
async function classOnTwoServers(email: string, options: { pollMs?: number } = {}) {
  const database = await freshDatabase();
  cleanups.push(() => database.drop());
  const [serverA, serverB] = await Promise.all([
    startTestServer({ databaseUrl: database.url, ...options }),
    startTestServer({ databaseUrl: database.url, ...options }),
  ]);
  let serverBClosed: Promise<void> | undefined;
  const closeServerB = () => (serverBClosed ??= serverB.close());
  cleanups.push(() => serverA.close(), closeServerB);

  const instructor = await signUpInstructor(serverA.url, email);
  const { gameId } = await instructor.api.beergame.create.mutate({ name: 'Scale-out', template: 'classic' });
  // The session cookie made by one process is good on the other: same database, same secret.
  const players: ApiUser[] = [];
  for (const [index, role] of ROLES.entries()) {
    const player = await signInAnonymous(index % 2 === 0 ? serverA.url : serverB.url, `Player ${index + 1}`);
    players.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
  }
  cleanups.push(() => {
    for (const client of [instructor, ...players]) client.close();
  });
  return { databaseUrl: database.url, serverB, closeServerB, instructor, gameId, players };
}

describe('two server processes on one PostgreSQL', () => {
  // Without PostgreSQL: a warning and a skip named with its reason; under CI, a failure.
  itOnPostgres('shows live, through one server, the orders placed through the other', async () => {
    // A long poll: only the NOTIFY wake-up from the other process can deliver in time.
    const { serverB, instructor, gameId, players } = await classOnTwoServers('grace@example.org', {
      pollMs: 60_000,
    });
    const creatorOnB = apiClient(serverB.url, instructor.cookie);
    cleanups.push(creatorOnB.close);

    const seen = waitForBeerView(
      (handlers) => creatorOnB.api.game.watch.subscribe({ gameId }, handlers),
      (view) => view.facilities.find((f) => f.id === 'retailer')?.validated === true,
    );
    await new Promise((resolve) => setTimeout(resolve, 200));
    const placedAt = Date.now();
    await players[0]!.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 8,
      commandId: randomUUID(),
    });
    const { data } = await seen;
    expect(Date.now() - placedAt).toBeLessThan(5_000);
    expect(data.week).toBe(1);

    // The others order through both servers; the week advances, seen live on server B.
    const nextWeek = waitForBeerView(
      (handlers) => creatorOnB.api.game.watch.subscribe({ gameId }, handlers),
      (view) => view.week === 2,
    );
    await Promise.all(
      players.slice(1).map((player, index) =>
        player.api.beergame.placeOrder.mutate({
          gameId,
          facilityId: ROLES[index + 1]!,
          quantity: 4,
          commandId: randomUUID(),
        }),
      ),
    );
    const advanced = await nextWeek;
    expect(advanced.data.facilities.find((f) => f.id === 'retailer')?.numbers?.history[0]?.order).toBe(8);
  });
});

describe('who is connected, across server processes', () => {
  itOnPostgres(
    'shows the creator on one process the players whose sockets reached the other, and their leaving',
    async () => {
      const { databaseUrl, closeServerB, instructor, gameId, players } =
        await classOnTwoServers('ida@example.org');
      const watching = players.map((player) =>
        player.api.game.watchChanges.subscribe({ gameId }, { onData: () => undefined }),
      );
      const connectedOnA = (expected: boolean[]) =>
        waitForBeerView(
          (handlers) => instructor.api.game.watch.subscribe({ gameId }, handlers),
          (view) => JSON.stringify(view.facilities.map((f) => f.connected)) === JSON.stringify(expected),
        );
      await connectedOnA([true, true, true, true]);
      // The wholesaler (on B) closes the page; the retailer (on A) too.
      watching[1]!.unsubscribe();
      watching[0]!.unsubscribe();
      await connectedOnA([false, false, true, true]);

      // A third process started now learns who is there from the others.
      const serverC = await startTestServer({ databaseUrl });
      cleanups.push(() => serverC.close());
      const creatorOnC = apiClient(serverC.url, instructor.cookie);
      cleanups.push(creatorOnC.close);
      await waitForBeerView(
        (handlers) => creatorOnC.api.game.watch.subscribe({ gameId }, handlers),
        (view) => JSON.stringify(view.facilities.map((f) => f.connected)) === '[false,false,true,true]',
      );

      // Server B stops: its player leaves every board.
      await closeServerB();
      await connectedOnA([false, false, true, false]);
    },
  );
});

describe('the embedded database', () => {
  it('keeps every game across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'simgames-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let server: RunningServer = await startTestServer({ dataDir });
    const instructor = await signUpInstructor(server.url, 'kept@example.org');
    const { gameId } = await instructor.api.beergame.create.mutate({
      name: 'Survives restarts',
      template: 'classic',
    });
    const player = await signInAnonymous(server.url, 'Persistent Pat');
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 7,
      commandId: randomUUID(),
    });
    instructor.close();
    player.close();
    await server.close();

    server = await startTestServer({ dataDir });
    cleanups.push(() => server.close());
    // The same cookies still work: sessions and the auth secret are in the data directory too.
    const again = apiClient(server.url, player.cookie);
    const creator = apiClient(server.url, instructor.cookie);
    cleanups.push(again.close, creator.close);
    const { data } = await waitForBeerView(
      (handlers) => again.api.game.watch.subscribe({ gameId }, handlers),
      () => true,
    );
    expect(data).toMatchObject({ name: 'Survives restarts', myFacilityId: 'retailer', week: 1 });
    expect(data.facilities.find((f) => f.id === 'retailer')).toMatchObject({
      validated: true,
      playerName: 'Persistent Pat',
    });
    const { games } = await creator.api.dashboard.games.query({});
    expect(games.map((g) => g.name)).toEqual(['Survives restarts']);
  });
});
