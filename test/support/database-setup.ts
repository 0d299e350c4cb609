import { existsSync } from 'node:fs';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { createScratchDatabase } from './scratch-database';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's connection string, or '' to run on embedded PGlite. */
    databaseUrl: string;
    /** The migrated database each file's database is copied from on PostgreSQL ('' on PGlite). */
    templateDatabase: string;
  }
}

/** The PostgreSQL a developer's machine usually runs (and `.ci/run` starts): tried when nothing is set. */
export const LOCAL_POSTGRES_URL = 'postgres://postgres@127.0.0.1:5432/postgres';

/** Whether a PostgreSQL at `url` lets us in within a second (a missing server refuses at once). */
async function answers(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    await client.query('select 1');
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

/** A PostgreSQL in a Testcontainers container where a Docker engine runs, else undefined. */
async function startContainer(): Promise<{ url: string; stop: () => Promise<unknown> } | undefined> {
  if (!process.env.DOCKER_HOST && !existsSync('/var/run/docker.sock')) return undefined;
  try {
    const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
    const container = await new PostgreSqlContainer('postgres:16-alpine').start();
    return { url: container.getConnectionUri(), stop: () => container.stop() };
  } catch (error) {
    console.warn(`Testcontainers could not start PostgreSQL: ${(error as Error).message}`);
    return undefined;
  }
}

/** A new database on the server at `url` with every migration run, closed so that it can be copied. */
async function migratedTemplate(url: string): Promise<{ name: string; drop: () => Promise<void> }> {
  const scratch = await createScratchDatabase(url, 'test_template');
  const handle = await openDatabase({ databaseUrl: scratch.url, dataDir: '' });
  try {
    await migrateToLatest(handle.db);
  } finally {
    await handle.close();
  }
  return { name: scratch.name, drop: scratch.drop };
}

/**
 * Chooses the integration database once per run, and prints which:
 * - `TEST_DATABASE=pglite`: embedded PGlite, whatever else is set;
 * - DATABASE_URL when set (`.ci/run` sets it);
 * - else, outside CI, the PostgreSQL at 127.0.0.1:5432 (user and database `postgres`) when it
 *   answers: the database CI uses, so a newcomer's `npm test` runs what CI proves;
 * - else a Testcontainers PostgreSQL where a Docker engine runs;
 * - else embedded PGlite.
 */
export default async function setup(project: TestProject) {
  const forced = process.env.TEST_DATABASE;
  if (forced !== undefined && forced !== '' && forced !== 'pglite')
    throw new Error(`TEST_DATABASE must be "pglite" (or unset), not ${JSON.stringify(forced)}`);
  let url = '';
  let source: string;
  let stop: (() => Promise<unknown>) | undefined;
  if (forced === 'pglite') source = 'embedded PGlite (TEST_DATABASE=pglite)';
  else if (process.env.DATABASE_URL) {
    url = process.env.DATABASE_URL;
    source = `PostgreSQL from DATABASE_URL (${new URL(url).host})`;
  } else if (!process.env.CI && (await answers(LOCAL_POSTGRES_URL))) {
    url = LOCAL_POSTGRES_URL;
    source = `the local PostgreSQL at ${new URL(url).host} (no DATABASE_URL; TEST_DATABASE=pglite runs on embedded PGlite instead)`;
  } else {
    const container = await startContainer();
    if (container) {
      ({ url, stop } = container);
      source = 'PostgreSQL in a Testcontainers container';
    } else
      source = `embedded PGlite (no DATABASE_URL, no PostgreSQL answering as postgres at 127.0.0.1:5432, no Docker engine)`;
  }
  console.log(`[${project.name}] integration database: ${source}`);
  project.provide('databaseUrl', url);
  // Migrated once here; each file's database is a copy of it (CREATE DATABASE … TEMPLATE).
  const template = url ? await migratedTemplate(url) : undefined;
  project.provide('templateDatabase', template?.name ?? '');
  return async () => {
    await template?.drop();
    await stop?.();
  };
}
