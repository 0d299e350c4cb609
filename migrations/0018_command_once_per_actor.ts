import { type Kysely, sql } from 'kysely';

/**
 * A command id is unique per stream and per actor (issue 29, item 1): keyed by the stream alone,
 * a player who learned another's command id could send it first and have the other's command
 * answered as a duplicate of theirs. The new index is made before the old one goes, so a retried
 * command is recognised throughout.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index events_command_once_per_actor
      on events (stream_id, (metadata->>'actorId'), (metadata->>'commandId'), ((metadata->>'commandIndex')::integer))`.execute(
    db,
  );
  await sql`drop index events_command_once`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    create unique index events_command_once
      on events (stream_id, (metadata->>'commandId'), ((metadata->>'commandIndex')::integer))`.execute(db);
  await sql`drop index events_command_once_per_actor`.execute(db);
}
