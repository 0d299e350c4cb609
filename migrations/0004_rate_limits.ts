import { type Kysely, sql } from 'kysely';

/** Counters of the rate limits, shared by every server process on one database. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table rate_limits (
      key text primary key,
      window_start timestamptz not null,
      count integer not null
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table rate_limits`.execute(db);
}
