import { authClient } from '../auth';

export interface CurrentUser {
  id: string;
  name: string;
  email: string | null;
  isAnonymous: boolean;
}

/** The signed-in user (null when signed out) and whether the session is still loading. */
export function useCurrentUser(): { user: CurrentUser | null; pending: boolean } {
  const session = authClient.useSession();
  const raw = session.data?.user as (CurrentUser & { isAnonymous?: boolean | null }) | undefined;
  if (!raw) return { user: null, pending: session.isPending };
  const isAnonymous = raw.isAnonymous === true;
  return {
    user: { id: raw.id, name: raw.name, email: isAnonymous ? null : raw.email, isAnonymous },
    pending: false,
  };
}
