/**
 * `npm run backup -- [FILE]`: a consistent copy of the database the server uses (DATABASE_URL,
 * else the PGlite directory DATA_DIR), taken while it serves. FILE defaults to
 * `backups/<kind>-<time>.dump` (PostgreSQL) or `.tar.gz` (PGlite). See db/backup.ts.
 */
import { mkdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { loadConfig } from '../config';
import { backupPglite, backupPostgres } from '../db/backup';

async function main(args: string[]): Promise<number> {
  const config = loadConfig(process.env);
  if (!config.databaseUrl && config.dataDir.startsWith('memory://')) {
    process.stderr.write('DATA_DIR is in memory: there is nothing on disk to back up\n');
    return 1;
  }
  const kind = config.databaseUrl ? 'postgres' : 'pglite';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const out = path.resolve(
    args[0] ?? path.join('backups', `${kind}-${stamp}.${kind === 'postgres' ? 'dump' : 'tar.gz'}`),
  );
  mkdirSync(path.dirname(out), { recursive: true });
  const started = Date.now();
  let how = 'with pg_dump';
  if (config.databaseUrl) await backupPostgres(config.databaseUrl, out);
  else how = (await backupPglite(config.dataDir, out)) === 'server' ? 'by the serving process' : 'directly';
  const megabytes = (statSync(out).size / 1e6).toFixed(1);
  process.stdout.write(
    `backup written: ${out} (${kind}, ${megabytes} MB, ${how}, ${Date.now() - started} ms)\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`backup failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
