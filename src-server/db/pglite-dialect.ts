import type { PGlite } from '@electric-sql/pglite';
import type { Kysely } from 'kysely';
import {
  type DatabaseConnection,
  type Dialect,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
} from 'kysely';

/**
 * Kysely over embedded PGlite. PGlite is a single connection, so the driver hands it to one
 * user at a time (a FIFO lock): a transaction keeps it until COMMIT, exactly like a one-connection
 * pool. Code inside a transaction must use its `trx`, never the root instance.
 */
export class PGliteDialect implements Dialect {
  constructor(private readonly pglite: PGlite) {}

  createAdapter() {
    return new PostgresAdapter();
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler();
  }
  createIntrospector(db: Kysely<unknown>) {
    return new PostgresIntrospector(db);
  }
  createDriver() {
    const pglite = this.pglite;
    let tail: Promise<void> = Promise.resolve();
    const connection: DatabaseConnection = {
      async executeQuery<R>(compiled: {
        sql: string;
        parameters: ReadonlyArray<unknown>;
      }): Promise<QueryResult<R>> {
        const result = await pglite.query<R>(compiled.sql, [...compiled.parameters]);
        return result.affectedRows !== undefined && !/^\s*(select|with)\b/i.test(compiled.sql)
          ? { rows: result.rows, numAffectedRows: BigInt(result.affectedRows) }
          : { rows: result.rows };
      },
      streamQuery() {
        throw new Error('Streaming queries are not supported on PGlite');
      },
    };
    return {
      async init() {
        await pglite.waitReady;
      },
      async acquireConnection() {
        let release!: () => void;
        const previous = tail;
        tail = new Promise<void>((resolve) => {
          release = resolve;
        });
        await previous;
        return Object.assign(Object.create(connection) as DatabaseConnection, { release });
      },
      async beginTransaction(conn: DatabaseConnection) {
        await conn.executeQuery({ sql: 'begin', parameters: [] } as never);
      },
      async commitTransaction(conn: DatabaseConnection) {
        await conn.executeQuery({ sql: 'commit', parameters: [] } as never);
      },
      async rollbackTransaction(conn: DatabaseConnection) {
        await conn.executeQuery({ sql: 'rollback', parameters: [] } as never);
      },
      async releaseConnection(conn: DatabaseConnection) {
        (conn as DatabaseConnection & { release: () => void }).release();
      },
      async destroy() {
        await pglite.close();
      },
    };
  }
}
