/**
 * `npm run bench -- lean-live`: 50 games of the 7-station factory played by the computer at once
 * on one server process (issue 13): the scheduler runs each computer station's actions as the
 * engine schedules them, and an action's lateness is how long after its scheduled instant (the
 * `at` the engine stamps it with, when it is due) it was applied: committed and handed to the
 * game's live watchers (a watcher of each game's stream in the server process, where the views
 * players receive are made). Goal: p99 ≤ 200 ms. Every round must end by its own timer, or the
 * benchmark fails. On PostgreSQL (DATABASE_URL, else the local server), and on the embedded
 * database. LEAN_LIVE_GAMES and LEAN_LIVE_MINUTES change the load.
 */
import { randomUUID } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import { loadavg } from 'node:os';
import type { RunningServer } from '../../src-server/main';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import type { RecordedEvent } from '../../src-shared/eventsourcing';
import { getLeanScenario } from '../../src-shared/leangame';
import { startTestServer } from '../support/server';
import { withBenchPostgres } from './bench-postgres';

const GAMES = Number(process.env.LEAN_LIVE_GAMES ?? 50);
const MINUTES = Number(process.env.LEAN_LIVE_MINUTES ?? 2);

/** The scheduler's own events, which are not a computer station's actions. */
const NOT_ACTIONS = new Set(['LeanGameEnded', 'ComputerActionsScheduled', 'GameStarted']);
const isComputerAction = (event: RecordedEvent) =>
  event.metadata.actorRole === 'system' && !NOT_ACTIONS.has(event.type);

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? Number.NaN;

async function playClass(server: RunningServer, label: string): Promise<void> {
  const { commands, store } = server.services;
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
  // Each game's watcher: every computer action's lateness as it is handed over, and the round's end.
  const lateness: number[] = [];
  let ended = 0;
  const stopWatching = new AbortController();
  setMaxListeners(GAMES + 10, stopWatching.signal); // one listener per game's watcher
  const watching = gameIds.map(async (gameId) => {
    const { version } = await commands.load(gameTypes.leangame.stream, gameStreamId(gameId));
    for await (const batch of store.watch(gameStreamId(gameId), version, { signal: stopWatching.signal })) {
      const appliedAt = Date.now();
      for (const event of batch) {
        if (isComputerAction(event)) lateness.push(appliedAt - (event.data as { at: number }).at);
        if (event.type === 'LeanGameEnded') ended++;
      }
    }
  });
  const startedAt = Date.now();
  await Promise.all(gameIds.map((gameId) => run(gameId, { type: 'StartGame' }, Date.now())));
  const startSpread = Date.now() - startedAt;
  // Every round ends at its length (its own timer); wait for the last, 30 s at most.
  const endBy = startedAt + MINUTES * 60_000 + 30_000;
  while (ended < GAMES && Date.now() < endBy) await new Promise((resolve) => setTimeout(resolve, 1000));
  stopWatching.abort();
  await Promise.all(watching);
  if (ended < GAMES)
    throw new Error(`${label}: ${ended} of ${GAMES} rounds ended by their timer within 30 s of their length`);
  lateness.sort((a, b) => a - b);
  console.log(
    `${label}: ${GAMES} games of factory7-choose, ${MINUTES}-minute rounds, ${lateness.length} computer actions ` +
      `(${(lateness.length / (MINUTES * 60)).toFixed(0)}/s), every round ended by its timer; start spread ${startSpread} ms\n` +
      `  lateness, from the instant an action is due to its watchers receiving it: p50 ${percentile(lateness, 50)} ms, ` +
      `p99 ${percentile(lateness, 99)} ms, max ${lateness.at(-1)} ms (goal: p99 ≤ 200 ms); load average ${loadavg()[0]!.toFixed(1)} at the end`,
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
