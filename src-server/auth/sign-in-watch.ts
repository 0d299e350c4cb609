/**
 * Ends live subscriptions whose sign-in was revoked (signed out, revoked from another device, the
 * user deleted, expired). A subscription's sign-in was checked in full by better-auth when its
 * socket opened; what can change afterwards is only whether its session still stands.
 *
 * A session deleted through better-auth (a sign-out, a revocation, a deleted user) is announced at
 * once to every process (`ended`): each ends that session's subscriptions as it hears it, over the
 * bus every process of one PostgreSQL listens to (NOTIFY, live-feed.ts). The announcement carries
 * a digest of the token, never the token. What no announcement covers (an expiry, a message lost
 * while a process reconnects, a row deleted by hand) is caught by the check: every `everyMs` one
 * query asks the session table which watched sessions are still valid, for all sockets at once.
 */
import { createHash } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Tokens asked about in one query. */
const TOKENS_PER_QUERY = 1000;

/** How processes tell each other of a session that ended; absent on one process (the embedded database). */
export interface SignOutBus {
  publish(digest: string): void;
  subscribe(listener: (digest: string) => void): () => void;
}

/** How the bus names a session: a digest of its token. */
export const digestOf = (token: string) => createHash('sha256').update(token).digest('base64url');

export class SignInWatch {
  /** Session token → what to call when it is revoked. */
  private readonly watched = new Map<string, Set<() => void>>();
  /** The digest of each watched token, as the bus names it. */
  private readonly byDigest = new Map<string, string>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;
  private readonly unsubscribe: (() => void) | undefined;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly everyMs: number,
    private readonly bus?: SignOutBus,
  ) {
    this.unsubscribe = bus?.subscribe((digest) => {
      const token = this.byDigest.get(digest);
      if (token) this.revoke(token);
    });
  }

  /** Calls `onRevoked` once after the session of `token` stops being valid; returns the unwatch. */
  watch(token: string, onRevoked: () => void): () => void {
    let listeners = this.watched.get(token);
    if (!listeners) {
      listeners = new Set();
      this.watched.set(token, listeners);
      this.byDigest.set(digestOf(token), token);
    }
    listeners.add(onRevoked);
    this.timer ??= setInterval(() => void this.check(), this.everyMs).unref();
    const held = listeners;
    return () => {
      held.delete(onRevoked);
      if (held.size === 0 && this.watched.get(token) === held) this.forget(token);
      if (this.watched.size === 0) this.stop();
    };
  }

  /** The session of `token` ended (deleted through better-auth): its subscriptions end here and in every process. */
  ended(token: string): void {
    this.revoke(token);
    this.bus?.publish(digestOf(token));
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Stops listening to the other processes (the server closes). */
  close() {
    this.stop();
    this.unsubscribe?.();
  }

  private forget(token: string) {
    this.watched.delete(token);
    this.byDigest.delete(digestOf(token));
  }

  private revoke(token: string) {
    const listeners = this.watched.get(token);
    if (!listeners) return;
    this.forget(token);
    for (const onRevoked of listeners) onRevoked();
    if (this.watched.size === 0) this.stop();
  }

  /** One pass: every watched session not found valid is revoked. A failed query revokes nothing. */
  async check(): Promise<void> {
    if (this.checking) return;
    this.checking = true;
    try {
      const tokens = [...this.watched.keys()];
      for (let i = 0; i < tokens.length; i += TOKENS_PER_QUERY) {
        const asked = tokens.slice(i, i + TOKENS_PER_QUERY);
        const valid = await this.validTokens(asked).catch(() => null);
        if (!valid) continue;
        for (const token of asked) if (!valid.has(token)) this.revoke(token);
      }
      if (this.watched.size === 0) this.stop();
    } finally {
      this.checking = false;
    }
  }

  private async validTokens(tokens: string[]): Promise<Set<string>> {
    const { rows } = await sql<{ token: string }>`
      select token from "session" where token = any(${tokens}::text[]) and "expiresAt" > now()`.execute(
      this.db,
    );
    return new Set(rows.map((row) => row.token));
  }
}
