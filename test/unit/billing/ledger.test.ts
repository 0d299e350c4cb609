import { describe, expect, it } from 'vitest';
import type { InvoiceDocument } from '../../../src-shared/billing/invoice';
import {
  type InvoiceDraft,
  invoiceNumberOf,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
  ledgerDecider,
  ledgerYearOf,
} from '../../../src-shared/billing/ledger';
import type { CommandContext } from '../../../src-shared/eventsourcing';
import { Running } from '../../support/decider';
import { englishInvoice } from '../../support/invoices';

const system = (now: number): CommandContext => ({ now, actor: { userId: 'ann', role: 'system' } });
const draftOf = (doc: InvoiceDocument, transactionId: string): InvoiceDraft => {
  const { kind: _k, invoiceNumber: _n, cancels: _c, issuedAt: _i, dueAt: _d, ...draft } = doc;
  return { ...draft, transactionId };
};

describe("the year's ledger", () => {
  it('numbers invoices and credit notes in one gapless sequence', () => {
    const ledger = new Running<LedgerCommand, LedgerEvent, LedgerState>(ledgerDecider);
    const base = englishInvoice;
    for (const id of ['t1', 't2'])
      ledger.run(
        { type: 'IssueInvoice', year: 2026, draft: draftOf(base, id), paymentDays: 30 },
        system(1_000),
      );
    const first = (ledger.events[0] as Extract<LedgerEvent, { type: 'InvoiceIssued' }>).data.document;
    ledger.run({ type: 'IssueCreditNote', year: 2026, invoice: first, transactionId: 'c1' }, system(2_000));
    const numbers = ledger.events.map((e) => e.data.document.invoiceNumber);
    expect(numbers).toEqual(['2026-000001', '2026-000002', '2026-000003']);
    const credit = ledger.events[2]!.data.document;
    expect(credit).toMatchObject({ kind: 'creditNote', cancels: '2026-000001', dueAt: null });
    expect(credit.totalCents).toBe(-first.totalCents);
    expect(first.dueAt).toBe(1_000 + 30 * 86_400_000);
  });

  it('invoices a purchase once, and cancels an invoice once', () => {
    const ledger = new Running<LedgerCommand, LedgerEvent, LedgerState>(ledgerDecider);
    const draft = draftOf(englishInvoice, 't1');
    ledger.run({ type: 'IssueInvoice', year: 2026, draft, paymentDays: 30 }, system(1));
    expect(
      ledgerDecider.decide(
        { type: 'IssueInvoice', year: 2026, draft, paymentDays: 30 },
        ledger.state,
        system(2),
      ),
    ).toEqual([]);
    const invoice = ledger.events[0]!.data.document;
    ledger.run({ type: 'IssueCreditNote', year: 2026, invoice, transactionId: 'c1' }, system(3));
    expect(() =>
      ledger.run({ type: 'IssueCreditNote', year: 2026, invoice, transactionId: 'c2' }, system(4)),
    ).toThrow('billing.errInvoiceCancelled');
    const credit = ledger.events[1]!.data.document;
    expect(() =>
      ledger.run({ type: 'IssueCreditNote', year: 2026, invoice: credit, transactionId: 'c3' }, system(5)),
    ).toThrow('billing.errNotAnInvoice');
  });

  it("reads a number's year, and only of a number", () => {
    expect(invoiceNumberOf(2026, 42)).toBe('2026-000042');
    expect(ledgerYearOf('2026-000042')).toBe(2026);
    expect(ledgerYearOf('2026-42')).toBeNull();
    expect(ledgerYearOf('x2026-000042')).toBeNull();
  });
});
