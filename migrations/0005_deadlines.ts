import { type Kysely, sql } from 'kysely';

/**
 * The scheduler's deadlines (DESIGN.md, "Scheduler"): one row per timer a game's state calls for,
 * written in the transaction of the event that sets it, claimed by one process at a time with a
 * lease (`claimed_until`, `claimed_by`) so that a crashed claimer's rows are taken over.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table deadlines (
      stream_id text not null,
      kind text not null,
      game_type text not null,
      due_at timestamptz not null,
      payload jsonb not null default '{}',
      claimed_until timestamptz,
      claimed_by text,
      primary key (stream_id, kind)
    )`.execute(db);
  await sql`create index deadlines_by_due_at on deadlines (due_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table deadlines`.execute(db);
}
