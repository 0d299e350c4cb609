/**
 * The links of the product's e-mails (spec route `/auth-action`: "Handles e-mail actions (verify
 * e-mail, password reset)"): `/auth-action?mode=<mode>&code=<code>`. The server writes them into
 * mails, the page reads them back; both through these two functions.
 */
export const AUTH_ACTION_PATH = '/auth-action';

/** The actions a mail's link leads to. */
export const AUTH_ACTION_MODES = ['resetPassword', 'verifyEmail'] as const;
export type AuthActionMode = (typeof AUTH_ACTION_MODES)[number];

/**
 * Codes as better-auth makes them, bounded so a mangled link is refused early: a reset code is
 * letters and digits; a verification code is a signed token (a JWT: three base64url parts).
 */
const CODES: Record<AuthActionMode, RegExp> = {
  resetPassword: /^[A-Za-z0-9_-]{8,128}$/,
  verifyEmail: /^(?=.{20,2048}$)[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/,
};

/** The absolute link of an action, on the product's public address. */
export function authActionLink(publicUrl: string, mode: AuthActionMode, code: string): string {
  const url = new URL(AUTH_ACTION_PATH, publicUrl);
  url.searchParams.set('mode', mode);
  url.searchParams.set('code', code);
  return url.href;
}

/** The action of a page's query string, or null when its mode is unknown or its code malformed. */
export function readAuthAction(search: string): { mode: AuthActionMode; code: string } | null {
  const query = new URLSearchParams(search);
  const mode = query.get('mode');
  const code = query.get('code');
  if (
    !AUTH_ACTION_MODES.includes(mode as AuthActionMode) ||
    !code ||
    !CODES[mode as AuthActionMode].test(code)
  )
    return null;
  return { mode: mode as AuthActionMode, code };
}
