/**
 * A fixed-window counter kept in this process's memory, for what one WebSocket does (its calls,
 * its join-code look-ups): the socket lives in one process, so no database round trip per call.
 */
import type { RateLimit } from '../config';
import type { RateDecision } from './rate-limiter';

export class WindowCount {
  private start = Number.NEGATIVE_INFINITY;
  private count = 0;

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts `cost` more and says whether the window allows it, with the seconds until it ends. */
  hit(cost = 1): RateDecision {
    const now = this.now();
    const windowMs = this.limit.windowSeconds * 1000;
    if (now - this.start >= windowMs) {
      this.start = now;
      this.count = 0;
    }
    this.count += cost;
    return {
      allowed: this.count <= this.limit.max,
      count: this.count,
      retryAfterSeconds: Math.max(1, Math.ceil((this.start + windowMs - now) / 1000)),
    };
  }
}
