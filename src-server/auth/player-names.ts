/**
 * Players' display names as the live views show them, shared by the subscriptions of a process:
 * a game's four players (and its creator) reconnecting together ask for the same names, and a
 * class of 1,000 coming back after a restart asked the database 1,000 times for 250 games' names.
 * An answer serves for `ttlMs`; a rename through /api/auth in this process forgets them all at once
 * (`forgetAll`), one made through another process shows within `ttlMs`. A view keeps the names it
 * was given until its players change, as before: this only spares the look-ups.
 */
import type { Locale } from '../../src-shared/rules/locale';

/** Answers remembered at most; the oldest go first. */
const MAX_ENTRIES = 20_000;

type Names = Record<string, string>;

export class PlayerNames {
  private readonly entries = new Map<string, { until: number; names: Promise<Names> }>();

  constructor(
    /** The names as stored now (auth.ts `displayNames`). */
    private readonly lookUp: (userIds: readonly string[], locale: Locale) => Promise<Names>,
    private readonly ttlMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  /** The names of `userIds` (in `locale`'s words for an erased account). */
  of(userIds: readonly string[], locale: Locale): Promise<Names> {
    const key = `${locale} ${userIds.join()}`;
    const known = this.entries.get(key);
    if (known && known.until > this.now()) return known.names;
    const names = this.lookUp(userIds, locale);
    const entry = { until: this.now() + this.ttlMs, names };
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // A failed look-up is not remembered: the next view asks again.
    names.catch(() => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    });
    return names;
  }

  /** Someone renamed themselves (or left): every answer is looked up afresh. */
  forgetAll(): void {
    this.entries.clear();
  }
}
