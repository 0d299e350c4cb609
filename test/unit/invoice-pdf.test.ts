/**
 * Invoices and credit notes as PDF (issue 27, item 5): each sample is rendered, then read back with
 * Mozilla's PDF.js, and its text must carry the number, the net, the VAT and the total as the
 * buyer's language writes them, the reverse-charge mention only under reverse charge, and Czech
 * letters intact; the embedded font must have a glyph for every letter of the 11 languages.
 */
import { createRequire } from 'node:module';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney, formatRate } from '../../src-server/billing/invoice-format';
import { invoiceFontFiles, renderInvoicePdf } from '../../src-server/billing/invoice-pdf';
import type { InvoiceDocument } from '../../src-shared/billing/invoice';
import { czechCreditNote, dollarInvoice, englishInvoice, frenchReverseCharge } from '../support/invoices';

interface TextItem {
  str: string;
  hasEOL: boolean;
}

/** The PDF's text as PDF.js extracts it, one line per line of the page, and its metadata's title. */
async function readBack(pdf: Buffer): Promise<{ text: string; pages: number; title: unknown }> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  const page = await document.getPage(1);
  const content = await page.getTextContent();
  const text = (content.items as TextItem[]).map((item) => item.str + (item.hasEOL ? '\n' : '')).join('');
  const { info } = await document.getMetadata();
  const pages = document.numPages;
  await document.destroy();
  return { text, pages, title: (info as { Title?: unknown }).Title };
}

/**
 * `formatted` as PDF.js gives it back: it writes the no-break spaces Intl puts in amounts (U+00A0,
 * U+202F) as plain spaces.
 */
const extracted = (formatted: string) => formatted.replace(/\s/gu, ' ');

const money = (doc: InvoiceDocument, cents: number) =>
  extracted(formatMoney(cents, doc.currency, doc.buyer.language));

describe('invoice PDF', () => {
  it('writes an English invoice with 21 % VAT: number, dates, net, VAT and total', async () => {
    const { text, pages, title } = await readBack(await renderInvoicePdf(englishInvoice));
    expect(pages).toBe(1);
    expect(title).toBe('Invoice 2026-000042');
    expect(text).toContain('Invoice');
    expect(text).toContain('No. 2026-000042');
    expect(text).toContain('Issue date March 5, 2026');
    expect(text).toContain('Due date April 4, 2026');
    expect(text).toContain(englishInvoice.transactionId);
    expect(text).toContain('Northfield Business School');
    expect(text).toContain('VAT number CZ12345678');
    expect(text).toContain('Beer game: Course plan');
    expect(text).toContain('up to 200 players at once · 365 days · 5 instructors');
    expect(text).toContain('€1,190.00 21% €249.90 €1,439.90');
    expect(text).toContain('Total net €1,190.00');
    expect(text).toContain('VAT 21% €249.90');
    expect(text).toContain('Total due €1,439.90');
    expect(text).toContain('Payable by bank transfer within 30 days');
    expect(text).not.toContain('Reverse charge');
    expect(text).not.toContain('VAT not applicable');
  });

  it('writes a French reverse-charge invoice with its mention and French amounts and dates', async () => {
    const { text } = await readBack(await renderInvoicePdf(frenchReverseCharge));
    const doc = frenchReverseCharge;
    expect(text).toContain('2026-000043');
    expect(text).toContain(`${money(doc, 239_000)} 0 % ${money(doc, 0)} ${money(doc, 239_000)}`);
    expect(money(doc, 239_000)).toBe('2 390,00 €');
    expect(text).toContain(`Total HT ${money(doc, 239_000)}`);
    expect(text).toContain(`TVA ${extracted(formatRate(0, 'fr'))} ${money(doc, 0)}`);
    expect(text).toContain('5 mars 2026');
    expect(text).toContain('N° TVA FR40303265045');
    expect(text).toContain('École de management de Lyon');
    expect(text).toContain(
      'Autoliquidation : TVA due par le preneur, article 196 de la directive 2006/112/CE du Conseil.',
    );
    expect(text).toContain('nombre de joueurs illimité');
  });

  it('writes a Czech credit note: negative amounts, the invoice it cancels, Czech letters intact', async () => {
    const { text, title } = await readBack(await renderInvoicePdf(czechCreditNote));
    const doc = czechCreditNote;
    expect(title).toBe('Opravný daňový doklad 2026-000051');
    expect(text).toContain('Č. 2026-000051');
    expect(text).toContain('Opravovaná faktura 2026-000044');
    expect(text).toContain('Tento opravný daňový doklad ruší fakturu 2026-000044');
    expect(money(doc, -18_029)).toBe('-180,29 €');
    expect(text).toContain(`${money(doc, -14_900)} 21 % ${money(doc, -3_129)} ${money(doc, -18_029)}`);
    expect(text).toContain(`Celkem dobropisováno ${money(doc, -18_029)}`);
    expect(text).toContain(extracted(formatDate(doc.issuedAt, 'cs')));
    expect(text).toContain('14. března 2026');
    expect(text).toContain('Jiří Čermák');
    expect(text).toContain('Přerov');
    expect(text).toContain('Česko');
    expect(text).not.toContain('Splatné bankovním převodem');
    expect(text).not.toContain('Přenesení daňové povinnosti');
  });

  it('writes a dollar invoice outside the EU with the VAT-not-applicable mention', async () => {
    const { text } = await readBack(await renderInvoicePdf(dollarInvoice));
    expect(text).toContain('2026-000045');
    expect(text).toContain('$149.00 0% $0.00 $149.00');
    expect(text).toContain('Total due $149.00');
    expect(text).toContain('VAT not applicable: place of supply outside the European Union');
    expect(text).not.toContain('Reverse charge');
    expect(text).toContain('United States');
  });

  it('gives the same bytes for the same document (its dates are the issue date)', async () => {
    const [first, second] = await Promise.all([
      renderInvoicePdf(englishInvoice),
      renderInvoicePdf(englishInvoice),
    ]);
    expect(first.subarray(0, 5).toString()).toBe('%PDF-');
    expect(first.equals(second)).toBe(true);
  });

  it('embeds a font with a glyph for every letter of the 11 languages and the spaces Intl writes', async () => {
    // The semibold face lacks the narrow no-break space: invoice-pdf.ts writes a no-break space there.
    const letters =
      'ąćęłńóśźżĄĆĘŁŃÓŚŹŻ čďěňřšťůžýáíéúČĎĚŇŘŠŤŮŽ ăâîșțşţĂÂÎȘȚŞŢ çğıöşüİĞÇÖŞÜ äöüßÄÖÜ ' +
      'éèêëàâîïôûùÿœæçÉÈÊÀÇŒ ñ¿¡áéíóú ãõâêôà ìòèé ĳ €$£ – — · ’ “ ” „ « » \u00a0\u2212';
    const fontkit = createRequire(import.meta.url)('fontkit') as {
      openSync(file: string): { hasGlyphForCodePoint(codePoint: number): boolean };
    };
    for (const file of invoiceFontFiles()) {
      const font = fontkit.openSync(file);
      const missing = [...letters].filter((c) => c !== ' ' && !font.hasGlyphForCodePoint(c.codePointAt(0)!));
      expect(missing, file).toEqual([]);
    }
  });
});
