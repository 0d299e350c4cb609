import { type Kysely, sql } from 'kysely';

/**
 * The dashboard's lists (issue 11): a game's seats still waiting for a player, for its status
 * ("waiting for players"), and archived games kept apart. Rows of existing games start at 0 free
 * seats; `npm run projections:rebuild` computes them from the events, like every column.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games add column free_seats integer not null default 0`.execute(db);
  await sql`drop index games_by_creator`.execute(db);
  // The list's order and its two filters (archived or not, and by type) from one index.
  await sql`create index games_by_creator on games (creator_id, archived, created_at desc, id) where not deleted`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop index games_by_creator`.execute(db);
  await sql`create index games_by_creator on games (creator_id, created_at desc) where not deleted`.execute(
    db,
  );
  await sql`alter table games drop column free_seats`.execute(db);
}
