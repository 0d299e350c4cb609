import { type Kysely, Migrator } from 'kysely';
import { migrations } from '../../migrations';

/** Brings the schema to the newest migration; throws (and leaves the database as it was) on failure. */
export async function migrateToLatest<DB>(db: Kysely<DB>): Promise<string[]> {
  const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === 'Success').map((r) => r.migrationName);
}
