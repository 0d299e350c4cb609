import { authClient, authErrorMessageId } from '../../auth';

/**
 * Before a visitor takes a seat: signs them in anonymously if they are not signed in, and names
 * their user record `playerName` (seats show the user's name). Returns the refusal's message id,
 * or null once done; a failed anonymous sign-in throws.
 */
export async function signInAs(
  user: { name: string } | null | undefined,
  playerName: string,
): Promise<string | null> {
  if (!user) {
    const signIn = await authClient.signIn.anonymous();
    if (signIn.error) throw new Error('sign-in');
  }
  if (playerName === user?.name) return null;
  const renamed = await authClient.updateUser({ name: playerName.trim() });
  return renamed.error ? authErrorMessageId(renamed.error) : null;
}
