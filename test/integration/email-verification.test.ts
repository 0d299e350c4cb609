/**
 * E-mail verification (issue 25, item 3) against a real SMTP server: sign-up mails a link that
 * verifies the address and signs its owner in; sign-up answers a taken address as a free one and
 * mails its owner; "send again" only for the signed-in owner, limited per address; the guard for
 * actions that mail other people.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import type { Context } from '../../src-server/trpc/context';
import { verifiedInstructorProcedure } from '../../src-server/trpc/procedures';
import { router } from '../../src-server/trpc/trpc';
import { readAuthAction } from '../../src-shared/rules/auth-action';
import { freshDatabase, type TestDatabase } from '../support/database';
import { rawRequest, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';
import { startSmtpServer, type TestSmtpServer } from '../support/smtp';

let database: TestDatabase;
let smtp: TestSmtpServer;
let server: RunningServer;

beforeAll(async () => {
  database = await freshDatabase();
  smtp = await startSmtpServer();
  server = await startTestServer({
    databaseUrl: database.url,
    mail: { smtpUrl: smtp.url, retryMs: 200 },
    limits: { verificationMailsPerEmail: { max: 5, windowSeconds: 3600 } },
  });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

const PASSWORD = 'correct horse battery';
const signUp = (email: string, password = PASSWORD) =>
  rawRequest(server.url, '/api/auth/sign-up/email', {
    body: JSON.stringify({ email, password, name: 'Ada' }),
  });
const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
const me = async (cookie: string) =>
  (
    (await rawRequest(server.url, '/api/auth/get-session', { method: 'GET', headers: { cookie } })).body as {
      user?: { email: string; emailVerified: boolean };
    } | null
  )?.user ?? null;
const verify = (code: string, cookie?: string) =>
  rawRequest(server.url, `/api/auth/verify-email?token=${code}`, {
    method: 'GET',
    headers: cookie ? { cookie } : {},
  });

describe('e-mail verification', () => {
  it('mails a link on sign-up that verifies the address and signs its owner in', async () => {
    const answer = await signUp('new@example.org');
    expect(answer.status).toBe(200);
    expect(cookieOf(answer.headers)).toBe('');
    const mail = await smtp.waitFor((m) => m.to.includes('new@example.org'));
    expect(mail.subject).toBe('Confirm your e-mail address for SimGames');
    const action = readAuthAction(new URL(mail.link!).search)!;
    expect(action.mode).toBe('verifyEmail');

    const verified = await verify(action.code);
    expect(verified.status).toBe(200);
    expect(await me(cookieOf(verified.headers))).toMatchObject({
      email: 'new@example.org',
      emailVerified: true,
    });
    // Used again: still verified, nobody signed in by it.
    const again = await verify(action.code);
    expect(again.status).toBe(200);
    expect(cookieOf(again.headers)).toBe('');
    expect((await verify(`${action.code.slice(0, -2)}xx`)).messageId).toBe('INVALID_TOKEN');
  });

  it('answers a taken address as a free one, and tells its owner by mail', async () => {
    await signUpInstructor(server.url, 'taken@example.org').then((u) => u.close());
    const free = await signUp('free@example.org', 'another good password 9');
    const taken = await signUp('taken@example.org', 'another good password 9');
    expect(taken.status).toBe(free.status);
    expect(Object.keys(taken.body as object)).toEqual(Object.keys(free.body as object));
    expect(cookieOf(taken.headers)).toBe(cookieOf(free.headers));
    const warning = await smtp.waitFor(
      (m) => m.to.includes('taken@example.org') && m.subject.startsWith('Someone tried to sign up'),
    );
    expect(warning.body).toContain('/login?forgot=1');
    // The owner's password still opens the account; the stranger's does not.
    expect(
      (
        await rawRequest(server.url, '/api/auth/sign-in/email', {
          body: JSON.stringify({ email: 'taken@example.org', password: 'another good password 9' }),
        })
      ).status,
    ).toBe(401);
  });

  it('checks the address before anything else (spec verifyEmail, reason signup)', async () => {
    expect((await signUp(`${'a'.repeat(250)}@example.org`)).messageId).toBe('EMAIL_TOO_LONG');
    expect((await signUp(' padded@example.org')).messageId).toBe('INVALID_EMAIL');
    expect((await signUp('not-an-address')).status).toBe(400);
  });

  it('sends again only to the signed-in owner, and limits mails per address', async () => {
    const owner = await signUpInstructor(server.url, 'again@example.org');
    owner.close();
    const send = (email: string, cookie?: string) =>
      rawRequest(server.url, '/api/auth/send-verification-email', {
        body: JSON.stringify({ email }),
        headers: cookie ? { cookie } : {},
      });
    const other = await signUpInstructor(server.url, 'other@example.org');
    other.close();
    const player = await signInAnonymous(server.url, 'Riley');
    player.close();
    expect((await send('again@example.org', other.cookie)).messageId).toBe('EMAIL_MISMATCH');
    expect((await send('again@example.org', player.cookie)).status).toBe(400);
    // Signed out: the same answer whoever owns the address (better-auth mails only an unverified owner).
    expect((await send('nobody@example.org')).status).toBe(200);
    // Every request for the address counts (sign-up, the two refused above): five, then refused.
    expect((await send('again@example.org', owner.cookie)).status).toBe(200);
    expect((await send('again@example.org', owner.cookie)).status).toBe(200);
    const refused = await send('again@example.org', owner.cookie);
    expect(refused.status).toBe(429);
    expect(refused.messageId).toBe('TOO_MANY_ATTEMPTS');
  });
});

describe('the guard for actions that mail other people', () => {
  const probe = router({ mailSomeone: verifiedInstructorProcedure.query(() => 'sent') });
  const callAs = (user: Context['user']) =>
    probe
      .createCaller({ user, socket: null, services: { log: console } } as unknown as Context)
      .mailSomeone();
  const instructor = { id: 'u1', name: 'Ada', email: 'ada@example.org', isAnonymous: false };

  it('lets a verified instructor through and refuses the others with a translated message', async () => {
    expect(await callAs({ ...instructor, emailVerified: true })).toBe('sent');
    await expect(callAs({ ...instructor, emailVerified: false })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      message: 'account.errEmailNotVerified',
    });
    await expect(
      callAs({ ...instructor, email: null, isAnonymous: true, emailVerified: false }),
    ).rejects.toMatchObject({
      code: 'FORBIDDEN',
    });
    await expect(callAs(null)).rejects.toMatchObject({ code: 'UNAUTHORIZED' });
  });

  it('sees the session user verified once the link was followed', async () => {
    const user = await signUpInstructor(server.url, 'guard@example.org');
    expect((await user.api.account.me.query())?.emailVerified).toBe(false);
    const mail = await smtp.waitFor((m) => m.to.includes('guard@example.org'));
    await verify(readAuthAction(new URL(mail.link!).search)!.code, user.cookie);
    expect((await user.api.account.me.query())?.emailVerified).toBe(true);
    user.close();
  });
});
