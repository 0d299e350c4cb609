import { anonymousClient, inferAdditionalFields } from 'better-auth/client/plugins';
import { createAuthClient } from 'better-auth/react';
import { USER_FIELDS } from '../src-shared/api/user-fields';

/**
 * better-auth's client, loaded only when someone signs in, up or out or changes their profile
 * (src-client/auth.ts): a player's pages read the session without it. The profile's fields are the
 * user's additional fields of src-server/auth/auth.ts.
 */
export const betterAuthClient = createAuthClient({
  plugins: [anonymousClient(), inferAdditionalFields({ user: USER_FIELDS })],
});
