import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { peekTarget, signUpFirstMessageId, takeTarget } from '../../src-client/features/auth/after-login';

/** Where a visitor sent to sign up first goes back to, and what they are told (spec, router behaviour). */
describe('the message of a visitor sent to sign up', () => {
  it.each([
    ['', 'dashboard.messLoginToAccess'],
    ['?tab=1', 'dashboard.messLoginToAccess'],
    ['?purchase=beergame', 'dashboard.messSignupToPurchase'],
    ['?template=classic', 'dashboard.messSignupToTemplate'],
    ['?template=classic&purchase=1', 'dashboard.messSignupToPurchase'],
    ['?startTrial=beergame', 'dashboard.messLoginToStartTrial'],
  ])('for the query %j is %s', (search, messageId) => {
    expect(signUpFirstMessageId(search)).toBe(messageId);
  });
});

describe('the remembered target', () => {
  const storage = new Map<string, string>();
  beforeEach(() => {
    vi.stubGlobal('sessionStorage', {
      getItem: (key: string) => storage.get(key) ?? null,
      setItem: (key: string, value: string) => storage.set(key, value),
      removeItem: (key: string) => storage.delete(key),
    });
  });
  afterEach(() => {
    storage.clear();
    vi.unstubAllGlobals();
  });

  it('is the address asked for, query and anchor included, once', () => {
    storage.set('afterLogin', '/dashboard/settings/profile?template=x#profile');
    expect(peekTarget()).toBe('/dashboard/settings/profile?template=x#profile');
    expect(takeTarget()).toBe('/dashboard/settings/profile?template=x#profile');
    expect(takeTarget()).toBe('/dashboard/intro');
  });

  it.each(['https://evil.example/', '//evil.example/', 'javascript:alert(1)'])(
    'is the dashboard instead of %s, which leaves the site',
    (target) => {
      storage.set('afterLogin', target);
      expect(takeTarget()).toBe('/dashboard/intro');
    },
  );
});
