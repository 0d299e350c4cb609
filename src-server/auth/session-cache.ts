/**
 * Who a request is signed in as, remembered per cookie for `ttlMs`: a class ordering every few
 * seconds would otherwise run better-auth's whole session look-up (cookie signature, a database
 * read, a response object) on every order. Concurrent requests with one cookie share one look-up.
 *
 * Freshness: a sign-out, a name change or any other change made through /api/auth/* in this
 * process forgets the cookie at once (`forget`, called before and after each such request); a
 * session revoked through another process, or expired, is noticed within `ttlMs`. Only a signed-in
 * answer is remembered: a cookie that signs nobody in is looked up again each time.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { SessionUser } from './auth';

export interface SignedIn {
  user: SessionUser;
  /** Never sent to a page. */
  sessionToken: string;
}

/** Cookies remembered at most; the oldest go first. */
const MAX_ENTRIES = 50_000;

export class SessionCache {
  private readonly entries = new Map<string, { until: number; signedIn: Promise<SignedIn | null> }>();
  private readonly forgetting: Array<() => void> = [];

  constructor(
    private readonly lookUp: (headers: IncomingHttpHeaders) => Promise<SignedIn | null>,
    private readonly ttlMs: number,
    private readonly now: () => number = performance.now.bind(performance),
  ) {}

  signedIn(headers: IncomingHttpHeaders): Promise<SignedIn | null> {
    const cookie = headers.cookie;
    if (!cookie || this.ttlMs <= 0) return this.lookUp(headers);
    const cached = this.entries.get(cookie);
    if (cached && cached.until > this.now()) return cached.signedIn;
    const signedIn = this.lookUp(headers);
    const entry = { until: this.now() + this.ttlMs, signedIn };
    this.entries.delete(cookie);
    this.entries.set(cookie, entry);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
    // Nobody signed in, or the look-up failed: not remembered.
    const drop = () => {
      if (this.entries.get(cookie) === entry) this.entries.delete(cookie);
    };
    signedIn.then((answer) => answer ?? drop(), drop);
    return signedIn;
  }

  /**
   * Calls `listener` whenever something is forgotten: what the look-up itself keeps (sessions read
   * ahead at start) is dropped with it.
   */
  onForget(listener: () => void): void {
    this.forgetting.push(listener);
  }

  private forgot(): void {
    for (const listener of this.forgetting) listener();
  }

  /** The next request with these cookies is looked up afresh. */
  forget(headers: IncomingHttpHeaders): void {
    this.forgot();
    if (headers.cookie) this.entries.delete(headers.cookie);
  }

  /** Every cookie whose session `ended` names is looked up afresh (signed out, here or in another process). */
  async forgetSessions(ended: (sessionToken: string) => boolean): Promise<void> {
    this.forgot();
    const entries = [...this.entries];
    const answers = await Promise.all(entries.map(([, entry]) => entry.signedIn.catch(() => null)));
    for (const [i, [cookie, entry]] of entries.entries()) {
      const token = answers[i]?.sessionToken;
      if (token !== undefined && ended(token) && this.entries.get(cookie) === entry)
        this.entries.delete(cookie);
    }
  }

  /** Every cookie that signed `userId` in is looked up afresh (the user was deleted, on any device). */
  async forgetUser(userId: string): Promise<void> {
    this.forgot();
    const entries = [...this.entries];
    const answers = await Promise.all(entries.map(([, entry]) => entry.signedIn.catch(() => null)));
    for (const [i, [cookie, entry]] of entries.entries())
      if (answers[i]?.user.id === userId && this.entries.get(cookie) === entry) this.entries.delete(cookie);
  }
}
