import { type Kysely, sql } from 'kysely';

/**
 * Instructors' own game templates (DESIGN.md: templates are records, not histories): a title, a
 * description and a configuration input of the game type. Deleting one only marks it, so a game
 * made from it keeps a meaningful origin. The dashboard lists a creator's newest first.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table templates (
      id text primary key,
      creator_id text not null,
      type text not null,
      title text not null,
      description text not null default '',
      config jsonb not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      deleted boolean not null default false
    )`.execute(db);
  await sql`create index templates_by_creator on templates (creator_id, created_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table templates`.execute(db);
}
