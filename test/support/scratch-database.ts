/**
 * A throwaway database of its own on a PostgreSQL server, for a test file, a benchmark or an
 * instrument (scripts/first-load.ts): created empty, dropped with force. Free of vitest, so that
 * scripts run by tsx use it too.
 */
import { randomBytes } from 'node:crypto';
import pg from 'pg';

export interface ScratchDatabase {
  name: string;
  /** The new database's address: the server's, with its name. */
  url: string;
  drop(): Promise<void>;
}

async function onServer(serverUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/**
 * Creates a database named `<prefix>_<random>` on the server at `serverUrl`: empty, or a copy of
 * `template` (a database nobody is connected to: the tests' migrated one, database-setup.ts).
 */
export async function createScratchDatabase(
  serverUrl: string,
  prefix: string,
  template?: string,
): Promise<ScratchDatabase> {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  await onServer(serverUrl, `create database ${name}${template ? ` template ${template}` : ''}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    name,
    url: url.toString(),
    drop: () => onServer(serverUrl, `drop database if exists ${name} with (force)`),
  };
}
