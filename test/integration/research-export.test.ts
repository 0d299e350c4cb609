/**
 * The research export through a real server: who may download it (the game's creator; an
 * instructor for their own games), what a refusal answers, that the JSONL of a played game folds
 * back to the state the server holds, names only when opted in, the command line on the same
 * database, and a large log streamed with bounded memory. On PGlite the server keeps its database
 * in a directory, so that the command line can read it while the server is stopped.
 */
import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { get, type IncomingMessage } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { foldRecorded } from '../../src-server/eventstore/command-handler';
import type { RunningServer } from '../../src-server/main';
import { writeGameRow } from '../../src-server/read-models/games';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import { fromEventLogLine, parseEventLogLine } from '../../src-shared/eventsourcing/event-log';
import { freshDatabase, onPostgres } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
/** On PGlite, the server's database directory (PGlite is one process's database). */
let dataDir: string | undefined;
let server: RunningServer;
let creator: ApiUser;
let otherInstructor: ApiUser;
let player: ApiUser;
const CLASSIC = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
let gameId: string;
let otherGameId: string;
const clients: ApiUser[] = [];

/** A GET of `path` on the server, signed in with `user` (anonymous without). */
async function download(path: string, user?: ApiUser) {
  const origin = new URL(server.url).origin;
  return fetch(`${origin}${path}`, { headers: user ? { cookie: user.cookie } : {} });
}

const eventCount = async () =>
  Number(
    (await sql<{ n: number }>`select count(*)::int as n from events`.execute(server.services.database.db))
      .rows[0]!.n,
  );

const linesOf = (text: string) => text.trimEnd().split('\n').map(parseEventLogLine);

beforeAll(async () => {
  database = await freshDatabase();
  if (!onPostgres()) dataDir = await mkdtemp(join(tmpdir(), 'research-export-'));
  server = await startTestServer({ databaseUrl: database.url, dataDir });
  creator = await signUpInstructor(server.url, 'ada@example.org');
  otherInstructor = await signUpInstructor(server.url, 'grace@example.org');
  clients.push(creator, otherInstructor);
  ({ gameId } = await creator.api.beergame.create.mutate({ name: 'Monday class', template: 'classic' }));
  ({ gameId: otherGameId } = await otherInstructor.api.beergame.create.mutate({
    name: 'Grace’s class',
    template: 'classic',
  }));
  // Four players play two weeks.
  const players: ApiUser[] = [];
  for (const facilityId of CLASSIC) {
    const seated = await signInAnonymous(server.url, `Riley ${facilityId}`);
    clients.push(seated);
    players.push(seated);
    await seated.api.beergame.join.mutate({ gameId, facilityId, commandId: randomUUID() });
  }
  for (const week of [1, 2])
    for (const [i, facilityId] of CLASSIC.entries())
      await players[i]!.api.beergame.placeOrder.mutate({
        gameId,
        facilityId,
        quantity: 4 + week + i,
        commandId: randomUUID(),
      });
  player = players[0]!;
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('who may download a game’s research export', () => {
  it.each([
    ['an anonymous visitor', () => undefined, 403, 'errors.creatorOnly'],
    ['a player of the game', () => player, 403, 'errors.creatorOnly'],
    ['another instructor', () => otherInstructor, 403, 'errors.creatorOnly'],
  ])(
    'refuses %s with its status and message id, recording nothing',
    async (_who, user, status, messageId) => {
      const before = await eventCount();
      const answer = await download(`/api/games/${gameId}/export?format=jsonl`, user());
      expect(answer.status).toBe(status);
      expect(await answer.json()).toEqual({ messageId, values: {} });
      expect(await eventCount()).toBe(before);
    },
  );

  it('answers an unknown game as unknown', async () => {
    const answer = await download('/api/games/no-such-game/export?format=jsonl', creator);
    expect(answer.status).toBe(404);
    expect(await answer.json()).toEqual({ messageId: 'dashboard.messGameUnknown', values: {} });
  });

  it('refuses an unknown format with its translated id; a lean game has its own wide layout', async () => {
    const unknown = await download(`/api/games/${gameId}/export?format=xlsx`, creator);
    expect(unknown.status).toBe(400);
    expect(await unknown.json()).toEqual({ messageId: 'errors.exportFormatUnknown', values: {} });
    await server.services.commands.execute(
      gameTypes.leangame.stream,
      gameStreamId('lean-1'),
      { type: 'CreateLeanGame', gameId: 'lean-1', name: 'Factory', seed: 1, scenarioId: 'workshop4-choose' },
      { now: Date.now(), actor: { userId: creator.userId, role: 'instructor' }, commandId: randomUUID() },
    );
    const wide = await download('/api/games/lean-1/export?format=csv-wide', creator);
    expect(wide.status).toBe(200);
    expect(wide.headers.get('content-disposition')).toContain('game-lean-1-minutes.csv');
    // Not played yet: the header only.
    expect(await wide.text()).toMatch(/^gameId,gameName,round,minute,facilityId,[^\n]*\r\n$/);
    expect((await download('/api/games/lean-1/export?format=jsonl', creator)).status).toBe(200);
  });

  it('gives the creator the log as a download, which folds back to the state the server holds', async () => {
    const answer = await download(`/api/games/${gameId}/export?format=jsonl`, creator);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toContain('application/x-ndjson');
    expect(answer.headers.get('content-disposition')).toBe(
      `attachment; filename=game-${gameId}-events.jsonl`,
    );
    const lines = linesOf(await answer.text());
    const stored = await server.services.store.readStream(gameStreamId(gameId));
    expect(lines.map((line) => line.position)).toEqual(stored.map((event) => event.globalPosition));
    // Nobody's id or name is in it, and each person is one pseudonym.
    const text = JSON.stringify(lines);
    for (const id of [creator.userId, player.userId, 'Riley', 'Ada']) expect(text).not.toContain(id);
    const renamed = new Map(stored.map((event, i) => [event.metadata.actorId, lines[i]!.actor]));
    const { state } = await server.services.commands.load(gameTypes.beergame.stream, gameStreamId(gameId));
    let expected = JSON.stringify(state);
    for (const [id, pseudonym] of renamed)
      if (pseudonym) expected = expected.replaceAll(`"${id}"`, `"${pseudonym}"`);
    const folded = foldRecorded(gameTypes.beergame.stream, lines.map(fromEventLogLine));
    expect(folded).toEqual(JSON.parse(expected));
    expect(folded.week).toBe(3);
  });

  it('names people only when the instructor opts in', async () => {
    const named = linesOf(
      await (await download(`/api/games/${gameId}/export?format=jsonl&names=1`, creator)).text(),
    );
    expect(named.find((line) => line.type === 'RoleJoined')?.actor).toBe('Riley retailer');
    expect(named.find((line) => line.type === 'GameCreated')?.actor).toBe('Ada Instructor');
    const wide = await (
      await download(`/api/games/${gameId}/export?format=csv-wide&names=1`, creator)
    ).text();
    expect(wide).toContain('Riley factory');
    const pseudonymous = await (
      await download(`/api/games/${gameId}/export?format=csv-wide`, creator)
    ).text();
    expect(pseudonymous).not.toContain('Riley');
    expect(pseudonymous.split('\r\n')[1]).toMatch(/,P-[0-9A-Z]{10},false,/);
  });

  it('gives each format its type and name, and the codebook', async () => {
    const long = await download(`/api/games/${gameId}/export?format=csv-long`, creator);
    expect(long.headers.get('content-type')).toContain('text/csv');
    expect(long.headers.get('content-disposition')).toContain(`game-${gameId}-events-long.csv`);
    expect((await long.text()).split('\r\n')[0]).toBe(
      'position,stream,version,type,data,recordedAt,actor,actorRole,rulesVersion',
    );
    const book = await download(`/api/games/${gameId}/export?format=codebook`, creator);
    expect(book.headers.get('content-disposition')).toContain('codebook.json');
    expect(((await book.json()) as { gameTypes: unknown[] }).gameTypes).toHaveLength(2);
    const markdown = await download(`/api/games/${gameId}/export?format=codebook&as=md`, creator);
    expect(markdown.headers.get('content-type')).toContain('text/markdown');
  });
});

describe('the export of all an instructor’s games', () => {
  it('is for instructors only', async () => {
    const anonymous = await download('/api/export?format=jsonl');
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toEqual({ messageId: 'dashboard.messLoginToAccess', values: {} });
    const asPlayer = await download('/api/export?format=jsonl', player);
    expect(asPlayer.status).toBe(403);
    expect(await asPlayer.json()).toEqual({ messageId: 'dashboard.messLoginToAccess', values: {} });
  });

  it('holds every game they created and did not delete, one pseudonym per person across games', async () => {
    const { gameId: deleted } = await creator.api.beergame.create.mutate({
      name: 'Deleted',
      template: 'classic',
    });
    await server.services.database.db
      .updateTable('games')
      .set({ deleted: true })
      .where('id', '=', deleted)
      .execute();
    const lines = linesOf(await (await download('/api/export?format=jsonl', creator)).text());
    const streams = new Set(lines.map((line) => line.stream));
    expect(streams).toEqual(new Set([gameStreamId(gameId), gameStreamId('lean-1')]));
    expect(streams.has(gameStreamId(otherGameId))).toBe(false);
    const creations = lines.filter((line) => line.type === 'GameCreated' || line.type === 'LeanGameCreated');
    expect(new Set(creations.map((line) => line.actor)).size).toBe(1);
    // A second export draws another key: the same person, another pseudonym.
    const again = linesOf(await (await download('/api/export?format=jsonl', creator)).text());
    expect(again[0]!.actor).not.toBe(lines[0]!.actor);
  });
});

/**
 * Runs `commands` as another process beside the server: on PostgreSQL while it serves; on PGlite
 * with the server stopped and started again after, on the same port and directory, as
 * docs/research-export.md tells an instructor to do.
 */
async function besideTheServer<T>(commands: () => T): Promise<T> {
  if (onPostgres()) return commands();
  const port = Number(new URL(server.url).port);
  await server.close();
  try {
    return commands();
  } finally {
    server = await startTestServer({ dataDir, port });
  }
}

describe('the command line', () => {
  // Its database: DATABASE_URL, else the embedded one in DATA_DIR; none inherited from this run.
  const { DATABASE_URL: _, DATA_DIR: __, ...inherited } = process.env;
  const exportCommand = (source: { DATABASE_URL: string } | { DATA_DIR: string }, ...args: string[]) =>
    spawnSync('node_modules/.bin/tsx', ['src-server/cli/export.ts', ...args], {
      encoding: 'utf8',
      env: { ...inherited, ...source },
    });

  it('writes the same log to stdout, and refuses bad arguments with the usage and code 2', async () => {
    const run = (...args: string[]) =>
      exportCommand(database.url ? { DATABASE_URL: database.url } : { DATA_DIR: dataDir! }, ...args);
    const [exported, byEmail, bad] = await besideTheServer(() => [
      // `--game=ID`: an id may begin with a dash, which `--game ID` would read as an option.
      run(`--game=${gameId}`, '--format', 'jsonl'),
      run('--all-of-user', 'ada@example.org', '--format', 'csv-wide', '--names'),
      run(`--game=${gameId}`, '--format', 'xlsx'),
    ]);
    expect(exported.status, exported.stderr).toBe(0);
    const lines = linesOf(exported.stdout);
    expect(lines.map((line) => line.type)).toContain('WeekClosed');
    expect(lines.every((line) => line.stream === gameStreamId(gameId))).toBe(true);
    expect(byEmail.stdout).toContain('Riley retailer');
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('Usage: npm run --silent export');
  });

  it('says where it looked when there is no embedded database, and makes none there', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'no-database-'));
    try {
      const answer = exportCommand({ DATA_DIR: empty }, `--game=${gameId}`);
      expect(answer.status).toBe(1);
      expect(answer.stderr).toContain(`no embedded database in ${empty}`);
      expect(await readdir(empty)).toEqual([]);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

/**
 * A GET on a connection of its own, its body read as it arrives. On PGlite the database runs in
 * this process: seeding 50,000 events holds the event loop for seconds, past the server's
 * keep-alive timeout, and fetch would send on a pooled connection the server then closes (reset).
 */
function downloadOnItsOwnConnection(path: string, user: ApiUser): Promise<IncomingMessage> {
  return new Promise((resolve, reject) => {
    get(new URL(path, server.url), { agent: false, headers: { cookie: user.cookie } }, resolve).on(
      'error',
      reject,
    );
  });
}

describe('a large log', () => {
  it('streams 50,000 events with bounded memory', async () => {
    const db = server.services.database.db;
    const bigId = 'big-game';
    const [creation] = await server.services.store.readStream(gameStreamId(gameId));
    const created = { ...(creation!.data as object), gameId: bigId };
    const metadata = JSON.stringify({ ...creation!.metadata, commandId: 'seed' });
    // One statement: the creation, then 49,999 events of about 2 KB each (100 MB of log).
    await sql`
      insert into events (stream_id, stream_version, type, data, metadata)
      select ${gameStreamId(bigId)}, g,
        case when g = 1 then 'GameCreated' else 'TransparencyChanged' end,
        case when g = 1 then ${JSON.stringify(created)}::jsonb
          else jsonb_build_object('transparent', g % 2 = 0, 'padding', repeat('x', 2000)) end,
        jsonb_set(${metadata}::jsonb, '{commandId}', to_jsonb('seed-' || g))
      from generate_series(1, 50000) g`.execute(db);
    await writeGameRow(
      db,
      bigId,
      {
        type: 'beergame',
        name: 'Big',
        creator_id: creator.userId,
        week: 1,
        weeks: 36,
        finished: false,
        archived: false,
        deleted: false,
        draft: false,
        player_ids: [],
        free_seats: 4,
        session_id: null,
        round_number: null,
        team_number: null,
      },
      new Date(),
    );
    // The first look at a game folds it whole (openGame): done before measuring the export.
    await server.services.commands.load(gameTypes.beergame.stream, gameStreamId(bigId));
    setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // The heap and the buffers outside it (the COPY's bytes are read into buffers).
    const inUse = () => {
      const { heapUsed, arrayBuffers } = process.memoryUsage();
      return heapUsed + arrayBuffers;
    };
    gc();
    const baseline = inUse();
    let peak = 0;
    let lines = 0;
    let bytes = 0;
    let measuredAt = 0;
    const answer = await downloadOnItsOwnConnection(`/api/games/${bigId}/export?format=jsonl`, creator);
    expect(answer.statusCode).toBe(200);
    for await (const value of answer as AsyncIterable<Buffer>) {
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines++;
      // Every 10 MB, what is still alive once the garbage is collected.
      if (bytes - measuredAt > 10_000_000) {
        measuredAt = bytes;
        gc();
        peak = Math.max(peak, inUse() - baseline);
      }
    }
    expect(lines).toBe(50_000);
    expect(bytes).toBeGreaterThan(100_000_000);
    // On PostgreSQL two COPYs of the lines hold up to 16 MB each (research-copy.ts); on PGlite the
    // page being written and the next one read ahead, about 10 MB each as rows, the text going out a
    // megabyte at a time (research.ts). Plus the sockets' buffers on both ends (server and reader
    // share this process). The whole log is over 100 MB as text alone: a bound below it.
    expect(peak).toBeLessThan(80_000_000);
    console.log(
      `large log on ${onPostgres() ? 'PostgreSQL' : 'PGlite'}: ${lines} lines, ${(bytes / 1e6).toFixed(0)} MB, peak heap and buffers growth ${(peak / 1e6).toFixed(1)} MB`,
    );
  }, 120_000);
});
