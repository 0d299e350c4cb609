import { type Kysely, sql } from 'kysely';

/**
 * First-party analytics and error reports (issue 28, spec points 1, 7, 8). `analytics_events`
 * holds the tracked events of visitors who consented (their anonymous visitor id, the user when
 * signed in, a few small properties); `error_groups` one row per fingerprint (normalized message
 * and top stack frame) with its count and first and last sight; `error_samples` the latest reports
 * of each group (page path, browser, release; no personal data beyond the user id).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table analytics_events (
      id bigserial primary key,
      name text not null,
      occurred_at timestamptz not null,
      visitor_id text not null,
      user_id text,
      props jsonb not null default '{}'
    )`.execute(db);
  await sql`create index analytics_events_by_time on analytics_events (occurred_at)`.execute(db);
  await sql`
    create table error_groups (
      fingerprint text primary key,
      source text not null,
      message text not null,
      top_frame text not null,
      count integer not null,
      first_seen timestamptz not null,
      last_seen timestamptz not null,
      resolved_at timestamptz
    )`.execute(db);
  await sql`create index error_groups_by_last_seen on error_groups (last_seen desc)`.execute(db);
  await sql`
    create table error_samples (
      id bigserial primary key,
      fingerprint text not null references error_groups (fingerprint) on delete cascade,
      occurred_at timestamptz not null,
      message text not null,
      stack text,
      path text,
      user_agent text,
      release text,
      user_id text
    )`.execute(db);
  await sql`create index error_samples_by_group on error_samples (fingerprint, id desc)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table error_samples`.execute(db);
  await sql`drop table error_groups`.execute(db);
  await sql`drop table analytics_events`.execute(db);
}
