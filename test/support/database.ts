import { inject, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { TEST_POOL_MAX } from './pool';
import { createScratchDatabase } from './scratch-database';

/** Whether this run has a PostgreSQL server (chosen by database-setup.ts). */
export const onPostgres = () => inject('databaseUrl') !== '';

/** A new, migrated, empty database; `drop` removes it. `url` is set on PostgreSQL. */
export interface TestDatabase {
  handle: DatabaseHandle;
  url?: string;
  drop(): Promise<void>;
}

/** A database engine the product runs on, and how a test opens a fresh database on it. */
export interface Backend {
  name: 'PGlite' | 'PostgreSQL';
  /** Where it runs, for the run's log. */
  where: string;
  open(): Promise<TestDatabase>;
}

async function openPglite(): Promise<TestDatabase> {
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
  return { handle, drop: () => handle.close() };
}

/**
 * A database of its own on the PostgreSQL server at `serverUrl`, dropped (with force) after: a copy
 * of the run's migrated template (database-setup.ts), or migrated here when the run has none.
 */
async function openPostgres(serverUrl: string): Promise<TestDatabase> {
  const template = inject('templateDatabase') || undefined;
  const scratch = await createScratchDatabase(serverUrl, 'test', template);
  const handle = await openDatabase({
    databaseUrl: scratch.url,
    dataDir: '',
    databasePoolMax: TEST_POOL_MAX,
  });
  if (!template) await migrateToLatest(handle.db);
  return {
    handle,
    url: scratch.url,
    async drop() {
      await handle.close();
      await scratch.drop();
    },
  };
}

/**
 * Every engine this run can test on: embedded PGlite in memory always, and PostgreSQL when the run
 * has a server. A contract suite runs once per back-end (`describe.each(databaseBackends())`).
 */
export function databaseBackends(): Backend[] {
  const serverUrl = inject('databaseUrl');
  const backends: Backend[] = [{ name: 'PGlite', where: 'embedded, in memory', open: openPglite }];
  if (serverUrl)
    backends.push({
      name: 'PostgreSQL',
      where: new URL(serverUrl).host,
      open: () => openPostgres(serverUrl),
    });
  return backends;
}

/**
 * A new, migrated, empty database for one test file on the run's database: a database of its own
 * on the PostgreSQL server, or an in-memory PGlite.
 */
export function freshDatabase(): Promise<TestDatabase> {
  const serverUrl = inject('databaseUrl');
  return serverUrl ? openPostgres(serverUrl) : openPglite();
}

const NO_POSTGRES =
  process.env.TEST_DATABASE === 'pglite'
    ? 'no PostgreSQL in this run: TEST_DATABASE=pglite'
    : 'no PostgreSQL in this run: set DATABASE_URL, run PostgreSQL at 127.0.0.1:5432, or run a Docker engine for Testcontainers';

/**
 * `it` for a test that needs PostgreSQL (two processes, LISTEN/NOTIFY). Without PostgreSQL the skip
 * is loud: a warning, and the reason in the skipped test's name. Under CI (`CI` set, as `.ci/run`
 * does) a missing PostgreSQL fails the test instead.
 */
export function itOnPostgres(name: string, fn: () => Promise<void>, timeout?: number): void {
  if (onPostgres()) it(name, fn, timeout);
  else if (process.env.CI)
    it(name, () => {
      throw new Error(`CI=${process.env.CI}, but ${NO_POSTGRES}`);
    });
  else {
    console.warn(`SKIPPED, ${NO_POSTGRES}: ${name}`);
    it.skip(`${name} [SKIPPED: ${NO_POSTGRES}]`, fn);
  }
}
