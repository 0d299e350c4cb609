/**
 * How an invoice's figures and plan read in the buyer's language, for the PDF (invoice-pdf.ts) and
 * the purchase mail (mail/plan-purchase.ts): amounts, dates and rates through Intl, words through
 * the locale files' `invoice.*` messages.
 */
import { createIntl } from 'react-intl';
import type { Currency, InvoicedPlan } from '../../src-shared/billing/invoice';
import type { Locale } from '../../src-shared/rules/locale';
import { messagesIn } from '../messages';

export type Say = (id: string, values?: Record<string, string | number>) => string;

/** A language's messages as a formatter (ICU plurals included), with the product's name. */
export async function wordsIn(locale: Locale): Promise<{ say: Say; has: (id: string) => boolean }> {
  const messages = await messagesIn(locale);
  const intl = createIntl({ locale, messages, defaultLocale: 'en' });
  const product = messages['app.name']!;
  return {
    say: (id, values = {}) => intl.formatMessage({ id }, { product, ...values }) as string,
    has: (id) => id in messages,
  };
}

/** Cents as the locale writes an amount of `currency` (`1 439,90 €`, `€1,439.90`). */
export const formatMoney = (cents: number, currency: Currency, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: 'currency', currency }).format(cents / 100);

/** A day as the locale writes it in full (`5 March 2026`, `5. března 2026`); days are UTC's. */
export const formatDate = (epochMs: number, locale: Locale): string =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'long', timeZone: 'UTC' }).format(epochMs);

/** Basis points as the locale writes a percentage (2100: `21%`, `21 %`). */
export const formatRate = (basisPoints: number, locale: Locale): string =>
  new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 2 }).format(basisPoints / 10_000);

/** A country's name in the locale (`CZ`: `Czechia`, `Tchéquie`). */
export function countryName(code: string, locale: Locale): string {
  try {
    return new Intl.DisplayNames(locale, { type: 'region' }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}

/** The catalogue's plan id as the buyer reads it (an id without a message: the id itself). */
export const planLabel = (planName: string, words: { say: Say; has: (id: string) => boolean }): string =>
  words.has(`invoice.plan.${planName}`) ? words.say(`invoice.plan.${planName}`) : planName;

/** The game type's name, as the dashboard shows it. */
export const gameTypeLabel = (gameType: InvoicedPlan['gameType'], say: Say): string =>
  say(gameType === 'beergame' ? 'dashboard.typeBeergame' : 'dashboard.typeLeangame');

/**
 * What the plan gives, one phrase each: players, days (unless `withDays` is false: a sentence that
 * says until when), instructors, games, renewal.
 */
export function planDetails(plan: InvoicedPlan, say: Say, withDays = true): string[] {
  return [
    plan.maxPlayers === null
      ? say('invoice.line.unlimitedPlayers')
      : say('invoice.line.players', { players: plan.maxPlayers }),
    ...(withDays ? [say('invoice.line.days', { days: plan.durationDays })] : []),
    say('invoice.line.instructors', { licenses: plan.licenses }),
    ...(plan.games === null ? [] : [say('invoice.line.games', { games: plan.games })]),
    ...(plan.renew ? [say('invoice.line.renews')] : []),
  ];
}
