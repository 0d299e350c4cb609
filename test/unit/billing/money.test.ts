import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type AmountRule, centsText, isCents, readAmount } from '../../../src-shared/billing/money';
import { QUOTE_MAX_CENTS } from '../../../src-shared/billing/vat';
import { assertProperty } from '../../support/property';

const quoteRule: AmountRule = { minCents: 1, maxCents: QUOTE_MAX_CENTS };

describe('reading a typed amount', () => {
  it.each([
    ['1234.5', 123_450],
    ['1234,50', 123_450],
    [' 12 ', 1200],
    ['0.01', 1],
    ['007', 700],
    ['100000000', QUOTE_MAX_CENTS],
    ['100000000.00', QUOTE_MAX_CENTS],
    ['0000000000000099.99', 9999],
  ])('reads %j as %i cents', (text, cents) => {
    expect(readAmount(text, quoteRule)).toEqual({ ok: true, cents });
  });

  it.each([
    ['', 'empty', 'number.errEmpty'],
    ['   ', 'empty', 'number.errEmpty'],
    ['0', 'below', 'number.errRange'],
    ['0.00', 'below', 'number.errRange'],
    ['100000000.01', 'above', 'number.errRange'],
    ['99999999999999999999', 'above', 'number.errRange'],
    ['1.234', 'decimals', 'number.errDecimals'],
    ['1,500', 'decimals', 'number.errDecimals'],
    ['-5', 'digits', 'number.errDigitsDecimal'],
    ['+5', 'digits', 'number.errDigitsDecimal'],
    ['1e3', 'digits', 'number.errDigitsDecimal'],
    ['1 000', 'digits', 'number.errDigitsDecimal'],
    ['1,000.00', 'digits', 'number.errDigitsDecimal'],
    ['12.', 'digits', 'number.errDigitsDecimal'],
    ['.5', 'digits', 'number.errDigitsDecimal'],
    ['€12', 'digits', 'number.errDigitsDecimal'],
    ['١٢', 'digits', 'number.errDigitsDecimal'],
    ['Infinity', 'digits', 'number.errDigitsDecimal'],
    ['0x10', 'digits', 'number.errDigitsDecimal'],
  ])('refuses %j (%s)', (text, reason, messageId) => {
    expect(readAmount(text, quoteRule)).toMatchObject({
      ok: false,
      reason,
      messageId,
      values: { min: 0.01, max: 100_000_000 },
    });
  });

  it('reads back every amount written with its two decimals, exactly', () => {
    assertProperty(
      fc.property(fc.integer({ min: 1, max: QUOTE_MAX_CENTS }), fc.boolean(), (cents, comma) => {
        const text = comma ? centsText(cents).replace('.', ',') : centsText(cents);
        expect(readAmount(text, quoteRule)).toEqual({ ok: true, cents });
      }),
    );
  });

  it('reads what it accepts as the decimal the text spells, and only whole cents within bounds', () => {
    const typed = fc.oneof(
      fc.stringMatching(/^\s?[0-9]{1,12}([.,][0-9]{0,4})?\s?$/),
      fc.string({ maxLength: 12 }),
      fc.array(fc.constantFrom(...'0123456789.,- e+'.split('')), { maxLength: 12 }).map((c) => c.join('')),
    );
    assertProperty(
      fc.property(typed, (text) => {
        const read = readAmount(text, quoteRule);
        if (!read.ok) return;
        expect(isCents(read.cents, quoteRule)).toBe(true);
        const [whole, fraction = ''] = text.trim().split(/[.,]/);
        expect(BigInt(read.cents)).toBe(BigInt(whole!) * 100n + BigInt(fraction.padEnd(2, '0')));
      }),
    );
  });
});

describe('cents as text', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [123_450, '1234.50'],
    [-199, '-1.99'],
  ])('writes %i as %s', (cents, text) => {
    expect(centsText(cents)).toBe(text);
  });
});

describe('cents a procedure receives', () => {
  it('are whole and within bounds', () => {
    expect(isCents(100, quoteRule)).toBe(true);
    for (const value of [0, -1, 1.5, QUOTE_MAX_CENTS + 1, Number.NaN, '100', null])
      expect(isCents(value, quoteRule)).toBe(false);
  });
});
