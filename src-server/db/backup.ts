/**
 * Backups of either database (`npm run backup`, `npm run restore`; docs/deploy.md says when).
 *
 * - PostgreSQL: `pg_dump` in its custom format, one snapshot of the whole database taken while the
 *   server serves; restored by `pg_restore` in one transaction, so a failed restore leaves nothing.
 * - PGlite: its data directory as a gzipped tar (`dumpDataDir`), made between two of its queries, so
 *   it is consistent. A server serving the directory makes it (asked by a signal: only that process
 *   may open the directory); with no server, the backup opens the directory itself.
 *
 * A restore goes into an empty database or a data directory that does not exist yet: it never
 * overwrites a class's data.
 */
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  openSync,
  readdirSync,
  readFileSync,
  readSync,
  renameSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/** The file a server serving a PGlite directory writes its process id in, beside the directory. */
export const pidFileOf = (dataDir: string) => `${dataDir}.pid`;
/** Where `npm run backup` asks a serving process for a backup: the path it should write. */
export const backupRequestOf = (dataDir: string) => `${dataDir}.backup-request`;

export type BackupKind = 'postgres' | 'pglite';

/** What a backup file holds, from its first bytes: pg_dump's custom format, or PGlite's gzipped tar. */
export function backupKindOf(file: string): BackupKind | null {
  const head = Buffer.alloc(5);
  const descriptor = openSync(file, 'r');
  try {
    readSync(descriptor, head, 0, head.length, 0);
  } finally {
    closeSync(descriptor);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return null;
}

/** Runs a PostgreSQL client program; rejects with what it printed when it fails. */
function run(program: string, args: string[]): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(program, args, { stdio: ['ignore', 'ignore', 'pipe'] });
    let errors = '';
    child.stderr.on('data', (chunk: Buffer) => {
      errors += chunk.toString();
    });
    child.on('error', (error) =>
      reject(new Error(`${program} could not run (${error.message}): install PostgreSQL's client programs`)),
    );
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${program} failed (${code}): ${errors.trim()}`)),
    );
  });
}

/** Writes `out` whole or not at all: a half-written backup must never pass for one. */
async function atomically(out: string, write: (temporary: string) => Promise<void>) {
  const temporary = `${out}.partial`;
  try {
    await write(temporary);
    renameSync(temporary, out);
  } finally {
    rmSync(temporary, { force: true });
  }
}

export async function backupPostgres(databaseUrl: string, out: string): Promise<void> {
  await atomically(out, (temporary) =>
    run('pg_dump', ['--format=custom', '--no-owner', '--no-privileges', `--file=${temporary}`, databaseUrl]),
  );
}

/** Restores a pg_dump backup into `databaseUrl`, which must hold no table yet. */
export async function restorePostgres(databaseUrl: string, file: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ tables: number }>(
      `select count(*)::int as tables from information_schema.tables where table_schema = 'public'`,
    );
    if (rows[0]!.tables > 0)
      throw new Error(
        `the database already holds ${rows[0]!.tables} tables: restore into a new, empty database`,
      );
  } finally {
    await client.end();
  }
  await run('pg_restore', [
    '--single-transaction',
    '--exit-on-error',
    '--no-owner',
    '--no-privileges',
    `--dbname=${databaseUrl}`,
    file,
  ]);
}

/** A PGlite's data directory as a gzipped tar, written to `out`. */
export async function dumpPglite(pglite: PGlite, out: string): Promise<void> {
  const dump = await pglite.dumpDataDir('gzip');
  await atomically(out, async (temporary) => writeFileSync(temporary, Buffer.from(await dump.arrayBuffer())));
}

/** What the command line of a serving process names: the built server, `npm start`'s script, or the sources. */
const SERVER_COMMANDS = ['dist/server/main', 'scripts/start', 'src-server/main'];

/** The id of the live process serving `dataDir`, or null (no pid file, or its process is gone). */
export function servingProcess(dataDir: string): number | null {
  const pidFile = pidFileOf(dataDir);
  if (!existsSync(pidFile)) return null;
  const pid = Number(readFileSync(pidFile, 'utf8').trim());
  if (!Number.isInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
  } catch {
    return null; // a server killed without a word left its pid file behind
  }
  // A stale pid file's number may belong to another program by now: SIGUSR2 would end it.
  const commandLine = `/proc/${pid}/cmdline`;
  if (
    existsSync(commandLine) &&
    !SERVER_COMMANDS.some((command) => readFileSync(commandLine, 'utf8').includes(command))
  )
    return null;
  return pid;
}

/**
 * Backs up a PGlite directory: asks the server serving it, else opens it. Resolves once `out` is
 * written; rejects after `timeoutMs` when a serving process does not answer.
 */
export async function backupPglite(
  dataDir: string,
  out: string,
  timeoutMs = 120_000,
): Promise<'server' | 'direct'> {
  const pid = servingProcess(dataDir);
  if (pid === null) {
    if (!existsSync(dataDir)) throw new Error(`no database at ${dataDir}`);
    const pglite = await PGlite.create(dataDir);
    try {
      await dumpPglite(pglite, out);
    } finally {
      await pglite.close();
    }
    return 'direct';
  }
  const request = backupRequestOf(dataDir);
  rmSync(out, { force: true });
  writeFileSync(request, out);
  process.kill(pid, 'SIGUSR2');
  const until = Date.now() + timeoutMs;
  while (existsSync(request) && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 100));
  if (existsSync(request)) {
    rmSync(request, { force: true });
    throw new Error(`the server (process ${pid}) did not write the backup within ${timeoutMs / 1000} s`);
  }
  if (!existsSync(out)) throw new Error(`the server (process ${pid}) could not write ${out}: see its log`);
  return 'server';
}

/** Restores a PGlite backup into `dataDir`, which must not exist yet (or be empty). */
export async function restorePglite(dataDir: string, file: string): Promise<void> {
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new Error(`${dataDir} already holds a database: restore into a new directory`);
  const pglite = await PGlite.create(dataDir, { loadDataDir: new Blob([readFileSync(file)]) });
  try {
    await pglite.query('select 1');
  } finally {
    await pglite.close();
  }
}

/**
 * While a server serves a PGlite directory: its pid file says so, and SIGUSR2 makes it write the
 * backup `npm run backup` asked for. Answers the function that stops this (the server's close).
 */
export function answerBackupRequests(
  pglite: PGlite,
  dataDir: string,
  log: { info(fields: object, message: string): void; error(fields: object, message: string): void },
): () => void {
  const pidFile = pidFileOf(dataDir);
  writeFileSync(pidFile, String(process.pid));
  const request = backupRequestOf(dataDir);
  const onSignal = () => {
    if (!existsSync(request)) return;
    const out = readFileSync(request, 'utf8').trim();
    dumpPglite(pglite, out)
      .then(() => log.info({ out }, 'backup written'))
      .catch((error: unknown) => log.error({ err: error, out }, 'backup failed'))
      .finally(() => rmSync(request, { force: true }));
  };
  process.on('SIGUSR2', onSignal);
  return () => {
    process.off('SIGUSR2', onSignal);
    rmSync(pidFile, { force: true });
  };
}
