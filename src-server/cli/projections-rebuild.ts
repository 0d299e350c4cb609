/** `npm run projections:rebuild`: recomputes the read-model tables from the events. */
import { loadConfig } from '../config';
import { openDatabase } from '../db/database';
import { migrateToLatest } from '../db/migrate';
import { EventStore } from '../eventstore/event-store';
import { InProcessFeed } from '../eventstore/live-feed';
import { rebuildProjections } from '../streams';

const config = loadConfig(process.env);
const database = await openDatabase(config);
try {
  await migrateToLatest(database.db);
  const count = await rebuildProjections(new EventStore(database.db, new InProcessFeed()));
  console.log(`Rebuilt the read models of ${count} game(s) on ${database.kind}.`);
} finally {
  await database.close();
}
