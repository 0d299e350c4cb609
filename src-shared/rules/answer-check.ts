/**
 * Checking a player's answer to a debrief question (spec point 5, "Answer checking"): numeric
 * answers compare equal as numbers; text is lower-cased, trimmed, stripped of punctuation and has
 * its spaces collapsed, and then one edit is tolerated, or two when the expected text is longer
 * than 5 characters. Choices the spec leaves open (docs/beergame.md, "Answer checking"):
 *
 * - A number may use a comma as its decimal separator (`4,5` is 4.5: most of our locales write it
 *   so). `1,000` could be a thousand (English grouping) or one (French decimals): it matches either.
 *   No other grouping, no exponent, only the digits 0–9.
 * - An expected answer that reads as a number is checked as a number only: `5` is not `4` give or
 *   take an edit.
 * - Letters of every script are kept (and marks, digits, symbols); only Unicode punctuation goes.
 *   Accents count: `é` and `e` are one edit apart. Text is compared in NFC, by code point.
 * - An edit may not replace the whole expected text: a one-character answer (`b` in a multiple
 *   choice) must be exact, and an empty answer never matches.
 */

const DECIMAL = /^[+-]?(\d+([.,]\d*)?|[.,]\d+)$/;
const COMMA_GROUPED = /^[+-]?\d{1,3}(,\d{3})+$/;

/** The numbers `text` may stand for (none when it is not a number, two when it is ambiguous). */
export function numberReadings(text: string): number[] {
  const typed = text.trim();
  const readings: number[] = [];
  if (DECIMAL.test(typed)) readings.push(Number(typed.replace(',', '.')));
  if (COMMA_GROUPED.test(typed)) readings.push(Number(typed.replaceAll(',', '')));
  return readings;
}

/** Lower-cased, punctuation stripped, spaces collapsed and trimmed (NFC). */
export function normalizeAnswer(text: string): string {
  return text.normalize('NFC').toLowerCase().replace(/\p{P}/gu, '').replace(/\s+/gu, ' ').trim();
}

/** Levenshtein distance in code points (an accented letter or an emoji is one character). */
export function editDistance(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      const substitution = previous[j - 1]! + (x[i - 1] === y[j - 1] ? 0 : 1);
      current.push(Math.min(previous[j]! + 1, current[j - 1]! + 1, substitution));
    }
    previous = current;
  }
  return previous[y.length]!;
}

/** Edits tolerated for an expected text of `length` characters (never the whole text). */
export function toleratedEdits(length: number): number {
  return Math.max(0, Math.min(length > 5 ? 2 : 1, length - 1));
}

/** Whether the answer `given` counts as the expected one. */
export function answerMatches(expected: string | number, given: string): boolean {
  if (typeof expected === 'number') return numberReadings(given).includes(expected);
  const expectedNumbers = numberReadings(expected);
  if (expectedNumbers.length > 0) return numberReadings(given).some((n) => expectedNumbers.includes(n));
  const want = normalizeAnswer(expected);
  const got = normalizeAnswer(given);
  if (got === '') return false;
  return editDistance(want, got) <= toleratedEdits(Array.from(want).length);
}
