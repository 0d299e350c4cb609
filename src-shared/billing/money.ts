/**
 * Money is a whole number of cents everywhere (issue 27), never a floating-point number. An amount
 * a person types is read exactly into cents or refused, never rewritten, in the way of every
 * numeric field (rules/typed-number.ts): spaces around are ignored; then ASCII digits, and at most
 * two decimals after a point or a comma (`1234.5` and `1234,50` are 123 450 cents). Everything
 * else is refused: a sign, an exponent, digit groups (`1 000`, `1,000.00`), a third decimal, digits
 * of other scripts. The amount must then lie within the rule's bounds.
 */
import type { NumberRefusal, NumberRefusalReason } from '../rules/typed-number';

/** An amount field's bounds, in cents. */
export interface AmountRule {
  minCents: number;
  maxCents: number;
}

export type TypedAmount = { ok: true; cents: number } | NumberRefusal;

const MESSAGES: Partial<Record<NumberRefusalReason, string>> = {
  empty: 'number.errEmpty',
  digits: 'number.errDigitsDecimal',
  decimals: 'number.errDecimals',
  below: 'number.errRange',
  above: 'number.errRange',
};

/** `cents` written in units with its two decimals (`123450` → `1234.50`), for a message's bounds. */
export function centsText(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const digits = String(Math.abs(cents)).padStart(3, '0');
  return `${sign}${digits.slice(0, -2)}.${digits.slice(-2)}`;
}

function refuse(reason: NumberRefusalReason, rule: AmountRule): NumberRefusal {
  // The bounds in units: a message shows them as numbers (both have at most two decimals, which a
  // double holds closely enough to print them exactly).
  const values: Record<string, number> = {
    min: Number(centsText(rule.minCents)),
    max: Number(centsText(rule.maxCents)),
  };
  if (reason === 'decimals') values.decimals = 2;
  return { ok: false, reason, messageId: MESSAGES[reason] ?? 'number.errDigitsDecimal', values };
}

/** The cents `text` spells, if `rule` allows them; else why not (see the top of this file). */
export function readAmount(text: string, rule: AmountRule): TypedAmount {
  const typed = text.trim();
  if (typed === '') return refuse('empty', rule);
  const spelled = /^([0-9]+)(?:[.,]([0-9]+))?$/.exec(typed);
  if (!spelled) return refuse('digits', rule);
  const [, whole = '', fraction = ''] = spelled;
  if (fraction.length > 2) return refuse('decimals', rule);
  // Leading zeros aside, more digits than the bound has cannot be within it (and stay exact).
  const significant = whole.replace(/^0+(?=.)/, '');
  if (significant.length > String(Math.trunc(rule.maxCents / 100)).length) return refuse('above', rule);
  const cents = Number(significant) * 100 + Number(fraction.padEnd(2, '0'));
  if (cents < rule.minCents) return refuse('below', rule);
  if (cents > rule.maxCents) return refuse('above', rule);
  return { ok: true, cents };
}

/** A whole number of cents in `[min, max]`: what a procedure receives. */
export function isCents(value: unknown, rule: AmountRule): value is number {
  return (
    typeof value === 'number' &&
    Number.isSafeInteger(value) &&
    value >= rule.minCents &&
    value <= rule.maxCents
  );
}
