import { type Kysely, sql } from 'kysely';

/** A game without weeks (the lean game plays in minutes) has no week in its dashboard row. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games alter column week drop not null, alter column weeks drop not null`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`update games set week = coalesce(week, 0), weeks = coalesce(weeks, 0)`.execute(db);
  await sql`alter table games alter column week set not null, alter column weeks set not null`.execute(db);
}
