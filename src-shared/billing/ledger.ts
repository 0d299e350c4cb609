/**
 * The year's ledger on an `invoices-<year>` stream: invoices and credit notes numbered in one
 * gapless sequence per year (an EU requirement). The number is the stream's version, so two
 * purchases at once can never share or skip one: the second conflicts and is decided again on
 * the next number. An invoice is never deleted: a credit note cancels it.
 */
import { z } from 'zod';
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import type { InvoiceDocument } from './invoice';

/** `YYYY-NNNNNN`: the year and the sequence, so that numbers sort in their order. */
export const invoiceNumberOf = (year: number, sequence: number): string =>
  `${year}-${String(sequence).padStart(6, '0')}`;

/** The year an invoice number belongs to (its ledger), or null when it is not one. */
export function ledgerYearOf(invoiceNumber: string): number | null {
  const match = /^(\d{4})-(\d{6,})$/.exec(invoiceNumber);
  return match ? Number(match[1]) : null;
}

export const ledgerStreamId = (year: number): string => `invoices-${year}`;
export const LEDGER_RULES_VERSION = 1;

/** The calendar year (UTC) of a moment: the ledger an invoice issued then goes to. */
export const ledgerYear = (now: number): number => new Date(now).getUTCFullYear();

export type InvoiceDraft = Omit<InvoiceDocument, 'kind' | 'invoiceNumber' | 'cancels' | 'issuedAt' | 'dueAt'>;

export type LedgerCommand =
  | { type: 'IssueInvoice'; year: number; draft: InvoiceDraft; paymentDays: number }
  | { type: 'IssueCreditNote'; year: number; invoice: InvoiceDocument; transactionId: string };

export const documentSchema = z.custom<InvoiceDocument>(
  (value) => typeof value === 'object' && value !== null,
);
export const ledgerEventSchemas = {
  InvoiceIssued: z
    .object({ document: documentSchema.meta({ description: 'the invoice as issued', unit: 'invoice' }) })
    .describe('An invoice was issued for a purchase, under the next number of the year.'),
  CreditNoteIssued: z
    .object({ document: documentSchema.meta({ description: 'the credit note as issued', unit: 'invoice' }) })
    .describe('A credit note cancelled an invoice, under the next number of the year.'),
} as const;
export type LedgerEvent =
  | { type: 'InvoiceIssued'; data: { document: InvoiceDocument } }
  | { type: 'CreditNoteIssued'; data: { document: InvoiceDocument } };

export interface LedgerState {
  year: number | null;
  /** Numbers issued so far (the last sequence). */
  issued: number;
  /** Purchase (transaction) ids already invoiced, to their invoice number. */
  transactions: Record<string, string>;
  /** Invoices of this ledger or earlier ones that a credit note here cancels, to the credit note. */
  cancelled: Record<string, string>;
  /** The document issued last (the read model writes it). */
  last: InvoiceDocument | null;
}

export const initialLedgerState: LedgerState = {
  year: null,
  issued: 0,
  transactions: {},
  cancelled: {},
  last: null,
};

const DAY_MS = 86_400_000;

function issueInvoice(
  s: LedgerState,
  c: Extract<LedgerCommand, { type: 'IssueInvoice' }>,
  ctx: CommandContext,
) {
  if (s.transactions[c.draft.transactionId]) return [];
  const invoiceNumber = invoiceNumberOf(c.year, s.issued + 1);
  const document: InvoiceDocument = {
    ...c.draft,
    kind: 'invoice',
    invoiceNumber,
    cancels: null,
    issuedAt: ctx.now,
    dueAt: ctx.now + c.paymentDays * DAY_MS,
  };
  return [{ type: 'InvoiceIssued' as const, data: { document } }];
}

/** A credit note mirrors the invoice with every amount negated. */
function issueCreditNote(
  s: LedgerState,
  c: Extract<LedgerCommand, { type: 'IssueCreditNote' }>,
  ctx: CommandContext,
) {
  const { invoice } = c;
  if (invoice.kind !== 'invoice') throw new DomainError('billing.errNotAnInvoice');
  if (s.cancelled[invoice.invoiceNumber]) throw new DomainError('billing.errInvoiceCancelled');
  const document: InvoiceDocument = {
    ...invoice,
    kind: 'creditNote',
    invoiceNumber: invoiceNumberOf(c.year, s.issued + 1),
    transactionId: c.transactionId,
    cancels: invoice.invoiceNumber,
    issuedAt: ctx.now,
    dueAt: null,
    revenueCents: -invoice.revenueCents,
    taxCents: -invoice.taxCents,
    totalCents: -invoice.totalCents,
  };
  return [{ type: 'CreditNoteIssued' as const, data: { document } }];
}

export function decideLedger(c: LedgerCommand, s: LedgerState, ctx: CommandContext): LedgerEvent[] {
  if (ctx.actor.role !== 'system') throw new Error('Only the server issues invoices');
  if (s.year !== null && s.year !== c.year) throw new Error(`The ${s.year} ledger cannot number ${c.year}`);
  return c.type === 'IssueInvoice' ? issueInvoice(s, c, ctx) : issueCreditNote(s, c, ctx);
}

export function evolveLedger(s: LedgerState, e: LedgerEvent): LedgerState {
  const { document } = e.data;
  const year = ledgerYearOf(document.invoiceNumber);
  const next = { ...s, year, issued: s.issued + 1, last: document };
  if (e.type === 'InvoiceIssued')
    return { ...next, transactions: { ...s.transactions, [document.transactionId]: document.invoiceNumber } };
  return { ...next, cancelled: { ...s.cancelled, [document.cancels!]: document.invoiceNumber } };
}

export const ledgerDecider: Decider<LedgerCommand, LedgerEvent, LedgerState> = {
  initialState: initialLedgerState,
  decide: decideLedger,
  evolve: evolveLedger,
};
