import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { Kysely, PostgresDialect } from 'kysely';
import pg from 'pg';
import { DEFAULT_POOL_MAX } from '../config';
import { PGliteDialect } from './pglite-dialect';
import type { Database } from './schema';

const INT8 = 20;

export interface DatabaseHandle {
  db: Kysely<Database>;
  kind: 'postgres' | 'pglite';
  /** Present on PostgreSQL: the connection string, for the live feed's LISTEN connection. */
  connectionString?: string;
  /** Present on PostgreSQL: Kysely's pool, for what Kysely does not do (the research export's COPY). */
  pool?: pg.Pool;
  /** Present on PGlite: the database itself, for its backups (db/backup.ts). */
  pglite?: PGlite;
  close(): Promise<void>;
}

/**
 * PostgreSQL when a connection string is given, otherwise embedded PGlite persisted in `dataDir`
 * (in memory when `dataDir` is `memory://`). 64-bit integers come back as numbers on both.
 */
export async function openDatabase(options: {
  databaseUrl?: string;
  dataDir: string;
  /** Connections the pool may open to PostgreSQL (config's DATABASE_POOL_MAX); 20 by default. */
  databasePoolMax?: number;
}): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({
      connectionString: options.databaseUrl,
      max: options.databasePoolMax ?? DEFAULT_POOL_MAX,
      types: {
        getTypeParser: ((oid: number, format?: 'text' | 'binary') =>
          oid === INT8 ? Number : pg.types.getTypeParser(oid, format)) as typeof pg.types.getTypeParser,
      },
    });
    // A pooled connection that dies while idle (server restart, dropped database) is discarded by
    // the pool and replaced on the next query; without this listener it would crash the process.
    pool.on('error', () => undefined);
    // One that dies while checked out between two statements (PostgreSQL stopped mid-transaction)
    // says so on the client, which the pool no longer listens to then: its statement fails, and
    // the event must not crash the process either.
    pool.on('connect', (client) => client.on('error', () => undefined));
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return { db, kind: 'postgres', connectionString: options.databaseUrl, pool, close: () => db.destroy() };
  }
  if (!options.dataDir.startsWith('memory://')) mkdirSync(options.dataDir, { recursive: true });
  const pglite = await PGlite.create(options.dataDir, { parsers: { [INT8]: Number } });
  const db = new Kysely<Database>({ dialect: new PGliteDialect(pglite) });
  return { db, kind: 'pglite', pglite, close: () => db.destroy() };
}
