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
