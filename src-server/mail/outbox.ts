/**
 * The mail outbox: an action that sends a mail writes its row in its own transaction
 * (`enqueueMail` takes that transaction), so a mail is never lost once the action commits nor sent
 * for an action that rolled back. The mail loop (sender.ts) claims due rows with a lease, sends them
 * and marks them sent, or records the failure and tries again later, with a longer wait each time.
 */
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import type { Locale } from '../../src-shared/rules/locale';
import type { Database } from '../db/schema';
import type { MailKind, MailValues } from './compose';

export interface MailOutboxTable {
  id: Generated<string>;
  /** Names the action that asked for the mail: a second row for the same action is never written. */
  idempotency_key: string;
  recipient: string;
  locale: string;
  kind: string;
  payload: ColumnType<Record<string, string>, string, string>;
  created_at: Generated<Date>;
  /** When the next attempt may run (now for a new mail, later after a failure). */
  due_at: Generated<Date>;
  attempts: Generated<number>;
  last_error: string | null;
  claimed_until: Date | null;
  claimed_by: string | null;
  sent_at: Date | null;
  /** Set when the attempts ran out: the mail stays, with its last error, for someone to look at. */
  failed_at: Date | null;
}

/** A mail an action asks for. */
export interface MailRequest<K extends MailKind = MailKind> {
  /** The action's own name (`reset-password:<code hash>`): the same key is queued once. */
  idempotencyKey: string;
  to: string;
  locale: Locale;
  kind: K;
  values: MailValues[K];
}

/** A claimed row, as the mail loop sends it. */
export interface DueMail {
  id: string;
  idempotencyKey: string;
  to: string;
  locale: Locale;
  kind: MailKind;
  values: Record<string, string>;
  attempts: number;
}

/**
 * Queues a mail in `db`, the transaction of the action that asks for it; a second request under
 * the same key is ignored. Says whether it queued a new row.
 */
export async function enqueueMail(db: Kysely<Database>, mail: MailRequest): Promise<boolean> {
  const result = await db
    .insertInto('mail_outbox')
    .values({
      idempotency_key: mail.idempotencyKey,
      recipient: mail.to,
      locale: mail.locale,
      kind: mail.kind,
      payload: JSON.stringify(mail.values),
      last_error: null,
      claimed_until: null,
      claimed_by: null,
      sent_at: null,
      failed_at: null,
    })
    .onConflict((oc) => oc.column('idempotency_key').doNothing())
    .returning('id')
    .executeTakeFirst();
  return result !== undefined;
}

/**
 * The wait before attempt `attempts + 1` after `attempts` failed ones: `baseMs` doubled each time,
 * at most an hour (an SMTP server that is down for a while is not hammered).
 */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), 3_600_000);
}

/**
 * Claims up to `limit` due mails nobody holds, oldest first, leasing them to `owner` until
 * `leaseUntil` (`SKIP LOCKED`: two processes take different rows), and counts the attempt.
 */
export async function claimDueMail(
  db: Kysely<Database>,
  options: { now: number; leaseUntil: number; owner: string; limit: number },
): Promise<DueMail[]> {
  const now = new Date(options.now);
  const { rows } = await sql<{
    id: string;
    idempotency_key: string;
    recipient: string;
    locale: Locale;
    kind: MailKind;
    payload: Record<string, string>;
    attempts: number;
  }>`
    update mail_outbox as m
    set claimed_until = ${new Date(options.leaseUntil)}, claimed_by = ${options.owner}, attempts = m.attempts + 1
    from (
      select id from mail_outbox
      where sent_at is null and failed_at is null and due_at <= ${now}
        and (claimed_until is null or claimed_until < ${now})
      order by due_at
      limit ${options.limit}
      for update skip locked
    ) as due
    where m.id = due.id
    returning m.id, m.idempotency_key, m.recipient, m.locale, m.kind, m.payload, m.attempts`.execute(db);
  return rows.map((row) => ({
    id: String(row.id),
    idempotencyKey: row.idempotency_key,
    to: row.recipient,
    locale: row.locale,
    kind: row.kind,
    values: row.payload,
    attempts: row.attempts,
  }));
}

/** Marks a mail sent (only under this owner's lease: a lease that ran out belongs to another). */
export async function markSent(
  db: Kysely<Database>,
  mail: DueMail,
  owner: string,
  at: number,
): Promise<void> {
  await db
    .updateTable('mail_outbox')
    .set({ sent_at: new Date(at), claimed_until: null, claimed_by: null, last_error: null })
    .where('id', '=', mail.id)
    .where('claimed_by', '=', owner)
    .execute();
}

/** Records a failed attempt: due again after its backoff, or failed for good after `maxAttempts`. */
export async function markFailed(
  db: Kysely<Database>,
  mail: DueMail,
  options: { owner: string; at: number; error: string; retryBaseMs: number; maxAttempts: number },
): Promise<'retry' | 'failed'> {
  const giveUp = mail.attempts >= options.maxAttempts;
  await db
    .updateTable('mail_outbox')
    .set({
      last_error: options.error.slice(0, 1000),
      claimed_until: null,
      claimed_by: null,
      due_at: new Date(options.at + retryDelayMs(mail.attempts, options.retryBaseMs)),
      failed_at: giveUp ? new Date(options.at) : null,
    })
    .where('id', '=', mail.id)
    .where('claimed_by', '=', options.owner)
    .execute();
  return giveUp ? 'failed' : 'retry';
}

/** When the next mail falls due (a leased one: when its lease runs out), or null when none waits. */
export async function nextMailDueAt(db: Kysely<Database>): Promise<number | null> {
  const { rows } = await sql<{ next: Date | null }>`
    select min(greatest(due_at, coalesce(claimed_until, due_at))) as next from mail_outbox
    where sent_at is null and failed_at is null`.execute(db);
  const next = rows[0]?.next;
  return next ? new Date(next).getTime() : null;
}

/**
 * Deletes sent mails older than `keepDays`: their links expired long ago, and the outbox keeps no
 * one's address longer than it needs.
 */
export async function pruneSent(db: Kysely<Database>, now: number, keepDays: number): Promise<void> {
  await db
    .deleteFrom('mail_outbox')
    .where('sent_at', '<', new Date(now - keepDays * 86_400_000))
    .execute();
}
