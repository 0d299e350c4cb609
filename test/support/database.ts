import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';

export const onPostgres = () => inject('databaseUrl') !== '';

/**
 * A new, migrated, empty database for one test file: a database of its own on the PostgreSQL
 * server, or an in-memory PGlite. `drop` removes it.
 */
export async function freshDatabase(): Promise<{
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}> {
  const serverUrl = inject('databaseUrl');
  if (!serverUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    await migrateToLatest(handle.db);
    return { handle, drop: () => handle.close() };
  }
  const name = `test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), dataDir: '' });
  await migrateToLatest(handle.db);
  return {
    handle,
    url: url.toString(),
    async drop() {
      await handle.close();
      const cleanup = new pg.Client({ connectionString: serverUrl });
      await cleanup.connect();
      await cleanup.query(`drop database if exists ${name} with (force)`);
      await cleanup.end();
    },
  };
}
