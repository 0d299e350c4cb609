import { type Kysely, sql } from 'kysely';
import { joinCodeOf } from '../src-shared/rules/join-code';

/**
 * Each game's short join code, looked up when a player types it: a function of the game id
 * (src-shared/rules/join-code.ts), so existing rows are filled in from their ids.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games add column code text`.execute(db);
  const games = await sql<{ id: string }>`select id from games`.execute(db);
  for (const { id } of games.rows)
    await sql`update games set code = ${joinCodeOf(id)} where id = ${id}`.execute(db);
  await sql`alter table games alter column code set not null`.execute(db);
  await sql`create unique index games_code on games (code)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`alter table games drop column code`.execute(db);
}
