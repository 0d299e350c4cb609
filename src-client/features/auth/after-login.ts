import { paths } from '../../paths';

const AFTER_LOGIN_KEY = 'afterLogin';

/**
 * Remembers where a visitor was going (path, query and anchor), to take them there once signed in
 * (spec, /dashboard).
 */
export const rememberTarget = (path: string) => sessionStorage.setItem(AFTER_LOGIN_KEY, path);

/** Where a signed-in visitor goes: the remembered page, else the dashboard. */
export function peekTarget(): string {
  const target = sessionStorage.getItem(AFTER_LOGIN_KEY);
  return target?.startsWith('/') && !target.startsWith('//') ? target : paths.dashboard();
}

/** Where to go once signed in: the remembered page, once, else the dashboard. */
export function takeTarget(): string {
  const target = peekTarget();
  sessionStorage.removeItem(AFTER_LOGIN_KEY);
  return target;
}

/**
 * The message a visitor sent to sign up first reads (spec, router behaviour and point 8): a
 * team's join link, a purchase or a template in the address they asked for says what signing up leads to.
 */
export function signUpFirstMessageId(search: string): string {
  const query = new URLSearchParams(search);
  if (query.has('joinTeam')) return 'dashboard.messSignupToJoinTeam';
  if (query.has('purchase')) return 'dashboard.messSignupToPurchase';
  if (query.has('template')) return 'dashboard.messSignupToTemplate';
  if (query.has('startTrial')) return 'dashboard.messLoginToStartTrial';
  return 'dashboard.messLoginToAccess';
}
