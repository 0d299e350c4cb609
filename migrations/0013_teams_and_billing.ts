import { type Kysely, sql } from 'kysely';

/**
 * Teams and billing (issue 27). `teams` and `team_members` are the read model of the `team-<id>`
 * streams (a team's name, plans and billing data; who belongs with which role and game types);
 * `invoices` that of the `invoices-<year>` streams, one row per invoice or credit note. The user
 * gains the spec's `notifyPlanPurchase`, `invitedBy` and `joinedReferralProgram` (better-auth's
 * additional fields, named as they are).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table teams (
      id text primary key,
      name text not null,
      plans jsonb not null default '{}'::jsonb,
      billing jsonb not null default '{}'::jsonb,
      created_at timestamptz not null
    )`.execute(db);
  await sql`
    create table team_members (
      team_id text not null references teams (id) on delete cascade,
      user_id text not null,
      role text not null,
      games jsonb not null,
      joined_at timestamptz not null,
      primary key (team_id, user_id)
    )`.execute(db);
  await sql`create index team_members_by_user on team_members (user_id, joined_at)`.execute(db);
  // Pending e-mail invitations: records, not history (an address is personal data).
  await sql`
    create table team_invites (
      team_id text not null,
      email text not null,
      games jsonb not null,
      invited_by text not null,
      invited_at timestamptz not null,
      primary key (team_id, email)
    )`.execute(db);
  await sql`
    create table invoices (
      invoice_number text primary key,
      year integer not null,
      kind text not null,
      team_id text not null,
      transaction_id text not null,
      document jsonb not null,
      cancelled_by text,
      session_id text,
      issued_at timestamptz not null
    )`.execute(db);
  await sql`create index invoices_by_team on invoices (team_id, issued_at)`.execute(db);
  await sql`
    alter table "user"
      add column "notifyPlanPurchase" boolean not null default false,
      add column "invitedBy" text,
      add column "joinedReferralProgram" boolean not null default false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    alter table "user"
      drop column "notifyPlanPurchase",
      drop column "invitedBy",
      drop column "joinedReferralProgram"`.execute(db);
  await sql`drop table invoices`.execute(db);
  await sql`drop table team_invites`.execute(db);
  await sql`drop table team_members`.execute(db);
  await sql`drop table teams`.execute(db);
}
