import { paths } from '../../paths';

const AFTER_LOGIN_KEY = 'afterLogin';

/** Remembers where a visitor was going, to take them there once signed in (spec, /dashboard). */
export const rememberTarget = (path: string) => sessionStorage.setItem(AFTER_LOGIN_KEY, path);

/** Where to go once signed in: the remembered page, once, else the dashboard. */
export function takeTarget(): string {
  const target = sessionStorage.getItem(AFTER_LOGIN_KEY);
  sessionStorage.removeItem(AFTER_LOGIN_KEY);
  return target?.startsWith('/') ? target : paths.dashboard();
}
