/**
 * The input boundary: the zod primitives every procedure and form builds its inputs from. Text is
 * trimmed, bounded and clean (no control characters but line breaks and tabs where allowed, no
 * unpaired surrogates: PostgreSQL refuses NUL, and a lone surrogate is not text); ids have a
 * pattern; quantities are whole numbers in range. Each refusal names a message id of
 * locales/en.json, which the server sends back and the client shows translated.
 */
import { z } from 'zod';
import { checkNumber, type NumberRule } from '../rules/typed-number';
import {
  ACCOUNT_EMAIL_MAX,
  ACCOUNT_PASSWORD_MAX,
  checkPlayerName,
  checkUserName,
  PLAYER_NAME_MAX,
  USER_NAME_MAX,
} from './account';
import { checkText, isCleanText, type TextBounds, type TextRefusal } from './text-rules';

export { isCleanText, PLAYER_NAME_MAX, USER_NAME_MAX };

/**
 * A string schema refusing what `check` refuses, after trimming: the refusal's message id is the
 * issue's message and its bounds are the issue's `minimum` / `maximum`, as zod's own checks give them
 * (src-server/trpc/trpc.ts turns them into the message's values).
 */
function checkedText(check: (text: string) => TextRefusal | null) {
  return z
    .string({ message: 'errors.textRequired' })
    .trim()
    .superRefine((text, ctx) => {
      const refusal = check(text);
      if (!refusal) return;
      const { min, max } = refusal.values;
      ctx.addIssue({
        code: 'custom',
        message: refusal.messageId,
        ...(min === undefined ? {} : { minimum: min }),
        ...(max === undefined ? {} : { maximum: max }),
      });
    });
}

/** Free text a person types: trimmed, between `min` and `max` characters, clean. */
export function textInput(bounds: TextBounds) {
  return checkedText((text) => checkText(text, bounds));
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

/**
 * A number a person typed, judged by the rule the client read it with (rules/typed-number.ts): a
 * refusal carries the same message id, its bounds as the issue's, its other values as params.
 */
export function numberInput(rule: NumberRule) {
  return z.number({ message: 'errors.invalidInput' }).superRefine((value, ctx) => {
    const checked = checkNumber(value, rule);
    if (checked.ok) return;
    ctx.addIssue({
      code: 'custom',
      message: checked.messageId,
      minimum: rule.min,
      maximum: rule.max,
      params: checked.values,
    });
  });
}

export const userNameInput = checkedText(checkUserName);
export const playerNameInput = checkedText(checkPlayerName);

/** Deleting one's account ("Your data"): the address as typed, checked against the account's on the server. */
export const deleteAccountInput = z.object({
  email: textInput({ max: ACCOUNT_EMAIL_MAX }),
  password: z.string({ message: 'errors.invalidInput' }).max(ACCOUNT_PASSWORD_MAX).optional(),
});
