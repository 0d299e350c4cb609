/**
 * A number a person typed, read exactly or refused, never rewritten: the one reading of every
 * numeric field of the product (timers, copies, teams, weeks, game settings, the event editor, the
 * lean panel; the order box words its refusals its own way, order-entry.ts).
 *
 * What is read: spaces around are ignored; then an optional minus sign, the ASCII digits 0-9 (leading
 * zeros allowed: `007` is 7) and, only where the rule's step has decimals, a point or a comma with
 * at most that many decimals (`2,5` and `2.5` are both two and a half). Since a step never has more
 * than two decimals, `1,500` or `1.500` (a thousand and a half, or one and a half?) is refused, never
 * guessed. Everything else is refused: an exponent (`1e9`), hexadecimal (`0x10`), a plus sign, digit
 * groups (`1 000`), digits of other scripts (`١٢`), `Infinity`. The number must then lie within
 * [min, max] and be a whole number of steps from min.
 */

/** A field's bounds and step (1 when left out: whole numbers). */
export interface NumberRule {
  min: number;
  max: number;
  step?: number;
}

export type NumberRefusalReason = 'empty' | 'digits' | 'whole' | 'decimals' | 'below' | 'above' | 'step';

export interface NumberRefusal {
  ok: false;
  reason: NumberRefusalReason;
  /** A message of locales/en.json naming the bounds (`values.min`, `values.max`). */
  messageId: string;
  values: Record<string, number>;
}

export type TypedNumber = { ok: true; value: number } | NumberRefusal;

const MESSAGES: Record<NumberRefusalReason, string> = {
  empty: 'number.errEmpty',
  digits: 'number.errDigits',
  whole: 'number.errWhole',
  decimals: 'number.errDecimals',
  below: 'number.errRange',
  above: 'number.errRange',
  step: 'number.errStep',
};

/** How many decimals a step allows: 1 → 0, 0.5 → 1, 0.25 → 2. */
export function stepDecimals(step: number): number {
  return (String(step).split('.')[1] ?? '').length;
}

function refuse(reason: NumberRefusalReason, rule: NumberRule): NumberRefusal {
  const step = rule.step ?? 1;
  const decimals = stepDecimals(step);
  const values: Record<string, number> = { min: rule.min, max: rule.max };
  if (reason === 'decimals') values.decimals = decimals;
  if (reason === 'step') values.step = step;
  const messageId = reason === 'digits' && decimals > 0 ? 'number.errDigitsDecimal' : MESSAGES[reason];
  return { ok: false, reason, messageId, values };
}

/**
 * Whether `value` (read from a text, or received by a procedure) is one `rule` allows: within the
 * bounds, with no more decimals than the step has, a whole number of steps from the minimum.
 */
export function checkNumber(value: number, rule: NumberRule): TypedNumber {
  if (typeof value !== 'number' || Number.isNaN(value)) return refuse('digits', rule);
  const step = rule.step ?? 1;
  const decimals = stepDecimals(step);
  if (value < rule.min) return refuse('below', rule);
  if (value > rule.max) return refuse('above', rule);
  if (Number(value.toFixed(decimals)) !== value) return refuse(decimals === 0 ? 'whole' : 'decimals', rule);
  const scale = 10 ** decimals;
  // In hundredths at most, every number here is a whole one: the check is exact.
  if (Math.round((value - rule.min) * scale) % Math.round(step * scale) !== 0) return refuse('step', rule);
  return { ok: true, value: value === 0 ? 0 : value };
}

/** The number `text` spells, if `rule` allows it; else why not (see the top of this file). */
export function readTypedNumber(text: string, rule: NumberRule): TypedNumber {
  const typed = text.trim();
  if (typed === '') return refuse('empty', rule);
  const spelled = /^(-?)\s*([0-9]+)(?:[.,]([0-9]+))?$/.exec(typed);
  if (!spelled) return refuse('digits', rule);
  const [, sign, whole, fraction = ''] = spelled;
  const decimals = stepDecimals(rule.step ?? 1);
  if (fraction !== '' && decimals === 0) return refuse('whole', rule);
  if (fraction.length > decimals) return refuse('decimals', rule);
  return checkNumber(Number(`${sign}${whole}.${fraction || '0'}`), rule);
}
