import { type Kysely, sql } from 'kysely';

/**
 * Sessions (issue 12): the `sessions` read model (the dashboard's list, codes, the pages' guards),
 * and each game's place in its session. Both are functions of the events, rebuilt by
 * `npm run projections:rebuild`; games created before sessions existed belong to none. And the
 * instructors' own session templates beside their game templates (spec point 3: both have a title,
 * a type, a description and a config), told apart by their kind.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table sessions (
    id text primary key,
    creator_id text not null,
    name text not null,
    code text,
    published boolean not null,
    deleted boolean not null default false,
    rounds integer not null,
    teams integer not null,
    current_round integer not null default 0,
    template text,
    created_at timestamptz not null
  )`.execute(db);
  await sql`create unique index sessions_code on sessions (code)`.execute(db);
  await sql`create index sessions_by_creator on sessions (creator_id, created_at desc, id) where not deleted`.execute(
    db,
  );
  await sql`alter table games add column session_id text`.execute(db);
  await sql`alter table games add column round_number integer`.execute(db);
  await sql`alter table games add column team_number integer`.execute(db);
  await sql`create index games_by_session on games (session_id, round_number, team_number) where session_id is not null`.execute(
    db,
  );
  await sql`alter table templates add column kind text not null default 'game'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table templates drop column kind`.execute(db);
  await sql`drop index games_by_session`.execute(db);
  await sql`alter table games drop column team_number`.execute(db);
  await sql`alter table games drop column round_number`.execute(db);
  await sql`alter table games drop column session_id`.execute(db);
  await sql`drop table sessions`.execute(db);
}
