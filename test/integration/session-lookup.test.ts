/**
 * A session cookie read the short way (src-server/auth/session-lookup.ts), through a real server
 * on PostgreSQL and better-auth's own cookies: the answer is better-auth's, without better-auth
 * when there is nothing to do but read; every other case is left to better-auth, which deletes an
 * expired session and extends one due for it, as it always did.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sessionCookieSettings, signInFromHeaders } from '../../src-server/auth/auth';
import type { SignedIn } from '../../src-server/auth/session-cache';
import { SessionLookUp, verifiedToken } from '../../src-server/auth/session-lookup';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let pat: ApiUser;

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  pat = await signInAnonymous(server.url, 'Pat');
});
afterAll(async () => {
  ada.close();
  pat.close();
  await server.close();
  await database.drop();
});

/** A look-up on the server's database and settings, counting what it leaves to better-auth. */
function lookUp(now: () => number = Date.now) {
  const { auth, database: handle } = server.services;
  const leftToBetterAuth: IncomingHttpHeaders[] = [];
  const sessions = new SessionLookUp(
    handle.db,
    () => sessionCookieSettings(auth),
    (headers) => {
      leftToBetterAuth.push(headers);
      return signInFromHeaders(auth, headers);
    },
    now,
  );
  return { sessions, leftToBetterAuth };
}

const betterAuthSays = (headers: IncomingHttpHeaders): Promise<SignedIn | null> =>
  signInFromHeaders(server.services.auth, headers);

/** The session token a user's cookie carries. */
async function tokenOf(user: ApiUser): Promise<string> {
  const signedIn = await betterAuthSays({ cookie: user.cookie });
  return signedIn!.sessionToken;
}

describe('a session cookie read the short way', () => {
  it('answers an instructor and an anonymous player as better-auth does, without better-auth', async () => {
    const { sessions, leftToBetterAuth } = lookUp();
    for (const user of [ada, pat]) {
      const answer = await sessions.signedIn({ cookie: user.cookie });
      expect(answer).toEqual(await betterAuthSays({ cookie: user.cookie }));
      expect(answer?.user.id).toBeTruthy();
    }
    expect(answer(await sessions.signedIn({ cookie: pat.cookie }))).toEqual({
      name: 'Pat',
      email: null,
      isAnonymous: true,
    });
    expect(leftToBetterAuth).toHaveLength(0);
  });

  it('reads the cookies of one turn together, each its own answer', async () => {
    const { sessions, leftToBetterAuth } = lookUp();
    const [forAda, forPat, again] = await Promise.all(
      [ada, pat, ada].map((user) => sessions.signedIn({ cookie: user.cookie })),
    );
    expect(forAda?.user.email).toBe('ada@example.org');
    expect(forPat?.user.name).toBe('Pat');
    expect(again).toEqual(forAda);
    expect(leftToBetterAuth).toHaveLength(0);
  });

  it('leaves a forged signature, a cookie named twice and no cookie to better-auth, which signs nobody in', async () => {
    const { sessions, leftToBetterAuth } = lookUp();
    const context = await server.services.auth.$context;
    const name = context.authCookies.sessionToken.name;
    const value = pat.cookie
      .split('; ')
      .find((cookie) => cookie.startsWith(`${name}=`))!
      .slice(name.length + 1);
    const signed = decodeURIComponent(value);
    // The same token, its signature's first character changed: refused before any read.
    const forged = `${signed.slice(0, signed.lastIndexOf('.') + 1)}${signed.at(-44) === 'A' ? 'B' : 'A'}${signed.slice(-43)}`;
    expect(verifiedToken(signed, context.secret)).toBe(await tokenOf(pat));
    expect(verifiedToken(forged, context.secret)).toBeNull();
    const cases = [
      { cookie: `${name}=${encodeURIComponent(forged)}` },
      { cookie: `${pat.cookie}; ${ada.cookie}` },
      {},
    ];
    for (const headers of cases) {
      expect(await sessions.signedIn(headers)).toEqual(await betterAuthSays(headers));
    }
    expect(await sessions.signedIn(cases[0]!)).toBeNull();
    expect(await sessions.signedIn(cases[2]!)).toBeNull();
    expect(leftToBetterAuth).toHaveLength(5);
  });

  it('leaves a session signed out, expired or due for extending to better-auth, which ends or extends it', async () => {
    const { db } = server.services.database;
    const { sessions, leftToBetterAuth } = lookUp();

    const leaving = await signInAnonymous(server.url, 'Leaving');
    // The trusted origin is the configured public address's (127.0.0.1).
    const origin = server.url.replace('localhost', '127.0.0.1');
    const signOut = await fetch(`${origin}/api/auth/sign-out`, {
      method: 'POST',
      headers: { origin, cookie: leaving.cookie, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(signOut.ok).toBe(true);
    leaving.close();
    expect(await sessions.signedIn({ cookie: leaving.cookie })).toBeNull();
    expect(leftToBetterAuth).toHaveLength(1);

    const expiring = await signInAnonymous(server.url, 'Expiring');
    const expiringToken = await tokenOf(expiring);
    await sql`update "session" set "expiresAt" = now() - interval '1 second' where token = ${expiringToken}`.execute(
      db,
    );
    expect(await sessions.signedIn({ cookie: expiring.cookie })).toBeNull();
    expect(leftToBetterAuth).toHaveLength(2);
    // better-auth deleted it, as it does.
    const { rows: left } = await sql`select 1 from "session" where token = ${expiringToken}`.execute(db);
    expect(left).toHaveLength(0);
    expiring.close();

    // A day left of seven: better-auth extends a session once a day of it has passed.
    const patToken = await tokenOf(pat);
    await sql`update "session" set "expiresAt" = now() + interval '1 day' where token = ${patToken}`.execute(
      db,
    );
    expect((await sessions.signedIn({ cookie: pat.cookie }))?.user.name).toBe('Pat');
    expect(leftToBetterAuth).toHaveLength(3);
    const { rows } = await sql<{ days: number }>`
      select extract(epoch from "expiresAt" - now()) / 86400 as days from "session" where token = ${patToken}`.execute(
      db,
    );
    expect(Number(rows[0]!.days)).toBeGreaterThan(6.9);
    // Extended: read the short way again.
    expect((await sessions.signedIn({ cookie: pat.cookie }))?.user.name).toBe('Pat');
    expect(leftToBetterAuth).toHaveLength(3);
  });
});

describe('sessions read ahead at start', () => {
  it("answer each cookie's first look-up without a read, within their window, until dropped", async () => {
    const { db } = server.services.database;
    let later = 0;
    const { sessions, leftToBetterAuth } = lookUp(() => Date.now() + later);
    const reader = await signInAnonymous(server.url, 'Reader');
    const cookie = { cookie: reader.cookie };
    const asBetterAuthSays = await betterAuthSays(cookie);
    const readerId = asBetterAuthSays!.user.id;
    const rename = (name: string) => sql`update "user" set name = ${name} where id = ${readerId}`.execute(db);
    const nameNow = async () => (await sessions.signedIn(cookie))?.user.name;

    expect(await sessions.readAhead([readerId, 'nobody'], 5_000)).toBe(1);
    await rename('Renamed');
    // The session as read ahead, without a read (the name it had then), once; then read again.
    expect(await sessions.signedIn(cookie)).toEqual(asBetterAuthSays);
    expect(await nameNow()).toBe('Renamed');

    await sessions.readAhead([readerId], 5_000);
    await rename('Dropped');
    sessions.dropAhead();
    expect(await nameNow()).toBe('Dropped');

    await sessions.readAhead([readerId], 5_000);
    await rename('Late');
    later = 5_000;
    expect(await nameNow()).toBe('Late');
    expect(leftToBetterAuth).toHaveLength(0);

    // An expired session is not read ahead.
    later = 0;
    await sql`update "session" set "expiresAt" = now() - interval '1 second' where "userId" = ${readerId}`.execute(
      db,
    );
    expect(await sessions.readAhead([readerId], 5_000)).toBe(0);
    reader.close();
  });
});

function answer(signedIn: SignedIn | null) {
  return (
    signedIn && {
      name: signedIn.user.name,
      email: signedIn.user.email,
      isAnonymous: signedIn.user.isAnonymous,
    }
  );
}
