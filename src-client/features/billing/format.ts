/**
 * Money and rates as the reader writes them. An amount is whole cents and a rate whole basis
 * points (src-shared/billing): each is handed to Intl as its exact decimal text (`1234.50`), never
 * as a floating-point number, so what shows is exactly what is charged.
 */
import { centsText } from '../../../src-shared/billing/money';

/** Figures in columns: digits of one width, so that amounts line up. */
export const TABULAR = { fontVariantNumeric: 'tabular-nums' } as const;

/** `cents` of `currency` in `locale`: `1 234,50 €`, `$1,234.50`. */
export function formatCents(locale: string, cents: number, currency: string): string {
  return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(
    centsText(cents) as Intl.StringNumericLiteral,
  );
}

/** A rate of `basisPoints` as a percentage in `locale`: `21 %`, `25.5%`. */
export function formatRate(locale: string, basisPoints: number): string {
  return new Intl.NumberFormat(locale, { style: 'unit', unit: 'percent', maximumFractionDigits: 2 }).format(
    centsText(basisPoints) as Intl.StringNumericLiteral,
  );
}

/** The name of the country `code` in `locale` (the code itself where the browser knows none). */
export function countryNamer(locale: string): (code: string) => string {
  let names: Intl.DisplayNames | null = null;
  try {
    names = new Intl.DisplayNames([locale], { type: 'region' });
  } catch {}
  return (code) => {
    try {
      return names?.of(code) ?? code;
    } catch {
      return code;
    }
  };
}

/** The country of the reader's language, if it names one (`fr-BE` → BE; `de` → DE): the picker's first choice. */
export function countryOfLanguage(language: string): string | null {
  try {
    return new Intl.Locale(language).maximize().region ?? null;
  } catch {
    return null;
  }
}
