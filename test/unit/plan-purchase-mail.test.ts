/**
 * The purchase mail (issue 27, item 5: "the buyer is told by mail when notifyPlanPurchase is on"):
 * the outbox request made from an invoice, and the mail it composes in the buyer's language, with
 * the plan, until when, the total and the link to the subscription tab.
 */
import { describe, expect, it } from 'vitest';
import { formatDate, formatMoney } from '../../src-server/billing/invoice-format';
import { composeMail } from '../../src-server/mail/compose';
import { planPurchaseMail } from '../../src-server/mail/plan-purchase';
import { LOCALES } from '../../src-shared/rules/locale';
import { czechCreditNote, englishInvoice, frenchReverseCharge } from '../support/invoices';

const DAY = 86_400_000;
const until = englishInvoice.issuedAt + 365 * DAY;
const link = 'https://games.example.org/dashboard/subscription#purchase';

describe('the purchase mail', () => {
  it('asks the outbox for one mail per purchase, to the buyer, in their language', () => {
    const mail = planPurchaseMail(englishInvoice, until, 'https://games.example.org/');
    expect(mail).toEqual({
      idempotencyKey: `plan-purchase:${englishInvoice.transactionId}`,
      to: 'ada@northfield.example',
      locale: 'en',
      kind: 'planPurchase',
      values: {
        name: 'Ada Lovelace',
        invoiceNumber: '2026-000042',
        gameType: 'beergame',
        planName: 'course',
        maxPlayers: '200',
        durationDays: '365',
        licenses: '5',
        games: '',
        renew: 'false',
        until: '2027-03-05T10:30:00.000Z',
        totalCents: '143990',
        currency: 'EUR',
        link,
      },
    });
    expect(planPurchaseMail(frenchReverseCharge, until, 'https://games.example.org').values.maxPlayers).toBe(
      '',
    );
    expect(() => planPurchaseMail(czechCreditNote, until, 'https://games.example.org')).toThrow(
      /credit note/,
    );
  });

  it('says what was bought, until when, the total and where the invoice is', async () => {
    const request = planPurchaseMail(englishInvoice, until, 'https://games.example.org');
    const mail = await composeMail(request.kind, request.locale, request.values);
    expect(mail.subject).toBe('Your plan Course is active — invoice 2026-000042');
    expect(mail.text).toContain('Hello Ada Lovelace,');
    expect(mail.text).toContain(
      'Your Beer game plan Course is active until March 5, 2027: up to 200 players at once, 5 instructors.',
    );
    expect(mail.text).toContain('Total: €1,439.90, invoice 2026-000042.');
    expect(mail.text).toContain(`Download the invoice:\n${link}`);
    expect(mail.html).toContain(`href="${link}"`);
    expect(mail.html).toContain('Your plan Course is active — invoice 2026-000042');
    expect(mail.links).toEqual([link]);
  });

  it('writes the buyer’s date and amount in French, unlimited players included', async () => {
    const request = planPurchaseMail(frenchReverseCharge, until, 'https://games.example.org');
    const mail = await composeMail(request.kind, request.locale, request.values);
    expect(mail.subject).toBe('Votre offre Campus est active — facture 2026-000043');
    expect(mail.text).toContain(formatDate(until, 'fr'));
    expect(formatDate(until, 'fr')).toBe('5 mars 2027');
    expect(mail.text).toContain(formatMoney(239_000, 'EUR', 'fr'));
    expect(mail.text).toContain('nombre de joueurs illimité, 20 formateurs');
    expect(mail.html).toContain('lang="fr"');
  });

  it.each(LOCALES)('composes in %s with the invoice number, the total and the link', async (locale) => {
    const doc = {
      ...englishInvoice,
      buyer: { ...englishInvoice.buyer, name: 'Ada <Admin>', language: locale },
    };
    const request = planPurchaseMail(doc, until, 'https://games.example.org');
    const mail = await composeMail(request.kind, request.locale, request.values);
    expect(mail.subject).toContain('2026-000042');
    expect(mail.text).toContain(formatMoney(143_990, 'EUR', locale));
    expect(mail.text).toContain(formatDate(until, locale));
    expect(mail.text).toContain('Ada <Admin>');
    expect(mail.html).toContain('Ada &lt;Admin&gt;');
    expect(mail.links).toEqual([link]);
  });
});
