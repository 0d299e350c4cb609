/**
 * The dashboard's speed (issue 11), through the API as the dashboard calls it: tRPC procedures
 * over HTTP (`httpBatchLink`, superjson, the instructor's cookie) against a real server on
 * PostgreSQL. Copying 200 games ≤ 2 s (`game.copy`: its request, the copies' ids, the original's
 * state, 200 games created in one transaction with their rows, the answer), and the first page of
 * a list among 10,000 games of one instructor ≤ 50 ms (`dashboard.games`, in a table of 50,000
 * games), with the read model's query alone beside it for where the time goes.
 */
import { randomUUID } from 'node:crypto';
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import { sql } from 'kysely';
import superjson from 'superjson';
import type { DatabaseHandle } from '../../src-server/db/database';
import { type GamesFilter, gamesByCreator } from '../../src-server/read-models/games';
import type { AppRouter } from '../../src-server/trpc/router';
import { signUpInstructor, startTestServer } from '../support/server';
import { withBenchPostgres } from './bench-postgres';

const COPIES = 200;
const RUNS = 3;
const OWN_GAMES = 10_000;
const OTHER_GAMES = 40_000;
const LIST_QUERIES = 50;

/** The instructor's API over HTTP only (the app's client sends queries that way; commands too while its socket connects). */
function httpApi(baseUrl: string, cookie: string) {
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: `${baseUrl}/api/trpc`,
        transformer: superjson,
        headers: { cookie, origin: new URL(baseUrl).origin },
      }),
    ],
  });
}
type HttpApi = ReturnType<typeof httpApi>;

async function copies(api: HttpApi): Promise<number[]> {
  const { gameId } = await api.beergame.create.mutate({ name: 'Monday', template: 'classic' });
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const start = performance.now();
    const { gameIds } = await api.game.copy.mutate({
      gameId,
      count: COPIES,
      name: `Run ${run}`,
      commandId: randomUUID(),
    });
    seconds.push((performance.now() - start) / 1000);
    if (gameIds.length !== COPIES) throw new Error(`run ${run}: ${gameIds.length} copies`);
  }
  return seconds;
}

async function seedGames(handle: DatabaseHandle, teacher: string) {
  await sql`
    insert into games (id, type, name, creator_id, week, weeks, finished, archived, player_ids, code, created_at, free_seats)
    select 'own-' || g, 'beergame', 'Class ' || g, ${teacher}, 1 + g % 36, 36, g % 7 = 0, g % 10 = 0, '{}',
      'own-' || g, now() - g * interval '1 minute', g % 5
    from generate_series(1, ${OWN_GAMES}::integer) g`.execute(handle.db);
  await sql`
    insert into games (id, type, name, creator_id, week, weeks, finished, player_ids, code, created_at)
    select 'other-' || g, 'beergame', 'Class ' || g, 'teacher-' || g % 400, 1, 36, false, '{}',
      'other-' || g, now() - g * interval '1 second'
    from generate_series(1, ${OTHER_GAMES}::integer) g`.execute(handle.db);
  await sql`analyze games`.execute(handle.db);
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

async function timesOf(call: () => Promise<unknown>) {
  const times: number[] = [];
  for (let i = 0; i < LIST_QUERIES; i++) {
    const start = performance.now();
    await call();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export default async function benchDashboard() {
  const measured = await withBenchPostgres(async (handle, url) => {
    const server = await startTestServer({ databaseUrl: url.toString() });
    try {
      const instructor = await signUpInstructor(server.url, `dashboard-${randomUUID()}@example.org`);
      instructor.close();
      const api = httpApi(server.url, instructor.cookie);
      const seconds = await copies(api);
      console.log(
        `Copying ${COPIES} games through \`game.copy\` over HTTP, PostgreSQL (${url.host}), target ≤ 2 s:\n`,
      );
      console.log('| run | seconds |');
      console.log('|---:|---:|');
      for (const [i, s] of seconds.entries()) console.log(`| ${i + 1} | ${s.toFixed(2)} |`);

      await seedGames(handle, instructor.userId);
      console.log(
        `\nThe first page of 40 among ${OWN_GAMES.toLocaleString('en')} games of one instructor (${(OWN_GAMES + OTHER_GAMES).toLocaleString('en')} in the table), ${LIST_QUERIES} calls each, target ≤ 50 ms through the API:\n`,
      );
      console.log(
        '| list | `dashboard.games` over HTTP p50 ms | p95 ms | max ms | the query alone p50 ms | p95 ms |',
      );
      console.log('|---|---:|---:|---:|---:|---:|');
      const lists: Array<[string, GamesFilter & { type?: 'beergame' }]> = [
        ['current games', {}],
        ['archives', { archived: true }],
        ['beer games', { type: 'beergame' }],
        ['by name ("Class 12")', { search: 'Class 12' }],
      ];
      for (const [label, filter] of lists) {
        const throughApi = await timesOf(() => api.dashboard.games.query(filter));
        const queryAlone = await timesOf(() => gamesByCreator(handle.db, instructor.userId, 0, filter));
        const ms = (times: number[], p: number) => percentile(times, p).toFixed(1);
        console.log(
          `| ${label} | ${ms(throughApi, 0.5)} | ${ms(throughApi, 0.95)} | ${throughApi.at(-1)!.toFixed(1)} | ${ms(queryAlone, 0.5)} | ${ms(queryAlone, 0.95)} |`,
        );
      }
      console.log('');
    } finally {
      await server.close();
    }
  });
  if (!measured) console.log('PostgreSQL: no server answered (set DATABASE_URL); skipped.\n');
}
