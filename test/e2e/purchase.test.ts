import { copyFileSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { billingConfig } from '../../src-server/billing/config';
import {
  answerSetup,
  describeA11yViolations,
  PHONE,
  seriousA11yViolations,
  settled,
} from '../support/browser';
import { browserFixture, type Person, SHOTS } from '../support/browser-fixture';

/**
 * The hosted service's commerce screens in Chromium (issue 27), on a server with PLANS=on, sold
 * from France, without a VAT service (the format check: a good Belgian number is valid): an
 * instructor signs up, opens the subscription tab, buys the beer game's class plan (60 players, a
 * year) for a Belgian organisation with its VAT number: the quote reverses the charge (VAT 0), the
 * order issues the invoice, listed, whose PDF downloads. The referral tab gives a link once joined.
 * Any page error fails. Screenshots at 1280 and 390 px. The subscription tab's every step (the
 * offer, the quote, the plan bought with its invoice; at 1280 and 390 px) has no serious or critical
 * violation of axe's WCAG A and AA rules: accessibility.test.ts's check, on the tab it cannot show.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture({
  server: {
    billing: billingConfig({
      PLANS: 'on',
      SELLER_COUNTRY: 'FR',
      SELLER_NAME: 'SimGames SAS',
      SELLER_ADDRESS: '1 rue de la Paix|75002 Paris',
      SELLER_VAT_NUMBER: 'FR40303265045',
    }),
  },
});
let instructor: Person;

/** A screenshot for the README: in the test's folder, and in docs/ when asked (DOCS_SHOTS=1). */
async function shot(page: Page, name: string) {
  await page.evaluate(() => window.scrollTo(0, 0));
  await settled(page);
  const path = `${shots}/screenshot-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  if (process.env.DOCS_SHOTS) copyFileSync(path, `docs/screenshot-${name}.png`);
}

/** axe finds no serious or critical violation on the page as it stands. */
async function accessible(page: Page, label: string) {
  const violations = await seriousA11yViolations(page);
  expect(describeA11yViolations(violations), label).toBe('');
}

beforeAll(async () => {
  instructor = await app.person({ name: 'instructor' });
  const { page } = instructor;
  await page.goto(`${app.origin}/signup`);
  await page.getByLabel('Your name').fill('Marie Curie');
  await page.getByLabel('E-mail').fill('marie@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  // Her address is confirmed (as by the mailed link): a purchase mails the invoice.
  await app.server.services.database.db
    .updateTable('user')
    .set({ emailVerified: true })
    .where('email', '=', 'marie@example.org')
    .execute();
});

it('buys the class plan for a Belgian organisation: reverse charge, the invoice and its PDF', async () => {
  const { page } = instructor;
  await page.goto(`${app.origin}/dashboard/subscription#purchase`);
  await page.getByTestId('subscription').waitFor();
  // No game type is available before a plan: the tab invites to upgrade.
  expect(await page.getByTestId('tab-subscription').textContent()).toBe('Upgrade');
  await page.getByTestId('tab-referral').waitFor();
  await page.getByTestId('trial-offer').waitFor();
  expect(await page.getByTestId('start-trial-beergame').textContent()).toBe('Try Beer game free');
  expect(await page.getByTestId('trial-offer').textContent()).toContain(
    'Free for 14 days, with up to 30 players, no payment details needed.',
  );
  // The catalogue, per locale with Intl: a year of the class plan is €590.00 before VAT.
  expect(await page.getByTestId('price-class').textContent()).toBe('€590.00');
  await accessible(page, 'the offer at 1280 px');
  await page.getByTestId('catalogue-class').click();
  await page.getByTestId('purchase-next-plan').click();

  await page.getByTestId('billing-organisation').fill('Université libre de Bruxelles');
  await page.getByTestId('billing-address-0').fill('Avenue Franklin Roosevelt 50');
  await page.getByTestId('billing-address-1').fill('1050 Bruxelles');
  const country = page.getByTestId('billing-country');
  await country.click();
  await country.fill('Belgium');
  await page.getByRole('option', { name: 'Belgium', exact: true }).click();
  await page.getByTestId('billing-vat-number').fill('BE0403170701');
  await page.getByTestId('purchase-next-billing').click();

  await page.getByTestId('quote-result').waitFor();
  await page.getByTestId('quote-reverse-charge').waitFor();
  expect(await page.getByTestId('quote-vat').textContent()).toBe('€0.00');
  expect(await page.getByTestId('quote-total').textContent()).toBe('€590.00');
  await accessible(page, 'the quote at 1280 px');

  await page.getByTestId('purchase-order').click();
  const done = page.getByTestId('purchase-done');
  await done.waitFor();
  const invoiceNumber = /(\d{4}-\d{6,})/.exec((await done.textContent()) ?? '')?.[1];
  expect(invoiceNumber).toBeDefined();
  await page.getByTestId(`invoice-${invoiceNumber}`).waitFor();
  expect(await page.getByTestId(`invoice-${invoiceNumber}`).textContent()).toContain('Issued');
  await expect.poll(() => page.getByTestId('tab-subscription').textContent()).toBe('Subscription');
  // The plan shows with its usage: nobody plays yet.
  await expect.poll(() => page.getByTestId('plan-beergame').textContent()).toContain('0/60');
  await shot(page, 'subscription-1280');
  await accessible(page, 'the plan bought, its invoice listed, at 1280 px');

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByTestId(`invoice-pdf-${invoiceNumber}`).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`${invoiceNumber}.pdf`);
  const pdf = readFileSync((await download.path())!);
  expect(pdf.length).toBeGreaterThan(5_000);
  expect(pdf.subarray(0, 4).toString('latin1')).toBe('%PDF');

  // The games tab tells the usage of the plan beside the game type.
  await page.getByTestId('tab-games').click();
  await expect.poll(() => page.getByTestId('usage-tag').textContent()).toBe('Players (Beer game): 0/60');
});

it('shows the subscription on a phone, and the referral link once joined', async () => {
  const phone = await app.person({
    name: 'instructor on a phone',
    viewport: PHONE,
    storageState: await instructor.context.storageState(),
  });
  const { page } = phone;
  await page.goto(`${app.origin}/dashboard/subscription`);
  await page.getByTestId('subscription').waitFor();
  await page.getByTestId('dashboard-menu').click();
  await page.getByTestId('menu-referral').waitFor();
  const menuLabel = await page.getByTestId('menu-subscription').textContent();
  await page.keyboard.press('Escape');
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await shot(page, 'subscription-390');
  await accessible(page, 'the plan bought at 390 px');

  await page.getByTestId('dashboard-menu').click();
  await page.getByTestId('menu-referral').click();
  await page.getByTestId('referral-join').click();
  const link = await page.getByTestId('referral-link').inputValue();
  expect(link).toMatch(/\/signup\?invitedby=[\w-]+$/);
  await shot(page, 'referral-390');
  // The plan bought above: the menu says "Subscription", no more "Upgrade".
  expect(menuLabel).toBe('Subscription');
});

it('starts a trial from ?startTrial= after the log-in, with a ready game', async () => {
  const user = await app.instructor('trial@example.org');
  const { page } = await app.person({ as: user, name: 'trial instructor' });
  await page.goto(`${app.origin}/?startTrial=leangame`);
  await page.getByText('Starting your trial…').waitFor();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await page.getByText(/Your trial has started: .+ is ready\./).waitFor();
  await page.goto(`${app.origin}/dashboard/subscription`);
  await expect.poll(() => page.getByTestId('plan-leangame').textContent()).toContain('Trial plan, until');
  expect(await page.getByTestId('trial-offer').count()).toBe(0);
});
