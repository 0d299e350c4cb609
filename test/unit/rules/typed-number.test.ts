import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  checkNumber,
  type NumberRule,
  readTypedNumber,
  stepDecimals,
} from '../../../src-shared/rules/typed-number';
import { assertProperty } from '../../support/property';

const english = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;

const timer: NumberRule = { min: 5, max: 86_400 };
const cost: NumberRule = { min: 0, max: 999, step: 0.5 };
const teams: NumberRule = { min: 1, max: 250 };

/**
 * What a text spells as an exact decimal, read without the rule under test: a sign, ASCII digits,
 * one decimal point or comma. `{ units, scale }`: the number is units / 10^scale.
 */
function spelled(text: string): { units: bigint; scale: number } | null {
  const m = /^\s*(-?)\s*([0-9]+)(?:[.,]([0-9]+))?\s*$/.exec(text);
  if (!m) return null;
  const fraction = m[3] ?? '';
  return { units: BigInt(`${m[1]}${m[2]}${fraction}`), scale: fraction.length };
}

/** Whether `value` is exactly units / 10^scale (a double holding a short decimal prints it exactly). */
function equalsSpelled(value: number, { units, scale }: { units: bigint; scale: number }): boolean {
  const [whole, fraction = ''] = String(value).split('.');
  const digits = fraction.padEnd(scale, '0');
  if (digits.length > scale) return false;
  return BigInt(`${whole}${digits}`) === units || (units === 0n && value === 0);
}

/** Texts a person might type into a number field: digits and what usually comes with or instead of them. */
const typed = fc.oneof(
  fc.constantFrom('1e9', '2.5', '2,5', '-3', ' 12 ', '0x10', '١٢', '１２', '', '   ', '+5', '1 000', '1,500'),
  fc.constantFrom('Infinity', 'NaN', '-0', '007', '99999999999999999999999', '9'.repeat(400), '0.5', '1.25'),
  fc.integer({ min: -1000, max: 100_000 }).map(String),
  fc.double({ noNaN: true, min: -1e6, max: 1e6 }).map(String),
  fc
    .array(fc.constantFrom(...'0123456789.,- e+x٣'.split('')), { maxLength: 8 })
    .map((chars) => chars.join('')),
  fc.string({ maxLength: 6 }),
);

const rules = fc.constantFrom(timer, cost, teams, { min: 0, max: 6 }, { min: 2, max: 2 });

describe('reading a typed number', () => {
  it.each([
    ['12', timer, 12],
    [' 12 ', timer, 12],
    ['007', timer, 7],
    ['86400', timer, 86_400],
    ['2.5', cost, 2.5],
    ['2,5', cost, 2.5],
    ['3', cost, 3],
    ['3.0', cost, 3],
    ['-0', { min: 0, max: 5 }, 0],
  ])('reads %j exactly', (text, rule, value) => {
    expect(readTypedNumber(text, rule)).toEqual({ ok: true, value });
  });

  it.each([
    ['1e9', timer, 'number.errDigits', {}],
    ['2.5', timer, 'number.errWhole', {}],
    ['2,5', teams, 'number.errWhole', {}],
    ['-3', timer, 'number.errRange', {}],
    ['0x10', timer, 'number.errDigits', {}],
    ['١٢', timer, 'number.errDigits', {}],
    ['１２', timer, 'number.errDigits', {}],
    ['', timer, 'number.errEmpty', {}],
    ['+5', timer, 'number.errDigits', {}],
    ['1 000', timer, 'number.errDigits', {}],
    ['Infinity', timer, 'number.errDigits', {}],
    ['99999999999999999999999', timer, 'number.errRange', {}],
    ['9'.repeat(400), timer, 'number.errRange', {}],
    ['4', timer, 'number.errRange', {}],
    ['1,500', cost, 'number.errDecimals', { decimals: 1 }],
    ['1.3', cost, 'number.errStep', { step: 0.5 }],
    ['x', cost, 'number.errDigitsDecimal', {}],
  ])('refuses %j with its bounds', (text, rule, messageId, extra) => {
    expect(readTypedNumber(text, rule)).toMatchObject({
      ok: false,
      messageId,
      values: { min: rule.min, max: rule.max, ...extra },
    });
  });

  it('reads any text either as exactly the number it spells, within the rule, or not at all', () => {
    assertProperty(
      fc.property(typed, rules, (text, rule) => {
        const read = readTypedNumber(text, rule);
        if (!read.ok) return;
        const exact = spelled(text);
        expect(exact, text).not.toBeNull();
        expect(equalsSpelled(read.value, exact!), `${text} read as ${read.value}`).toBe(true);
        expect(read.value).toBeGreaterThanOrEqual(rule.min);
        expect(read.value).toBeLessThanOrEqual(rule.max);
        expect(exact!.scale).toBeLessThanOrEqual(stepDecimals(rule.step ?? 1));
      }),
      { numRuns: 3000 },
    );
  });

  it('reads every number a rule allows, as it is usually written', () => {
    assertProperty(
      fc.property(
        rules.chain((rule) =>
          fc.tuple(
            fc.constant(rule),
            fc.integer({ min: 0, max: Math.round((rule.max - rule.min) / (rule.step ?? 1)) }),
            fc.constantFrom('', ' ', '0'),
          ),
        ),
        ([rule, steps, around]) => {
          const value = rule.min + steps * (rule.step ?? 1);
          const text = around === '0' ? `0${value}` : `${around}${value}${around}`;
          expect(readTypedNumber(text, rule)).toEqual({ ok: true, value });
          expect(readTypedNumber(String(value).replace('.', ','), rule)).toEqual({ ok: true, value });
        },
      ),
    );
  });

  it('refuses with a message of en.json whose every placeholder has its value', () => {
    assertProperty(
      fc.property(typed, rules, (text, rule) => {
        const read = readTypedNumber(text, rule);
        if (read.ok) return;
        const message = english[read.messageId];
        expect(message, read.messageId).toBeTypeOf('string');
        for (const [, name] of message!.matchAll(/\{\s*(\w+)\s*[,}]/g))
          expect(read.values, `${read.messageId} ${name}`).toHaveProperty(name!);
      }),
      { numRuns: 1000 },
    );
  });

  it('judges a number received by a procedure as it judges the same number typed', () => {
    assertProperty(
      fc.property(fc.double({ noNaN: true, min: -10, max: 1e6 }), rules, (value, rule) => {
        const text = String(value);
        fc.pre(!text.includes('e'));
        expect(checkNumber(value, rule).ok).toBe(readTypedNumber(text, rule).ok);
      }),
      { numRuns: 500 },
    );
  });
});
