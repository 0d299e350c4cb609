/**
 * The loading redirect (spec point 2, route `/loading`): where a user lands after it. A `to` path
 * the query names wins when it is a path of this site (one leading slash, no scheme, no host, no
 * backslash, no control character): anything else could send the user to another site (an open
 * redirect) and is ignored. Otherwise a signed-in instructor goes to the dashboard, anyone else home.
 */

export interface LoadingFacts {
  /** The `to` query parameter, as given (null: none). */
  to: string | null;
  /** The user is signed in with an e-mail account (an instructor). */
  instructor: boolean;
}

export const LOADING_HOME = '/';
export const LOADING_DASHBOARD = '/dashboard';

/** A path of this site: `/` then anything that cannot be read as another origin. */
export function isLocalPath(to: string): boolean {
  if (to.length === 0 || to.length > 2000) return false;
  if (!to.startsWith('/')) return false;
  // `//host` and `/\host` are protocol-relative addresses to browsers.
  if (to.startsWith('//') || to.startsWith('/\\')) return false;
  for (let i = 0; i < to.length; i++) {
    const code = to.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || to[i] === '\\') return false;
  }
  // `/loading?to=/loading` would never leave the page.
  return !/^\/loading(?:[/?#]|$)/.test(to);
}

export function loadingTarget(facts: LoadingFacts): string {
  if (facts.to !== null && isLocalPath(facts.to)) return facts.to;
  return facts.instructor ? LOADING_DASHBOARD : LOADING_HOME;
}
