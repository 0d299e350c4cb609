/**
 * Rate limits whose counters live in the database, so that every server process on one database
 * shares them: a fixed window per key, counted by one atomic upsert.
 */
import { type Kysely, sql } from 'kysely';
import type { RateLimit } from '../config';
import type { Database } from '../db/schema';

export interface RateDecision {
  allowed: boolean;
  /** What the window has counted, this attempt included. */
  count: number;
  /** Seconds until the window ends (when a refused caller may try again). */
  retryAfterSeconds: number;
}

/** Old windows are deleted now and then (one call in this many). */
const CLEANUP_EVERY = 500;

export class RateLimiter {
  private calls = 0;

  constructor(private readonly db: Kysely<Database>) {}

  /** Counts `cost` more for `key` (one by default) and says whether it is within `limit`. */
  async hit(key: string, limit: RateLimit, cost = 1): Promise<RateDecision> {
    // Now and then, without keeping this request waiting (a failed cleanup is tried again later).
    if (++this.calls % CLEANUP_EVERY === 0) this.cleanup().catch(() => undefined);
    const window = sql`make_interval(secs => ${limit.windowSeconds})`;
    const result = await sql<{ count: number; retry: number }>`
      insert into rate_limits as r (key, window_start, count) values (${key}, now(), ${cost})
      on conflict (key) do update set
        window_start = case when r.window_start <= now() - ${window} then now() else r.window_start end,
        count = case when r.window_start <= now() - ${window} then ${cost} else r.count + ${cost} end
      returning count, ceil(extract(epoch from (window_start + ${window} - now())))::integer as retry`.execute(
      this.db,
    );
    const row = result.rows[0]!;
    return { allowed: row.count <= limit.max, count: row.count, retryAfterSeconds: Math.max(1, row.retry) };
  }

  /** Takes back `cost` counts of `key` (an attempt that turned out not to count, such as a right password). */
  async giveBack(key: string, cost = 1): Promise<void> {
    await this.db
      .updateTable('rate_limits')
      .set({ count: sql`greatest(count - ${cost}, 0)` })
      .where('key', '=', key)
      .execute();
  }

  private async cleanup(): Promise<void> {
    await sql`delete from rate_limits where window_start < now() - interval '1 day'`.execute(this.db);
  }
}
