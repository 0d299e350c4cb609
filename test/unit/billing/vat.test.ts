import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_CODES } from '../../../src-shared/billing/countries';
import {
  EU_VAT_RATES,
  memberState,
  memberStateOfVatNumber,
  QUOTE_MAX_CENTS,
  quote,
  reverseChargeApplies,
  taxOf,
  VAT_TABLE_VALID_FROM,
  vatNumberFor,
} from '../../../src-shared/billing/vat';
import { assertProperty } from '../../support/property';

/** The 27 member states since 1 February 2020 (the United Kingdom left). */
const MEMBER_STATES =
  'AT BE BG CY CZ DE DK EE ES FI FR GR HR HU IE IT LT LU LV MT NL PL PT RO SE SI SK'.split(' ');

const amounts = fc.integer({ min: 0, max: QUOTE_MAX_CENTS });
const rates = fc.integer({ min: 0, max: 10_000 });
const euCountry = fc.constantFrom(...MEMBER_STATES);
const anyCountry = fc.oneof(
  euCountry,
  fc.constantFrom('US', 'GB', 'CH', 'NO', 'JP', 'XI', 'EL'),
  fc.stringMatching(/^[A-Z]{2}$/),
);
const seller = fc.constantFrom(null, '', 'FR', 'BE', 'US');

/** The VAT as an exact rational, rounded half up, in BigInt: what `taxOf` must give. */
const exactTax = (amount: number, rate: number) =>
  Number((BigInt(amount) * BigInt(rate) * 2n + 10_000n) / 20_000n);

describe('the rates table', () => {
  it('has every member state once, and no other country', () => {
    expect(EU_VAT_RATES.map((line) => line.countryCode).sort()).toEqual(MEMBER_STATES);
  });

  it('says when it is valid from', () => {
    expect(VAT_TABLE_VALID_FROM).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it.each([
    ['RO', 2100], // from 1 August 2025 (was 19 %)
    ['SK', 2300], // from 1 January 2025 (was 20 %)
    ['EE', 2400], // from 1 July 2025 (was 22 %)
    ['FI', 2550], // from 1 September 2024 (was 24 %)
    ['FR', 2000],
    ['DE', 1900],
    ['HU', 2700],
    ['LU', 1700],
    ['BE', 2100],
  ])('gives %s its standard rate (%i basis points)', (code, rate) => {
    expect(memberState(code)?.standardRate).toBe(rate);
  });

  it('writes Greece GR, whose VAT numbers start with EL; the others their code', () => {
    expect(memberState('GR')?.vatPrefix).toBe('EL');
    expect(memberState('EL')).toBeUndefined();
    for (const line of EU_VAT_RATES.filter((line) => line.countryCode !== 'GR'))
      expect(line.vatPrefix).toBe(line.countryCode);
  });

  it("is in the country pickers' list, which names each country once by its two letters", () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    for (const code of COUNTRY_CODES) expect(code).toMatch(/^[A-Z]{2}$/);
    for (const code of MEMBER_STATES) expect(COUNTRY_CODES).toContain(code);
    expect(COUNTRY_CODES).toEqual(expect.arrayContaining(['US', 'GB', 'CH', 'NO', 'JP']));
  });

  it('charges in euros inside the EU', () => {
    for (const line of EU_VAT_RATES) expect(line).toMatchObject({ currency: 'EUR', symbol: '€' });
  });
});

describe('the VAT of an amount', () => {
  it.each([
    [100, 2100, 21],
    [1, 2100, 0], // 0.21 cent
    [3, 2100, 1], // 0.63 cent
    [10, 2550, 3], // 2.55 cents
    [50, 2100, 11], // 10.5 cents: half up
    [2, 2500, 1], // 0.5 cent: half up
    [199_999, 2000, 40_000], // 39 999.8
    [QUOTE_MAX_CENTS, 2700, 2_700_000_000],
    [QUOTE_MAX_CENTS - 1, 2550, 2_550_000_000], // 2 549 999 999.745
  ])('of %i cents at %i basis points is %i cents', (amount, rate, tax) => {
    expect(taxOf(amount, rate)).toBe(tax);
  });

  it('is the exact VAT rounded half up, for every amount up to 100 million euros', () => {
    assertProperty(
      fc.property(amounts, rates, (amount, rate) => {
        expect(taxOf(amount, rate)).toBe(exactTax(amount, rate));
      }),
    );
  });
});

describe('a quote', () => {
  it('adds the VAT to the amount: tax + net = total, 0 ≤ tax ≤ net, whole cents', () => {
    assertProperty(
      fc.property(
        anyCountry,
        fc.boolean(),
        amounts,
        seller,
        (countryCode, valid, amountCents, sellerCountry) => {
          const q = quote({ countryCode, vatNumberValid: valid, amountCents, sellerCountry });
          expect(q.taxCents + amountCents).toBe(q.totalCents);
          expect(q.taxCents).toBeGreaterThanOrEqual(0);
          expect(q.taxCents).toBeLessThanOrEqual(amountCents);
          expect(Number.isSafeInteger(q.taxCents) && Number.isSafeInteger(q.totalCents)).toBe(true);
          expect(q.taxCents).toBe(exactTax(amountCents, q.rate));
        },
      ),
    );
  });

  it('charges a member state buyer its rate in euros, or reverses the charge with a valid number', () => {
    assertProperty(
      fc.property(
        euCountry,
        fc.boolean(),
        amounts,
        seller,
        (countryCode, valid, amountCents, sellerCountry) => {
          const q = quote({ countryCode, vatNumberValid: valid, amountCents, sellerCountry });
          const reverse = valid && sellerCountry !== countryCode;
          expect(q).toMatchObject({
            countryCode,
            currency: 'EUR',
            symbol: '€',
            standardRate: memberState(countryCode)!.standardRate,
            reverseCharge: reverse,
            rate: reverse ? 0 : memberState(countryCode)!.standardRate,
          });
          if (reverse) expect(q.taxCents).toBe(0);
        },
      ),
    );
  });

  it('charges anyone outside the list in US dollars at rate 0, VAT number or not', () => {
    assertProperty(
      fc.property(
        anyCountry,
        fc.boolean(),
        amounts,
        seller,
        (countryCode, valid, amountCents, sellerCountry) => {
          fc.pre(!MEMBER_STATES.includes(countryCode));
          expect(quote({ countryCode, vatNumberValid: valid, amountCents, sellerCountry })).toEqual({
            countryCode,
            standardRate: 0,
            rate: 0,
            currency: 'USD',
            symbol: '$',
            reverseCharge: false,
            taxCents: 0,
            totalCents: amountCents,
          });
        },
      ),
    );
  });

  it.each([
    ['FR', false, null, 2000, false, 200, 1200],
    ['fr', false, 'BE', 2000, false, 200, 1200],
    ['BE', true, null, 0, true, 0, 1000],
    ['BE', true, 'FR', 0, true, 0, 1000],
    // The operator's own country's buyers pay its VAT, valid number or not.
    ['BE', true, 'BE', 2100, false, 210, 1210],
    ['US', true, 'BE', 0, false, 0, 1000],
  ])(
    'to %s (valid number: %s, seller %s): rate %i, reverse %s, VAT %i, total %i',
    (countryCode, valid, sellerCountry, rate, reverse, tax, total) => {
      expect(quote({ countryCode, vatNumberValid: valid, amountCents: 1000, sellerCountry })).toMatchObject({
        countryCode: countryCode.toUpperCase(),
        rate,
        reverseCharge: reverse,
        taxCents: tax,
        totalCents: total,
      });
    },
  );

  it("takes a live service's rate over the table's", () => {
    expect(
      quote({
        countryCode: 'RO',
        vatNumberValid: false,
        amountCents: 10_000,
        sellerCountry: null,
        rateBasisPoints: 1900,
      }),
    ).toMatchObject({ standardRate: 1900, rate: 1900, taxCents: 1900, totalCents: 11_900 });
  });

  it('refuses an amount or a rate that is not whole, negative or too large', () => {
    const base = { countryCode: 'FR', vatNumberValid: false, sellerCountry: null };
    for (const amountCents of [-1, 0.5, QUOTE_MAX_CENTS + 1, Number.NaN, Number.POSITIVE_INFINITY])
      expect(() => quote({ ...base, amountCents })).toThrow(RangeError);
    for (const rateBasisPoints of [-1, 20.5, 10_001, Number.NaN])
      expect(() => quote({ ...base, amountCents: 100, rateBasisPoints })).toThrow(RangeError);
  });
});

describe('reverse charge', () => {
  it('needs a valid number and a member state buyer of another state than the seller', () => {
    expect(reverseChargeApplies('BE', true, null)).toBe(true);
    expect(reverseChargeApplies('BE', true, '')).toBe(true);
    expect(reverseChargeApplies('BE', true, 'FR')).toBe(true);
    expect(reverseChargeApplies('be', true, 'BE')).toBe(false);
    expect(reverseChargeApplies('BE', false, 'FR')).toBe(false);
    expect(reverseChargeApplies('US', true, 'FR')).toBe(false);
  });
});

describe('a VAT number as typed', () => {
  it.each([
    ['BE', 'BE0403170701', 'BE0403170701'],
    ['BE', ' be 0403.170.701 ', 'BE0403170701'],
    ['BE', '0403170701', 'BE0403170701'],
    ['GR', 'EL094259216', 'EL094259216'],
    ['GR', '094259216', 'EL094259216'],
    ['AT', 'U13585627', 'ATU13585627'],
    ['NL', 'nl-004495445-b01', 'NL004495445B01'],
    // A French number's key may be letters, without its prefix too.
    ['FR', 'AB123456789', 'FRAB123456789'],
  ])('for %s, %j is %s', (country, typed, number) => {
    expect(vatNumberFor(country, typed)).toBe(number);
  });

  it.each([
    ['FR', 'BE0403170701'], // another state's
    ['GR', 'EE094259216'],
    ['US', '123456789'], // outside the EU
    ['BE', ''],
    ['BE', '0'],
    ['BE', 'BE0403170701<script>'],
    ['BE', '٠٤٠٣١٧٠٧٠١'],
    ['BE', `BE${'1'.repeat(40)}`],
    ['LT', 'lT'],
  ])('for %s, %j is none', (country, typed) => {
    expect(vatNumberFor(country, typed)).toBeNull();
  });

  it('names its member state by its prefix', () => {
    expect(memberStateOfVatNumber('EL094259216')?.countryCode).toBe('GR');
    expect(memberStateOfVatNumber('BE0403170701')?.countryCode).toBe('BE');
    expect(memberStateOfVatNumber('GB123456789')).toBeUndefined();
  });

  it('is always its state prefix then letters and digits, whatever is typed', () => {
    assertProperty(
      fc.property(euCountry, fc.string({ maxLength: 40 }), (country, typed) => {
        const number = vatNumberFor(country, typed);
        if (number !== null)
          expect(number).toMatch(new RegExp(`^${memberState(country)!.vatPrefix}[A-Z0-9]+$`));
      }),
    );
  });
});
