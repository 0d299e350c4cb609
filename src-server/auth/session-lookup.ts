/**
 * Who a request's session cookie signs in, read the short way when nothing is to be done but
 * reading: the cookie's signature checked with node:crypto, and the session with its user read in
 * one query shared by every cookie that arrived in the same turn of the event loop.
 *
 * Why: a class reconnecting after a restart brings 1,000 cookies within a second or two, each
 * through better-auth's whole endpoint (its request context, WebCrypto, its adapter, one query
 * each): about a quarter of the restarted process's CPU (issue 29, docs/benchmarks.md).
 *
 * Only a plain answer is taken this way: a valid session that is not due for better-auth's refresh
 * of its expiry. Anything else (no cookie, a bad signature, a session not found, expired or due
 * for refresh, the cookie named twice) goes to `fallback`, better-auth itself, which decides,
 * deletes and refreshes as it always did.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { parseCookies } from 'better-auth/cookies';
import { type Kysely, sql } from 'kysely';
import { batchedLoader, type Loader } from '../db/batched-loader';
import type { Database } from '../db/schema';
import { isDatabaseUnreachable } from '../db/unreachable';
import { signedInAs, type UserRecord } from './auth';
import type { SignedIn } from './session-cache';

export interface SessionCookieSettings {
  /** The session cookie's name, its `__Secure-` prefix included when served over HTTPS. */
  cookieName: string;
  /** The auth secret that signs the cookie. */
  secret: string;
  /** better-auth's session lifetime and the age after which it extends it, in seconds. */
  expiresInSeconds: number;
  updateAgeSeconds: number;
}

interface SessionRow extends UserRecord {
  token: string;
  expiresAt: Date;
}

/** The token a signed cookie value carries when its signature is right, else null. */
export function verifiedToken(signedValue: string, secret: string): string | null {
  const dot = signedValue.lastIndexOf('.');
  if (dot < 1) return null;
  const signature = signedValue.slice(dot + 1);
  // better-call writes a standard base64 HMAC-SHA256: 44 characters, padded.
  if (signature.length !== 44 || !signature.endsWith('=')) return null;
  const token = signedValue.slice(0, dot);
  const expected = createHmac('sha256', secret).update(token).digest();
  const given = Buffer.from(signature, 'base64');
  return given.length === expected.length && timingSafeEqual(given, expected) ? token : null;
}

const SESSION_COLUMNS = sql`s."token", s."expiresAt", u."id", u."name", u."email", u."emailVerified", u."isAnonymous"`;

export class SessionLookUp {
  private settingsRead?: Promise<SessionCookieSettings>;
  /** A session with its user, read with the other cookies of this turn. */
  private readonly read: Loader<string, SessionRow>;
  /** Sessions read before the process served (`readAhead`), each taken by its first look-up. */
  private ahead = new Map<string, SessionRow>();
  private aheadUntil = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly settings: () => Promise<SessionCookieSettings>,
    private readonly fallback: (headers: IncomingHttpHeaders) => Promise<SignedIn | null>,
    private readonly now: () => number = Date.now,
  ) {
    this.read = batchedLoader(async (tokens) => {
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
          from "session" s join "user" u on u."id" = s."userId"
         where s."token" in (${sql.join(tokens)})`.execute(db);
      return new Map(rows.map((row) => [row.token, row]));
    });
  }

  /**
   * Reads the standing sessions of `userIds` in one query, each to answer its cookie's first
   * look-up within `forMs`: a class reconnecting after a restart, whose handshakes the process
   * accepts one per turn of its event loop, each asked for its session in a query of its own.
   * `dropAhead` forgets them all (anything signed out, renamed or deleted meanwhile).
   */
  async readAhead(userIds: readonly string[], forMs: number): Promise<number> {
    const ahead = new Map<string, SessionRow>();
    for (let start = 0; start < userIds.length; start += 1000) {
      const { rows } = await sql<SessionRow>`
        select ${SESSION_COLUMNS}
          from "session" s join "user" u on u."id" = s."userId"
         where s."userId" in (${sql.join(userIds.slice(start, start + 1000))})
           and s."expiresAt" > ${new Date(this.now())}`.execute(this.db);
      for (const row of rows) ahead.set(row.token, row);
    }
    this.ahead = ahead;
    this.aheadUntil = this.now() + forMs;
    return ahead.size;
  }

  /** The sessions read ahead serve no more: each is read again when asked for. */
  dropAhead(): void {
    this.ahead = new Map();
  }

  private takeAhead(token: string): SessionRow | undefined {
    if (this.ahead.size === 0) return undefined;
    if (this.now() >= this.aheadUntil) {
      this.dropAhead();
      return undefined;
    }
    const row = this.ahead.get(token);
    this.ahead.delete(token);
    return row;
  }

  async signedIn(headers: IncomingHttpHeaders): Promise<SignedIn | null> {
    const cookie = headers.cookie;
    if (!cookie) return this.fallback(headers);
    this.settingsRead ??= this.settings();
    const settings = await this.settingsRead;
    // Two cookies of the name: better-auth's own parser decides which one counts.
    if (cookie.split(`${settings.cookieName}=`).length !== 2) return this.fallback(headers);
    const signedValue = parseCookies(cookie).get(settings.cookieName);
    const token = signedValue ? verifiedToken(signedValue, settings.secret) : null;
    if (!token) return this.fallback(headers);
    // Not found, or a read that failed otherwise: better-auth answers (and reports a failure) as
    // always. The database away: the call is refused as such (errors.databaseReconnecting, which the
    // page retries), where better-auth would answer an unexplained failure.
    const row =
      this.takeAhead(token) ??
      (await this.read(token).catch((error: unknown) => {
        if (isDatabaseUnreachable(error)) throw error;
        return undefined;
      }));
    if (!row) return this.fallback(headers);
    const expiresAt = row.expiresAt.getTime();
    const dueForRefresh =
      expiresAt - settings.expiresInSeconds * 1000 + settings.updateAgeSeconds * 1000 <= this.now();
    if (expiresAt <= this.now() || dueForRefresh) return this.fallback(headers);
    return signedInAs(row, row.token);
  }
}
