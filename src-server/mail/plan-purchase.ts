/**
 * The mail that tells a buyer their purchase went through (spec, the user's `notifyPlanPurchase`):
 * what was bought, until when, the total, and the way to the invoice's PDF in the subscription tab.
 * The outbox row keeps the figures as they are (cents, an ISO date); the mail writes them in the
 * buyer's language when it is sent, like the invoice's PDF.
 */
import type { Currency, InvoiceDocument, InvoicedPlan } from '../../src-shared/billing/invoice';
import type { Locale } from '../../src-shared/rules/locale';
import {
  formatDate,
  formatMoney,
  gameTypeLabel,
  planDetails,
  planLabel,
  type Say,
} from '../billing/invoice-format';
import type { Layout } from './compose';
import type { MailRequest } from './outbox';

/** The purchase mail's outbox values: the invoice's figures, unformatted, as text (a type: a row's values are a record). */
export type PlanPurchaseValues = {
  name: string;
  invoiceNumber: string;
  gameType: InvoicedPlan['gameType'];
  planName: string;
  /** Players at once; '' when unlimited. */
  maxPlayers: string;
  durationDays: string;
  licenses: string;
  /** Games the plan includes; '' when as many as the instructors make. */
  games: string;
  renew: 'true' | 'false';
  /** The end of the plan, an ISO date and time. */
  until: string;
  totalCents: string;
  currency: Currency;
  /** The subscription tab, where the invoice's PDF is downloaded. */
  link: string;
};

/**
 * The mail telling the buyer of invoice `doc` (an invoice, not a credit note) that the plan is
 * active until `until` (epoch ms), for the outbox: the caller queues it (`enqueueMail`, in the
 * purchase's transaction) when the buyer's `notifyPlanPurchase` is on. One mail per purchase: its
 * key is the transaction's.
 */
export function planPurchaseMail(
  doc: InvoiceDocument,
  until: number,
  publicUrl: string,
): MailRequest<'planPurchase'> {
  if (doc.kind !== 'invoice') throw new Error(`planPurchaseMail: ${doc.invoiceNumber} is a credit note`);
  const { plan } = doc;
  return {
    idempotencyKey: `plan-purchase:${doc.transactionId}`,
    to: doc.buyer.email,
    locale: doc.buyer.language,
    kind: 'planPurchase',
    values: {
      name: doc.buyer.name,
      invoiceNumber: doc.invoiceNumber,
      gameType: plan.gameType,
      planName: plan.planName,
      maxPlayers: plan.maxPlayers === null ? '' : String(plan.maxPlayers),
      durationDays: String(plan.durationDays),
      licenses: String(plan.licenses),
      games: plan.games === null ? '' : String(plan.games),
      renew: plan.renew ? 'true' : 'false',
      until: new Date(until).toISOString(),
      totalCents: String(doc.totalCents),
      currency: doc.currency,
      link: `${publicUrl.replace(/\/$/, '')}/dashboard/subscription#purchase`,
    },
  };
}

const count = (text: string | undefined): number | null => (text ? Number(text) : null);

/** The purchase mail's words, from its outbox values, in `locale`. */
export function planPurchaseLayout(
  values: Record<string, string>,
  words: { say: Say; has: (id: string) => boolean },
  locale: Locale,
): Layout {
  const { say } = words;
  const plan: InvoicedPlan = {
    gameType: values.gameType === 'leangame' ? 'leangame' : 'beergame',
    planName: values.planName ?? '',
    maxPlayers: count(values.maxPlayers),
    durationDays: Number(values.durationDays),
    licenses: Number(values.licenses),
    games: count(values.games),
    renew: values.renew === 'true',
  };
  const planName = planLabel(plan.planName, words);
  const invoiceNumber = values.invoiceNumber ?? '';
  const total = formatMoney(Number(values.totalCents), values.currency === 'USD' ? 'USD' : 'EUR', locale);
  return {
    subject: say('mail.planPurchase.subject', { planName, invoiceNumber }),
    paragraphs: [
      values.name ? say('mail.greetingName', { name: values.name }) : say('mail.greeting'),
      say('mail.planPurchase.intro', {
        planName,
        gameType: gameTypeLabel(plan.gameType, say),
        until: formatDate(Date.parse(values.until ?? ''), locale),
        details: planDetails(plan, say, false).join(', '),
      }),
      say('mail.planPurchase.total', { total, invoiceNumber }),
    ],
    action: { label: say('mail.planPurchase.action'), url: values.link! },
    after: [say('mail.planPurchase.ignore')],
  };
}
