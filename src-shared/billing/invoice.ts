/**
 * An invoice or credit note as issued (spec point 3, "Invoices and economic invoices"): every
 * figure the PDF, the subscription tab and the accounts read, in integer cents. Issued on the
 * year's `invoices-<year>` stream, whose gapless version is the invoice's sequence number.
 */
import type { Locale } from '../rules/locale';

export type Currency = 'EUR' | 'USD';
export type PlanGameType = 'beergame' | 'leangame';

/** The seller, as the operator configures it (SELLER_* in the README). */
export interface SellerParty {
  name: string;
  /** Postal address, one line each. */
  address: string[];
  countryCode: string;
  vatNumber: string | null;
  email: string | null;
}

/** The buyer: the team's billing data and the instructor who bought. */
export interface BuyerParty {
  userId: string;
  name: string;
  email: string;
  /** The school or company invoiced (the team's name when none is given). */
  organisation: string;
  address: string[];
  countryCode: string;
  /** An EU VAT number found valid when the invoice was issued (it makes the charge reverse). */
  euVatNumber: string | null;
  /** The language of the PDF and the mail. */
  language: Locale;
}

/** What the invoice pays for: one game type's plan. */
export interface InvoicedPlan {
  gameType: PlanGameType;
  /** The catalogue's plan id (src-shared/billing/catalogue.ts). */
  planName: string;
  /** Players at once under the plan; null: unlimited. */
  maxPlayers: number | null;
  durationDays: number;
  /** Instructors of the team who may use it. */
  licenses: number;
  /** Games the plan includes; null: as many as the instructors make. */
  games: number | null;
  /** Renews at the end of the period (an invoice plan does not: it is bought again). */
  renew: boolean;
}

export interface InvoiceDocument {
  kind: 'invoice' | 'creditNote';
  /** `YYYY-NNNNNN`: the year and its gapless sequence (credit notes share it). */
  invoiceNumber: string;
  /** The purchase's id (spec `transaction_id`): one purchase, one invoice. */
  transactionId: string;
  teamId: string;
  issuedAt: number;
  /** When payment is due (an invoice: 30 days after issue); null for a credit note. */
  dueAt: number | null;
  /** A credit note: the invoice it cancels. */
  cancels: string | null;
  seller: SellerParty;
  buyer: BuyerParty;
  plan: InvoicedPlan;
  currency: Currency;
  /** Net amount (spec `revenue`); negative on a credit note. */
  revenueCents: number;
  /** The VAT rate in basis points (2100 = 21 %); 0 under reverse charge or outside the EU. */
  taxRateBasisPoints: number;
  /** VAT (spec `plan_tax`); negative on a credit note. */
  taxCents: number;
  totalCents: number;
  /** The buyer accounts for the VAT (a valid EU VAT number of another member state). */
  reverseCharge: boolean;
}
