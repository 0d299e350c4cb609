/**
 * VAT on what the hosted service sells (spec point 9): a buyer in a member state of the EU pays in
 * euros at that state's standard rate, or nothing under reverse charge when they give a valid EU VAT
 * number (the operator's own country's buyers excepted: they pay its VAT, README SELLER_COUNTRY);
 * a buyer anywhere else pays in US dollars at rate 0. Rates are integer basis points (2100 = 21 %),
 * amounts integer cents, and the VAT is rounded half up to the cent with integer arithmetic only.
 *
 * The rates are a dated table kept in the repository (below); a live VAT service, when the operator
 * configures one, may give the rate instead (src-server/billing/vat-service.ts): `quote` takes it as
 * `rateBasisPoints`.
 */
import type { Currency } from './invoice';

/** A member state's line of the rates list (spec: country_code, standard_rate, currency, symbol). */
export interface MemberStateRate {
  /** ISO 3166-1 alpha-2, as the country picker gives it (Greece: GR). */
  countryCode: string;
  /** The prefix of its VAT numbers (Greece: EL, the others their country code). */
  vatPrefix: string;
  /** Standard rate in basis points. */
  standardRate: number;
  currency: 'EUR';
  symbol: '€';
}

/**
 * The standard VAT rates of the 27 member states, valid from 1 August 2025 until the next change.
 *
 * Source: European Commission, DG TAXUD, "VAT rates applied in the Member States of the European
 * Union" and its Taxes in Europe Database (TEDB), checked against the member states' announcements
 * of the 2024-2025 changes: Finland 24 → 25.5 % (1 September 2024), Slovakia 20 → 23 %
 * (1 January 2025), Estonia 22 → 24 % (1 July 2025), Romania 19 → 21 % (1 August 2025).
 * A change of rate is a new table: edit the rate, `VAT_TABLE_VALID_FROM` and this note together.
 */
export const VAT_TABLE_VALID_FROM = '2025-08-01';
export const VAT_TABLE_SOURCE =
  'European Commission, "VAT rates applied in the Member States of the European Union" (TEDB)';

const STANDARD_RATES: ReadonlyArray<readonly [countryCode: string, basisPoints: number]> = [
  ['AT', 2000],
  ['BE', 2100],
  ['BG', 2000],
  ['CY', 1900],
  ['CZ', 2100],
  ['DE', 1900],
  ['DK', 2500],
  ['EE', 2400],
  ['ES', 2100],
  ['FI', 2550],
  ['FR', 2000],
  ['GR', 2400],
  ['HR', 2500],
  ['HU', 2700],
  ['IE', 2300],
  ['IT', 2200],
  ['LT', 2100],
  ['LU', 1700],
  ['LV', 2100],
  ['MT', 1800],
  ['NL', 2100],
  ['PL', 2300],
  ['PT', 2300],
  ['RO', 2100],
  ['SE', 2500],
  ['SI', 2200],
  ['SK', 2300],
];

/** The rates list: every member state, by country code. */
export const EU_VAT_RATES: readonly MemberStateRate[] = STANDARD_RATES.map(([countryCode, standardRate]) => ({
  countryCode,
  vatPrefix: countryCode === 'GR' ? 'EL' : countryCode,
  standardRate,
  currency: 'EUR',
  symbol: '€',
}));

const BY_COUNTRY = new Map(EU_VAT_RATES.map((line) => [line.countryCode, line]));

/** Outside the list (spec point 9): US dollars, no VAT. */
export const OUTSIDE_EU = { currency: 'USD', symbol: '$', rate: 0 } as const;

/** The member state of `countryCode` (any case), or undefined outside the EU. */
export function memberState(countryCode: string): MemberStateRate | undefined {
  return BY_COUNTRY.get(countryCode.toUpperCase());
}

/** The largest amount quoted: 100 million euros, in cents (exact in integer arithmetic, see `taxOf`). */
export const QUOTE_MAX_CENTS = 10_000_000_000;
/** The largest rate a service may give: 100 %. */
const MAX_RATE = 10_000;

/** The VAT on `amountCents` at `rate` basis points, rounded half up to the cent. */
export function taxOf(amountCents: number, rate: number): number {
  // amount × rate ≤ 10^10 × 10^4 = 10^14 < 2^53: every step below is an exact integer.
  const scaled = amountCents * rate + 5_000;
  return (scaled - (scaled % 10_000)) / 10_000;
}

/**
 * Whether the buyer accounts for the VAT: a valid EU VAT number of a state other than the
 * seller's; with no seller country configured, any valid number.
 */
export function reverseChargeApplies(
  buyerCountry: string,
  vatNumberValid: boolean,
  sellerCountry: string | null,
): boolean {
  if (!vatNumberValid || !memberState(buyerCountry)) return false;
  return !sellerCountry || sellerCountry.toUpperCase() !== buyerCountry.toUpperCase();
}

export interface QuoteInput {
  countryCode: string;
  /** The buyer's VAT number was found valid (the service's true or null, spec point 5). */
  vatNumberValid: boolean;
  amountCents: number;
  /** The operator's country (SELLER_COUNTRY); empty or null when unset. */
  sellerCountry: string | null;
  /** The live service's rate for the member state, over the table's. */
  rateBasisPoints?: number;
}

/** A quote (spec: the quote result), every amount in cents of `currency`. */
export interface Quote {
  countryCode: string;
  /** The member state's standard rate (0 outside the EU), whether or not it is charged. */
  standardRate: number;
  /** The rate charged, in basis points: 0 under reverse charge or outside the EU. */
  rate: number;
  currency: Currency;
  symbol: string;
  reverseCharge: boolean;
  taxCents: number;
  totalCents: number;
}

function checkAmount(amountCents: number): void {
  if (!Number.isSafeInteger(amountCents) || amountCents < 0 || amountCents > QUOTE_MAX_CENTS)
    throw new RangeError(
      `an amount is a whole number of cents from 0 to ${QUOTE_MAX_CENTS}, not ${amountCents}`,
    );
}

function checkRate(rate: number): void {
  if (!Number.isInteger(rate) || rate < 0 || rate > MAX_RATE)
    throw new RangeError(`a rate is a whole number of basis points from 0 to ${MAX_RATE}, not ${rate}`);
}

/** The quote for `amountCents` (before VAT) to a buyer of `countryCode`. */
export function quote(input: QuoteInput): Quote {
  checkAmount(input.amountCents);
  const countryCode = input.countryCode.toUpperCase();
  const state = memberState(countryCode);
  if (!state)
    return {
      countryCode,
      standardRate: 0,
      rate: 0,
      currency: OUTSIDE_EU.currency,
      symbol: OUTSIDE_EU.symbol,
      reverseCharge: false,
      taxCents: 0,
      totalCents: input.amountCents,
    };
  const standardRate = input.rateBasisPoints ?? state.standardRate;
  checkRate(standardRate);
  const reverseCharge = reverseChargeApplies(countryCode, input.vatNumberValid, input.sellerCountry);
  const rate = reverseCharge ? 0 : standardRate;
  const taxCents = taxOf(input.amountCents, rate);
  return {
    countryCode,
    standardRate,
    rate,
    currency: state.currency,
    symbol: state.symbol,
    reverseCharge,
    taxCents,
    totalCents: input.amountCents + taxCents,
  };
}

/** The most characters of a VAT number as typed (the longest, the Netherlands', is 14 with its prefix). */
export const VAT_NUMBER_MAX = 32;

/**
 * The VAT number `typed` for a buyer of `countryCode`, written as VAT services expect it: its
 * prefix then its letters and digits (`BE 0403.170.701` → `BE0403170701`); a number typed without
 * its prefix gets the state's. Null when it cannot be one of that state: outside the EU, another
 * member state's prefix, or other characters than letters, digits, spaces, dots and
 * dashes. Whether the rest is a well-formed number of that state is the format check's to say
 * (src-server/billing/vat-service.ts).
 */
export function vatNumberFor(countryCode: string, typed: string): string | null {
  const state = memberState(countryCode);
  if (!state || typed.length > VAT_NUMBER_MAX) return null;
  const compact = typed.toUpperCase().replace(/[\s.-]/g, '');
  if (!/^[A-Z0-9]{2,20}$/.test(compact)) return null;
  // The state's prefix alone is no number.
  if (compact.startsWith(state.vatPrefix)) return compact.length > state.vatPrefix.length ? compact : null;
  // Another state's number; else the number without its prefix (a French one may start with letters).
  if (memberStateOfVatNumber(compact)) return null;
  return `${state.vatPrefix}${compact}`;
}

/** The member state whose prefix starts `vatNumber` (as `vatNumberFor` writes it), if any. */
export function memberStateOfVatNumber(vatNumber: string): MemberStateRate | undefined {
  const prefix = vatNumber.slice(0, 2).toUpperCase();
  return EU_VAT_RATES.find((line) => line.vatPrefix === prefix);
}
