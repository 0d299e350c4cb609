/** better-auth's error codes we translate; anything else shows the generic message. */
const KNOWN_AUTH_ERRORS = new Set([
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
]);

export function authErrorMessageId(error: { code?: string | undefined } | null | undefined): string {
  const code = error?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' ? 'USER_ALREADY_EXISTS' : error?.code;
  return code && KNOWN_AUTH_ERRORS.has(code) ? `auth.error.${code}` : 'auth.error.generic';
}
