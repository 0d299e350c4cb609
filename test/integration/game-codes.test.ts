import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { migrations } from '../../migrations';
import { type DatabaseHandle, openDatabase } from '../../src-server/db/database';
import { migrateToLatest } from '../../src-server/db/migrate';
import { freshGameId } from '../../src-server/read-models/games';
import { joinCodeOf } from '../../src-shared/rules/join-code';

/** The join codes of the games read model: filled in for games that predate them, and unique. */
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ dataDir: 'memory://' });
  await migrateToLatest(handle.db);
});
afterAll(() => handle.close());

const insertGame = (id: string) =>
  sql`insert into games (id, type, name, creator_id, week, weeks, finished, player_ids, created_at)
      values (${id}, 'beergame', 'Old class', 'creator', 1, 36, false, '{}', now())`.execute(handle.db);

it('gives the games that existed before codes the code of their id, and no two games one code', async () => {
  const migrator = new Migrator({ db: handle.db, provider: { getMigrations: async () => migrations } });
  // Back to before the codes, whatever migrations came after them.
  const down = await migrator.migrateTo('0005_deadlines');
  expect(down.results?.map((result) => result.migrationName)).toContain('0006_game_codes');
  await insertGame('older-game-1');
  await insertGame('older-game-2');
  await migrateToLatest(handle.db);

  const rows = await handle.db.selectFrom('games').select(['id', 'code']).orderBy('id').execute();
  expect(rows).toEqual([
    { id: 'older-game-1', code: joinCodeOf('older-game-1') },
    { id: 'older-game-2', code: joinCodeOf('older-game-2') },
  ]);
  // A new game's id never lands on a code in use.
  const fresh = await freshGameId(handle.db);
  expect(rows.map((row) => row.code)).not.toContain(joinCodeOf(fresh));
  await expect(
    sql`update games set code = ${rows[0]!.code} where id = 'older-game-2'`.execute(handle.db),
  ).rejects.toThrow();
});
