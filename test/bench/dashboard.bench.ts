/**
 * The dashboard's speed (issue 11): copying 200 games on PostgreSQL ≤ 2 s (the copy procedure's
 * work: the copies' ids, the original's state, 200 games created in one transaction with their
 * rows), and the first page of a list among 10,000 games of one instructor ≤ 50 ms at the server
 * (the read model's query, in a table of 50,000 games).
 */
import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src-server/db/database';
import { CommandHandler } from '../../src-server/eventstore/command-handler';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import { copyGameIds, type GamesFilter, gamesByCreator } from '../../src-server/read-models/games';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import { copyGameCommand } from '../../src-shared/beergame';
import { copyNames } from '../../src-shared/rules/copy-names';
import { withBenchPostgres } from './bench-postgres';

const TEACHER = 'bench-teacher';
const COPIES = 200;
const RUNS = 3;
const OWN_GAMES = 10_000;
const OTHER_GAMES = 40_000;
const LIST_QUERIES = 50;

const context = (commandId: string) => ({
  now: Date.now(),
  actor: { userId: TEACHER, role: 'instructor' as const },
  commandId,
});

async function copies(handle: DatabaseHandle): Promise<number[]> {
  const commands = new CommandHandler(new EventStore(handle.db, new InProcessFeed()));
  const stream = gameTypes.beergame.stream;
  await commands.execute(
    stream,
    gameStreamId('original'),
    {
      type: 'CreateGame',
      gameId: 'original',
      name: 'Monday',
      creatorId: TEACHER,
      seed: 1,
      template: 'classic',
    },
    context('create-original'),
  );
  const seconds: number[] = [];
  for (let run = 1; run <= RUNS; run++) {
    const start = performance.now();
    const { gameIds } = await copyGameIds(handle.db, `${TEACHER}/copy-${run}`, COPIES);
    // A fresh handler each run: the original is read from the store, as in a fresh process.
    const fresh = new CommandHandler(new EventStore(handle.db, new InProcessFeed()));
    const { state } = await fresh.load(stream, gameStreamId('original'));
    const names = copyNames(state.name, COPIES, `Run ${run}`, '(copy)');
    await fresh.createMany(
      stream,
      names.map((name, i) => ({
        streamId: gameStreamId(gameIds[i]!),
        command: copyGameCommand(state, { gameId: gameIds[i]!, name, creatorId: TEACHER, seed: i }),
      })),
      context(`copy-${run}`),
    );
    seconds.push((performance.now() - start) / 1000);
  }
  return seconds;
}

async function seedGames(handle: DatabaseHandle) {
  await sql`
    insert into games (id, type, name, creator_id, week, weeks, finished, archived, player_ids, code, created_at, free_seats)
    select 'own-' || g, 'beergame', 'Class ' || g, ${TEACHER}, 1 + g % 36, 36, g % 7 = 0, g % 10 = 0, '{}',
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

async function listTimes(handle: DatabaseHandle, filter: GamesFilter) {
  const times: number[] = [];
  for (let i = 0; i < LIST_QUERIES; i++) {
    const start = performance.now();
    await gamesByCreator(handle.db, TEACHER, 0, filter);
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b);
}

export default async function benchDashboard() {
  const measured = await withBenchPostgres(async (handle, url) => {
    const seconds = await copies(handle);
    console.log(`Copying ${COPIES} games on PostgreSQL (${url.host}), target ≤ 2 s:\n`);
    console.log('| run | seconds |');
    console.log('|---:|---:|');
    for (const [i, s] of seconds.entries()) console.log(`| ${i + 1} | ${s.toFixed(2)} |`);

    await seedGames(handle);
    console.log(
      `\nThe first page of 40 among ${OWN_GAMES.toLocaleString('en')} games of one instructor (${(OWN_GAMES + OTHER_GAMES).toLocaleString('en')} in the table), ${LIST_QUERIES} queries each, target ≤ 50 ms:\n`,
    );
    console.log('| list | p50 ms | p95 ms | max ms |');
    console.log('|---|---:|---:|---:|');
    const lists: Array<[string, GamesFilter]> = [
      ['current games', {}],
      ['archives', { archived: true }],
      ['beer games', { type: 'beergame' }],
      ['by name ("Class 12")', { search: 'Class 12' }],
    ];
    for (const [label, filter] of lists) {
      const times = await listTimes(handle, filter);
      console.log(
        `| ${label} | ${percentile(times, 0.5).toFixed(1)} | ${percentile(times, 0.95).toFixed(1)} | ${times[times.length - 1]!.toFixed(1)} |`,
      );
    }
    console.log('');
  });
  if (!measured) console.log('PostgreSQL: no server answered (set DATABASE_URL); skipped.\n');
}
