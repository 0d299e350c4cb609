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

/** How an instructor heard of the product (spec point 9, attribution choices); `other` says how in words. */
export const ATTRIBUTION_SOURCES = ['search', 'friend', 'social', 'ads', 'news', 'class', 'other'] as const;
export type AttributionSource = (typeof ATTRIBUTION_SOURCES)[number];
/** The words of an `other` attribution. */
export const ATTRIBUTION_OTHER_MAX = 200;

export const isAttributionSource = (value: unknown): value is AttributionSource =>
  typeof value === 'string' && (ATTRIBUTION_SOURCES as readonly string[]).includes(value);

/** Why the words of an `other` attribution are refused (they may be left empty), or null. */
export function checkAttributionOther(text: string): TextRefusal | null {
  return checkText(text, { min: 0, max: ATTRIBUTION_OTHER_MAX });
}

/**
 * Who the user is, asked at set-up (spec point 3, `profileType`): a user without one is sent to
 * `/setup-account` (spec, routes). The spec does not list the kinds; these are the product's.
 */
export const PROFILE_TYPES = ['teacher', 'trainer', 'researcher', 'student', 'other'] as const;
export type ProfileType = (typeof PROFILE_TYPES)[number];
export const isProfileType = (value: unknown): value is ProfileType =>
  typeof value === 'string' && (PROFILE_TYPES as readonly string[]).includes(value);

/** The games a user may name as the ones they mean to run (`favoriteGames`). */
export const FAVORITE_GAMES = ['beergame', 'leangame'] as const;
export type FavoriteGame = (typeof FAVORITE_GAMES)[number];

/** Whether `value` is a list of favourite games: known types, each once. */
export const isFavoriteGames = (value: unknown): value is FavoriteGame[] =>
  Array.isArray(value) &&
  value.every((game) => (FAVORITE_GAMES as readonly unknown[]).includes(game)) &&
  new Set(value).size === value.length;

/** A first or last name: a person's name's rules, shorter (the two make the account's name). */
export const NAME_PART_MAX = 40;

/** Why a first or last name is refused, or null when it is fine. */
export function checkNamePart(name: string): TextRefusal | null {
  return checkText(name, { max: NAME_PART_MAX });
}

/** The account's display name of a first and a last name. */
export const fullName = (firstname: string, lastname: string): string =>
  `${firstname.trim()} ${lastname.trim()}`.trim();
/** What deleting an account sends: its address typed again and, for a password account, the password. */
export const ACCOUNT_EMAIL_MAX = 320;
export const ACCOUNT_PASSWORD_MAX = 128;
