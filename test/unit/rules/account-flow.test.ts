import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountFacts,
  ANONYMOUS_NAME,
  authPageRedirect,
  mustQuitBeforeSignUp,
  needsSetup,
  setupPageRedirect,
  userMenuName,
} from '../../../src-shared/rules/account-flow';

const instructor = (profileType: string | null): AccountFacts => ({
  email: 'ada@example.org',
  isAnonymous: false,
  profileType,
});
const player: AccountFacts = { email: null, isAnonymous: true, profileType: null };

/** Spec point 2, routes /signup and /login, and point 8, `dashboard.errorAlreadyLoggedIn`. */
describe('a visitor of the log-in and sign-up pages', () => {
  it('stays when nobody is signed in, or an anonymous player', () => {
    for (const page of ['login', 'signup'] as const) {
      expect(authPageRedirect(null, page)).toBeNull();
      expect(authPageRedirect(player, page)).toBeNull();
    }
  });

  it('goes to the dashboard with a profile type, to the set-up without one', () => {
    expect(authPageRedirect(instructor('teacher'), 'login')).toEqual({
      to: 'dashboardIntro',
      messageId: null,
    });
    expect(authPageRedirect(instructor(null), 'login')).toEqual({ to: 'setupAccount', messageId: null });
    expect(authPageRedirect(instructor(''), 'login')).toEqual({ to: 'setupAccount', messageId: null });
  });

  it('is told on the sign-up page that they are already logged in', () => {
    expect(authPageRedirect(instructor('trainer'), 'signup')).toEqual({
      to: 'dashboardIntro',
      messageId: 'dashboard.errorAlreadyLoggedIn',
    });
    expect(authPageRedirect(instructor(null), 'signup')?.messageId).toBe('dashboard.errorAlreadyLoggedIn');
  });
});

describe('the set-up page', () => {
  it('is for accounts with an e-mail and no profile type', () => {
    expect(setupPageRedirect(null)).toBe('signup');
    expect(setupPageRedirect(player)).toBe('signup');
    expect(setupPageRedirect(instructor(null))).toBeNull();
    expect(setupPageRedirect(instructor('student'))).toBe('target');
    expect(needsSetup(instructor(null))).toBe(true);
    expect(needsSetup(instructor('other'))).toBe(false);
    expect(needsSetup(player)).toBe(false);
  });
});

/** Spec point 4, pending actions: an anonymous user is first asked to quit their game. */
describe('quitting before signing up', () => {
  it('is asked of a seated anonymous player only', () => {
    expect(mustQuitBeforeSignUp(player, true)).toBe(true);
    expect(mustQuitBeforeSignUp(player, false)).toBe(false);
    expect(mustQuitBeforeSignUp(instructor('teacher'), true)).toBe(false);
    expect(mustQuitBeforeSignUp(null, true)).toBe(false);
  });
});

/** Spec point 2: the first name, else the player name, else anonymous. */
describe("the user menu's name", () => {
  const user = (fields: Partial<Parameters<typeof userMenuName>[0]>) => ({
    isAnonymous: false,
    name: 'Ada Lovelace',
    firstname: null,
    playerName: null,
    ...fields,
  });
  it('prefers the first name, then the player name, then the account name', () => {
    expect(userMenuName(user({ firstname: 'Ada', playerName: 'Countess' }))).toBe('Ada');
    expect(userMenuName(user({ playerName: 'Countess' }))).toBe('Countess');
    expect(userMenuName(user({}))).toBe('Ada Lovelace');
  });
  it("is anonymous for a player who gave no name, never the placeholder's", () => {
    expect(userMenuName(user({ isAnonymous: true, name: ANONYMOUS_NAME }))).toBeNull();
    expect(userMenuName(user({ isAnonymous: true, name: 'Riley' }))).toBe('Riley');
  });
  it('is never empty', () => {
    fc.assert(
      fc.property(
        fc.record({
          isAnonymous: fc.boolean(),
          name: fc.string(),
          firstname: fc.option(fc.string({ minLength: 1 })),
          playerName: fc.option(fc.string({ minLength: 1 })),
        }),
        (u) => userMenuName(u) !== '',
      ),
    );
  });
});
