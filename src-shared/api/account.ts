/**
 * Inputs about people: the names on accounts and seats. The checks are plain functions, so that the
 * player's pages use them without zod; src-shared/api/inputs.ts builds the server's schemas on them.
 */
import { checkText, type TextRefusal } from './text-rules';

export type { TextRefusal } from './text-rules';

/** A person's name on their account: what seats and lists show. */
export const USER_NAME_MAX = 80;
/** A player's name on a seat (spec: 40 characters at most). */
export const PLAYER_NAME_MAX = 40;

/** Why a player's name is refused (empty, too long, unusable characters), or null when it is fine. */
export function checkPlayerName(name: string): TextRefusal | null {
  return checkText(name, { max: PLAYER_NAME_MAX });
}

/** Why an account's name is refused, or null when it is fine. */
export function checkUserName(name: string): TextRefusal | null {
  return checkText(name, { max: USER_NAME_MAX });
}
