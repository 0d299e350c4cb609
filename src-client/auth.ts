import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

export const authClient = createAuthClient({ plugins: [anonymousClient()] });

export interface CurrentUser {
  id: string;
  name: string;
  email: string | null;
  isAnonymous: boolean;
}

/** The signed-in user (null when signed out) and whether signing in is still being checked. */
export function useCurrentUser(): { user: CurrentUser | null; pending: boolean } {
  const { data, isPending } = authClient.useSession();
  const raw = data?.user as (CurrentUser & { isAnonymous?: boolean | null }) | undefined;
  if (!raw) return { user: null, pending: isPending };
  const isAnonymous = raw.isAnonymous === true;
  return {
    user: { id: raw.id, name: raw.name, email: isAnonymous ? null : raw.email, isAnonymous },
    pending: false,
  };
}

/** better-auth's error codes (and those of our rules in front of it) we translate; anything else shows the generic message. */
const KNOWN_AUTH_ERRORS = new Set([
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'NAME_INVALID',
  'TOO_MANY_ATTEMPTS',
]);

export function authErrorMessageId(error: { code?: string | undefined } | null | undefined): string {
  const code = error?.code === 'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL' ? 'USER_ALREADY_EXISTS' : error?.code;
  return code && KNOWN_AUTH_ERRORS.has(code) ? `auth.error.${code}` : 'auth.error.generic';
}
