import { type Kysely, sql } from 'kysely';

/**
 * The mail outbox (src-server/mail/outbox.ts): one row per mail an action asks for, written in that
 * action's transaction and sent by the mail loop, which leases, retries with backoff and marks it.
 * `idempotency_key` names the action: asking twice for one action's mail leaves one row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    create table mail_outbox (
      id bigserial primary key,
      idempotency_key text not null unique,
      recipient text not null,
      locale text not null,
      kind text not null,
      payload jsonb not null,
      created_at timestamptz not null default now(),
      due_at timestamptz not null default now(),
      attempts integer not null default 0,
      last_error text,
      claimed_until timestamptz,
      claimed_by text,
      sent_at timestamptz,
      failed_at timestamptz
    )`.execute(db);
  await sql`create index mail_outbox_due on mail_outbox (due_at) where sent_at is null and failed_at is null`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`drop table mail_outbox`.execute(db);
}
