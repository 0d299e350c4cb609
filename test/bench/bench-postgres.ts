/**
 * A throwaway PostgreSQL database for a benchmark: created on the server of DATABASE_URL (else the
 * local one, if it answers), migrated, and dropped afterwards. Null when no server answers.
 */
import pg from 'pg';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { createScratchDatabase } from '../support/scratch-database';

async function postgresUrl(): Promise<string | null> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** Runs `measure` on a fresh migrated database; false (nothing run) when no server answers. */
export async function withBenchPostgres(
  measure: (handle: DatabaseHandle, url: URL) => Promise<void>,
): Promise<boolean> {
  const serverUrl = await postgresUrl();
  if (!serverUrl) return false;
  const scratch = await createScratchDatabase(serverUrl, 'bench');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  try {
    await migrateToLatest(handle.db);
    await measure(handle, new URL(scratch.url));
  } finally {
    await handle.close();
    await scratch.drop();
  }
  return true;
}
