/**
 * Least privilege on PostgreSQL: the schema belongs to the migration role (MIGRATION_DATABASE_URL),
 * and the serving role (DATABASE_URL) gets only what the application does: it reads and appends
 * events, and reads and writes the other tables. It cannot update, delete or truncate events, nor
 * alter a table or disable its triggers (that needs the owner), so the append-only rule holds even
 * against the application's own connection.
 */
import { type Kysely, sql } from 'kysely';

/** The migrator's own bookkeeping: the serving role may read it, not change it. */
const MIGRATION_TABLES = ['kysely_migration', 'kysely_migration_lock'];

/** Grants `role` what serving needs on every table the migrations made; run after each migration. */
export async function grantServingRole<DB>(migrator: Kysely<DB>, role: string): Promise<void> {
  const grantee = sql.id(role);
  await migrator.transaction().execute(async (trx) => {
    await sql`grant usage on schema public to ${grantee}`.execute(trx);
    await sql`grant select, insert, update, delete on all tables in schema public to ${grantee}`.execute(trx);
    await sql`grant usage, select on all sequences in schema public to ${grantee}`.execute(trx);
    await sql`revoke update, delete on events from ${grantee}`.execute(trx);
    for (const table of MIGRATION_TABLES)
      await sql`revoke insert, update, delete on ${sql.id(table)} from ${grantee}`.execute(trx);
  });
}

/** The role a connection acts as. */
export async function currentRole<DB>(db: Kysely<DB>): Promise<string> {
  const { rows } = await sql<{ role: string }>`select current_user as role`.execute(db);
  return rows[0]!.role;
}
