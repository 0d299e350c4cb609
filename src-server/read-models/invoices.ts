/**
 * The `invoices` read model of the `invoices-<year>` ledgers: one row per invoice or credit note,
 * filtered by team for the subscription tab, with the credit note that cancelled an invoice.
 */
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { InvoiceDocument } from '../../src-shared/billing/invoice';
import { type LedgerState, ledgerYearOf } from '../../src-shared/billing/ledger';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

export interface InvoicesTable {
  invoice_number: string;
  year: number;
  kind: InvoiceDocument['kind'];
  team_id: string;
  transaction_id: string;
  document: ColumnType<InvoiceDocument, string, never>;
  cancelled_by: string | null;
  /** The session created from the invoice (spec `createSessionFromEconomicInvoice`). */
  session_id: string | null;
  issued_at: ColumnType<Date, Date, never>;
}

function documentWrites(db: Kysely<Database>, document: InvoiceDocument) {
  const insert = db
    .insertInto('invoices')
    .values({
      invoice_number: document.invoiceNumber,
      year: ledgerYearOf(document.invoiceNumber)!,
      kind: document.kind,
      team_id: document.teamId,
      transaction_id: document.transactionId,
      document: JSON.stringify(document),
      issued_at: new Date(document.issuedAt),
    })
    .onConflict((oc) => oc.column('invoice_number').doNothing());
  if (!document.cancels) return [insert];
  const cancel = db
    .updateTable('invoices')
    .set({ cancelled_by: document.invoiceNumber })
    .where('invoice_number', '=', document.cancels);
  return [insert, cancel];
}

/** The row of the document a ledger command issued. */
export function invoicesProjection(previous: LedgerState, next: LedgerState): ReadModelWrites | null {
  if (next.issued === previous.issued || !next.last) return null;
  const document = next.last;
  return (db) => documentWrites(db, document);
}

/** Rebuilds the table from the ledgers' documents, in issue order, in one transaction. */
export async function replaceInvoiceRows(db: Kysely<Database>, documents: readonly InvoiceDocument[]) {
  await db.transaction().execute(async (trx) => {
    const sessions = await trx.selectFrom('invoices').select(['invoice_number', 'session_id']).execute();
    await trx.deleteFrom('invoices').execute();
    for (const document of documents)
      for (const write of documentWrites(trx, document)) await write.execute();
    // The session made from an invoice is not an event of the ledger: it is kept across a rebuild.
    for (const { invoice_number, session_id } of sessions)
      if (session_id)
        await trx
          .updateTable('invoices')
          .set({ session_id })
          .where('invoice_number', '=', invoice_number)
          .execute();
  });
}

/** A team's invoices and credit notes, newest first. */
export function invoicesOfTeam(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom('invoices')
    .selectAll()
    .where('team_id', '=', teamId)
    .orderBy('issued_at', 'desc')
    .orderBy(sql`invoice_number`, 'desc')
    .limit(500)
    .execute();
}

export function invoiceRow(db: Kysely<Database>, invoiceNumber: string) {
  return db.selectFrom('invoices').selectAll().where('invoice_number', '=', invoiceNumber).executeTakeFirst();
}
