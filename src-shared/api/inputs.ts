/**
 * The input boundary: the zod primitives every procedure and form builds its inputs from. Text is
 * trimmed, bounded and clean (no control characters but line breaks and tabs where allowed, no
 * unpaired surrogates: PostgreSQL refuses NUL, and a lone surrogate is not text); ids have a
 * pattern; quantities are whole numbers in range. Each refusal names a message id of
 * locales/en.json, which the server sends back and the client shows translated.
 */
import { z } from 'zod';

/** A control character (NUL, the other C0 and C1 controls, DEL) but tab, line feed and carriage return. */
const CONTROL = /(?![\t\n\r])\p{Cc}/u;
/** A line break or tab: allowed in multi-line text only. */
const LINE_BREAK = /[\t\n\r\u2028\u2029]/;
/** An unpaired surrogate (with the `u` flag a pair reads as one code point, never as Cs). */
const LONE_SURROGATE = /\p{Cs}/u;

/** Text that can be stored and shown: no control characters, no unpaired surrogates. */
export function isCleanText(text: string, multiline = false): boolean {
  return !CONTROL.test(text) && !LONE_SURROGATE.test(text) && (multiline || !LINE_BREAK.test(text));
}

/** Free text a person types: trimmed, between `min` and `max` characters, clean. */
export function textInput(options: { max: number; min?: number; multiline?: boolean }) {
  const { max, min = 1, multiline = false } = options;
  return z
    .string({ message: 'errors.textRequired' })
    .trim()
    .min(min, { message: min <= 1 ? 'errors.textRequired' : 'errors.textTooShort' })
    .max(max, { message: 'errors.textTooLong' })
    .refine((text) => isCleanText(text, multiline), { message: 'errors.textInvalid' });
}

/** The characters of an id given by the client: letters, digits, `_` and `-`. */
export const ID_PATTERN = /^[A-Za-z0-9_-]+$/;

/** An id of something the client names (a game, a facility, a capability...). */
export const idInput = z
  .string({ message: 'errors.idInvalid' })
  .min(1, { message: 'errors.idInvalid' })
  .max(64, { message: 'errors.idInvalid' })
  .regex(ID_PATTERN, { message: 'errors.idInvalid' });

/** A client-made id that makes a retried command apply once (a UUID, say). */
export const commandIdInput = z
  .string({ message: 'errors.idInvalid' })
  .min(8, { message: 'errors.idInvalid' })
  .max(64, { message: 'errors.idInvalid' })
  .regex(ID_PATTERN, { message: 'errors.idInvalid' });

/** A whole number from 0 to `max`, with the messages of an order quantity. */
export function quantityInput(max: number) {
  // The bound is checked first, so that a huge number is refused as too large, not as fractional.
  return z
    .number({ message: 'beergame.errOrderNotWhole' })
    .max(max, { message: 'beergame.errOrderAboveMax' })
    .int({ message: 'beergame.errOrderNotWhole' })
    .min(0, { message: 'beergame.errOrderNotWhole' });
}

/** A person's name on their account: what seats and lists show. */
export const USER_NAME_MAX = 80;
/** A player's name on a seat (spec: 40 characters at most). */
export const PLAYER_NAME_MAX = 40;

export const userNameInput = textInput({ max: USER_NAME_MAX });
export const playerNameInput = textInput({ max: PLAYER_NAME_MAX });
