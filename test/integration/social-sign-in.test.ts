/**
 * Google and Microsoft sign-in (issue 25, item 5) against a real OpenID Connect provider started
 * here (test/support/oidc.ts), through better-auth's own code: the sign-in endpoint, the provider's
 * log-in and consent pages, the callback. A new person gets one account, once, and lands on
 * /setup-account; an account with the same address is joined only when both sides verified it.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { CookieJar, signInThrough, startOidcProvider, type TestOidcProvider } from '../support/oidc';
import { apiClient, rawRequest, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let oidc: TestOidcProvider;
let server: RunningServer;
let appUrl: string;
/** A second server with no provider configured. */
let bare: RunningServer;

beforeAll(async () => {
  database = await freshDatabase();
  oidc = await startOidcProvider();
  server = await startTestServer({ databaseUrl: database.url, socialSignIn: oidc.socialSignIn });
  appUrl = server.url.replace('localhost', '127.0.0.1');
  oidc.allowApp(appUrl);
  bare = await startTestServer({ databaseUrl: database.url });
});
afterAll(async () => {
  await bare?.close();
  await server?.close();
  await oidc?.close();
  await database?.drop();
});

const db = () => server.services.database.db;

async function sessionOf(jar: CookieJar) {
  const url = new URL('/api/auth/get-session', appUrl);
  const answer = await fetch(url, { headers: { cookie: jar.header(url) } });
  return ((await answer.json()) as { user?: Record<string, unknown> } | null)?.user ?? null;
}

interface AccountRow {
  providerId: string;
  accessToken: string | null;
  idToken: string | null;
  id: string;
}

/** better-auth's accounts (ways to sign in) of the user of `email` (tables the app's schema leaves out). */
const accountsOf = async (email: string) =>
  (
    await sql<AccountRow>`select a."providerId", a."accessToken", a."idToken", u.id from account a
      join "user" u on u.id = a."userId" where u.email = ${email} order by a."providerId"`.execute(db())
  ).rows;

describe('a new person', () => {
  it('gets one account with Google, lands on /setup-account, and is the same user the next time', async () => {
    oidc.people.set('grace', { email: 'grace@example.org', emailVerified: true, name: 'Grace\nHopper' });
    const first = await signInThrough(appUrl, 'google', 'grace', { language: 'fr' });
    expect(first.landing.pathname).toBe('/setup-account');
    const user = await sessionOf(first.jar);
    // The provider's name made a usable one; the language is the app's when the sign-in started.
    expect(user).toMatchObject({ email: 'grace@example.org', name: 'Grace Hopper', emailVerified: true });
    expect(user?.language).toBe('fr');

    const second = await signInThrough(appUrl, 'google', 'grace');
    expect(second.landing.pathname).toBe('/dashboard');
    expect((await sessionOf(second.jar))?.id).toBe(user?.id);
    const accounts = await accountsOf('grace@example.org');
    expect(accounts.map((a) => a.providerId)).toEqual(['google']);
    // Nothing of Google's is kept but who signed in.
    expect(accounts[0]).toMatchObject({ accessToken: null, idToken: null });
  });

  it('gets one account with Microsoft, then can sign in with Google to it as well', async () => {
    oidc.people.set('linus', { email: 'linus@example.org', emailVerified: true, name: 'Linus' });
    const microsoft = await signInThrough(appUrl, 'microsoft', 'linus');
    expect(microsoft.landing.pathname).toBe('/setup-account');
    const user = await sessionOf(microsoft.jar);
    expect(user).toMatchObject({ email: 'linus@example.org', emailVerified: true });
    const google = await signInThrough(appUrl, 'google', 'linus');
    expect(google.landing.pathname).toBe('/dashboard');
    expect((await sessionOf(google.jar))?.id).toBe(user?.id);
    expect((await accountsOf('linus@example.org')).map((a) => a.providerId)).toEqual(['google', 'microsoft']);
  });

  it('signed in as an anonymous player, signs in with Google as themselves', async () => {
    const player = await signInAnonymous(server.url, 'Pat');
    const jar = new CookieJar();
    jar.take(
      new Response(null, {
        headers: player.cookie.split('; ').map((c): [string, string] => ['set-cookie', c]),
      }),
    );
    oidc.people.set('pat', { email: 'pat@example.org', emailVerified: true, name: 'Pat' });
    const signedIn = await signInThrough(appUrl, 'google', 'pat', { jar });
    expect(signedIn.landing.pathname).toBe('/setup-account');
    expect(await sessionOf(signedIn.jar)).toMatchObject({ email: 'pat@example.org', isAnonymous: false });
    player.close();
  });

  it('signed in as another account on the device, switches to their own, and the other keeps its sign-in ways', async () => {
    const other = await signUpInstructor(server.url, 'other@example.org');
    other.close();
    const jar = new CookieJar();
    jar.take(
      new Response(null, {
        headers: other.cookie.split('; ').map((c): [string, string] => ['set-cookie', c]),
      }),
    );
    oidc.people.set('quinn', { email: 'quinn@example.org', emailVerified: true, name: 'Quinn' });
    const signedIn = await signInThrough(appUrl, 'google', 'quinn', { jar });
    expect(signedIn.landing.pathname).toBe('/setup-account');
    expect(await sessionOf(signedIn.jar)).toMatchObject({ email: 'quinn@example.org' });
    expect((await accountsOf('other@example.org')).map((a) => a.providerId)).toEqual(['credential']);
  });
});

describe('an account that already uses the address', () => {
  /** A password account whose address was verified (by the mail of item 3, here in the database). */
  async function passwordAccount(email: string, verified: boolean) {
    const instructor = await signUpInstructor(server.url, email);
    instructor.close();
    await sql`update "user" set "emailVerified" = ${verified} where id = ${instructor.userId}`.execute(db());
    return instructor.userId;
  }

  it('is joined by a Google sign-in when both verified the address: one account, not two', async () => {
    const userId = await passwordAccount('ada@example.org', true);
    oidc.people.set('ada', { email: 'ada@example.org', emailVerified: true, name: 'Someone Else' });
    const signedIn = await signInThrough(appUrl, 'google', 'ada');
    expect(signedIn.landing.pathname).toBe('/dashboard');
    // The account keeps its own name; the password still signs in.
    expect(await sessionOf(signedIn.jar)).toMatchObject({ id: userId, name: 'Ada Instructor' });
    expect((await accountsOf('ada@example.org')).map((a) => a.providerId)).toEqual(['credential', 'google']);
    const password = await rawRequest(server.url, '/api/auth/sign-in/email', {
      body: JSON.stringify({ email: 'ada@example.org', password: 'correct horse battery' }),
    });
    expect(password.status).toBe(200);
  });

  it('is not taken over by a provider account whose address is not verified', async () => {
    const userId = await passwordAccount('bob@example.org', true);
    oidc.people.set('mallory', { email: 'bob@example.org', emailVerified: false, name: 'Mallory' });
    for (const provider of ['google', 'microsoft']) {
      const refused = await signInThrough(appUrl, provider, 'mallory');
      expect(refused.landing.pathname).toBe('/login');
      expect(refused.landing.searchParams.get('error')).toBe('account_not_linked');
      expect(await sessionOf(refused.jar)).toBeNull();
    }
    expect(await accountsOf('bob@example.org')).toEqual([
      { providerId: 'credential', accessToken: null, idToken: null, id: userId },
    ]);
  });

  it('is not joined while its own address is unverified: whoever typed it may not own it', async () => {
    await passwordAccount('carol@example.org', false);
    oidc.people.set('carol', { email: 'carol@example.org', emailVerified: true, name: 'Carol' });
    const refused = await signInThrough(appUrl, 'google', 'carol');
    expect(refused.landing.searchParams.get('error')).toBe('account_not_linked');
    expect((await accountsOf('carol@example.org')).map((a) => a.providerId)).toEqual(['credential']);
  });
});

describe('the providers offered', () => {
  it('are those configured, for anyone', async () => {
    for (const [url, expected] of [
      [appUrl, ['google', 'microsoft']],
      [bare.url, []],
    ] as const) {
      const client = apiClient(url, '');
      expect(await client.api.account.signInProviders.query()).toEqual(expected);
      client.close();
    }
  });

  it('refuses a provider that is not configured with a clear error, not a server error', async () => {
    for (const provider of ['google', 'microsoft', 'github']) {
      const answer = await rawRequest(bare.url, '/api/auth/sign-in/social', {
        body: JSON.stringify({ provider, callbackURL: '/dashboard' }),
      });
      expect(answer.status).toBe(404);
      expect(answer.messageId).toBe('PROVIDER_NOT_FOUND');
    }
    const unknown = await rawRequest(bare.url, '/api/auth/sign-in/social', {
      body: JSON.stringify({ provider: 'myspace', callbackURL: '/dashboard' }),
    });
    expect(unknown.messageId).toBe('PROVIDER_NOT_FOUND');
    // A callback for it, or a forged one, ends on the log-in page with an error code.
    for (const app of [bare.url, appUrl]) {
      const callback = await fetch(
        new URL('/api/auth/callback/google?code=x&state=forged', app.replace('localhost', '127.0.0.1')),
        {
          redirect: 'manual',
        },
      );
      expect(callback.status).toBe(302);
      expect(new URL(callback.headers.get('location')!, app).pathname).toBe('/login');
    }
  });

  it('sends a person back to where they came from, not to another site', async () => {
    for (const target of ['https://evil.example/x', '//evil.example/x']) {
      const answer = await rawRequest(appUrl, '/api/auth/sign-in/social', {
        body: JSON.stringify({ provider: 'google', callbackURL: target }),
      });
      expect(answer.status).toBe(403);
    }
  });
});
