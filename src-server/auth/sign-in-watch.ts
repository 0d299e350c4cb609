/**
 * Ends live subscriptions whose sign-in was revoked (signed out elsewhere, expired, the user
 * deleted). A subscription's sign-in was checked in full by better-auth when its socket opened;
 * what can change afterwards is only whether its session still stands. So every `everyMs` one
 * query asks the session table which of the watched sessions are still valid, for all sockets at
 * once: a class of 1,000 costs one indexed query a minute, not 1,000 session look-ups.
 */
import { type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';

/** Tokens asked about in one query. */
const TOKENS_PER_QUERY = 1000;

export class SignInWatch {
  /** Session token → what to call when it is revoked. */
  private readonly watched = new Map<string, Set<() => void>>();
  private timer: NodeJS.Timeout | null = null;
  private checking = false;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly everyMs: number,
  ) {}

  /** Calls `onRevoked` once after the session of `token` stops being valid; returns the unwatch. */
  watch(token: string, onRevoked: () => void): () => void {
    const listeners = this.watched.get(token) ?? new Set();
    this.watched.set(token, listeners);
    listeners.add(onRevoked);
    this.timer ??= setInterval(() => void this.check(), this.everyMs).unref();
    return () => {
      listeners.delete(onRevoked);
      if (listeners.size === 0 && this.watched.get(token) === listeners) this.watched.delete(token);
      if (this.watched.size === 0) this.stop();
    };
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
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
        for (const token of asked) {
          if (valid.has(token)) continue;
          const listeners = this.watched.get(token);
          this.watched.delete(token);
          for (const onRevoked of listeners ?? []) onRevoked();
        }
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
