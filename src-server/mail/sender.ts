/**
 * The mail loop, on the scheduler's loop (scheduler/due-loop.ts): in each process, wakes when a
 * mail is queued here or falls due, claims due rows of the outbox with a lease, sends each and marks
 * it sent; a failure is recorded and the row falls due again after its backoff. A slow poll finds
 * the rows other processes wrote. A row is marked sent only after the SMTP server accepted it, so a
 * crash in between sends it again (with the same Message-ID): at least once, never once per retry of
 * the action, which its idempotency key prevents.
 */
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import type { Database } from '../db/schema';
import { DueLoop } from '../scheduler/due-loop';
import { composeMail } from './compose';
import { claimDueMail, type DueMail, markFailed, markSent, nextMailDueAt, pruneSent } from './outbox';
import type { MailTransport } from './transport';

/** How long a claim keeps other processes off a mail: longer than an SMTP exchange may take. */
const LEASE_MS = 60_000;
/** Mails sent at once by one process. */
const IN_FLIGHT = 5;
/** Days a sent mail stays in the outbox. */
const KEEP_SENT_DAYS = 7;

export interface MailSenderOptions {
  db: Kysely<Database>;
  transport: MailTransport;
  log: Logger;
  now: () => number;
  pollMs: number;
  /** The first retry's wait; each next one waits twice as long (outbox.ts, retryDelayMs). */
  retryBaseMs: number;
  maxAttempts: number;
  /** The domain of Message-IDs (the public address's host). */
  domain: string;
}

export class MailSender {
  readonly owner = `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  /** Mails this process sent, for tests and logs. */
  sent = 0;
  private readonly loop: DueLoop;

  constructor(private readonly options: MailSenderOptions) {
    this.loop = new DueLoop({
      name: 'mail',
      log: options.log,
      now: options.now,
      pollMs: options.pollMs,
      runDue: () => this.runDue(),
      nextDueAt: () => nextMailDueAt(options.db),
    });
  }

  start(): void {
    pruneSent(this.options.db, this.options.now(), KEEP_SENT_DAYS).catch((err: unknown) =>
      this.options.log.warn({ err }, 'mail: pruning sent mails failed'),
    );
    this.loop.start();
  }

  /** Sends the due mails now (coalesced while a run is under way); called after a mail is queued. */
  wake(): void {
    this.loop.wake();
  }

  /** Resolves once no run is under way (one woken meanwhile included): for tests and shutdown. */
  idle(): Promise<void> {
    return this.loop.idle();
  }

  async stop(): Promise<void> {
    await this.loop.stop();
    this.options.transport.close();
  }

  private async runDue(): Promise<void> {
    const { db, now } = this.options;
    while (!this.loop.stopped) {
      const at = now();
      const due = await claimDueMail(db, {
        now: at,
        leaseUntil: at + LEASE_MS,
        owner: this.owner,
        limit: IN_FLIGHT,
      });
      await Promise.all(due.map((mail) => this.send(mail)));
      if (due.length < IN_FLIGHT) break;
    }
  }

  private async send(mail: DueMail): Promise<void> {
    const { db, transport, log, now } = this.options;
    try {
      const composed = await composeMail(mail.kind, mail.locale, mail.values);
      await transport.send({
        ...composed,
        to: mail.to,
        messageId: `<${mail.idempotencyKey.replace(/[^A-Za-z0-9._-]/g, '.')}@${this.options.domain}>`,
      });
      this.sent++;
      await markSent(db, mail, this.owner, now());
    } catch (error) {
      const outcome = await markFailed(db, mail, {
        owner: this.owner,
        at: now(),
        error: (error as Error).message ?? String(error),
        retryBaseMs: this.options.retryBaseMs,
        maxAttempts: this.options.maxAttempts,
      }).catch((err: unknown) => {
        log.error({ err, mail: mail.id }, 'mail: recording a failure failed, retried after its lease');
        return 'retry' as const;
      });
      const line = { err: error, mail: mail.id, kind: mail.kind, attempts: mail.attempts };
      if (outcome === 'failed') log.error(line, 'mail: not sent, attempts ran out');
      else log.warn(line, 'mail: not sent, tried again later');
    }
  }
}
