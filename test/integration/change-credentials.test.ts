/**
 * Changing the address or the password (issue 25, item 4) against a real SMTP server: each needs
 * the current password; a new address takes effect once its link is followed, and the old address
 * is told; a new password signs the other sessions out; the signed-in devices are their owner's alone.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
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
  server = await startTestServer({ databaseUrl: database.url, mail: { smtpUrl: smtp.url, retryMs: 200 } });
});
afterAll(async () => {
  await server?.close();
  await smtp?.close();
  await database?.drop();
});

const PASSWORD = 'correct horse battery';
const post = (path: string, body: unknown, cookie?: string) =>
  rawRequest(server.url, `/api/auth${path}`, {
    body: JSON.stringify(body),
    headers: cookie ? { cookie } : {},
  });
const get = (path: string, cookie?: string) =>
  rawRequest(server.url, `/api/auth${path}`, { method: 'GET', headers: cookie ? { cookie } : {} });
const signIn = (email: string, password = PASSWORD) => post('/sign-in/email', { email, password });
const emailOf = async (cookie: string) =>
  ((await get('/get-session', cookie)).body as { user?: { email: string } } | null)?.user?.email ?? null;

describe('changing the address', () => {
  it('refuses a wrong current password and changes nothing', async () => {
    const ada = await signUpInstructor(server.url, 'ada@example.org');
    ada.close();
    const wrong = await post(
      '/change-email',
      { newEmail: 'ada2@example.org', currentPassword: 'nope nope nope' },
      ada.cookie,
    );
    expect(wrong.status).toBe(400);
    expect(wrong.messageId).toBe('INVALID_PASSWORD');
    const none = await post('/change-email', { newEmail: 'ada2@example.org' }, ada.cookie);
    expect(none.messageId).toBe('INVALID_PASSWORD');
    expect(await emailOf(ada.cookie)).toBe('ada@example.org');
    expect(smtp.received.filter((m) => m.to.includes('ada2@example.org'))).toHaveLength(0);
  });

  it('takes effect once the new address follows its link; the old one is told', async () => {
    const bob = await signUpInstructor(server.url, 'bob@example.org');
    bob.close();
    const asked = await post(
      '/change-email',
      { newEmail: 'Bob.New@example.org', currentPassword: PASSWORD },
      bob.cookie,
    );
    expect(asked.status).toBe(200);
    expect(await emailOf(bob.cookie)).toBe('bob@example.org');
    const told = await smtp.waitFor(
      (m) => m.to.includes('bob@example.org') && m.subject.includes('about to change'),
    );
    expect(told.body).toContain('bob.new@example.org');
    const mail = await smtp.waitFor((m) => m.to.includes('bob.new@example.org'));
    expect(mail.subject).toBe('Confirm your new e-mail address for SimGames');
    const code = readAuthAction(new URL(mail.link!).search)!.code;
    // Someone else's session cannot use the link.
    const eve = await signUpInstructor(server.url, 'eve@example.org');
    eve.close();
    expect((await get(`/verify-email?token=${code}`, eve.cookie)).status).toBe(401);
    expect((await get(`/verify-email?token=${code}`, bob.cookie)).status).toBe(200);
    expect(await emailOf(bob.cookie)).toBe('bob.new@example.org');
    expect((await signIn('bob.new@example.org')).status).toBe(200);
    expect((await signIn('bob@example.org')).status).toBe(401);
    const verified = (await get('/get-session', bob.cookie)).body as { user: { emailVerified: boolean } };
    expect(verified.user.emailVerified).toBe(true);
  });
});

describe('changing the password', () => {
  it('needs the current password and the sign-up policy, and signs the other sessions out', async () => {
    const cy = await signUpInstructor(server.url, 'cy@example.org');
    cy.close();
    const laptop = (await signIn('cy@example.org')).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const change = (currentPassword: string, newPassword: string) =>
      post('/change-password', { currentPassword, newPassword, revokeOtherSessions: true }, cy.cookie);
    expect((await change('wrong wrong wrong', 'plum tangerine marsh 42')).messageId).toBe('INVALID_PASSWORD');
    expect((await change(PASSWORD, 'password1')).messageId).toBe('PASSWORD_TOO_COMMON');
    const changed = await change(PASSWORD, 'plum tangerine marsh 42');
    expect(changed.status).toBe(200);
    expect(await emailOf(laptop)).toBeNull();
    expect((await signIn('cy@example.org', 'plum tangerine marsh 42')).status).toBe(200);
  });
});

describe('signed-in devices', () => {
  it('lists and signs out only its owner’s sessions', async () => {
    const dee = await signUpInstructor(server.url, 'dee@example.org');
    dee.close();
    const phone = (await signIn('dee@example.org')).headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const listed = (await get('/list-sessions', dee.cookie)).body as { token: string; userId: string }[];
    expect(listed).toHaveLength(2);
    const stranger = await signUpInstructor(server.url, 'stranger@example.org');
    stranger.close();
    const player = await signInAnonymous(server.url, 'Riley');
    player.close();
    for (const cookie of [stranger.cookie, player.cookie]) {
      const theirs = (await get('/list-sessions', cookie)).body as { userId: string }[];
      expect(theirs.every((session) => session.userId !== listed[0]!.userId)).toBe(true);
      await post('/revoke-session', { token: listed[0]!.token }, cookie);
      await post('/revoke-session', { token: listed[1]!.token }, cookie);
    }
    expect((await get('/list-sessions')).status).toBe(401);
    expect((await post('/revoke-other-sessions', {})).status).toBe(401);
    expect(await emailOf(phone)).toBe('dee@example.org');
    expect(await emailOf(dee.cookie)).toBe('dee@example.org');
    // The owner signs the other device out.
    expect((await post('/revoke-other-sessions', {}, dee.cookie)).status).toBe(200);
    expect(await emailOf(phone)).toBeNull();
    expect(await emailOf(dee.cookie)).toBe('dee@example.org');
  });
});
