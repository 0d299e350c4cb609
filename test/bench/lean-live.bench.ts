/**
 * `npm run bench -- lean-live`: 50 games of the 7-station factory played by the computer at once
 * on one server process (issue 13): the scheduler runs each computer station's actions as the
 * engine schedules them, and an action's lateness is how long after its scheduled instant (the
 * `at` the engine stamps it with) it was recorded (the row's `recorded_at`, the transaction's
 * start). Goal: p99 ≤ 200 ms. On PostgreSQL (DATABASE_URL, else the local server), and on the
 * embedded database. LEAN_LIVE_GAMES and LEAN_LIVE_MINUTES change the load.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import { getLeanScenario } from '../../src-shared/leangame';
import { startTestServer } from '../support/server';
import { withBenchPostgres } from './bench-postgres';

const GAMES = Number(process.env.LEAN_LIVE_GAMES ?? 50);
const MINUTES = Number(process.env.LEAN_LIVE_MINUTES ?? 2);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function playClass(server: RunningServer, label: string): Promise<void> {
  const { commands, database } = server.services;
  const setup = getLeanScenario('factory7-choose')!.setupFor(MINUTES);
  const gameIds = Array.from({ length: GAMES }, (_, i) => `bench-${i}-${randomUUID().slice(0, 6)}`);
  const run = (gameId: string, command: Parameters<typeof commands.execute>[2], now: number) =>
    commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), command as never, {
      now,
      actor: { userId: 'bench-teacher', role: 'instructor' },
      commandId: randomUUID(),
    });
  for (const [i, gameId] of gameIds.entries())
    await run(
      gameId,
      { type: 'CreateLeanGame', gameId, name: `Factory ${i}`, seed: i + 1, setup },
      Date.now(),
    );
  const startedAt = Date.now();
  await Promise.all(gameIds.map((gameId) => run(gameId, { type: 'StartGame' }, Date.now())));
  const startSpread = Date.now() - startedAt;
  // Every round ends at its length (its own timer); wait for the last.
  const endBy = startedAt + MINUTES * 60_000 + 30_000;
  for (;;) {
    const { count } = await database.db
      .selectFrom('events')
      .select(sql<number>`count(*)::int`.as('count'))
      .where('type', '=', 'LeanGameEnded')
      .executeTakeFirstOrThrow();
    if (count >= GAMES || Date.now() > endBy) break;
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const rows = await database.db
    .selectFrom('events')
    .select(['type', 'data', 'metadata', 'recorded_at'])
    .where('stream_id', 'like', 'game-bench-%')
    .execute();
  const computer = rows.filter(
    (row) =>
      (row.metadata as { actorRole?: string }).actorRole === 'system' &&
      !['LeanGameEnded', 'ComputerActionsScheduled', 'GameStarted'].includes(row.type),
  );
  const lateness = computer
    .map((row) => new Date(row.recorded_at).getTime() - (row.data as { at: number }).at)
    .sort((a, b) => a - b);
  const ends = rows.filter((row) => row.type === 'LeanGameEnded').length;
  console.log(
    `${label}: ${GAMES} games of factory7-choose, ${MINUTES}-minute rounds, ${computer.length} computer actions ` +
      `(${(computer.length / (MINUTES * 60)).toFixed(0)}/s), ${ends} rounds ended by their timer; start spread ${startSpread} ms\n` +
      `  lateness after the scheduled instant: p50 ${percentile(lateness, 50)} ms, p99 ${percentile(lateness, 99)} ms, ` +
      `max ${lateness.at(-1)} ms (goal: p99 ≤ 200 ms)`,
  );
}

export default async function (): Promise<void> {
  const ranOnPostgres = await withBenchPostgres(async (_handle, url) => {
    const server = await startTestServer({ databaseUrl: url.toString() });
    try {
      await playClass(server, 'PostgreSQL');
    } finally {
      await server.close();
    }
  });
  if (!ranOnPostgres) console.log('PostgreSQL: no server answered, skipped');
  const embedded = await startTestServer({});
  try {
    await playClass(embedded, 'embedded (PGlite)');
  } finally {
    await embedded.close();
  }
}
