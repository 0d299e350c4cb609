/**
 * The default installation killed (issue 39): `npm start` on its embedded database (a PGlite
 * directory), killed with SIGKILL while a class plays, and started again on the same directory,
 * as a supervisor does. Every acknowledged order is there once, and a player's live view comes back
 * by itself, showing the game as it stands. (`LOAD_PGLITE=1 npm run load:crash` does it for a class
 * of 1,000.)
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { countingClient, follow } from '../support/counting-client';
import { type ApiUser, signInAnonymous, signUpInstructor } from '../support/server';
import { type ServerProcess, startServerProcess } from '../support/server-process';

/** The bound for a page after a kill: current within 5 s of it. */
const BACK_WITHIN_MS = 5_000;

const dataDir = mkdtempSync(path.join(tmpdir(), 'pglite-crash-'));
let server: ServerProcess;
const closers: Array<{ close(): void }> = [];

/** `npm start` on the directory, with no DATABASE_URL: the embedded database. */
const start = (port?: number) =>
  startServerProcess({
    databaseUrl: '',
    ...(port ? { port } : {}),
    env: { DATABASE_URL: '', DATA_DIR: dataDir },
    entry: 'npm start',
  });

beforeAll(async () => {
  server = await start();
}, 120_000);

afterAll(async () => {
  for (const closer of closers) closer.close();
  await server?.kill();
  rmSync(dataDir, { recursive: true, force: true });
});

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function until(condition: () => boolean, ms: number, what: string) {
  const end = performance.now() + ms;
  while (!condition()) {
    if (performance.now() > end) throw new Error(`${what}: not within ${ms} ms`);
    await pause(25);
  }
}

/** An order sent as the app sends it: again, with its command id, until the server answers. */
async function orderUntilAnswered(
  player: ApiUser['api'],
  gameId: string,
  facilityId: string,
  commandId: string,
) {
  for (let attempt = 0; ; attempt++) {
    try {
      return await player.beergame.placeOrder.mutate({ gameId, facilityId, quantity: 7, commandId });
    } catch (error) {
      if ((error as { data?: unknown }).data || attempt > 100) throw error;
      await pause(100);
    }
  }
}

it('keeps every acknowledged order through a kill -9, and brings a live view back by itself', async () => {
  const ada = await signUpInstructor(server.url, 'ada@example.org');
  closers.push(ada);
  const { gameId } = await ada.api.beergame.create.mutate({ name: 'Thursday', template: 'classic' });
  const seats = ['retailer', 'wholesaler'] as const;
  const players = await Promise.all(
    seats.map(async (facilityId) => {
      const signedIn = await signInAnonymous(server.url, facilityId);
      signedIn.close();
      const client = countingClient(server.url, signedIn.cookie, { reconnect: 'like the app', game: gameId });
      closers.push(client);
      await client.api.beergame.join.mutate({ gameId, facilityId, commandId: randomUUID() });
      return { facilityId, api: client.api };
    }),
  );
  const watched = follow(players[0]!.api, gameId);
  closers.push({ close: watched.unsubscribe });
  await until(() => watched.state.view !== null, 10_000, 'the first view');

  // Both order; the second's acknowledgement is the last thing the process does.
  const commandIds = seats.map(() => randomUUID());
  for (const [i, player] of players.entries())
    await orderUntilAnswered(player.api, gameId, player.facilityId, commandIds[i]!);
  await server.kill();
  const killedAt = performance.now();
  server = await start(server.port);
  const servingAfter = performance.now() - killedAt;

  // The phone's view comes back without a reload, with both orders in it.
  const ordered = () =>
    seats.every((id) =>
      watched.state.view?.facilities.find((f) => f.id === id)?.capabilities.every((c) => c.validatedOrder),
    );
  await until(
    () => watched.state.wholeViews > 1 && ordered(),
    BACK_WITHIN_MS + servingAfter,
    'the view back with both orders',
  );
  expect(watched.state.error).toBeNull();
  // And it goes on: the week closed by its creator is on it.
  await ada.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
  await until(() => watched.state.view?.week === 2, 3_000, 'week 2 on the phone');

  // In the directory itself, once the server has let it go: each order once.
  await server.kill();
  const pglite = await PGlite.create(dataDir);
  try {
    const { rows } = await pglite.query<{ command_id: string; n: number }>(
      `select metadata->>'commandId' as command_id, count(*)::int as n from events
        where stream_id = $1 and type = 'OrderPlaced' group by 1`,
      [`game-${gameId}`],
    );
    expect(rows.map((row) => [row.command_id, row.n]).sort()).toEqual(commandIds.map((id) => [id, 1]).sort());
  } finally {
    await pglite.close();
  }
}, 120_000);
