import { type Kysely, sql } from 'kysely';

/**
 * The event store (DESIGN.md, "Event sourcing"): one append-only table. The database itself
 * refuses UPDATE and DELETE, keeps per-stream versions unique and gapless, and applies a retried
 * command once (unique command id and event index per stream).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table events (
      global_position bigserial primary key,
      stream_id text not null,
      stream_version integer not null check (stream_version >= 1),
      type text not null,
      data jsonb not null,
      metadata jsonb not null,
      transaction_id xid8 not null default pg_current_xact_id(),
      recorded_at timestamptz not null default now(),
      unique (stream_id, stream_version)
    )`.execute(db);
  await sql`
    create unique index events_command_once
      on events (stream_id, (metadata->>'commandId'), ((metadata->>'commandIndex')::integer))`.execute(db);
  // Version n of a stream needs version n - 1: a writer that read a stale or future version fails.
  // (A row-level BEFORE trigger sees the rows its own statement inserted before, so a multi-event
  // append checks each event against the one before it.)
  await sql`
    create function events_version_follows() returns trigger language plpgsql as $$
    begin
      if new.stream_version > 1 and not exists (
        select 1 from events where stream_id = new.stream_id and stream_version = new.stream_version - 1
      ) then
        raise exception 'events: version % of stream % does not follow its last version', new.stream_version, new.stream_id
          using errcode = 'P0002';
      end if;
      return new;
    end $$`.execute(db);
  await sql`
    create trigger events_gapless before insert on events
      for each row execute function events_version_follows()`.execute(db);
  await sql`
    create function events_are_append_only() returns trigger language plpgsql as $$
    begin
      raise exception 'events are append-only: % refused', tg_op using errcode = 'P0001';
    end $$`.execute(db);
  await sql`
    create trigger events_append_only before update or delete on events
      for each row execute function events_are_append_only()`.execute(db);
  await sql`
    create trigger events_no_truncate before truncate on events
      for each statement execute function events_are_append_only()`.execute(db);

  // Read model of the dashboard, kept current in the append transaction.
  await sql`
    create table games (
      id text primary key,
      type text not null,
      name text not null,
      creator_id text not null,
      week integer not null,
      weeks integer not null,
      finished boolean not null default false,
      archived boolean not null default false,
      deleted boolean not null default false,
      draft boolean not null default false,
      player_ids text[] not null default '{}',
      created_at timestamptz not null
    )`.execute(db);
  await sql`create index games_by_creator on games (creator_id, created_at desc) where not deleted`.execute(
    db,
  );
  await sql`create index games_by_player on games using gin (player_ids)`.execute(db);

  await sql`create table server_settings (key text primary key, value text not null)`.execute(db);
}

export async function down(): Promise<void> {
  throw new Error('The event store is never dropped by a migration');
}
