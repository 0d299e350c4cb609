/**
 * Mail and password reset (issue 25, items 1 and 2) against a real SMTP server started here: a
 * mail queued in its action's transaction, sent once, retried after the SMTP server refused it,
 * still sent after a restart, kept in the outbox (links in the log) without SMTP_URL; and the reset
 * itself: the link of the mail, a single-use code, every other session signed out, the same answer
 * for an address without an account (and a mail saying so), rate limits per e-mail address.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { composeMail } from '../../src-server/mail/compose';
import { enqueueMail } from '../../src-server/mail/outbox';
import { planPurchaseMail } from '../../src-server/mail/plan-purchase';
import { logTransport } from '../../src-server/mail/transport';
import type { RunningServer } from '../../src-server/main';
import { readAuthAction } from '../../src-shared/rules/auth-action';
import { freshDatabase, type TestDatabase } from '../support/database';
import { englishInvoice } from '../support/invoices';
import { rawRequest, signUpInstructor, startTestServer } from '../support/server';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'plum tangerine marsh 42';

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startSmtpServer();
  server = await startTestServer({
    databaseUrl: database.url,
    mail: { smtpUrl: smtp.url, retryMs: 200 },
    limits: { passwordResetsPerEmail: { max: 3, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

/** A reset's mail, not the verification mail a sign-up sends (email-verification.test.ts). */
const isReset = (mail: { link: string | null }) => mail.link?.includes('mode=resetPassword') === true;

const outbox = () => server.services.database.db.selectFrom('mail_outbox').selectAll();

const requestReset = (email: string, language = 'en') =>
  rawRequest(server.url, '/api/auth/request-password-reset', {
    body: JSON.stringify({ email }),
    headers: { 'accept-language': language },
  });

const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');

async function sessionUser(cookie: string): Promise<string | null> {
  const answer = await rawRequest(server.url, '/api/auth/get-session', {
    method: 'GET',
    headers: { cookie },
  });
  return (answer.body as { user?: { email: string } } | null)?.user?.email ?? null;
}

describe('the outbox', () => {
  it('keeps a mail only when its action commits, and one row per action', async () => {
    const db = server.services.database.db;
    const mail = {
      idempotencyKey: 'test:rolled-back',
      to: 'nobody@example.org',
      locale: 'en' as const,
      kind: 'noAccount' as const,
      values: { email: 'nobody@example.org', signupLink: 'http://127.0.0.1/signup' },
    };
    await expect(
      db.transaction().execute(async (trx) => {
        await enqueueMail(trx, mail);
        throw new Error('the action failed');
      }),
    ).rejects.toThrow('the action failed');
    expect(await outbox().where('idempotency_key', '=', mail.idempotencyKey).execute()).toEqual([]);

    const committed = { ...mail, idempotencyKey: 'test:committed' };
    const queued = await db
      .transaction()
      .execute(async (trx) => [await enqueueMail(trx, committed), await enqueueMail(trx, committed)]);
    expect(queued).toEqual([true, false]);
    expect(await enqueueMail(db, committed)).toBe(false);
    server.mail.wake();
    await smtp.waitFor((m) => m.messageId.includes('test.committed'));
    await server.mail.idle();
    // Woken again and again, the loop never sends a sent mail twice.
    for (let i = 0; i < 3; i++) {
      server.mail.wake();
      await server.mail.idle();
    }
    expect(smtp.received.filter((m) => m.messageId.includes('test.committed'))).toHaveLength(1);
    const row = await outbox().where('idempotency_key', '=', 'test:committed').executeTakeFirstOrThrow();
    expect(row.sent_at).not.toBeNull();
    expect(row.attempts).toBe(1);
  });

  it('tries again after the SMTP server refused a mail, and sends it once', async () => {
    smtp.refuseNext(2);
    const refusedBefore = smtp.refused;
    await enqueueMail(server.services.database.db, {
      idempotencyKey: 'test:retried',
      to: 'retry@example.org',
      locale: 'fr',
      kind: 'noAccount',
      values: { email: 'retry@example.org', signupLink: 'http://127.0.0.1/signup' },
    });
    server.mail.wake();
    const mail = await smtp.waitFor((m) => m.messageId.includes('test.retried'));
    expect(smtp.refused - refusedBefore).toBe(2);
    expect(mail.subject).toBe('Réinitialisation du mot de passe sur SimGames');
    await server.mail.idle();
    const row = await outbox().where('idempotency_key', '=', 'test:retried').executeTakeFirstOrThrow();
    expect(row.attempts).toBe(3);
    expect(row.sent_at).not.toBeNull();
    expect(smtp.received.filter((m) => m.messageId.includes('test.retried'))).toHaveLength(1);
  });
  it('sends the purchase mail queued with its purchase, once per purchase', async () => {
    const db = server.services.database.db;
    const request = planPurchaseMail(englishInvoice, englishInvoice.issuedAt + 365 * 86_400_000, server.url);
    expect(await db.transaction().execute((trx) => enqueueMail(trx, request))).toBe(true);
    expect(await enqueueMail(db, request)).toBe(false);
    server.mail.wake();
    const mail = await smtp.waitFor((m) => m.messageId.includes(englishInvoice.transactionId));
    expect(mail.to).toEqual(['ada@northfield.example']);
    expect(mail.subject).toBe('Your plan Course is active — invoice 2026-000042');
    expect(mail.body).toContain(`${server.url}/dashboard/subscription#purchase`);
    expect(mail.body).toContain('active until March 5, 2027');
    await server.mail.idle();
    expect(smtp.received.filter((m) => m.messageId.includes(englishInvoice.transactionId))).toHaveLength(1);
  });
});

describe('password reset', () => {
  it('mails a link that sets a new password once, signs in and signs every other session out', async () => {
    const owner = await signUpInstructor(server.url, 'ada@example.org');
    owner.close();
    await server.services.database.db
      .updateTable('user')
      .set({ language: 'de' } as never)
      .where('id', '=', owner.userId)
      .execute();
    expect((await requestReset('ada@example.org')).status).toBe(200);

    const mail = await smtp.waitFor((m) => m.to.includes('ada@example.org') && isReset(m));
    // In the account's language (its profile), with the product's name, text and HTML.
    expect(mail.subject).toContain('SimGames');
    expect(mail.body).toContain('Jemand, hoffentlich Sie');
    expect(mail.body).toContain('Content-Type: text/html');
    expect(mail.body).toContain('Content-Type: text/plain');
    const action = readAuthAction(new URL(mail.link!).search);
    expect(action?.mode).toBe('resetPassword');

    // The code sets a password under the sign-up policy only.
    const weak = await rawRequest(server.url, '/api/auth/reset-password', {
      body: JSON.stringify({ token: action!.code, newPassword: 'password1' }),
    });
    expect(weak.messageId).toBe('PASSWORD_TOO_COMMON');

    const reset = await rawRequest(server.url, '/api/auth/reset-password', {
      body: JSON.stringify({ token: action!.code, newPassword: NEW_PASSWORD }),
    });
    expect(reset.status).toBe(200);
    expect(await sessionUser(cookieOf(reset.headers))).toBe('ada@example.org');
    expect(await sessionUser(owner.cookie)).toBeNull();

    const again = await rawRequest(server.url, '/api/auth/reset-password', {
      body: JSON.stringify({ token: action!.code, newPassword: 'another fine password 7' }),
    });
    expect(again.messageId).toBe('INVALID_TOKEN');

    const signIn = (password: string) =>
      rawRequest(server.url, '/api/auth/sign-in/email', {
        body: JSON.stringify({ email: 'ada@example.org', password }),
      });
    expect((await signIn(OLD_PASSWORD)).status).toBe(401);
    expect((await signIn(NEW_PASSWORD)).status).toBe(200);
  });

  it('answers an address without an account as one with, and mails it that no account uses it', async () => {
    await signUpInstructor(server.url, 'grace@example.org').then((u) => u.close());
    const known = await requestReset('grace@example.org', 'es');
    const unknown = await requestReset('stranger@example.org', 'es');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toEqual(known.body);
    const mail = await smtp.waitFor((m) => m.to.includes('stranger@example.org'));
    expect(mail.body).toContain('ninguna cuenta usa esta direcci');
    expect(mail.link).toBeNull();
    expect(mail.body).toContain('/signup');
  });

  it('refuses a fourth request for one address within the hour, whether an account uses it or not', async () => {
    for (const email of ['limit@example.org', 'grace2@example.org']) {
      if (email.startsWith('grace')) await signUpInstructor(server.url, email).then((u) => u.close());
      const statuses = [];
      for (let i = 0; i < 4; i++) statuses.push((await requestReset(email)).status);
      expect(statuses).toEqual([200, 200, 200, 429]);
    }
  });

  it('refuses an expired code', async () => {
    await signUpInstructor(server.url, 'late@example.org').then((u) => u.close());
    await requestReset('late@example.org');
    const mail = await smtp.waitFor((m) => m.to.includes('late@example.org') && isReset(m));
    const code = readAuthAction(new URL(mail.link!).search)!.code;
    // An hour has passed: better-auth's row says so.
    await server.services.database.db
      .updateTable('verification' as never)
      .set({ expiresAt: new Date(Date.now() - 1000) } as never)
      .where('identifier' as never, '=', `reset-password:${code}` as never)
      .execute();
    const answer = await rawRequest(server.url, '/api/auth/reset-password', {
      body: JSON.stringify({ token: code, newPassword: NEW_PASSWORD }),
    });
    expect(answer.messageId).toBe('INVALID_TOKEN');
  });
});

describe('across a restart and without SMTP', () => {
  it('sends after a restart the mail an earlier process could not', async () => {
    const db = await freshDatabase();
    const dataDir = db.url ? undefined : await mkdtemp(path.join(tmpdir(), 'mail-restart-'));
    if (!db.url) await db.drop();
    const down = await startSmtpServer();
    const port = down.port;
    await down.close(); // nothing listens on its port: every attempt fails
    let first: RunningServer | null = await startTestServer({
      databaseUrl: db.url,
      dataDir,
      mail: { smtpUrl: `smtp://127.0.0.1:${port}`, retryMs: 200 },
    });
    try {
      await signUpInstructor(first.url, 'restart@example.org').then((u) => u.close());
      expect(
        (
          await rawRequest(first.url, '/api/auth/request-password-reset', {
            body: JSON.stringify({ email: 'restart@example.org' }),
          })
        ).status,
      ).toBe(200);
      const failedOnce = async () => {
        for (;;) {
          await first!.mail.idle();
          const row = await first!.services.database.db
            .selectFrom('mail_outbox')
            .selectAll()
            .where('kind', '=', 'resetPassword')
            .executeTakeFirst();
          if (row?.last_error) return row;
          first!.mail.wake();
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      };
      const row = await failedOnce();
      expect(row.sent_at).toBeNull();
      await first.close();
      first = null;

      const up = await startSmtpServer(port);
      const second = await startTestServer({
        databaseUrl: db.url,
        dataDir,
        mail: { smtpUrl: up.url, retryMs: 200 },
      });
      try {
        const mail = await up.waitFor((m) => m.to.includes('restart@example.org') && isReset(m));
        expect(mail.link).toContain('mode=resetPassword');
        await second.mail.idle();
        const sent = await second.services.database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('kind', '=', 'resetPassword')
          .execute();
        expect(sent).toHaveLength(1);
        expect(sent[0]!.sent_at).not.toBeNull();
      } finally {
        await second.close();
        await up.close();
      }
    } finally {
      await first?.close();
      if (db.url) await db.drop();
      if (dataDir) await rm(dataDir, { recursive: true, force: true });
    }
  });

  it('keeps mails in the outbox and prints their links without SMTP_URL', async () => {
    const db = await freshDatabase();
    const offline = await startTestServer({ databaseUrl: db.url, dataDir: db.url ? undefined : 'memory://' });
    try {
      await signUpInstructor(offline.url, 'offline@example.org').then((u) => u.close());
      await rawRequest(offline.url, '/api/auth/request-password-reset', {
        body: JSON.stringify({ email: 'offline@example.org' }),
      });
      // better-auth answers the request before its mail callback has queued the mail: the row
      // and its sending are awaited, not assumed once the sender is idle.
      const resetMails = () =>
        offline.services.database.db
          .selectFrom('mail_outbox')
          .selectAll()
          .where('kind', '=', 'resetPassword')
          .execute();
      await expect.poll(async () => (await resetMails())[0]?.sent_at ?? null).not.toBeNull();
      const rows = await resetMails();
      expect(rows).toHaveLength(1);
      expect(rows[0]!.recipient).toBe('offline@example.org');
      expect(rows[0]!.payload.link).toMatch(/\/auth-action\?mode=resetPassword&code=/);
    } finally {
      await offline.close();
      await db.drop();
    }

    // What the log transport prints: the mail's links, for a developer to follow.
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const composed = await composeMail('resetPassword', 'en', {
      name: 'Ada',
      link: 'http://localhost:3000/auth-action?mode=resetPassword&code=abcdefgh12345678',
    });
    await logTransport(pino({ level: 'info' }, sink)).send({
      ...composed,
      to: 'ada@example.org',
      messageId: '<x@y>',
    });
    expect(lines.join('')).toContain(
      'http://localhost:3000/auth-action?mode=resetPassword&code=abcdefgh12345678',
    );
  });
});
