/**
 * Invoices as the billing issues them, for the PDF and the purchase mail's tests: an Irish school
 * paying Czech VAT in English, a French company under reverse charge, a Czech school's credit note,
 * an American university in dollars outside the EU's VAT.
 */
import type { InvoiceDocument, SellerParty } from '../../src-shared/billing/invoice';

const DAY = 86_400_000;
const issuedAt = Date.UTC(2026, 2, 5, 10, 30);

export const seller: SellerParty = {
  name: 'SimGames s.r.o.',
  address: ['Vinohradská 2405/6', '120 00 Praha 2'],
  countryCode: 'CZ',
  vatNumber: 'CZ12345678',
  email: 'billing@simgames.example',
};

/** 1 190,00 € net, 21 % VAT: 249,90 €, 1 439,90 € in all. */
export const englishInvoice: InvoiceDocument = {
  kind: 'invoice',
  invoiceNumber: '2026-000042',
  transactionId: '3f2c9a1e-7b4d-4c1a-9e0f-5a6b7c8d9e0f',
  teamId: 'team-northfield',
  issuedAt,
  dueAt: issuedAt + 30 * DAY,
  cancels: null,
  seller,
  buyer: {
    userId: 'user-ada',
    name: 'Ada Lovelace',
    email: 'ada@northfield.example',
    organisation: 'Northfield Business School',
    address: ['12 College Road', 'Dublin D02 X285'],
    countryCode: 'IE',
    euVatNumber: null,
    language: 'en',
  },
  plan: {
    gameType: 'beergame',
    planName: 'course',
    maxPlayers: 200,
    durationDays: 365,
    licenses: 5,
    games: null,
    renew: false,
  },
  currency: 'EUR',
  revenueCents: 119_000,
  taxRateBasisPoints: 2100,
  taxCents: 24_990,
  totalCents: 143_990,
  reverseCharge: false,
};

/** A French company with a valid VAT number: no VAT, the buyer accounts for it. */
export const frenchReverseCharge: InvoiceDocument = {
  ...englishInvoice,
  invoiceNumber: '2026-000043',
  transactionId: 'b7e1d0c2-1111-4a2b-8c3d-000000000043',
  teamId: 'team-lyon',
  buyer: {
    userId: 'user-chloe',
    name: 'Chloé Marchand',
    email: 'chloe.marchand@ecole-lyon.example',
    organisation: 'École de management de Lyon',
    address: ['23 avenue Guy de Collongue', '69130 Écully'],
    countryCode: 'FR',
    euVatNumber: 'FR40303265045',
    language: 'fr',
  },
  plan: { ...englishInvoice.plan, gameType: 'leangame', planName: 'campus', maxPlayers: null, licenses: 20 },
  revenueCents: 239_000,
  taxRateBasisPoints: 0,
  taxCents: 0,
  totalCents: 239_000,
  reverseCharge: true,
};

/** A Czech school's credit note cancelling its invoice: negative amounts at 21 %. */
export const czechCreditNote: InvoiceDocument = {
  ...englishInvoice,
  kind: 'creditNote',
  invoiceNumber: '2026-000051',
  transactionId: 'c0ffee00-2222-4b3c-9d4e-000000000051',
  teamId: 'team-prerov',
  issuedAt: issuedAt + 9 * DAY,
  dueAt: null,
  cancels: '2026-000044',
  buyer: {
    userId: 'user-jiri',
    name: 'Jiří Čermák',
    email: 'jiri.cermak@gymnazium-prerov.example',
    organisation: 'Gymnázium Jana Blahoslava a Střední pedagogická škola Přerov',
    address: ['Denisova 3', '750 02 Přerov'],
    countryCode: 'CZ',
    euVatNumber: null,
    language: 'cs',
  },
  plan: { ...englishInvoice.plan, planName: 'class', maxPlayers: 60, durationDays: 30, licenses: 2 },
  revenueCents: -14_900,
  taxCents: -3_129,
  totalCents: -18_029,
};

/** An American university in dollars: outside the EU, no VAT. */
export const dollarInvoice: InvoiceDocument = {
  ...englishInvoice,
  invoiceNumber: '2026-000045',
  transactionId: 'd011a400-3333-4c4d-8e5f-000000000045',
  teamId: 'team-ohio',
  buyer: {
    userId: 'user-grace',
    name: 'Grace Hopper',
    email: 'ghopper@lakeside.example',
    organisation: 'Lakeside University, Department of Operations Management',
    address: ['1200 Lakeshore Drive', 'Cleveland, OH 44114'],
    countryCode: 'US',
    euVatNumber: null,
    language: 'en',
  },
  plan: {
    ...englishInvoice.plan,
    planName: 'class',
    maxPlayers: 60,
    durationDays: 30,
    licenses: 2,
    renew: true,
  },
  currency: 'USD',
  revenueCents: 14_900,
  taxRateBasisPoints: 0,
  taxCents: 0,
  totalCents: 14_900,
  reverseCharge: false,
};

export const sampleInvoices = { englishInvoice, frenchReverseCharge, czechCreditNote, dollarInvoice };
