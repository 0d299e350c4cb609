/**
 * `npm run load:restart -- --players 200`: PostgreSQL restarted mid-class (issue 29, item 11). The
 * run makes a PostgreSQL of its own (initdb into a temporary folder, a free port: the machine's
 * server and its other databases are not touched), starts the server on it, and seats N players
 * (classic games of 4, no timer) who watch their game live with the app's reconnection rule. Week 1
 * is played whole. In week 2 half the players order, then PostgreSQL stops (`pg_ctl stop -m fast`),
 * and the other half send their orders while it is down: each must be refused with
 * `errors.databaseReconnecting` (the message the player's page translates), never acknowledged.
 * After `--down` ms PostgreSQL starts again; the refused players send again (the same command id)
 * until acknowledged, and every player must see week 3 without reconnecting by hand. Then, in the
 * database: no acknowledged order lost, none recorded twice. One line:
 *
 *   restart: players=N down_ms=D refused_reconnecting=R other_errors=0 acknowledged_while_down=0 lost=0 doubled=0 resumed=N/N back_p99_ms=X
 *
 * (`back_p99_ms`: from PostgreSQL accepting connections again to a player's resent order
 * acknowledged.) Exits with 1 when an order was lost, doubled, acknowledged while the database was
 * down or refused otherwise, or a player never saw week 3.
 */
import { execFileSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { chownSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from '../../src-server/config';
import { countingClient, type Followed, follow } from '../support/counting-client';
import { freePort, signInAnonymous, signUpInstructor } from '../support/server';
import { type ServerProcess, startServerProcess } from '../support/server-process';
import { inBatches, loadCaps, percentile, summary, within } from './harness';

const { values: args } = parseArgs({
  options: {
    players: { type: 'string', default: '200' },
    down: { type: 'string', default: '8000' },
  },
});
const PLAYERS = Number(args.players);
const DOWN_MS = Number(args.down);
const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const GAMES = Math.ceil(PLAYERS / ROLES.length);
if (!Number.isInteger(PLAYERS) || PLAYERS < 4 || PLAYERS > 2000) throw new Error('--players takes 4 to 2000');

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A PostgreSQL cluster of the run's own, run as the `postgres` user when this process is root. */
function ownPostgres(port: number) {
  const versions = readdirSync('/usr/lib/postgresql').sort();
  const bin = path.join('/usr/lib/postgresql', versions.at(-1)!, 'bin');
  const folder = mkdtempSync(path.join(tmpdir(), 'restart-pg-'));
  const dataDir = path.join(folder, 'data');
  const asRoot = process.getuid?.() === 0;
  // initdb refuses to run as root: the cluster belongs to the machine's postgres user then.
  const id = (flag: string) => Number(execFileSync('id', [flag, 'postgres']));
  if (asRoot) chownSync(folder, id('-u'), id('-g'));
  const run = (program: string, programArgs: string[]) =>
    execFileSync(
      asRoot ? 'runuser' : path.join(bin, program),
      asRoot ? ['-u', 'postgres', '--', path.join(bin, program), ...programArgs] : programArgs,
      {
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
  run('initdb', ['-D', dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync']);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
  const log = path.join(folder, 'log');
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start: () => run('pg_ctl', ['-D', dataDir, '-o', options, '-l', log, '-w', 'start']),
    stop: () => run('pg_ctl', ['-D', dataDir, '-m', 'fast', '-w', 'stop']),
    remove: () => rmSync(folder, { recursive: true, force: true }),
  };
}

interface Player {
  gameId: string;
  role: (typeof ROLES)[number];
  api: ReturnType<typeof countingClient>['api'];
  live: Followed;
  seen: Map<number, number>;
}

type Outcome = { result: 'ok' } | { result: 'refused'; messageId: string } | { result: 'unanswered' };

/** One attempt at an order: acknowledged, refused (with the message id shown), or no answer. */
async function order(player: Player, commandId: string): Promise<Outcome> {
  try {
    await within(
      player.api.beergame.placeOrder.mutate({
        gameId: player.gameId,
        facilityId: player.role,
        quantity: 6,
        commandId,
      }),
      15_000,
      'order',
    );
    return { result: 'ok' };
  } catch (error) {
    const data = (error as { data?: { messageId?: string } }).data;
    return data ? { result: 'refused', messageId: data.messageId ?? '?' } : { result: 'unanswered' };
  }
}

async function main() {
  const port = await freePort();
  const database = ownPostgres(port);
  database.start();
  let server: ServerProcess | null = null;
  const clients: Array<{ close(): void }> = [];
  let failed = true;
  try {
    server = await startServerProcess({
      databaseUrl: database.url,
      env: { ...loadCaps({ players: PLAYERS, games: GAMES }), DATABASE_POOL_MAX: String(DEFAULT_POOL_MAX) },
    });
    console.log(
      `${PLAYERS} players in ${GAMES} games; PostgreSQL of the run's own on port ${port}, down for ${DOWN_MS} ms in week 2`,
    );
    const instructor = await signUpInstructor(server.url, `restart-${randomUUID()}@example.org`);
    clients.push(instructor);
    const gameIds: string[] = [];
    for (let g = 0; g < GAMES; g++)
      gameIds.push(
        (await instructor.api.beergame.create.mutate({ name: `Class ${g + 1}`, template: 'classic' })).gameId,
      );
    const seats = gameIds.flatMap((gameId) => ROLES.map((role) => ({ gameId, role }))).slice(0, PLAYERS);
    const players: Player[] = [];
    await inBatches(seats, 25, async ({ gameId, role }) => {
      const signedIn = await signInAnonymous(server!.url, `${role} ${gameId.slice(0, 4)}`);
      signedIn.close();
      const client = countingClient(server!.url, signedIn.cookie, { reconnect: 'like the app' });
      clients.push(client);
      await client.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
      const seen = new Map<number, number>();
      const live = follow(client.api, gameId, (view) => {
        if (!seen.has(view.week)) seen.set(view.week, performance.now());
      }).state;
      players.push({ gameId, role, api: client.api, live, seen });
    });
    const sees = async (week: number, ms: number) => {
      const until = performance.now() + ms;
      while (performance.now() < until && players.some((p) => !p.seen.has(week))) await pause(100);
      return players.filter((p) => p.seen.has(week)).length;
    };
    const acknowledged: Array<{ gameId: string; commandId: string }> = [];
    await Promise.all(
      players.map(async (player) => {
        const commandId = randomUUID();
        if ((await order(player, commandId)).result === 'ok')
          acknowledged.push({ gameId: player.gameId, commandId });
      }),
    );
    console.log(
      `week 1: ${acknowledged.length} orders acknowledged; ${await sees(2, 20_000)} players see week 2`,
    );

    // Week 2: the retailers and wholesalers order; then the database goes; the others order meanwhile.
    const early = players.filter((p) => p.role === 'retailer' || p.role === 'wholesaler');
    const late = players.filter((p) => !early.includes(p));
    await Promise.all(
      early.map(async (player) => {
        const commandId = randomUUID();
        if ((await order(player, commandId)).result === 'ok')
          acknowledged.push({ gameId: player.gameId, commandId });
      }),
    );
    database.stop();
    const stoppedAt = performance.now();
    const lateCommands = new Map(late.map((player) => [player, randomUUID()]));
    const whileDown = await Promise.all(late.map((player) => order(player, lateCommands.get(player)!)));
    const refusedReconnecting = whileDown.filter(
      (o) => o.result === 'refused' && o.messageId === 'errors.databaseReconnecting',
    ).length;
    const acknowledgedWhileDown = whileDown.filter((o) => o.result === 'ok').length;
    const otherErrors = whileDown.length - refusedReconnecting - acknowledgedWhileDown;
    for (const outcome of whileDown)
      if (outcome.result === 'refused' && outcome.messageId !== 'errors.databaseReconnecting')
        console.error(`refused otherwise while the database was down: ${outcome.messageId}`);
    await pause(Math.max(0, DOWN_MS - (performance.now() - stoppedAt)));
    database.start();
    const backAt = performance.now();
    console.log(
      `PostgreSQL down for ${(backAt - stoppedAt).toFixed(0)} ms; orders sent meanwhile: ${refusedReconnecting} refused with errors.databaseReconnecting, ${acknowledgedWhileDown} acknowledged, ${otherErrors} otherwise`,
    );
    // As a player does: the page said to send again, so they do (the same command id).
    const backAfter: number[] = [];
    await Promise.all(
      late.map(async (player) => {
        for (const until = performance.now() + 60_000; performance.now() < until; ) {
          if ((await order(player, lateCommands.get(player)!)).result === 'ok') {
            backAfter.push(performance.now() - backAt);
            acknowledged.push({ gameId: player.gameId, commandId: lateCommands.get(player)! });
            return;
          }
          await pause(500);
        }
      }),
    );
    console.log(`resent orders acknowledged after PostgreSQL was back: ${summary(backAfter)}`);
    const resumed = await sees(3, 30_000);

    const check = new pg.Client({ connectionString: database.url });
    await check.connect();
    const { rows } = await check.query<{ placed: number }>(
      `select count(e.global_position)::int as placed
         from unnest($1::text[], $2::text[]) as a(stream_id, command_id)
         left join events e on e.stream_id = a.stream_id and e.type = 'OrderPlaced'
                           and e.metadata->>'commandId' = a.command_id
        group by a.stream_id, a.command_id`,
      [acknowledged.map((a) => `game-${a.gameId}`), acknowledged.map((a) => a.commandId)],
    );
    await check.end();
    const lost = rows.filter((row) => row.placed === 0).length;
    const doubled = rows.filter((row) => row.placed > 1).length;
    failed =
      lost > 0 ||
      doubled > 0 ||
      acknowledgedWhileDown > 0 ||
      otherErrors > 0 ||
      resumed < players.length ||
      backAfter.length < late.length;
    console.log(
      `\nrestart: players=${players.length} down_ms=${DOWN_MS} refused_reconnecting=${refusedReconnecting} other_errors=${otherErrors} acknowledged_while_down=${acknowledgedWhileDown} lost=${lost} doubled=${doubled} resumed=${resumed}/${players.length} back_p99_ms=${percentile(backAfter, 99).toFixed(0)}${failed ? ' failed=1' : ''}`,
    );
  } finally {
    for (const client of clients) client.close();
    await server?.kill();
    try {
      database.stop();
    } catch {
      // already stopped
    }
    database.remove();
  }
  if (failed) process.exitCode = 1;
}

await main();
