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
