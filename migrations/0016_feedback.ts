import { type Kysely, sql } from 'kysely';

/**
 * Feedback (issue 28; spec point 1 "feedback", point 7 "authCanny-like feedback identity"): what
 * someone sends from the help menu or the suggest-feature tab, with the page (a path, never its
 * query), the user when signed in, and the browser. A record, not a history: it changes no game.
 * The operator's list reads it newest first, by kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table feedback (
      id text primary key,
      kind text not null,
      message text not null,
      page text not null,
      user_id text,
      contact_consent boolean not null,
      user_agent text not null,
      viewport_width integer not null,
      viewport_height integer not null,
      locale text not null,
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index feedback_by_time on feedback (created_at desc)`.execute(db);
  await sql`create index feedback_by_kind_and_time on feedback (kind, created_at desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table feedback`.execute(db);
}
