import { existsSync } from 'node:fs';
import type { TestProject } from 'vitest/node';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A PostgreSQL server's connection string, or '' to run on embedded PGlite. */
    databaseUrl: string;
  }
}

/**
 * Chooses the integration database once per run: DATABASE_URL, else a Testcontainers PostgreSQL
 * where a Docker engine runs, else embedded PGlite. The run prints which.
 */
export default async function setup(project: TestProject) {
  let url = process.env.DATABASE_URL ?? '';
  let stop: (() => Promise<unknown>) | undefined;
  let source = url ? `PostgreSQL from DATABASE_URL (${new URL(url).host})` : '';
  if (!url && (process.env.DOCKER_HOST || existsSync('/var/run/docker.sock'))) {
    try {
      const { PostgreSqlContainer } = await import('@testcontainers/postgresql');
      const container = await new PostgreSqlContainer('postgres:16-alpine').start();
      url = container.getConnectionUri();
      stop = () => container.stop();
      source = 'PostgreSQL in a Testcontainers container';
    } catch (error) {
      console.warn(`Testcontainers could not start PostgreSQL: ${(error as Error).message}`);
    }
  }
  if (!url) source = 'embedded PGlite (no DATABASE_URL and no Docker engine)';
  console.log(`[${project.name}] integration database: ${source}`);
  project.provide('databaseUrl', url);
  return async () => {
    await stop?.();
  };
}
