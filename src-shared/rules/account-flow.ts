/**
 * Where a person goes around signing in (spec point 2, routes `/signup`, `/login`, `/setup-account`,
 * and point 4, user states), as plain rules the pages call.
 */

/** What the rules need of the signed-in user. */
export interface AccountFacts {
  email: string | null;
  isAnonymous: boolean;
  profileType: string | null;
}

/** Where a signed-in user is sent: the set-up page or the dashboard's introduction. */
export type AccountDestination = 'setupAccount' | 'dashboardIntro';

/** A user with an e-mail account: anonymous players have none (spec point 6). */
const hasEmailAccount = (user: AccountFacts | null): user is AccountFacts =>
  user !== null && !user.isAnonymous && user.email !== null;

/** Whether the user still has the first sign-in's questions to answer. */
export const needsSetup = (user: AccountFacts | null): boolean => hasEmailAccount(user) && !user.profileType;

/**
 * A visitor of `/login` or `/signup` who is already signed in with an e-mail: where they go, and on
 * `/signup` the message saying they already are (spec point 8, `dashboard.errorAlreadyLoggedIn`).
 * Null: the page is theirs (nobody signed in, or an anonymous player).
 */
export function authPageRedirect(
  user: AccountFacts | null,
  page: 'login' | 'signup',
): { to: AccountDestination; messageId: string | null } | null {
  if (!hasEmailAccount(user)) return null;
  return {
    to: needsSetup(user) ? 'setupAccount' : 'dashboardIntro',
    messageId: page === 'signup' ? 'dashboard.errorAlreadyLoggedIn' : null,
  };
}

/**
 * Where `/setup-account` sends its visitor: nobody or an anonymous player to sign up, an account
 * already set up away (to where it was going), else null: the page is theirs.
 */
export function setupPageRedirect(user: AccountFacts | null): 'signup' | 'target' | null {
  if (!hasEmailAccount(user)) return 'signup';
  return needsSetup(user) ? null : 'target';
}

/**
 * An anonymous player seated in a game is asked to quit it before creating an account (spec point
 * 4, pending actions): signing up would otherwise leave a seat to a user who no longer exists.
 */
export const mustQuitBeforeSignUp = (user: AccountFacts | null, seated: boolean): boolean =>
  user?.isAnonymous === true && seated;

/**
 * The user menu's name (spec point 2): the first name, else the player name, else the account's
 * name (an account not set up yet, or an anonymous player's name as they joined), else anonymous
 * (null).
 */
export function userMenuName(user: {
  isAnonymous: boolean;
  name: string;
  firstname: string | null;
  playerName: string | null;
}): string | null {
  if (user.firstname) return user.firstname;
  if (user.playerName) return user.playerName;
  // An anonymous player's account is named 'Anonymous' until they give the name they play under.
  return user.name && !(user.isAnonymous && user.name === ANONYMOUS_NAME) ? user.name : null;
}

/** The name better-auth's anonymous plugin gives a player before they give theirs (auth.ts). */
export const ANONYMOUS_NAME = 'Anonymous';
