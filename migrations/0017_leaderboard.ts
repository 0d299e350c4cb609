import { type Kysely, sql } from 'kysely';

/**
 * The leaderboard (issue 28, route `/leaderboard`): one row per finished game that counts
 * (src-shared/beergame/leaderboard.ts), kept by the game's append transaction. The board of a
 * template, lowest cost first, is one index range scan. Existing finished games get their rows
 * from `npm run projections:rebuild`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table leaderboard (
    game_id text primary key,
    template text not null,
    team_cost double precision not null,
    weeks integer not null,
    ended_at timestamptz not null
  )`.execute(db);
  await sql`create index leaderboard_by_template on leaderboard (template, team_cost, ended_at)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table leaderboard`.execute(db);
}
