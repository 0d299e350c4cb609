/**
 * The inputs of the billing procedures. A quote (billing.quote, the /quote page and a purchase)
 * names a country, maybe a VAT number as typed, and an amount in whole cents.
 */
import { z } from 'zod';
import { centsText, isCents } from '../billing/money';
import { QUOTE_MAX_CENTS, VAT_NUMBER_MAX } from '../billing/vat';
import { textInput } from './inputs';

/** The amounts a quote takes: a cent to 100 million (euros or dollars). */
export const QUOTE_AMOUNT_RULE = { minCents: 1, maxCents: QUOTE_MAX_CENTS };

/** A two-letter country code (ISO 3166-1 alpha-2), in any case: one outside the EU is quoted in dollars. */
export const countryCodeInput = z
  .string({ message: 'billing.errCountry' })
  .trim()
  .regex(/^[A-Za-z]{2}$/, { message: 'billing.errCountry' })
  .transform((code) => code.toUpperCase());

/** A whole number of cents within `QUOTE_AMOUNT_RULE`; a refusal names the bounds in currency units. */
export const amountCentsInput = z.number({ message: 'errors.invalidInput' }).superRefine((value, ctx) => {
  if (isCents(value, QUOTE_AMOUNT_RULE)) return;
  ctx.addIssue({
    code: 'custom',
    message: 'number.errRange',
    minimum: Number(centsText(QUOTE_AMOUNT_RULE.minCents)),
    maximum: Number(centsText(QUOTE_AMOUNT_RULE.maxCents)),
  });
});

export const quoteInput = z.object({
  countryCode: countryCodeInput,
  /** As typed; empty or absent: none (the quote then charges the member state's VAT). */
  vatNumber: textInput({ min: 0, max: VAT_NUMBER_MAX }).optional(),
  amountCents: amountCentsInput,
});
export type QuoteInput = z.input<typeof quoteInput>;
