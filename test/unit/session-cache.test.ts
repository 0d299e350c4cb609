import { describe, expect, it } from 'vitest';
import { SessionCache, type SignedIn } from '../../src-server/auth/session-cache';

const ada: SignedIn = {
  user: { id: 'u1', name: 'Ada', email: null, isAnonymous: true, emailVerified: false },
  sessionToken: 't1',
};

/** A cache over a counted look-up that answers `answer`, on a clock the test moves. */
function setUp(answer: () => Promise<SignedIn | null>) {
  let now = 0;
  let lookUps = 0;
  const cache = new SessionCache(
    () => {
      lookUps++;
      return answer();
    },
    30_000,
    () => now,
  );
  return {
    cache,
    lookUps: () => lookUps,
    wait: (ms: number) => {
      now += ms;
    },
  };
}
const cookie = { cookie: 'better-auth.session_token=abc.sig' };

describe('session cache', () => {
  it('looks a cookie up once for concurrent and close requests, again after its time', async () => {
    const { cache, lookUps, wait } = setUp(async () => ada);
    const answers = await Promise.all([cache.signedIn(cookie), cache.signedIn(cookie)]);
    expect(answers).toEqual([ada, ada]);
    wait(29_999);
    await cache.signedIn(cookie);
    expect(lookUps()).toBe(1);
    wait(1);
    await cache.signedIn(cookie);
    expect(lookUps()).toBe(2);
  });

  it('looks up afresh after forget (a sign-out through this process)', async () => {
    const { cache, lookUps } = setUp(async () => ada);
    await cache.signedIn(cookie);
    cache.forget(cookie);
    await cache.signedIn(cookie);
    expect(lookUps()).toBe(2);
  });

  it('looks up afresh every cookie of a user forgotten (an account deleted), and only theirs', async () => {
    const ben: SignedIn = { user: { ...ada.user, id: 'u2' }, sessionToken: 't2' };
    const phone = { cookie: 'better-auth.session_token=phone.sig' };
    const bens = { cookie: 'better-auth.session_token=ben.sig' };
    const lookedUp: string[] = [];
    const cache = new SessionCache(
      async (headers) => {
        lookedUp.push(headers.cookie!);
        return headers === bens ? ben : ada;
      },
      30_000,
      () => 0,
    );
    for (const headers of [cookie, phone, bens]) await cache.signedIn(headers);
    await cache.forgetUser('u1');
    for (const headers of [cookie, phone, bens]) await cache.signedIn(headers);
    expect(lookedUp).toEqual([cookie, phone, bens, cookie, phone].map((h) => h.cookie));
  });

  it("tells its listeners whenever it forgets, whatever it forgets (the look-up's own sessions read ahead go too)", async () => {
    const { cache } = setUp(async () => ada);
    let told = 0;
    cache.onForget(() => told++);
    await cache.signedIn(cookie);
    expect(told).toBe(0);
    cache.forget({});
    await cache.forgetSessions((token) => token === 'someone else');
    await cache.forgetUser('nobody');
    expect(told).toBe(3);
  });

  it('never remembers nobody, a failure, or a request without cookies', async () => {
    let answer: () => Promise<SignedIn | null> = async () => null;
    const { cache, lookUps } = setUp(() => answer());
    expect(await cache.signedIn(cookie)).toBeNull();
    answer = () => Promise.reject(new Error('database down'));
    await expect(cache.signedIn(cookie)).rejects.toThrow('database down');
    answer = async () => ada;
    expect(await cache.signedIn(cookie)).toEqual(ada);
    await cache.signedIn({});
    await cache.signedIn({});
    expect(lookUps()).toBe(5);
  });
});
