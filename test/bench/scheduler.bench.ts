/**
 * `npm run bench -- scheduler`: 250 turn timers running out in the same second on one server
 * process on PostgreSQL, each game watched live by its creator through the API; how long after the
 * deadline each watcher receives the next week (see timers-due-at-once.ts). Goal: the last ≤ 2 s.
 * Three runs, each on a fresh database, with the machine's load average beside each.
 */
import { loadavg } from 'node:os';
import { withBenchPostgres } from './bench-postgres';
import { timersDueAtOnce } from './timers-due-at-once';

const GAMES = 250;
const RUNS = 3;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

export default async function benchScheduler(): Promise<void> {
  console.log(
    `${GAMES} timers due at once: ms from the deadline to the creator's live subscription receiving the next week (goal: last ≤ 2,000 ms)\n`,
  );
  console.log('| run | load average at start | first | p50 | p99 | last | seen | fired |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (let run = 1; run <= RUNS; run++) {
    const load = loadavg()[0]!.toFixed(1);
    const measured = await withBenchPostgres(async (_handle, url) => {
      const { games, lateness, fired } = await timersDueAtOnce(url.toString(), {
        games: GAMES,
        ceilingMs: 60_000,
      });
      console.log(
        `| ${run} | ${load} | ${lateness[0]} | ${percentile(lateness, 50)} | ${percentile(lateness, 99)} | ${lateness.at(-1)} | ${lateness.length} of ${games} | ${fired} |`,
      );
    });
    if (!measured) return console.log('PostgreSQL: no server answered (set DATABASE_URL); skipped.\n');
  }
  console.log('');
}
