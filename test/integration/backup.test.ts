/**
 * Backups (issue 29, item 13): `npm run backup` copies the database while the server serves it and
 * `npm run restore` puts the copy into a new database, on PostgreSQL (pg_dump, pg_restore) and on
 * PGlite (the serving process writes its directory's copy when asked). A restored database holds
 * every table row for row, and a server started on it finds the instructor's account, games and
 * session, each game folding to the same view as before.
 */
import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { itOnPostgres } from '../support/database';
import { createScratchDatabase } from '../support/scratch-database';
import {
  type ApiUser,
  signInAnonymous,
  signInInstructor,
  signUpInstructor,
  startTestServer,
} from '../support/server';
import { startServerProcess } from '../support/server-process';

const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});
const folder = mkdtempSync(path.join(tmpdir(), 'backup-test-'));
cleanups.push(() => rmSync(folder, { recursive: true, force: true }));

/** Runs one of the project's commands (`src-server/cli/<name>.ts`) as `npm run <name>` would. */
function command(name: 'backup' | 'restore', args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', `src-server/cli/${name}.ts`, ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk: Buffer) => {
      output += chunk;
    });
    child.on('exit', (code) => resolve({ code, output }));
  });
}

/** A class's worth of data: an instructor's beer games (one played), a lean game and a published session. */
async function aClass(url: string) {
  const email = `backup-${randomUUID()}@example.org`;
  const ada = await signUpInstructor(url, email);
  const { gameId } = await ada.api.beergame.create.mutate({ name: 'Monday class', template: 'classic' });
  const player = await signInAnonymous(url, 'Ben');
  await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  await player.api.beergame.placeOrder.mutate({
    gameId,
    facilityId: 'retailer',
    quantity: 7,
    commandId: randomUUID(),
  });
  player.close();
  await ada.api.leangame.create.mutate({ name: 'Lean Tuesday', template: 'workshop4-choose' });
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Course week',
    template: 'classicSingle',
    teamCount: 3,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  return { email, ada, sessionId };
}

/** What an instructor finds: their games, sessions and each game's view as its creator sees it. */
async function whatTheInstructorFinds(api: ApiUser['api']) {
  const games = await api.dashboard.games.query({});
  const sessions = await api.session.list.query();
  const views = await Promise.all(
    games.games.map(
      (game) =>
        new Promise((resolve, reject) => {
          const subscription = api.game.watch.subscribe(
            { gameId: game.id },
            {
              onData: (tracked) => {
                subscription.unsubscribe();
                resolve((tracked as { data: unknown }).data);
              },
              onError: reject,
            },
          );
        }),
    ),
  );
  return { games, sessions, views };
}

/** Every table of the public schema, its rows sorted, as text. */
async function everyRow(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows: tables } = await client.query<{ name: string }>(
      `select table_name as name from information_schema.tables
        where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    );
    const all: Record<string, string[]> = {};
    for (const { name } of tables) {
      const { rows } = await client.query(`select * from "${name}"`);
      all[name] = rows.map((row) => JSON.stringify(row)).sort();
    }
    return all;
  } finally {
    await client.end();
  }
}

describe('npm run backup and restore', () => {
  itOnPostgres(
    'copies a PostgreSQL database while it serves; the restore finds every game, session and account',
    async () => {
      const serverUrl = inject('databaseUrl');
      const source = await createScratchDatabase(serverUrl, 'backup_source');
      cleanups.push(() => source.drop());
      const app = await startTestServer({ databaseUrl: source.url });
      cleanups.push(() => app.close());
      const { email, ada } = await aClass(app.url);
      cleanups.push(() => ada.close());
      const before = await whatTheInstructorFinds(ada.api);

      const file = path.join(folder, 'class.dump');
      const backup = await command('backup', [file], { DATABASE_URL: source.url });
      expect(backup.output).toContain('backup written');
      expect(backup.code).toBe(0);

      const target = await createScratchDatabase(serverUrl, 'backup_target');
      cleanups.push(() => target.drop());
      const restore = await command('restore', [file], { DATABASE_URL: target.url });
      expect(restore.output).toContain('restored');
      expect(restore.code).toBe(0);
      expect(await everyRow(target.url)).toEqual(await everyRow(source.url));

      // A second restore into the same database is refused and changes nothing.
      const again = await command('restore', [file], { DATABASE_URL: target.url });
      expect(again.code).toBe(1);
      expect(again.output).toContain('restore into a new, empty database');
      // A PGlite directory is not a PostgreSQL backup's place.
      const crossed = await command('restore', [file], {
        DATABASE_URL: '',
        DATA_DIR: path.join(folder, 'x'),
      });
      expect(crossed.code).toBe(1);
      expect(crossed.output).toContain('is a PostgreSQL backup');
      expect(existsSync(path.join(folder, 'x'))).toBe(false);

      const restored = await startTestServer({ databaseUrl: target.url });
      cleanups.push(() => restored.close());
      const again_ada = await signInInstructor(restored.url, email);
      cleanups.push(() => again_ada.close());
      const after = await whatTheInstructorFinds(again_ada.api);
      expect(after.games.games.map((game) => game.name).sort()).toEqual(['Lean Tuesday', 'Monday class']);
      expect(after.sessions.map((session) => session.name)).toEqual(['Course week']);
      expect(after).toEqual(before);
    },
    120_000,
  );

  it('copies a PGlite directory through the process serving it; the restore finds everything', async () => {
    const dataDir = path.join(folder, 'pglite');
    const first = await startServerProcess({ databaseUrl: '', env: { DATABASE_URL: '', DATA_DIR: dataDir } });
    cleanups.push(() => first.kill());
    const { email, ada } = await aClass(first.url);
    cleanups.push(() => ada.close());
    const before = await whatTheInstructorFinds(ada.api);

    const file = path.join(folder, 'class.tar.gz');
    const backup = await command('backup', [file], { DATABASE_URL: '', DATA_DIR: dataDir });
    expect(backup.output).toContain('by the serving process');
    expect(backup.code).toBe(0);
    // The server kept serving meanwhile.
    expect((await ada.api.dashboard.games.query({})).games).toHaveLength(2);

    const restoredDir = path.join(folder, 'restored');
    const restore = await command('restore', [file], { DATABASE_URL: '', DATA_DIR: restoredDir });
    expect(restore.output).toContain('restored');
    expect(restore.code).toBe(0);
    const again = await command('restore', [file], { DATABASE_URL: '', DATA_DIR: restoredDir });
    expect(again.code).toBe(1);
    expect(again.output).toContain('already holds a database');

    const second = await startServerProcess({
      databaseUrl: '',
      env: { DATABASE_URL: '', DATA_DIR: restoredDir },
    });
    cleanups.push(() => second.kill());
    const restoredAda = await signInInstructor(second.url, email);
    cleanups.push(() => restoredAda.close());
    const after = await whatTheInstructorFinds(restoredAda.api);
    expect(after.games.games.map((game) => game.name).sort()).toEqual(['Lean Tuesday', 'Monday class']);
    expect(after).toEqual(before);
  }, 120_000);
});
