/**
 * The rules better-auth applies to what people type into their accounts, from the same input
 * boundary as every procedure (src-shared/api/inputs.ts): names and other text fields are clean
 * and bounded, and a password must not be one of the well-known ones (zxcvbn's dictionaries,
 * offline). A refusal is an APIError whose code the client translates (`auth.error.<CODE>`).
 */
import { APIError } from 'better-auth/api';
import {
  checkAttributionOther,
  checkNamePart,
  checkPlayerName,
  isAttributionSource,
  isFavoriteGames,
  isProfileType,
} from '../../src-shared/api/account';
import { isCleanText, playerNameInput, userNameInput } from '../../src-shared/api/inputs';
import { isLocale } from '../../src-shared/rules/locale';

/** zxcvbn's score (0 to 4) below which a password is refused: 0 and 1 are guessed within minutes. */
const MIN_PASSWORD_SCORE = 2;

/**
 * zxcvbn with its dictionaries, made with the first password checked: unpacking them is a tenth of
 * a second that a restarted server's class should not wait for.
 */
let strength: Promise<{ check: (password: string) => { score: number } }> | null = null;
const passwordStrength = () =>
  (strength ??= Promise.all([import('@zxcvbn-ts/core'), import('@zxcvbn-ts/language-common')]).then(
    ([{ default: core }, common]) =>
      new core.ZxcvbnFactory({ dictionary: common.dictionary, graphs: common.adjacencyGraphs }),
  ));

/** Refuses a password that is common or trivially guessed. */
export async function checkPassword(password: unknown): Promise<void> {
  if (typeof password !== 'string') return; // better-auth refuses a missing password itself
  if ((await passwordStrength()).check(password.slice(0, 200)).score < MIN_PASSWORD_SCORE)
    throw new APIError('BAD_REQUEST', { code: 'PASSWORD_TOO_COMMON', message: 'PASSWORD_TOO_COMMON' });
}

/** Refuses an account's text fields that break the input rules; a player's name keeps the seat's length. */
export function checkUserFields(fields: Record<string, unknown>, anonymous: boolean): void {
  const name = fields.name;
  if (name !== undefined) {
    const rule = anonymous ? playerNameInput : userNameInput;
    if (typeof name !== 'string' || !rule.safeParse(name).success || name !== name.trim())
      throw new APIError('BAD_REQUEST', { code: 'NAME_INVALID', message: 'NAME_INVALID' });
  }
  checkProfileFields(fields);
  // A user's fields are scalars: text that is clean and bounded, numbers, flags, dates; the one
  // list, favourite games, has its own rule.
  for (const [key, value] of Object.entries(fields)) {
    if (key === 'favoriteGames') continue;
    const scalar =
      value === null ||
      value === undefined ||
      value instanceof Date ||
      ['number', 'boolean'].includes(typeof value) ||
      (typeof value === 'string' && value.length <= 2000 && isCleanText(value));
    if (!scalar)
      throw new APIError('BAD_REQUEST', { code: 'FIELD_INVALID', message: `FIELD_INVALID: ${key}` });
  }
}

const refuse = (code: string): never => {
  throw new APIError('BAD_REQUEST', { code, message: code });
};

/** A text field as sent: absent, null (cleared), or a string its rule accepts as it is (trimmed). */
function textOk(value: unknown, check: (text: string) => unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    (typeof value === 'string' && value === value.trim() && !check(value))
  );
}

/**
 * Refuses the profile's fields (src-server/auth/auth.ts, `additionalFields`) that break their rules:
 * the name one plays under is a player's name, the language one of the interface's, the attribution
 * one of the spec's choices, and its words clean and bounded.
 */
function checkProfileFields(fields: Record<string, unknown>): void {
  if (!textOk(fields.playerName, checkPlayerName) || fields.playerName === '') refuse('PLAYER_NAME_INVALID');
  const { language, attributionSource } = fields;
  if (language !== undefined && language !== null && !isLocale(language as string))
    refuse('LANGUAGE_INVALID');
  if (
    attributionSource !== undefined &&
    attributionSource !== null &&
    !isAttributionSource(attributionSource)
  )
    refuse('ATTRIBUTION_INVALID');
  if (!textOk(fields.attributionOtherText, checkAttributionOther)) refuse('ATTRIBUTION_TEXT_INVALID');
  const { firstname, lastname, profileType, favoriteGames } = fields;
  if (!textOk(firstname, checkNamePart) || firstname === '') refuse('FIRSTNAME_INVALID');
  if (!textOk(lastname, checkNamePart) || lastname === '') refuse('LASTNAME_INVALID');
  if (profileType !== undefined && profileType !== null && !isProfileType(profileType))
    refuse('PROFILE_TYPE_INVALID');
  if (favoriteGames !== undefined && favoriteGames !== null && !isFavoriteGames(favoriteGames))
    refuse('FAVORITE_GAMES_INVALID');
}
