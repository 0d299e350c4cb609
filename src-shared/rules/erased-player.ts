/**
 * The name shown for a player whose account no longer exists (deleted: docs/accounts.md, "Your
 * data"). A game's events name people by user id only; names live in user records, so deleting the
 * record erases the name everywhere at once. What remains is this pseudonym: the translated word
 * (`account.yourData.erasedPlayer`, "Player {tag}") and a tag derived from the id, the same on every page
 * and export, so the rows of one former player still read as one person.
 */

/** The message of the pseudonym, with `{tag}` for the id's tag. */
export const ERASED_PLAYER_MESSAGE = 'account.yourData.erasedPlayer';

/** Four hexadecimal characters of the id's FNV-1a hash: stable, short, and not the id itself. */
export function erasedPlayerTag(userId: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < userId.length; i++) {
    hash ^= userId.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return (hash >>> 16).toString(16).padStart(4, '0');
}

/** The pseudonym of `userId` in the words of `template` (the message, e.g. "Player {tag}"). */
export function erasedPlayerName(userId: string, template: string): string {
  return template.replace('{tag}', erasedPlayerTag(userId));
}
