/**
 * `npm run load:crash -- --players 1000`: a class killed mid-week (issue 29, item 9). N anonymous
 * players (250 classic games of 4 with a turn timer) sign in, join and watch their game live over
 * WebSocket with the app's reconnection rule. A first week is played whole. In the second, the
 * retailers do not order (their week is the timer's to close) and the others order at random within
 * `--spread` ms; `--kill-after` ms into it the server process is killed with SIGKILL, then started
 * again on the same address. Every player keeps sending their order, with its command id, until
 * the server acknowledges it, as the app does (`retryUnanswered`). Then, in the database:
 *
 * - lost: acknowledged orders with no `OrderPlaced` event of their command id;
 * - doubled: command ids with more than one `OrderPlaced`, and weeks closed more than once;
 * - timers: games whose second week the timer closed exactly once;
 *
 * and, per player, what the player's page saw (issue 39): the time from the kill to the first view
 * data that shows the game as it stood at the kill or later (a whole view, a patch or a beat
 * carrying that stream version: the page current again), and the time from the server serving
 * again to the first answer on the player's new WebSocket. At the end the turn timers are stopped,
 * and once the games are quiet every player's view must show its stream's last version (`stale_views`).
 * It ends with one line:
 *
 *   crash: players=N games=G lost=0 doubled=0 unacknowledged=0 resumed=N/N resume_p99_ms=X timers_once=G/G serving_ms_after_kill=S view_back_p99_ms_from_kill=V stale_views=0
 *
 * With LOAD_PGLITE=1 the server runs on the embedded database (a PGlite directory of the run's
 * own), as `npm start` runs it without DATABASE_URL, killed and started again on it; the checks
 * open the directory once the server has stopped. The line then begins with `pglite-crash:`.
 *
 * With `--proxy`, two server processes serve the class behind HAProxy (deploy/haproxy.cfg); one of
 * them is killed and not restarted: its players reconnect through the proxy to the other, and
 * `resume_p99_ms` counts from the kill. The line then begins with `proxy-crash:`. With
 * `--cut-sockets`, nothing is killed: every player's socket is cut from the player's end, and the
 * class reconnects into the same, warm process (a comparison, not the issue's run; `cut:`).
 *
 * It exits with 1 when anything was lost or doubled, a player did not resume, p99 exceeds 3 s
 * from serving again or 5 s from the kill for a view, a view was stale at the end, or a timer did
 * not fire exactly once. PostgreSQL (DATABASE_URL, else the local server), in a database of its
 * own, or PGlite; everything stays on 127.0.0.1.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type WebSocket from 'ws';
import { DEFAULT_POOL_MAX } from '../../src-server/config';
import { countingClient, type Followed, follow } from '../support/counting-client';
import { freePort, signInAnonymous, signUpInstructor } from '../support/server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import {
  cpuSeconds,
  databaseCpuSeconds,
  inBatches,
  loadCaps,
  loopDelay,
  percentile,
  postgresDatabase,
  type Query,
  startBehindProxy,
  streamVersions,
  summary,
  ViewLog,
  within,
} from './harness';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    timer: { type: 'string', default: '40' },
    spread: { type: 'string', default: '10000' },
    'kill-after': { type: 'string', default: '4000' },
    /** Two server processes behind HAProxy: one is killed, and not restarted; the other carries on. */
    proxy: { type: 'boolean', default: false },
    /**
     * The players' sockets cut from their own end instead of the server killed: the same class
     * reconnecting, into a process already warm (its code compiled and optimised, its caches
     * full), to tell a restart's cost from the reconnection's own. Ends with `cut:`.
     */
    'cut-sockets': { type: 'boolean', default: false },
  },
});
const BEHIND_PROXY = args.proxy;
const CUT_SOCKETS = args['cut-sockets'];
if (BEHIND_PROXY && CUT_SOCKETS) throw new Error('--cut-sockets runs against one process');
const PLAYERS = Number(args.players);
const TIMER_SECONDS = Number(args.timer);
const SPREAD_MS = Number(args.spread);
const KILL_AFTER_MS = Number(args['kill-after']);
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const GAMES = Math.ceil(PLAYERS / ROLES.length);
/** Issue 29's bound: every client live again within 3 s of the server serving again. */
const RESUME_P99_LIMIT_MS = 3_000;
/** Issue 39's bound: every page showing the game as it stands within 5 s of the kill. */
const VIEW_BACK_P99_LIMIT_MS = 5_000;
/** How long the games stay quiet (timers stopped) before every view must show its stream's last version. */
const QUIET_MS = 3_000;
const ON_PGLITE = Boolean(process.env.LOAD_PGLITE);
if (ON_PGLITE && BEHIND_PROXY) throw new Error('--proxy needs PostgreSQL: two processes cannot share PGlite');
/** How long a player keeps sending an unacknowledged order before it counts as unacknowledged. */
const ORDER_PERSISTENCE_MS = 60_000;
if (!Number.isInteger(PLAYERS) || PLAYERS < 4 || PLAYERS > 5000) throw new Error('--players takes 4 to 5000');
if (!(TIMER_SECONDS * 1000 > KILL_AFTER_MS + 15_000))
  throw new Error('--timer must leave the restart 15 s before the deadline');

interface Player {
  gameId: string;
  role: (typeof ROLES)[number];
  api: ReturnType<typeof countingClient>['api'];
  live: Followed;
  seen: Map<number, number>;
  /** The WebSockets this player's client opened, in order. */
  sockets: WebSocket[];
  /** When the first message other than a keep-alive reached each socket. */
  firstAnswer: Map<WebSocket, number>;
  /** When each socket opened (its handshake done). */
  opened: Map<WebSocket, number>;
  /** What the player's page was told from the kill on. */
  views: ViewLog;
}

interface Acknowledged {
  gameId: string;
  commandId: string;
}

/** WebSocket's readyState of an open socket. */
const OPEN = 1;

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Sends one order until the server answers it: a refusal is final, a lost request is sent again. */
async function orderUntilAnswered(
  player: Player,
  week: number,
  commandId: string,
): Promise<'ok' | 'refused' | 'unanswered'> {
  const giveUp = performance.now() + ORDER_PERSISTENCE_MS;
  while (performance.now() < giveUp) {
    try {
      await within(
        player.api.beergame.placeOrder.mutate({
          gameId: player.gameId,
          facilityId: player.role,
          quantity: 4 + week,
          commandId,
        }),
        10_000,
        'order',
      );
      return 'ok';
    } catch (error) {
      // A refusal carries the server's error data; a request cut off by the crash carries none.
      if ((error as { data?: unknown }).data) {
        console.error(`order of ${player.role} in ${player.gameId} refused:`, (error as Error).message);
        return 'refused';
      }
      // As the app does (connection.ts pauses its retries): wait for the socket to be back, then
      // send again over it, rather than knocking at a server that is not there.
      await pause(250);
      while (player.sockets.at(-1)?.readyState !== OPEN && performance.now() < giveUp) await pause(100);
    }
  }
  return 'unanswered';
}

async function seatPlayers(url: string, gameIds: string[], clients: Array<{ close(): void }>) {
  const seats = gameIds.flatMap((gameId) => ROLES.map((role) => ({ gameId, role }))).slice(0, PLAYERS);
  const players: Player[] = [];
  await inBatches(seats, 25, async ({ gameId, role }) => {
    const signedIn = await signInAnonymous(url, `${role} ${gameId.slice(0, 4)}`);
    signedIn.close();
    const client = countingClient(url, signedIn.cookie, { reconnect: 'like the app', game: gameId });
    clients.push(client);
    await client.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
    const seen = new Map<number, number>();
    const views = new ViewLog();
    const live = follow(
      client.api,
      gameId,
      (view) => {
        if (!seen.has(view.week)) seen.set(view.week, performance.now());
      },
      (state) => views.confirmed(state.version),
    ).state;
    const player: Player = {
      gameId,
      role,
      api: client.api,
      live,
      seen,
      sockets: client.received.sockets,
      firstAnswer: new Map(),
      opened: new Map(),
      views,
    };
    client.received.onMessage = () => {
      const socket = player.sockets.at(-1);
      if (socket && !player.firstAnswer.has(socket)) player.firstAnswer.set(socket, performance.now());
    };
    client.received.onOpen = (socket) => {
      player.opened.set(socket, performance.now());
    };
    players.push(player);
  });
  for (let wait = 0; wait < 600 && players.some((p) => p.live.view === null); wait++) await pause(50);
  return players;
}

/** Waits until every player saw `week` (or `ms` passed); answers how many did not. */
async function everyoneSees(players: Player[], week: number, ms: number): Promise<number> {
  const until = performance.now() + ms;
  while (performance.now() < until && players.some((p) => !p.seen.has(week))) await pause(100);
  return players.filter((p) => !p.seen.has(week)).length;
}

/**
 * The server alone: killed, then started again on the same address at once, as a supervisor does
 * (deploy/simgames.service: RestartSec=0). On PostgreSQL (`databaseUrl`) or a PGlite directory.
 */
async function alone(
  database: { url: string } | { dataDir: string },
  size: { players: number; games: number },
) {
  const port = await freePort();
  const env = {
    ...loadCaps(size),
    DATABASE_POOL_MAX: String(DEFAULT_POOL_MAX),
    ...('dataDir' in database ? { DATABASE_URL: '', DATA_DIR: database.dataDir } : {}),
  };
  const databaseUrl = 'url' in database ? database.url : '';
  let started = 0;
  // LOAD_PROFILE_DIR=dir profiles the restarted process (written when the run stops it).
  const start = () =>
    startServerProcess({
      databaseUrl,
      port,
      env,
      ...(process.env.LOAD_PROFILE_DIR && started++ > 0
        ? { nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${process.env.LOAD_PROFILE_DIR}`] }
        : {}),
    });
  let server: ServerProcess = await start();
  return {
    url: server.url,
    pids: () => [server.child.pid!],
    kill: () => server.kill(),
    recover: async () => {
      server = await start();
    },
    warmUp: () => server.warmUp,
    // Stopped as a supervisor stops it (SIGTERM), so that a profile is written.
    stop: async () => {
      const exited = new Promise((resolve) => server.child.once('exit', resolve));
      server.child.kill('SIGTERM');
      await Promise.race([exited, pause(10_000)]);
      await server.kill();
    },
  };
}

/** Two processes behind HAProxy: the first is killed; the proxy sends its players to the second. */
async function behindProxy(databaseUrl: string, size: { players: number; games: number }) {
  const { url, servers, stop } = await startBehindProxy({ DATABASE_URL: databaseUrl }, size);
  const victim = servers[0]!;
  return {
    url,
    pids: () =>
      servers
        .filter((child) => child.exitCode === null && child.signalCode === null)
        .map((child) => child.pid!),
    kill: async () => {
      const exited = new Promise((resolve) => victim.once('exit', resolve));
      victim.kill('SIGKILL');
      await exited;
    },
    recover: async () => {},
    warmUp: () => undefined,
    stop,
  };
}

/** What the restarted process did before it served, as the kill line reports it. */
function warmedUp(warmUp: ServerProcess['warmUp']): string {
  return warmUp
    ? `, ${warmUp.ms} ms of which folding ${warmUp.games} games in play and reading ${warmUp.signIns} sessions ahead`
    : '';
}

/** Where the run keeps its data: a database of its own on PostgreSQL, or a PGlite directory. */
async function runDatabase() {
  if (ON_PGLITE) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'crash-pglite-'));
    return {
      server: { dataDir },
      /** The directory, opened once the server has stopped (PGlite has one owner at a time). */
      async open(): Promise<{ query: Query; close(): Promise<void> }> {
        const pglite = await PGlite.create(dataDir);
        return {
          query: async <R>(text: string, params: unknown[]) => (await pglite.query<R>(text, params)).rows,
          close: () => pglite.close(),
        };
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const database = await postgresDatabase();
  if (!database)
    throw new Error('no PostgreSQL (DATABASE_URL, else 127.0.0.1:5432): LOAD_PGLITE=1 runs on PGlite');
  return {
    server: { url: database.url },
    async open(): Promise<{ query: Query; close(): Promise<void> }> {
      const client = new pg.Client({ connectionString: database.url });
      await client.connect();
      return {
        query: async <R>(text: string, params: unknown[]) => (await client.query(text, params)).rows as R[],
        close: () => client.end(),
      };
    },
    drop: () => database.drop(),
  };
}

async function main() {
  const database = await runDatabase();
  const size = { players: PLAYERS, games: GAMES };
  const target = BEHIND_PROXY
    ? await behindProxy((database.server as { url: string }).url, size)
    : await alone(database.server, size);
  const clients: Array<{ close(): void }> = [];
  let failed = false;
  let stopped = false;
  try {
    console.log(
      `${PLAYERS} players, ${GAMES} games with a ${TIMER_SECONDS} s turn timer on ${ON_PGLITE ? 'PGlite' : 'PostgreSQL'}; SIGKILL ${KILL_AFTER_MS} ms into a week whose orders spread over ${SPREAD_MS} ms`,
    );
    const instructor = await signUpInstructor(target.url, `crash-${randomUUID()}@example.org`);
    clients.push(instructor);
    const gameIds: string[] = [];
    for (let g = 0; g < GAMES; g++) {
      const created = await instructor.api.beergame.create.mutate({
        name: `Class ${g + 1}`,
        template: 'classic',
        timerSeconds: TIMER_SECONDS,
      });
      gameIds.push(created.gameId);
    }
    const players = await seatPlayers(target.url, gameIds, clients);
    console.log(`${players.length} players seated and watching`);

    // Week 1, whole: every order in closes it.
    const firstWeek = await Promise.all(
      players.map(async (player) => {
        await pause(Math.random() * 3_000);
        return orderUntilAnswered(player, 1, randomUUID());
      }),
    );
    const notSeenWeek2 = await everyoneSees(players, 2, 30_000);
    console.log(
      `week 1: ${firstWeek.filter((r) => r === 'ok').length} orders acknowledged; ${notSeenWeek2} players did not see week 2`,
    );

    // Week 2: the retailers leave it to the timer; the server dies while the others order.
    const acknowledged: Acknowledged[] = [];
    let unacknowledged = 0;
    const ordering = Promise.all(
      players
        .filter((player) => player.role !== 'retailer')
        .map(async (player) => {
          await pause(Math.random() * SPREAD_MS);
          const commandId = randomUUID();
          const result = await orderUntilAnswered(player, 2, commandId);
          if (result === 'ok') acknowledged.push({ gameId: player.gameId, commandId });
          else unacknowledged++;
        }),
    );
    await pause(KILL_AFTER_MS);
    const socketsBefore = new Map(players.map((player) => [player, player.sockets.length]));
    const acknowledgedBeforeKill = acknowledged.length;
    const killedWall = new Date();
    const killedAt = performance.now();
    if (CUT_SOCKETS) for (const player of players) player.sockets.at(-1)?.terminate();
    else await target.kill();
    const delay = loopDelay();
    const recovering = CUT_SOCKETS ? Promise.resolve() : target.recover();
    // What the dead process had sent is read by now; from here on, a page is told only by the new one.
    await pause(20);
    for (const player of players) player.views.arm(killedAt);
    await recovering;
    const servingAt = performance.now();
    // Who is busy while the class reconnects: the server's CPU, this generator's and PostgreSQL's,
    // second by second, and this generator's own event loop (its clients' reconnections are timers
    // of this one process).
    const cpuSamples: string[] = [];
    const cpuBefore = target.pids().map(cpuSeconds);
    const ownBefore = cpuSeconds(process.pid);
    const pgBefore = databaseCpuSeconds();
    const sampler = setInterval(() => {
      const now = target.pids().map(cpuSeconds);
      cpuSamples.push(
        [
          now.reduce((a, b) => a + b, 0) - cpuBefore.reduce((a, b) => a + b, 0),
          cpuSeconds(process.pid) - ownBefore,
          databaseCpuSeconds() - pgBefore,
        ]
          .map((seconds) => Math.round(seconds * 100))
          .join('/'),
      );
    }, 1000);
    console.log(
      BEHIND_PROXY
        ? `one of the two processes killed with SIGKILL after ${acknowledgedBeforeKill} acknowledged orders; its players reconnect through the proxy to the other`
        : CUT_SOCKETS
          ? `every player's socket cut after ${acknowledgedBeforeKill} acknowledged orders; the server carries on`
          : `killed with SIGKILL after ${acknowledgedBeforeKill} acknowledged orders; serving again ${(servingAt - killedAt).toFixed(0)} ms later${warmedUp(target.warmUp())}`,
    );
    await ordering;
    // Every client whose socket the crash cut is on a new one, answered: its subscription resumed
    // without a reload. (Behind the proxy, the other process's players keep their sockets.)
    const cut = players.filter(
      (player) =>
        player.sockets.length > socketsBefore.get(player)! || player.sockets.at(-1)?.readyState !== OPEN,
    );
    const resumedAt = (player: Player) => {
      const socket = player.sockets.at(-1);
      return player.sockets.length > socketsBefore.get(player)! && socket
        ? player.firstAnswer.get(socket)
        : undefined;
    };
    const resumeUntil = performance.now() + 30_000;
    while (performance.now() < resumeUntil && cut.some((player) => resumedAt(player) === undefined))
      await pause(100);
    const resumes = cut.flatMap((player) => {
      const at = resumedAt(player);
      return at === undefined ? [] : [at - servingAt];
    });
    clearInterval(sampler);
    const loop = delay.stop();
    console.log(
      `CPU used since serving again by the server / this generator / PostgreSQL, at each second (% of a core, cumulative): ${cpuSamples.slice(0, 12).join(', ')}; load generator's event-loop delay p99 ${loop.p99.toFixed(0)} ms, max ${loop.max.toFixed(0)} ms`,
    );
    const handshakes = cut.flatMap((player) => {
      const socket = player.sockets.at(-1);
      const opened = socket && resumedAt(player) !== undefined ? player.opened.get(socket) : undefined;
      return opened === undefined ? [] : [opened - servingAt];
    });
    console.log(`each cut player's new socket open: ${summary(handshakes)}`);
    console.log(
      `first answer on each cut player's new socket after ${BEHIND_PROXY ? 'the kill' : 'the server served again'}: ${summary(resumes)}`,
    );
    const notSeenWeek3 = await everyoneSees(players, 3, TIMER_SECONDS * 1000 + 30_000);
    console.log(`week 2: ${notSeenWeek3} players did not see week 3 (the timer closes it)`);

    // The games made quiet: every page must then show its stream's last version.
    await inBatches(gameIds, 25, async (gameId) => {
      await instructor.api.beergame.stopTimer.mutate({ gameId, commandId: randomUUID() });
    });
    await pause(QUIET_MS);
    const shown = players.map((player) => ({ player, version: player.live.version }));
    await target.stop();
    stopped = true;

    const { query, close } = await database.open();
    const streamIds = gameIds.map((id) => `game-${id}`);
    const [atKill, atEnd] = await Promise.all([
      streamVersions(query, streamIds, killedWall),
      streamVersions(query, streamIds),
    ]);
    const viewsBack = players.map((player) =>
      player.views.backAfter(atKill.get(`game-${player.gameId}`) ?? Number.POSITIVE_INFINITY),
    );
    const neverBack = viewsBack.filter((ms) => Number.isNaN(ms)).length;
    const staleViews = shown.filter(
      ({ player, version }) => version !== atEnd.get(`game-${player.gameId}`),
    ).length;
    console.log(
      `each player's view showing the game as it stood at the kill, after the kill: ${summary(viewsBack.filter((ms) => !Number.isNaN(ms)))}; never: ${neverBack}`,
    );
    const perCommand = await query<{ placed: number }>(
      `select count(e.global_position)::int as placed
         from unnest($1::text[], $2::text[]) as a(stream_id, command_id)
         left join events e on e.stream_id = a.stream_id and e.type = 'OrderPlaced'
                           and e.metadata->>'commandId' = a.command_id
        group by a.stream_id, a.command_id`,
      [acknowledged.map((a) => `game-${a.gameId}`), acknowledged.map((a) => a.commandId)],
    );
    const lost = perCommand.filter((row) => row.placed === 0).length;
    const doubledOrders = perCommand.filter((row) => row.placed > 1).length;
    const closings = await query<{ stream_id: string; week: number; n: number; timer: number }>(
      `select stream_id, (data->>'week')::int as week, count(*)::int as n,
              count(*) filter (where data->>'reason' = 'timer')::int as timer
         from events where type = 'WeekClosed' and stream_id = any($1::text[])
        group by stream_id, (data->>'week')::int`,
      [streamIds],
    );
    await close();
    const doubledClosings = closings.filter((row) => row.n > 1).length;
    const timersOnce = closings.filter((row) => row.week === 2 && row.n === 1 && row.timer === 1).length;
    const doubled = doubledOrders + doubledClosings;
    const resumeP99 = percentile(resumes, 99);
    const viewBackP99 = neverBack > 0 ? Number.POSITIVE_INFINITY : percentile(viewsBack, 99);
    console.log(
      `orders acknowledged in week 2: ${acknowledged.length}; lost ${lost}; recorded twice ${doubledOrders}; weeks closed twice ${doubledClosings}`,
    );
    failed =
      lost > 0 ||
      doubled > 0 ||
      unacknowledged > 0 ||
      resumes.length < cut.length ||
      !(resumeP99 <= RESUME_P99_LIMIT_MS) ||
      !(viewBackP99 <= VIEW_BACK_P99_LIMIT_MS) ||
      staleViews > 0 ||
      timersOnce < GAMES ||
      notSeenWeek3 > 0;
    const name = BEHIND_PROXY ? 'proxy-crash' : CUT_SOCKETS ? 'cut' : ON_PGLITE ? 'pglite-crash' : 'crash';
    console.log(
      `\n${name}: players=${players.length} games=${GAMES} lost=${lost} doubled=${doubled} unacknowledged=${unacknowledged} resumed=${resumes.length}/${cut.length} resume_p99_ms=${resumeP99.toFixed(0)} timers_once=${timersOnce}/${GAMES}${BEHIND_PROXY || CUT_SOCKETS ? '' : ` serving_ms_after_kill=${(servingAt - killedAt).toFixed(0)}`} view_back_p99_ms_from_kill=${viewBackP99.toFixed(0)} stale_views=${staleViews}${failed ? ' failed=1' : ''}`,
    );
  } finally {
    for (const client of clients) client.close();
    if (!stopped) await target.stop();
    await database.drop();
  }
  if (failed) process.exitCode = 1;
}

await main();
