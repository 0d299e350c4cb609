import { anonymousClient } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';

/**
 * better-auth's client, loaded only when someone signs in, up or out or renames themselves
 * (src-client/auth.ts): a player's pages read the session without it.
 */
export const betterAuthClient = createAuthClient({ plugins: [anonymousClient()] });
