/**
 * The rules of text a person types, as plain functions: the browser checks a name with them before
 * sending, without the validation library the server's inputs are built with (src-shared/api/inputs.ts
 * wraps these same functions), so both refuse the same text with the same message.
 */

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

export interface TextBounds {
  max: number;
  min?: number;
  multiline?: boolean;
}

/** Why a text is refused: a message id of locales/en.json and the bounds it names. */
export interface TextRefusal {
  messageId: 'errors.textRequired' | 'errors.textTooShort' | 'errors.textTooLong' | 'errors.textInvalid';
  values: { min?: number; max?: number };
}

/**
 * Why `text`, trimmed, is refused, or null when it is fine: too short (empty), too long (in UTF-16
 * code units, as the database's limits count), or not clean. The first reason only, in that order.
 */
export function checkText(text: string, bounds: TextBounds): TextRefusal | null {
  const { max, min = 1, multiline = false } = bounds;
  const trimmed = text.trim();
  if (trimmed.length < min) {
    return { messageId: min <= 1 ? 'errors.textRequired' : 'errors.textTooShort', values: { min } };
  }
  if (trimmed.length > max) return { messageId: 'errors.textTooLong', values: { max } };
  if (!isCleanText(trimmed, multiline)) return { messageId: 'errors.textInvalid', values: {} };
  return null;
}
