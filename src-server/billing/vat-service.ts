/**
 * The VAT service (spec point 7): a member state's rate, and whether a VAT number is valid. Offline,
 * the default: the dated rates table of src-shared/billing/vat.ts, and a format check of the number
 * (its prefix, length and check digits) by stdnum, the JavaScript port of python-stdnum, which
 * knows every member state's VAT numbers with their checksums and is released several times a year
 * (jsvat, the brief's suggestion, checks the same but has seen one release in three years). A
 * well-formed number is then unknown, which the spec counts as valid ("true or null").
 *
 * Online, when the operator sets VAT_SERVICE_URL (and VAT_SERVICE_KEY, sent as `X-Api-Key`): `POST
 * {url}/quotes` with `{ amount: 100, country_code }` answers `{ member_state, vat: { rate } }` (a
 * percentage), and `POST {url}/validations?vat_number=…` answers `{ valid }`. A failed or slow call
 * is logged; a rate then comes from the table and a validation is unknown (null): a buyer is never
 * refused because the service is down.
 */
import type { Logger } from 'pino';
import { euVat } from 'stdnum';
import {
  memberState,
  memberStateOfVatNumber,
  type Quote,
  quote,
  vatNumberFor,
} from '../../src-shared/billing/vat';

/** A VAT number's verdict: valid, invalid, or unknown (which counts as valid). */
export type VatVerdict = boolean | null;

export interface VatService {
  /** The member state's standard rate in basis points; null outside the EU. */
  rateOf(countryCode: string): Promise<number | null>;
  /** Whether `vatNumber` (its prefix first, as `vatNumberFor` writes it) is valid. */
  validate(vatNumber: string): Promise<VatVerdict>;
}

/** Whether `vatNumber` is well formed for the member state its prefix names (stdnum's check). */
export function wellFormedVatNumber(vatNumber: string): boolean {
  const state = memberStateOfVatNumber(vatNumber);
  const validators = state && euVat[state.countryCode];
  if (!validators) return false;
  return validators.some((validator) => validator.validate(vatNumber).isValid);
}

/** The table's rates and the format check: no outside service. */
export const offlineVatService: VatService = {
  rateOf: async (countryCode) => memberState(countryCode)?.standardRate ?? null,
  validate: async (vatNumber) => (wellFormedVatNumber(vatNumber) ? null : false),
};

export interface OnlineVatOptions {
  url: string;
  apiKey: string | null;
  log: Logger;
  /** Milliseconds a call may take before it counts as failed. */
  timeoutMs?: number;
  /** Milliseconds a rate the service gave is reused for its country (0: never). */
  rateCacheMs?: number;
  now?: () => number;
}

/** A percentage from the service (`21`, `25.5`, `"21.00"`) in basis points, if it is one. */
export function percentToBasisPoints(value: unknown): number | null {
  const percent =
    typeof value === 'string' && /^\d{1,3}(\.\d{1,4})?$/.test(value.trim()) ? Number(value) : value;
  if (typeof percent !== 'number' || !Number.isFinite(percent) || percent < 0 || percent > 100) return null;
  // Rates have at most two decimals (25.5 %): the nearest whole basis point, if it is that close.
  const basisPoints = Math.round(percent * 100);
  return Math.abs(percent * 100 - basisPoints) < 1e-6 ? basisPoints : null;
}

/** The live service, over the offline one for what it cannot answer. */
export function onlineVatService(options: OnlineVatOptions): VatService {
  const timeoutMs = options.timeoutMs ?? 3000;
  const rateCacheMs = options.rateCacheMs ?? 60 * 60 * 1000;
  const now = options.now ?? Date.now;
  const rates = new Map<string, { rate: number; until: number }>();

  async function post(path: string, body?: unknown): Promise<unknown> {
    const response = await fetch(`${options.url}${path}`, {
      method: 'POST',
      headers: {
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(options.apiKey ? { 'x-api-key': options.apiKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
      redirect: 'error',
    });
    if (!response.ok) throw new Error(`the VAT service answered ${response.status}`);
    return response.json();
  }

  return {
    async rateOf(countryCode) {
      const state = memberState(countryCode);
      if (!state) return null;
      const cached = rates.get(state.countryCode);
      if (cached && cached.until > now()) return cached.rate;
      try {
        const answer = (await post('/quotes', { amount: 100, country_code: state.countryCode })) as {
          member_state?: unknown;
          vat?: { rate?: unknown };
        } | null;
        const rate = percentToBasisPoints(answer?.vat?.rate);
        if (answer?.member_state !== true || rate === null)
          throw new Error(`the VAT service's quote is not a member state's rate: ${JSON.stringify(answer)}`);
        if (rateCacheMs > 0) rates.set(state.countryCode, { rate, until: now() + rateCacheMs });
        return rate;
      } catch (error) {
        options.log.warn({ err: error, countryCode: state.countryCode }, 'VAT service: rate from the table');
        return state.standardRate;
      }
    },
    async validate(vatNumber) {
      // A number of a wrong format is not asked about: it is invalid wherever it is checked.
      if (!wellFormedVatNumber(vatNumber)) return false;
      try {
        const answer = (await post(`/validations?vat_number=${encodeURIComponent(vatNumber)}`)) as {
          valid?: unknown;
        } | null;
        const valid = answer?.valid;
        if (valid === true || valid === false || valid === null) return valid;
        throw new Error(`the VAT service's validation has no verdict: ${JSON.stringify(answer)}`);
      } catch (error) {
        options.log.warn({ err: error }, 'VAT service: validation unknown');
        return null;
      }
    },
  };
}

/** The service the operator configured (config.billing.vatService), else the offline one. */
export function vatServiceFor(
  config: { url: string; apiKey: string | null } | undefined,
  log: Logger,
): VatService {
  return config ? onlineVatService({ ...config, log }) : offlineVatService;
}

export interface QuoteRequest {
  countryCode: string;
  /** The VAT number as typed; absent or empty: none. */
  vatNumber?: string | null;
  amountCents: number;
}

/** A quote, with the verdict on the VAT number: null when none was given or it does not matter. */
export interface QuoteAnswer extends Quote {
  vatNumberValid: boolean | null;
  /** The VAT number as services write it (`BE0403170701`) when valid: what a purchase keeps. */
  vatNumber: string | null;
}

/**
 * The quote the /quote page shows and a purchase charges: the member state's rate (the service's,
 * else the table's), reverse charge when the VAT number is valid (true or unknown) and the buyer is
 * not of the seller's country. A VAT number matters only in a member state: elsewhere no VAT is
 * charged and it is not checked. One of another state, or not well formed, is invalid.
 */
export async function quoteFor(
  service: VatService,
  sellerCountry: string | null,
  request: QuoteRequest,
): Promise<QuoteAnswer> {
  const countryCode = request.countryCode.toUpperCase();
  const typed = request.vatNumber?.trim() ?? '';
  const inEu = memberState(countryCode) !== undefined;
  const vatNumber = inEu && typed !== '' ? vatNumberFor(countryCode, typed) : undefined;
  const [rate, verdict] = await Promise.all([
    inEu ? service.rateOf(countryCode) : null,
    vatNumber ? service.validate(vatNumber) : false,
  ]);
  // No number, or none that matters: no verdict. Valid: true or unknown (spec point 5).
  const vatNumberValid = vatNumber === undefined ? null : verdict !== false;
  return {
    ...quote({
      countryCode,
      vatNumberValid: vatNumberValid === true,
      amountCents: request.amountCents,
      sellerCountry,
      rateBasisPoints: rate ?? undefined,
    }),
    vatNumberValid,
    vatNumber: vatNumberValid ? (vatNumber ?? null) : null,
  };
}
