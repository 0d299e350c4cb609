/**
 * `npm run load:soak -- --minutes 30 --players 300`: an afternoon of classes compressed (issue 29,
 * item 12). Against the server as `npm start` runs it, on PostgreSQL, round after round: the
 * instructor creates a game per four players (8 weeks, the classic chain), the players join their
 * new game and watch it live, play every week (each within a second), the games finish, the
 * instructor downloads a research export and a workbook of some and archives them all; then the
 * next round. About 3 hours of class time (a class plays a game in about 25 minutes) go by every
 * 10 minutes of the run.
 *
 * Every minute it prints the server's live heap (after a full collection, asked through the
 * inspector: heap in use without garbage), its resident set, its active handles (sockets, timers,
 * files), the listeners on `process`, and the database's connections. After warm-up (the first
 * third), it ends with one line:
 *
 *   soak: minutes=M games=G rounds=R errors=E heap_growth=X% rss_growth=Y% handles=A->B db_connections_max=C->D
 *
 * where a growth is the last third's: from its first sample to its last. The run fails (exit 1)
 * when the heap or the resident set grew by more than 10 % in the last third, the handles by more
 * than 5 (timers come and go), the most database connections seen in the last third exceeds the
 * most seen before it (the pool opens and closes them as work comes and goes), or a round had errors.
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import pg from 'pg';
import WebSocket from 'ws';
import { classicConfigInput } from '../../src-shared/beergame/templates';
import { countingClient, type Followed, follow } from '../support/counting-client';
import { freePort, signInAnonymous, signUpInstructor } from '../support/server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { inBatches, loadCaps, postgresDatabase, within } from './harness';

const { values: args } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    players: { type: 'string', default: '300' },
    weeks: { type: 'string', default: '8' },
  },
});
const MINUTES = Number(args.minutes);
const PLAYERS = Number(args.players);
const WEEKS = Number(args.weeks);
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const GAMES = Math.ceil(PLAYERS / ROLES.length);
/** How much the last third may grow before the run fails. */
const GROWTH_LIMIT = 0.1;
/** Timers come and go (a sign-in remembered, a deadline): a few more handles at one moment are not a leak. */
const HANDLE_SLACK = 5;
if (!(MINUTES >= 3 && PLAYERS >= 4 && WEEKS >= 1))
  throw new Error('--minutes ≥ 3, --players ≥ 4, --weeks ≥ 1');

/**
 * The pool opens and closes connections as the work comes and goes (idle ones close after 10 s):
 * a leak shows as more at the busiest moment, so the busiest samples are compared.
 */
const mostConnections = (samples: Array<{ connections: number }>) =>
  samples.reduce((most, sample) => Math.max(most, sample.connections), 0);

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The server process's own figures, read through its inspector (Chrome DevTools Protocol). */
async function inspector(port: number) {
  const [target] = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as Array<{
    webSocketDebuggerUrl: string;
  }>;
  const socket = new WebSocket(target!.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let nextId = 0;
  const pending = new Map<number, (result: unknown) => void>();
  socket.on('message', (data: Buffer) => {
    const message = JSON.parse(data.toString()) as { id?: number; result?: unknown };
    if (message.id !== undefined) pending.get(message.id)?.(message.result);
  });
  const call = (method: string, params: object = {}) =>
    within(
      new Promise<unknown>((resolve) => {
        const id = ++nextId;
        pending.set(id, resolve);
        socket.send(JSON.stringify({ id, method, params }));
      }),
      30_000,
      method,
    );
  return {
    async sample(): Promise<{ heap: number; rss: number; handles: number; listeners: number }> {
      await call('HeapProfiler.collectGarbage');
      const result = (await call('Runtime.evaluate', {
        expression: `JSON.stringify({
          heap: process.memoryUsage().heapUsed,
          rss: process.memoryUsage().rss,
          handles: process.getActiveResourcesInfo().length,
          listeners: process.eventNames().reduce((sum, name) => sum + process.listenerCount(name), 0),
        })`,
      })) as { result: { value: string } };
      return JSON.parse(result.result.value);
    },
    close: () => socket.close(),
  };
}

interface Player {
  role: (typeof ROLES)[number];
  api: ReturnType<typeof countingClient>['api'];
  game: { gameId: string; live: Followed; unsubscribe(): void } | null;
}

async function main() {
  const database = await postgresDatabase();
  if (!database) throw new Error('the soak run needs PostgreSQL (DATABASE_URL, else 127.0.0.1:5432)');
  const inspectPort = await freePort();
  let server: ServerProcess | null = null;
  const clients: Array<{ close(): void }> = [];
  const stats = new pg.Client({ connectionString: database.url });
  let failed = true;
  try {
    server = await startServerProcess({
      databaseUrl: database.url,
      nodeArgs: [`--inspect=127.0.0.1:${inspectPort}`],
      env: {
        ...loadCaps({ players: PLAYERS, games: GAMES }),
        // An afternoon creates thousands of games from one account.
        GAME_CREATION_LIMIT: '100000/60',
        GAMES_PER_HOUR_LIMIT: '1000000/3600',
        LIVE_GAMES_LIMIT: '1000000',
        DATABASE_POOL_MAX: '20',
      },
    });
    const url = server.url;
    const probe = await inspector(inspectPort);
    await stats.connect();
    const databaseName = new URL(database.url).pathname.slice(1);
    const connections = async () =>
      Number(
        (
          await stats.query<{ n: string }>(
            'select count(*) as n from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
            [databaseName],
          )
        ).rows[0]!.n,
      );
    console.log(
      `${PLAYERS} players in ${GAMES} games of ${WEEKS} weeks a round, for ${MINUTES} minutes, on PostgreSQL`,
    );

    const instructor = await signUpInstructor(url, `soak-${randomUUID()}@example.org`);
    clients.push(instructor);
    const players: Player[] = [];
    await inBatches(
      Array.from({ length: PLAYERS }, (_, index) => index),
      25,
      async (index) => {
        const signedIn = await signInAnonymous(url, `Player ${index + 1}`);
        signedIn.close();
        const client = countingClient(url, signedIn.cookie);
        clients.push(client);
        players[index] = { role: ROLES[index % ROLES.length]!, api: client.api, game: null };
      },
    );

    const samples: Array<{
      minute: number;
      heap: number;
      rss: number;
      handles: number;
      listeners: number;
      connections: number;
    }> = [];
    let games = 0;
    let rounds = 0;
    let errors = 0;
    const started = performance.now();
    const elapsedMinutes = () => (performance.now() - started) / 60_000;
    const takeSample = async () => {
      const sample = {
        minute: Math.round(elapsedMinutes()),
        ...(await probe.sample()),
        connections: await connections(),
      };
      samples.push(sample);
      console.log(
        `minute ${sample.minute}: heap ${(sample.heap / 1e6).toFixed(1)} MB, rss ${(sample.rss / 1e6).toFixed(1)} MB, handles ${sample.handles}, process listeners ${sample.listeners}, database connections ${sample.connections}; ${games} games in ${rounds} rounds, ${errors} errors`,
      );
    };
    await takeSample();
    let nextSample = 1;
    const config = { ...classicConfigInput(), weeks: WEEKS };
    while (elapsedMinutes() < MINUTES) {
      // A round: new games, everyone seated and watching.
      const gameIds: string[] = [];
      for (let g = 0; g < GAMES; g++)
        gameIds.push(
          (
            await instructor.api.beergame.create.mutate({
              name: `Round ${rounds + 1}, class ${g + 1}`,
              template: 'classic',
              config,
            })
          ).gameId,
        );
      await inBatches(players, 50, async (player) => {
        const index = players.indexOf(player);
        const gameId = gameIds[Math.floor(index / ROLES.length)]!;
        player.game?.unsubscribe();
        await player.api.beergame.join.mutate({ gameId, facilityId: player.role, commandId: randomUUID() });
        const followed = follow(player.api, gameId);
        player.game = { gameId, live: followed.state, unsubscribe: followed.unsubscribe };
      });
      for (let wait = 0; wait < 600 && players.some((p) => p.game!.live.view === null); wait++)
        await pause(50);
      for (let week = 1; week <= WEEKS; week++) {
        await Promise.all(
          players.map(async (player) => {
            await pause(Math.random() * 1_000);
            try {
              await within(
                player.api.beergame.placeOrder.mutate({
                  gameId: player.game!.gameId,
                  facilityId: player.role,
                  quantity: 4 + (week % 3),
                  commandId: randomUUID(),
                }),
                30_000,
                'order',
              );
            } catch (error) {
              errors++;
              console.error(`order refused or lost: ${(error as Error).message}`);
            }
          }),
        );
        const until = performance.now() + 30_000;
        const moved = (p: Player) =>
          (p.game!.live.view?.week ?? 0) > week || p.game!.live.view?.finished === true;
        while (performance.now() < until && players.some((p) => !moved(p))) await pause(50);
        errors += players.filter((p) => !moved(p)).length;
      }
      // The instructor takes a research export and a workbook of a few games, then archives the round.
      for (const gameId of gameIds.slice(0, 3)) {
        for (const path of [`/api/games/${gameId}/export?format=jsonl`, `/api/games/${gameId}/export.xlsx`]) {
          const response = await fetch(`${url}${path}`, { headers: { cookie: instructor.cookie } });
          await response.arrayBuffer();
          if (!response.ok) {
            errors++;
            console.error(`${path}: ${response.status}`);
          }
        }
      }
      for (let i = 0; i < gameIds.length; i += 50)
        await instructor.api.game.archive.mutate({
          gameIds: gameIds.slice(i, i + 50),
          commandId: randomUUID(),
        });
      games += gameIds.length;
      rounds++;
      if (elapsedMinutes() >= nextSample) {
        await takeSample();
        nextSample = Math.floor(elapsedMinutes()) + 1;
      }
    }
    await takeSample();
    probe.close();
    for (const player of players) player.game?.unsubscribe();

    const lastThird = samples.filter((sample) => sample.minute >= (MINUTES * 2) / 3);
    const [first, last] = [lastThird[0] ?? samples.at(-2)!, samples.at(-1)!];
    const growth = (key: 'heap' | 'rss') => (last[key] - first[key]) / first[key];
    const heapGrowth = growth('heap');
    const rssGrowth = growth('rss');
    failed =
      errors > 0 ||
      heapGrowth > GROWTH_LIMIT ||
      rssGrowth > GROWTH_LIMIT ||
      last.handles > first.handles + HANDLE_SLACK ||
      mostConnections(lastThird) > mostConnections(samples.slice(0, samples.length - lastThird.length));
    console.log(
      `\nsoak: minutes=${MINUTES} games=${games} rounds=${rounds} errors=${errors} heap_growth=${(heapGrowth * 100).toFixed(1)}% rss_growth=${(rssGrowth * 100).toFixed(1)}% handles=${first.handles}->${last.handles} db_connections_max=${mostConnections(samples.slice(0, samples.length - lastThird.length))}->${mostConnections(lastThird)}${failed ? ' failed=1' : ''}`,
    );
  } finally {
    for (const client of clients) client.close();
    await stats.end().catch(() => undefined);
    await server?.kill();
    await database.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();
