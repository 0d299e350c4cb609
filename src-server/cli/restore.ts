/**
 * `npm run restore -- FILE`: puts a backup of `npm run backup` into the database the server would
 * use (DATABASE_URL, which must be an empty database, else DATA_DIR, which must not exist yet).
 * The server then starts on it as usual (its migrations bring an older backup up to date).
 */
import { existsSync } from 'node:fs';
import { loadConfig } from '../config';
import { backupKindOf, restorePglite, restorePostgres } from '../db/backup';

async function main(args: string[]): Promise<number> {
  const file = args[0];
  if (!file || !existsSync(file)) {
    process.stderr.write('usage: npm run restore -- FILE (a backup written by npm run backup)\n');
    return 1;
  }
  const config = loadConfig(process.env);
  const kind = backupKindOf(file);
  const target = config.databaseUrl ? 'postgres' : 'pglite';
  if (kind === null) {
    process.stderr.write(`${file} is not a backup of npm run backup\n`);
    return 1;
  }
  if (kind !== target) {
    process.stderr.write(
      `${file} is a ${kind === 'postgres' ? 'PostgreSQL' : 'PGlite'} backup, and the server is set for ${target === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite (DATA_DIR)'}\n`,
    );
    return 1;
  }
  const started = Date.now();
  if (config.databaseUrl) await restorePostgres(config.databaseUrl, file);
  else await restorePglite(config.dataDir, file);
  process.stdout.write(
    `restored ${file} into ${config.databaseUrl ? new URL(config.databaseUrl).pathname.slice(1) : config.dataDir} (${Date.now() - started} ms)\n`,
  );
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`restore failed: ${error instanceof Error ? error.message : String(error)}\n`);
    process.exitCode = 1;
  },
);
