import { checkUserName, USER_NAME_MAX } from '../api/account';

/** The providers one may sign in with besides a password (spec point 7), when the server has them. */
export const SOCIAL_PROVIDERS = ['google', 'microsoft'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export const isSocialProvider = (id: unknown): id is SocialProvider =>
  (SOCIAL_PROVIDERS as readonly unknown[]).includes(id);

/** Where a person goes after a Google or Microsoft sign-in that created their account. */
export const NEW_SOCIAL_USER_PATH = '/setup-account';

/** Control characters, line breaks and lone surrogates: what a name may not hold (text-rules.ts). */
const UNUSABLE = /[\p{Cc}\p{Cs}\u2028\u2029]+/gu;

/** `text` made a usable name: unusable characters as spaces, spaces collapsed, cut to the maximum. */
function tidy(text: string): string {
  const spaced = text.replace(UNUSABLE, ' ').replace(/\s+/g, ' ').trim();
  // Cut whole characters, so that no surrogate pair is split in two.
  let cut = '';
  for (const character of spaced) {
    if (cut.length + character.length > USER_NAME_MAX) break;
    cut += character;
  }
  return cut.trim();
}

/**
 * The name an account made by a Google or Microsoft sign-in starts with: the provider's, made to
 * pass the rules of a name typed at sign-up, else the e-mail address's local part; a provider's
 * name is the person's to change, never a reason to refuse their sign-in.
 */
export function socialUserName(name: unknown, email: string): string {
  for (const candidate of [typeof name === 'string' ? name : '', email.split('@')[0] ?? '', email]) {
    const tidied = tidy(candidate);
    if (!checkUserName(tidied)) return tidied;
  }
  return '?';
}
