/**
 * `npm run load -- --players 1000`: a classroom at scale against a real server process on this
 * machine. N anonymous players (default 1,000: 250 classic games of 4, each with a 60-second turn
 * timer) sign in, join, watch their game live over WebSocket as the app does (`game.watchChanges`)
 * and order for `--weeks` weeks (default 6) in each of two scenarios: every player at a random
 * moment within 10 s of the others (a class), then within 1 s (everyone at once). Prints, per
 * scenario, the latency of an order's answer, of the moment every player of a game sees the next
 * week (counted from when the game's last order of the week was sent), the errors and the size of
 * what the players receive, and ends with one line per scenario:
 *
 *   load: players=N games=G weeks=W errors=E order_p99_ms=X next_week_p99_ms=Y view_bytes_p50=Z
 *
 * What keeps the figures honest: a sample that failed (an order unanswered within 30 s, a week no
 * player saw) is an error, never a latency; no latency is clamped (a negative one would be a bug to
 * show); each week prints the real spread of its sends, first to last, and the load generator's own
 * event-loop delay is printed per scenario. A week whose sends spread over more than 1.1 times the
 * nominal spread means this process could not keep up: the run is then refused (its lines say
 * `refused=1`, and it exits with 1), since its latencies are the generator's as much as the server's.
 *
 * With `--proxy`, two server processes on the one PostgreSQL database serve the class behind HAProxy
 * (deploy/haproxy.cfg; `apt-get install haproxy`), which splits the players' connections between
 * them; the lines then begin with `proxy:` (CPU figures are both processes' together).
 *
 * With `--session`, the games are those of one session (spec point 3: a round of one game per
 * team, created by publishing it), the players join it by team and role (`session.join`) and its
 * admin watches the follow-up page's live view (`session.watch`) over WebSocket; the line then
 * ends with `followup_lag_p99_ms=`: how long a follow-up row is behind its game (from the moment
 * the game's first player sees the next week to the row showing it).
 *
 * PostgreSQL from DATABASE_URL (else the local server if it answers), in a database of its own,
 * else (or with LOAD_PGLITE=1) embedded PGlite. LOAD_PROFILE_DIR=dir profiles the server
 * (`node --cpu-prof`). Everything stays on 127.0.0.1; every loop is bounded.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { type LiveView, nextHeldView } from '../../src-shared/api/view-patch';
import type { SessionView } from '../../src-shared/session';
import { countingClient, type Followed, follow } from '../support/counting-client';
import { signInAnonymous, signUpInstructor } from '../support/server';
import {
  cpuNow,
  cpuSeconds,
  idleServerCpu,
  inBatches,
  loopDelay,
  percentile,
  postgresDatabase,
  startBehindProxy,
  startServerProcess,
  summary,
  within,
} from './harness';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '1000' },
    weeks: { type: 'string', default: '6' },
    /** The scenarios' spreads, in milliseconds. */
    spreads: { type: 'string', default: '10000,1000' },
    timer: { type: 'string', default: '60' },
    session: { type: 'boolean', default: false },
    /** Two server processes behind HAProxy (deploy/haproxy.cfg) instead of one. */
    proxy: { type: 'boolean', default: false },
  },
});
const BEHIND_PROXY = args.proxy;
const IN_SESSION = args.session;
const PLAYERS = Number(args.players);
const WEEKS = Number(args.weeks);
const SPREADS = args.spreads.split(',').map(Number);
const TIMER_SECONDS = Number(args.timer);
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const GAMES = Math.ceil(PLAYERS / ROLES.length);
const RUN_DEADLINE = Date.now() + 30 * 60_000;
/** How long every player may take to see the next week before the missing ones count as errors. */
const NEXT_WEEK_WAIT_MS = 30_000;
/** How long an order may wait for its answer before it counts as an error. */
const ORDER_TIMEOUT_MS = 30_000;
/** How far a week's real spread of sends may exceed the nominal one before the run is refused. */
const SPREAD_TOLERANCE = 1.1;
if (!Number.isInteger(PLAYERS) || PLAYERS < 1 || PLAYERS > 5000) throw new Error('--players takes 1 to 5000');
if (!Number.isInteger(WEEKS) || WEEKS < 1 || WEEKS * SPREADS.length > 34)
  throw new Error('--weeks takes 1 to 34 (all scenarios together: a classic game has 36 weeks)');

interface Player {
  gameId: string;
  role: string;
  api: ReturnType<typeof countingClient>['api'];
  live: Followed;
  /** When each week first reached this player. */
  seen: Map<number, number>;
}

interface Measures {
  orders: number[];
  nextWeek: number[];
  errors: number;
  /** Sizes of the messages the players received (the whole view once, then patches). */
  messageBytes: number[];
  /** Bytes each player received in each week. */
  weekBytes: number[];
  /** In a session: from a game's last order of the week to its follow-up row showing the next week. */
  followUpAfterOrder: number[];
  /** In a session: how long after the game's first player saw the next week its follow-up row did. */
  followUpLag: number[];
  /** Per week, milliseconds from its first order sent to its last. */
  sendSpreads: number[];
  /** Weeks whose sends spread over more than SPREAD_TOLERANCE times the nominal spread. */
  tooSpread: number;
}

const newMeasures = (): Measures => ({
  orders: [],
  nextWeek: [],
  errors: 0,
  messageBytes: [],
  weekBytes: [],
  followUpAfterOrder: [],
  followUpLag: [],
  sendSpreads: [],
  tooSpread: 0,
});

/** Game id → week → when the session's follow-up first showed the game in that week. */
type FollowUpSeen = Map<string, Map<number, number>>;

/**
 * A session of one round with a game per team (the classic game, with the turn timer), published
 * so that its games exist; the admin's follow-up view is followed live, row by row.
 */
async function sessionOfGames(instructor: Awaited<ReturnType<typeof signUpInstructor>>) {
  const { api } = instructor;
  const { sessionId } = await api.session.create.mutate({
    name: 'Load class',
    template: 'classicSingle',
    teamCount: GAMES,
    commandId: randomUUID(),
  });
  const { setup } = await api.session.setup.query({ sessionId });
  const rounds = setup.rounds.map((round) => ({
    ...round,
    config: { ...round.config, playTimer: true, timer: TIMER_SECONDS },
  }));
  await api.session.edit.mutate({ sessionId, setup: { ...setup, rounds }, commandId: randomUUID() });
  await api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const seen: FollowUpSeen = new Map();
  let held: SessionView | null = null;
  let seq = 0;
  const ready = new Promise<string[]>((resolve, reject) => {
    api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          const next = nextHeldView(held && { seq, view: held }, update);
          if (next === null) return reject(new Error(`a follow-up update that does not follow ${seq}`));
          ({ seq, view: held } = next);
          const now = performance.now();
          for (const row of held.followUp ?? []) {
            if (row.gameType !== 'beergame') continue;
            const weeks = seen.get(row.gameId) ?? new Map<number, number>();
            seen.set(row.gameId, weeks);
            if (!weeks.has(row.week)) weeks.set(row.week, now);
          }
          if (held.teams.length === GAMES) resolve(held.teams.map((team) => team.gameId));
        },
        onError: reject,
      },
    );
  });
  return { sessionId, gameIds: await ready, seen };
}

/** Signs every player in, seats them and has them watch their game live. */
async function seatPlayers(
  url: string,
  gameIds: string[],
  clients: Array<{ close(): void }>,
  measures: () => Measures,
  sessionId: string | null,
) {
  const seats = gameIds.flatMap((gameId) => ROLES.map((role) => ({ gameId, role }))).slice(0, PLAYERS);
  const players: Player[] = [];
  await inBatches(seats, 25, async ({ gameId, role }) => {
    const signedIn = await signInAnonymous(url, `${role} ${gameId.slice(0, 4)}`);
    signedIn.close(); // one WebSocket per player: the counting client's
    const client = countingClient(url, signedIn.cookie, { game: gameId });
    clients.push(client);
    if (sessionId)
      await client.api.session.join.mutate({
        sessionId,
        teamNumber: gameIds.indexOf(gameId) + 1,
        facilityId: role,
        commandId: randomUUID(),
      });
    else await client.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
    const seen = new Map<number, number>();
    const live = follow(client.api, gameId, (view) => {
      if (!seen.has(view.week)) seen.set(view.week, performance.now());
    }).state;
    const player: Player = { gameId, role, api: client.api, live, seen };
    client.received.onMessage = (bytes) => {
      measures().messageBytes.push(bytes);
      weekBytes.set(player, (weekBytes.get(player) ?? 0) + bytes);
    };
    players.push(player);
  });
  for (let wait = 0; wait < 600 && players.some((p) => p.live.view === null); wait++)
    await new Promise((resolve) => setTimeout(resolve, 50));
  return players;
}
/** Bytes each player received since the week began. */
const weekBytes = new Map<Player, number>();

/** One week: everyone orders within `spreadMs`; then every player should see the next week. */
async function playWeek(
  players: Player[],
  week: number,
  spreadMs: number,
  measures: Measures,
  followUp: FollowUpSeen | null,
) {
  weekBytes.clear();
  // Per game, when its last order of the week left the client: the week cannot turn before.
  const lastOrderSent = new Map<string, number>();
  let [firstSent, lastSent] = [Number.POSITIVE_INFINITY, 0];
  await Promise.all(
    players.map(async (player) => {
      await new Promise((resolve) => setTimeout(resolve, Math.random() * spreadMs));
      const sent = performance.now();
      firstSent = Math.min(firstSent, sent);
      lastSent = Math.max(lastSent, sent);
      lastOrderSent.set(player.gameId, Math.max(lastOrderSent.get(player.gameId) ?? 0, sent));
      try {
        await within(
          player.api.beergame.placeOrder.mutate({
            gameId: player.gameId,
            facilityId: player.role,
            quantity: 4 + (week % 3),
            commandId: randomUUID(),
          }),
          ORDER_TIMEOUT_MS,
          'order',
        );
        measures.orders.push(performance.now() - sent);
      } catch (error) {
        measures.errors++;
        console.error(`order of ${player.role} in ${player.gameId} week ${week}:`, (error as Error).message);
      }
    }),
  );
  const sendSpread = lastSent - firstSent;
  measures.sendSpreads.push(sendSpread);
  const tooSpread = sendSpread > SPREAD_TOLERANCE * spreadMs;
  if (tooSpread) measures.tooSpread++;
  console.log(
    `week ${week}: orders sent over ${sendSpread.toFixed(0)} ms (nominal ${spreadMs} ms)${tooSpread ? `, more than ${SPREAD_TOLERANCE} times: the load generator fell behind` : ''}`,
  );
  const waitUntil = performance.now() + NEXT_WEEK_WAIT_MS;
  while (performance.now() < waitUntil && players.some((p) => !p.seen.has(week + 1)))
    await new Promise((resolve) => setTimeout(resolve, 50));
  // A moment for the last patches of the week to arrive before counting its bytes.
  await new Promise((resolve) => setTimeout(resolve, 200));
  for (const player of players) {
    const seenAt = player.seen.get(week + 1);
    if (seenAt === undefined || player.live.error) measures.errors++;
    // Not clamped: a player who saw the week turn before the last order left would be a bug to show.
    else measures.nextWeek.push(seenAt - lastOrderSent.get(player.gameId)!);
    measures.weekBytes.push(weekBytes.get(player) ?? 0);
  }
  if (!followUp) return;
  for (const [gameId, sent] of lastOrderSent) {
    const shown = followUp.get(gameId)?.get(week + 1);
    const seenByPlayers = players
      .filter((player) => player.gameId === gameId)
      .map((player) => player.seen.get(week + 1) ?? Number.POSITIVE_INFINITY);
    const firstSeen = Math.min(...seenByPlayers);
    // A row that never showed the week, or a game whose week no player saw: errors, not samples.
    if (shown === undefined || firstSeen === Number.POSITIVE_INFINITY) measures.errors++;
    else {
      measures.followUpAfterOrder.push(shown - sent);
      // Behind its game: from the moment the game's week turned as its players saw it (the first);
      // not clamped, a row ahead of every player shows as a negative.
      measures.followUpLag.push(shown - firstSeen);
    }
  }
}

async function main() {
  const database = await postgresDatabase();
  const dataDir = database ? null : mkdtempSync(path.join(tmpdir(), 'load-pglite-'));
  if (BEHIND_PROXY && !database)
    throw new Error('--proxy needs PostgreSQL: two processes share one database');
  const size = { players: PLAYERS, games: GAMES };
  const env: Record<string, string> = database
    ? { DATABASE_URL: database.url }
    : { DATABASE_URL: '', DATA_DIR: dataDir! };
  const { url, servers, stop } = BEHIND_PROXY
    ? await startBehindProxy(env, size)
    : await startServerProcess(env, size).then(({ url, child }) => ({
        url,
        servers: [child],
        stop: async () => {
          child.kill('SIGTERM');
          await new Promise((resolve) => child.once('exit', resolve));
        },
      }));
  const clients: Array<{ close(): void }> = [];
  const results: string[] = [];
  try {
    console.log(
      `${PLAYERS} players, ${GAMES} games with a ${TIMER_SECONDS} s turn timer, ${WEEKS} weeks per scenario, orders spread over ${SPREADS.join(' then ')} ms, on ${database ? 'PostgreSQL' : 'PGlite'}${BEHIND_PROXY ? ', two server processes behind HAProxy' : ''}`,
    );
    const instructor = await signUpInstructor(url, `load-${randomUUID()}@example.org`);
    clients.push(instructor);
    const session = IN_SESSION ? await sessionOfGames(instructor) : null;
    const gameIds: string[] = session?.gameIds ?? [];
    for (let g = 0; !session && g < GAMES; g++) {
      const created = await instructor.api.beergame.create.mutate({
        name: `Class ${g + 1}`,
        template: 'classic',
        timerSeconds: TIMER_SECONDS,
      });
      gameIds.push(created.gameId);
    }
    let measures = newMeasures();
    let started = performance.now();
    const players = await seatPlayers(url, gameIds, clients, () => measures, session?.sessionId ?? null);
    if (session)
      await instructor.api.session.startRound.mutate({
        sessionId: session.sessionId,
        commandId: randomUUID(),
      });
    console.log(
      `sign-in, join and first view: ${(performance.now() - started).toFixed(0)} ms for ${players.length} players`,
    );
    console.log(
      `server CPU with every player connected and idle (keep-alive): ${await idleServerCpu(servers)}`,
    );
    let week = 1;
    let refused = false;
    const wholeViews = () => players.reduce((sum, player) => sum + player.live.wholeViews, 0);
    for (const spreadMs of SPREADS) {
      started = performance.now();
      const cpuBefore = cpuNow(servers);
      const wholeViewsBefore = wholeViews();
      const delay = loopDelay();
      const firstWeek = week;
      for (let w = 0; w < WEEKS && Date.now() < RUN_DEADLINE; w++, week++)
        await playWeek(players, week, spreadMs, measures, session?.seen ?? null);
      const loop = delay.stop();
      const weeksRun = week - firstWeek;
      const cpuAfter = cpuNow(servers);
      const perWeek = (part: keyof typeof cpuAfter) =>
        ((cpuAfter[part] - cpuBefore[part]) / weeksRun).toFixed(2);
      console.log(
        `\nscenario: orders within ${spreadMs} ms, weeks ${firstWeek} to ${week - 1} (${weeksRun} of ${WEEKS} planned), ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
      console.log(
        `CPU per week run: server ${perWeek('server')} s, ${database ? `PostgreSQL ${perWeek('database')} s, ` : ''}load generator ${perWeek('load')} s`,
      );
      console.log(
        `orders sent, first to last, per week: ${measures.sendSpreads.map((ms) => ms.toFixed(0)).join(', ')} ms (nominal ${spreadMs} ms; ${measures.tooSpread} week(s) over ${SPREAD_TOLERANCE} times)`,
      );
      console.log(
        `load generator's event-loop delay: p50 ${loop.p50.toFixed(0)} ms, p99 ${loop.p99.toFixed(0)} ms, max ${loop.max.toFixed(0)} ms`,
      );
      const resent = wholeViews() - wholeViewsBefore;
      console.log(`whole views sent again (after a reconnection): ${resent}`);
      console.log(`order answered (mutation round trip, after COMMIT): ${summary(measures.orders)}`);
      console.log(
        `next week seen by each player after the game's last order was sent: ${summary(measures.nextWeek)}`,
      );
      console.log(`message received (whole view or patch): ${summary(measures.messageBytes, 'B')}`);
      console.log(`received by one player in one week: ${summary(measures.weekBytes, 'B')}`);
      if (session)
        console.log(
          `follow-up row showing the next week after the game's last order was sent: ${summary(measures.followUpAfterOrder)}`,
        );
      console.log(
        `follow-up row behind its game (after the game's first player saw the next week): ${summary(measures.followUpLag)}`,
      );
      console.log(`errors: ${measures.errors}`);
      const refusedHere = measures.tooSpread > 0;
      refused ||= refusedHere;
      const followUpLag = session
        ? ` followup_lag_p99_ms=${percentile(measures.followUpLag, 99).toFixed(0)}`
        : '';
      results.push(
        `${BEHIND_PROXY ? 'proxy' : 'load'}: players=${players.length} games=${GAMES} weeks=${weeksRun} errors=${measures.errors}${refusedHere ? ' refused=1' : ''} resent_views=${resent} order_p99_ms=${percentile(measures.orders, 99).toFixed(0)} next_week_p99_ms=${percentile(measures.nextWeek, 99).toFixed(0)} view_bytes_p50=${percentile(measures.messageBytes, 50).toFixed(0)}${followUpLag}`,
      );
      measures = newMeasures();
    }
    if (refused) {
      console.log(
        `\nrun refused: in some week the orders were sent over more than ${SPREAD_TOLERANCE} times the nominal spread (the load generator could not keep up); its latencies are not the server's alone`,
      );
      process.exitCode = 1;
    }
  } finally {
    for (const client of clients) client.close();
    // Behind the proxy, what each process did: the proxy, not the run, split the class.
    if (servers.length > 1)
      console.log(
        `CPU of each server process over the run: ${servers.map((child) => `${cpuSeconds(child.pid!).toFixed(1)} s`).join(', ')}`,
      );
    await stop();
    await database?.drop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  console.log('');
  for (const line of results) console.log(line);
}

await main();
