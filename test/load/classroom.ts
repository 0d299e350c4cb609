/**
 * `npm run load`: a classroom at scale against a real server process on this machine. 500 anonymous
 * players (125 classic games of 4) sign in, join, watch their game live over WebSocket and order
 * for `LOAD_WEEKS` weeks (default 8), each player at a random moment within `LOAD_SPREAD_MS`
 * (default 10 s) of the others. Prints the latency of an order's answer and of the moment every
 * player of a game sees the next week, counted from when the game's last order of the week was sent.
 *
 * PostgreSQL from DATABASE_URL (else the local server if it answers), else (or with LOAD_PGLITE=1)
 * embedded PGlite.
 * Everything stays on 127.0.0.1; every loop is bounded.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { type ApiUser, freePort, signInAnonymous, signUpInstructor } from '../support/server';

const PLAYERS = Number(process.env.LOAD_PLAYERS ?? 500);
const WEEKS = Number(process.env.LOAD_WEEKS ?? 8);
/** Players order at random within this many milliseconds of each other, each week. */
const SPREAD_MS = Number(process.env.LOAD_SPREAD_MS ?? 10_000);
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const GAMES = Math.ceil(PLAYERS / ROLES.length);
const DEADLINE = Date.now() + 15 * 60_000;

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;
};
const summary = (values: number[]) =>
  `n=${values.length} min ${Math.min(...values).toFixed(0)} ms, p50 ${percentile(values, 50).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, p99 ${percentile(values, 99).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms`;

async function postgresDatabase(): Promise<{ url: string; drop(): Promise<void> } | null> {
  if (process.env.LOAD_PGLITE) return null;
  const serverUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const admin = new pg.Client({ connectionString: serverUrl, connectionTimeoutMillis: 2000 });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  const name = `load_${randomBytes(4).toString('hex')}`;
  await admin.query(`create database ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

async function startServerProcess(
  env: Record<string, string>,
): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const profile = process.env.LOAD_PROFILE_DIR
    ? ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`]
    : [];
  const child = spawn(process.execPath, [...profile, '--import', 'tsx', 'src-server/main.ts'], {
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      LOG_LEVEL: 'warn',
      // One instructor opens every game of the run within seconds: more than a person's cap.
      GAME_CREATION_LIMIT: `${GAMES + 10}/60`,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    if (
      await fetch(`${url}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      return { url, child };
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  child.kill();
  throw new Error('the server did not start');
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(work));
}

async function main() {
  const database = await postgresDatabase();
  const dataDir = database ? null : mkdtempSync(path.join(tmpdir(), 'load-pglite-'));
  const { url, child } = await startServerProcess(
    database ? { DATABASE_URL: database.url } : { DATABASE_URL: '', DATA_DIR: dataDir! },
  );
  const clients: ApiUser[] = [];
  try {
    console.log(
      `${PLAYERS} players, ${GAMES} games, ${WEEKS} weeks, orders spread over ${SPREAD_MS} ms, on ${database ? 'PostgreSQL' : 'PGlite'}`,
    );
    const instructor = await signUpInstructor(url, `load-${randomUUID()}@example.org`);
    clients.push(instructor);
    const gameIds: string[] = [];
    for (let g = 0; g < GAMES; g++) {
      gameIds.push(
        (await instructor.api.beergame.create.mutate({ name: `Class ${g + 1}`, template: 'classic' })).gameId,
      );
    }

    const seats = gameIds.flatMap((gameId) => ROLES.map((role) => ({ gameId, role })));
    const players: Array<{
      gameId: string;
      role: string;
      user: ApiUser;
      week: number;
      seen: Map<number, number>;
    }> = [];
    let started = performance.now();
    await inBatches(seats.slice(0, PLAYERS), 25, async ({ gameId, role }) => {
      const user = await signInAnonymous(url, `${role} ${gameId.slice(0, 4)}`);
      clients.push(user);
      await user.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
      players.push({ gameId, role, user, week: 0, seen: new Map() });
    });
    console.log(
      `sign-in and join: ${(performance.now() - started).toFixed(0)} ms for ${players.length} players`,
    );

    // Every player watches their game live and notes when each week first reaches them.
    const watching = players.map(
      (player) =>
        new Promise<void>((resolve, reject) => {
          player.user.api.game.watch.subscribe(
            { gameId: player.gameId },
            {
              onData: ({ data }) => {
                if (data.gameType !== 'beergame') return reject(new Error('not a beer game'));
                if (!player.seen.has(data.week)) player.seen.set(data.week, performance.now());
                player.week = data.week;
                resolve();
              },
              onError: reject,
            },
          );
        }),
    );
    await Promise.all(watching);

    const orderLatencies: number[] = [];
    const advanceLatencies: number[] = [];
    started = performance.now();
    for (let week = 1; week <= WEEKS && Date.now() < DEADLINE; week++) {
      // Per game, when its last order of the week left the client: the week cannot turn before.
      const lastOrderSent = new Map<string, number>();
      // Everyone orders within SPREAD_MS, as a class does after the teacher says "go".
      await Promise.all(
        players.map(async (player) => {
          await new Promise((resolve) => setTimeout(resolve, Math.random() * SPREAD_MS));
          const sent = performance.now();
          lastOrderSent.set(player.gameId, Math.max(lastOrderSent.get(player.gameId) ?? 0, sent));
          await player.user.api.beergame.placeOrder.mutate({
            gameId: player.gameId,
            facilityId: player.role,
            quantity: 4 + (week % 3),
            commandId: randomUUID(),
          });
          orderLatencies.push(performance.now() - sent);
        }),
      );
      // Wait (bounded) until every player has seen the next week.
      for (let wait = 0; wait < 200 && players.some((p) => !p.seen.has(week + 1)); wait++) {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
      const missing = players.filter((p) => !p.seen.has(week + 1)).length;
      if (missing > 0) throw new Error(`${missing} players never saw week ${week + 1}`);
      // Not clamped: a player who saw the week turn before the last order left would be a bug to show.
      for (const player of players) {
        advanceLatencies.push(player.seen.get(week + 1)! - lastOrderSent.get(player.gameId)!);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    console.log(`orders: ${orderLatencies.length} in ${seconds.toFixed(1)} s`);
    console.log(`order answered (mutation round trip, after COMMIT): ${summary(orderLatencies)}`);
    console.log(
      `next week seen by each player after the game's last order was sent: ${summary(advanceLatencies)}`,
    );
  } finally {
    for (const client of clients) client.close();
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

await main();
