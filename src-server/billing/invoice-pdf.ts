/**
 * An invoice or credit note as an A4 PDF in the buyer's language (spec point 3, "downloaded as
 * PDF"): the seller's letterhead, the buyer, the number and dates, the plan's line with its net,
 * VAT rate, VAT and total, the totals, and the mentions the law asks for (reverse charge, VAT not
 * applicable outside the EU) with the payment terms. Made with pdfkit; the text is Open Sans
 * (npm `open-sans-fonts`, Apache License 2.0), embedded and subset, because the PDF's built-in
 * Helvetica cannot write ř, ł, ș or ğ. The same document gives the same bytes: the PDF's dates
 * are the issue's.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { InvoiceDocument } from '../../src-shared/billing/invoice';
import type { Locale } from '../../src-shared/rules/locale';
import {
  countryName,
  formatDate,
  formatMoney,
  formatRate,
  gameTypeLabel,
  planDetails,
  planLabel,
  type Say,
  wordsIn,
} from './invoice-format';

type Pdf = PDFKit.PDFDocument;

const FONT_FILES = {
  regular: 'Regular/OpenSans-Regular.ttf',
  semibold: 'Semibold/OpenSans-Semibold.ttf',
  bold: 'Bold/OpenSans-Bold.ttf',
} as const;
type Weight = keyof typeof FONT_FILES;

/**
 * Characters Open Sans Semibold 1.10 lacks (the regular and bold faces have them), written with the
 * nearest it has: the narrow no-break space Intl puts in French amounts, the Unicode hyphens.
 */
const SEMIBOLD_GAPS: Record<string, string> = {
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '\u2013',
  '\u202f': '\u00a0',
  '\u205f': ' ',
};
const fillGaps = (words: string, weight: Weight) =>
  weight === 'semibold' ? words.replace(/[\u2010-\u2012\u202f\u205f]/g, (c) => SEMIBOLD_GAPS[c]!) : words;

/** The font files, in the npm package `open-sans-fonts`. */
export function invoiceFontFiles(): string[] {
  const folder = path.join(
    path.dirname(createRequire(import.meta.url).resolve('open-sans-fonts/package.json')),
    'open-sans',
  );
  return Object.values(FONT_FILES).map((file) => path.join(folder, file));
}

let fonts: Promise<Record<Weight, Buffer>> | undefined;

/** The font files' bytes, read once per process. */
function loadFonts(): Promise<Record<Weight, Buffer>> {
  fonts ??= Promise.all(invoiceFontFiles().map((file) => readFile(file))).then(
    (buffers) =>
      Object.fromEntries(Object.keys(FONT_FILES).map((weight, i) => [weight, buffers[i]!])) as Record<
        Weight,
        Buffer
      >,
  );
  return fonts;
}

const PAGE = { width: 595.28, height: 841.89, margin: 56 };
const LEFT = PAGE.margin;
const RIGHT = PAGE.width - PAGE.margin;
const WIDTH = RIGHT - LEFT;
const INK = '#212529';
const MUTED = '#6c757d';
const ACCENT = '#1971c2';
const RULE = '#dee2e6';
const SHADE = '#f1f3f5';
const TINT = '#e7f5ff';

/** Everything the layout writes, worked out once: words, formatted figures. */
interface Sheet {
  doc: InvoiceDocument;
  locale: Locale;
  say: Say;
  money: (cents: number) => string;
  date: (epochMs: number) => string;
  country: (code: string) => string;
  planTitle: string;
  planDetails: string[];
}

/** Writes `words` at (x, y) in `style`; returns the y under them. */
function text(
  pdf: Pdf,
  words: string,
  x: number,
  y: number,
  style: {
    weight?: Weight;
    size?: number;
    color?: string;
    width?: number;
    align?: 'left' | 'right' | 'center';
  } = {},
): number {
  const weight = style.weight ?? 'regular';
  const written = fillGaps(words, weight);
  pdf
    .font(weight)
    .fontSize(style.size ?? 9)
    .fillColor(style.color ?? INK);
  const options = { width: style.width ?? WIDTH, align: style.align ?? 'left', lineGap: 1 };
  pdf.text(written, x, y, options);
  return y + pdf.heightOfString(written, options);
}

function lines(pdf: Pdf, all: string[], x: number, y: number, width: number): number {
  let at = y;
  for (const line of all) at = text(pdf, line, x, at, { color: MUTED, width });
  return at;
}

function rule(pdf: Pdf, y: number, color = RULE, width = 0.75): void {
  pdf.moveTo(LEFT, y).lineTo(RIGHT, y).lineWidth(width).strokeColor(color).stroke();
}

/** The seller's letterhead on the left, the title and number on the right. */
function header(pdf: Pdf, sheet: Sheet): number {
  const { doc, say } = sheet;
  const { seller } = doc;
  const half = WIDTH / 2;
  let left = text(pdf, seller.name, LEFT, PAGE.margin, { weight: 'bold', size: 15, width: half });
  left = lines(
    pdf,
    [
      ...seller.address,
      sheet.country(seller.countryCode),
      ...(seller.vatNumber ? [say('invoice.vatNumber', { vatNumber: seller.vatNumber })] : []),
      ...(seller.email ? [seller.email] : []),
    ],
    LEFT,
    left + 4,
    half,
  );
  const title = say(doc.kind === 'invoice' ? 'invoice.title.invoice' : 'invoice.title.creditNote');
  let right = text(pdf, title, LEFT + half, PAGE.margin - 6, {
    weight: 'bold',
    size: 26,
    color: ACCENT,
    width: half,
    align: 'right',
  });
  right = text(pdf, say('invoice.number', { number: doc.invoiceNumber }), LEFT + half, right, {
    weight: 'semibold',
    size: 12,
    width: half,
    align: 'right',
  });
  const bottom = Math.max(left, right) + 18;
  rule(pdf, bottom, ACCENT, 1.5);
  return bottom + 22;
}

/** The buyer on the left, the dates and transaction on the right. */
function parties(pdf: Pdf, sheet: Sheet, top: number): number {
  const { doc, say } = sheet;
  const { buyer } = doc;
  const leftWidth = WIDTH * 0.5;
  let left = text(pdf, say('invoice.billTo').toUpperCase(), LEFT, top, {
    weight: 'semibold',
    size: 7.5,
    color: MUTED,
  });
  left = text(pdf, buyer.organisation, LEFT, left + 3, { weight: 'bold', size: 11, width: leftWidth });
  left = lines(
    pdf,
    [
      ...(buyer.name && buyer.name !== buyer.organisation ? [buyer.name] : []),
      ...buyer.address,
      sheet.country(buyer.countryCode),
      ...(buyer.euVatNumber ? [say('invoice.vatNumber', { vatNumber: buyer.euVatNumber })] : []),
      buyer.email,
    ],
    LEFT,
    left + 2,
    leftWidth,
  );
  const facts: [string, string][] = [
    [say('invoice.issued'), sheet.date(doc.issuedAt)],
    ...(doc.dueAt !== null ? [[say('invoice.due'), sheet.date(doc.dueAt)] as [string, string]] : []),
    ...(doc.cancels ? [[say('invoice.cancels'), doc.cancels] as [string, string]] : []),
    [say('invoice.transaction'), doc.transactionId],
  ];
  const right = factsBox(pdf, facts, top);
  return Math.max(left, right) + 28;
}

/** Label and value pairs in a shaded box on the right; a value too long for its column goes under its label. */
function factsBox(pdf: Pdf, facts: [string, string][], top: number): number {
  const width = 232;
  const x = RIGHT - width;
  const pad = 10;
  const inner = width - 2 * pad;
  pdf.font('regular').fontSize(9);
  const labelWidth = Math.max(...facts.map(([label]) => pdf.widthOfString(label))) + 12;
  pdf.font('semibold');
  const rows = facts.map(([label, raw]) => {
    const value = fillGaps(raw, 'semibold');
    const stacked = pdf.widthOfString(value) > inner - labelWidth;
    const height = stacked
      ? pdf.heightOfString(label, { width: inner }) + pdf.heightOfString(value, { width: inner })
      : pdf.heightOfString(value, { width: inner - labelWidth });
    return { label, value, stacked, height };
  });
  const height = rows.reduce((sum, row) => sum + row.height + 5, 2 * pad - 5);
  pdf.roundedRect(x, top, width, height, 4).fill(SHADE);
  let y = top + pad;
  for (const row of rows) {
    const below = text(pdf, row.label, x + pad, y, { color: MUTED, width: row.stacked ? inner : labelWidth });
    const valueAt = row.stacked
      ? { x: x + pad, y: below, width: inner }
      : { x: x + pad + labelWidth, y, width: inner - labelWidth };
    text(pdf, row.value, valueAt.x, valueAt.y, { weight: 'semibold', width: valueAt.width, align: 'right' });
    y += row.height + 5;
  }
  return top + height;
}

/** Columns of the lines' table: description, then the figures, right-aligned. */
const COLUMNS = [
  { id: 'invoice.col.description', width: WIDTH - 72 - 54 - 68 - 78, align: 'left' },
  { id: 'invoice.col.net', width: 72, align: 'right' },
  { id: 'invoice.col.vatRate', width: 54, align: 'right' },
  { id: 'invoice.col.vat', width: 68, align: 'right' },
  { id: 'invoice.col.total', width: 78, align: 'right' },
] as const;
const CELL_PAD = 8;

function row(
  pdf: Pdf,
  cells: string[],
  y: number,
  style: { weight: Weight; size: number; color?: string },
): number {
  let x = LEFT;
  let bottom = y;
  COLUMNS.forEach((column, i) => {
    const end = text(pdf, cells[i] ?? '', x + CELL_PAD, y, {
      ...style,
      width: column.width - 2 * CELL_PAD,
      align: column.align,
    });
    bottom = Math.max(bottom, end);
    x += column.width;
  });
  return bottom;
}

/** Phrases joined by `separator` into as few lines as `fits` allows, a phrase never split. */
function packed(phrases: string[], separator: string, fits: (line: string) => boolean): string[] {
  const out: string[] = [];
  for (const phrase of phrases) {
    const last = out.at(-1);
    if (last !== undefined && fits(`${last}${separator}${phrase}`))
      out[out.length - 1] = `${last}${separator}${phrase}`;
    else out.push(phrase);
  }
  return out;
}

/** The table's header and its one line: the plan, its net, VAT rate, VAT and total. */
function planTable(pdf: Pdf, sheet: Sheet, top: number): number {
  const { doc, say } = sheet;
  const labels = COLUMNS.map((column) => say(column.id));
  pdf.font('semibold').fontSize(8);
  const labelHeight = Math.max(
    ...labels.map((label, i) =>
      pdf.heightOfString(label, { width: COLUMNS[i]!.width - 2 * CELL_PAD, lineGap: 1 }),
    ),
  );
  pdf.rect(LEFT, top, WIDTH, labelHeight + 14).fill(SHADE);
  row(pdf, labels, top + 7, { weight: 'semibold', size: 8, color: MUTED });
  const y = top + labelHeight + 14 + 10;
  const figures = [
    '',
    sheet.money(doc.revenueCents),
    formatRate(doc.taxRateBasisPoints, sheet.locale),
    sheet.money(doc.taxCents),
    sheet.money(doc.totalCents),
  ];
  const figuresEnd = row(pdf, figures, y, { weight: 'regular', size: 9.5 });
  const descriptionWidth = COLUMNS[0].width - 2 * CELL_PAD;
  let description = text(pdf, sheet.planTitle, LEFT + CELL_PAD, y, {
    weight: 'semibold',
    size: 10,
    width: descriptionWidth,
  });
  pdf.font('regular').fontSize(8);
  for (const line of packed(
    sheet.planDetails,
    ' · ',
    (words) => pdf.widthOfString(words) <= descriptionWidth,
  )) {
    description = text(pdf, line, LEFT + CELL_PAD, description + 1, {
      size: 8,
      color: MUTED,
      width: descriptionWidth,
    });
  }
  const bottom = Math.max(description, figuresEnd) + 10;
  rule(pdf, bottom);
  return bottom + 14;
}

/** Net, VAT and the total on the right, the total on a tinted band. */
function totals(pdf: Pdf, sheet: Sheet, top: number): number {
  const { doc, say } = sheet;
  // Wide enough for the longest label of the 11 languages on one line ("Celkem dobropisováno").
  const width = 310;
  const x = RIGHT - width;
  const labelWidth = 190;
  const pair = (label: string, value: string, y: number, weight: Weight, size: number, color = INK) => {
    text(pdf, label, x + CELL_PAD, y, { weight, size, color, width: labelWidth });
    return text(pdf, value, x + labelWidth, y, {
      weight,
      size,
      color,
      width: width - labelWidth - CELL_PAD,
      align: 'right',
    });
  };
  let y = pair(say('invoice.totals.net'), sheet.money(doc.revenueCents), top, 'regular', 9.5);
  const rate = formatRate(doc.taxRateBasisPoints, sheet.locale);
  y = pair(say('invoice.totals.vat', { rate }), sheet.money(doc.taxCents), y + 5, 'regular', 9.5);
  const band = y + 8;
  pdf.roundedRect(x, band, width, 30, 4).fill(TINT);
  const label = say(doc.kind === 'invoice' ? 'invoice.totals.due' : 'invoice.totals.credited');
  pair(label, sheet.money(doc.totalCents), band + 7, 'bold', 12, ACCENT);
  return band + 30 + 26;
}

/** The mentions: VAT (reverse charge, not applicable), the credit note's invoice, payment terms. */
function notes(pdf: Pdf, sheet: Sheet, top: number): number {
  const { doc, say } = sheet;
  const mentions: string[] = [];
  if (doc.reverseCharge) mentions.push(say('invoice.reverseCharge'));
  else if (doc.taxRateBasisPoints === 0) mentions.push(say('invoice.vatNotApplicable'));
  let y = top;
  for (const mention of mentions) {
    // A bar in the accent colour beside the mention, as tall as its lines.
    const end = text(pdf, mention, LEFT + 12, y, { weight: 'semibold', width: WIDTH - 12 });
    pdf.rect(LEFT, y - 2, 2.5, end - y + 4).fill(ACCENT);
    y = end + 10;
  }
  if (doc.kind === 'creditNote' && doc.cancels) {
    y = text(pdf, say('invoice.creditNote.cancels', { number: doc.cancels }), LEFT, y) + 6;
  }
  if (doc.kind === 'invoice' && doc.dueAt !== null) {
    const days = Math.round((doc.dueAt - doc.issuedAt) / 86_400_000);
    const terms = say('invoice.paymentTerms', {
      days,
      date: sheet.date(doc.dueAt),
      number: doc.invoiceNumber,
    });
    y = text(pdf, terms, LEFT, y) + 6;
    y = text(pdf, say('invoice.thanks'), LEFT, y + 8, { weight: 'semibold', color: ACCENT });
  }
  return y;
}

/** The seller once more at the foot of the page, as invoices carry it. */
function footer(pdf: Pdf, sheet: Sheet): void {
  const { seller } = sheet.doc;
  const parts = [
    seller.name,
    [...seller.address, sheet.country(seller.countryCode)].join(', '),
    ...(seller.vatNumber ? [sheet.say('invoice.vatNumber', { vatNumber: seller.vatNumber })] : []),
    ...(seller.email ? [seller.email] : []),
  ];
  const y = PAGE.height - PAGE.margin;
  pdf.page.margins.bottom = 0;
  rule(pdf, y - 8);
  text(pdf, parts.join('  ·  '), LEFT, y, { size: 7.5, color: MUTED, align: 'center' });
}

async function sheetOf(doc: InvoiceDocument): Promise<Sheet> {
  const locale = doc.buyer.language;
  const words = await wordsIn(locale);
  return {
    doc,
    locale,
    say: words.say,
    money: (cents) => formatMoney(cents, doc.currency, locale),
    date: (epochMs) => formatDate(epochMs, locale),
    country: (code) => countryName(code, locale),
    planTitle: words.say('invoice.line.plan', {
      gameType: gameTypeLabel(doc.plan.gameType, words.say),
      plan: planLabel(doc.plan.planName, words),
    }),
    planDetails: planDetails(doc.plan, words.say),
  };
}

/** The invoice or credit note `doc` as a one-page A4 PDF in its buyer's language. */
export async function renderInvoicePdf(doc: InvoiceDocument): Promise<Buffer> {
  // pdfkit loads with the first invoice asked for, not with the server.
  const [sheet, files, { default: PDFDocument }] = await Promise.all([
    sheetOf(doc),
    loadFonts(),
    import('pdfkit'),
  ]);
  const title = `${sheet.say(doc.kind === 'invoice' ? 'invoice.title.invoice' : 'invoice.title.creditNote')} ${doc.invoiceNumber}`;
  const issued = new Date(doc.issuedAt);
  const pdf = new PDFDocument({
    size: 'A4',
    margins: { top: PAGE.margin, bottom: PAGE.margin, left: PAGE.margin, right: PAGE.margin },
    lang: doc.buyer.language,
    displayTitle: true,
    info: { Title: title, Author: doc.seller.name, CreationDate: issued, ModDate: issued },
  });
  for (const [weight, file] of Object.entries(files)) pdf.registerFont(weight, file);
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  let y = header(pdf, sheet);
  y = parties(pdf, sheet, y);
  y = planTable(pdf, sheet, y);
  y = totals(pdf, sheet, y);
  notes(pdf, sheet, y);
  footer(pdf, sheet);
  pdf.end();
  return done;
}
