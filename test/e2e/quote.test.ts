import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';

/**
 * /quote in Chromium (issue 27, item 4), as anyone opens it, on the real server without a VAT
 * service (the rates table and the format check): a valid Belgian VAT number reverses the charge,
 * France without a number pays 20 %, the United States pays in dollars at rate 0; a number of a
 * wrong format is said incorrect and VAT charged; an amount is read exactly or refused in words,
 * without asking the server. Screenshots at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture();

/** Every call of billing.quote the page sent (its HTTP queries). */
function quotesSent(page: Page): string[] {
  const sent: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/trpc/') && request.url().includes('billing.quote'))
      sent.push(request.url());
  });
  return sent;
}

async function chooseCountry(page: Page, name: string) {
  const field = page.getByTestId('quote-country');
  await field.click();
  await field.fill(name);
  await page.getByRole('option', { name, exact: true }).click();
  await expect.poll(() => field.inputValue()).toBe(name);
}

async function ask(page: Page, options: { country: string; vatNumber?: string; amount: string }) {
  await chooseCountry(page, options.country);
  const vat = page.getByTestId('quote-vat-number');
  if (options.vatNumber !== undefined) await vat.fill(options.vatNumber);
  else if (await vat.count()) await vat.fill('');
  await page.getByTestId('quote-amount').fill(options.amount);
  await page.getByRole('button', { name: 'Get the quote' }).click();
  await expect
    .poll(() => page.getByTestId('quote-result').getByText(`Quote for ${options.country}`).count())
    .toBe(1);
}

const text = (page: Page, testId: string) => page.getByTestId(testId).innerText();

it('reverses the charge for a valid Belgian VAT number, charges France 20 %, the United States nothing in dollars', async () => {
  const { page } = await app.person({ viewport: DESKTOP, name: 'Buyer' });
  const sent = quotesSent(page);
  await page.goto(`${app.origin}/quote`);
  await page.getByRole('heading', { name: 'Price quote' }).waitFor();
  // Before any quote: the rates list, every member state.
  await expect.poll(() => page.getByTestId('vat-rates').getByText('Belgium').count()).toBe(1);
  await expect.poll(() => page.getByTestId('vat-rates').getByText('25.5%').count()).toBe(1);

  await ask(page, { country: 'Belgium', vatNumber: 'BE 0403.170.701', amount: '1000' });
  const result = page.getByTestId('quote-result');
  await expect.poll(() => text(page, 'quote-vat-verdict')).toBe('Your VAT number was validated');
  await expect.poll(() => text(page, 'quote-vat')).toBe('€0.00');
  await expect.poll(() => text(page, 'quote-net')).toBe('€1,000.00');
  await expect.poll(() => text(page, 'quote-total')).toBe('€1,000.00');
  await expect.poll(() => result.getByText('VAT (0%)').count()).toBe(1);
  await expect
    .poll(() => text(page, 'quote-reverse-charge'))
    .toContain('Reverse charge: VAT to be accounted for by the recipient');
  await expect.poll(() => text(page, 'quote-currency')).toBe('EUR');
  await settled(page);
  await page.screenshot({ path: `${shots}/quote-1280.png`, fullPage: true });

  await ask(page, { country: 'France', amount: '149,90' });
  await expect.poll(() => text(page, 'quote-vat')).toBe('€29.98');
  await expect.poll(() => text(page, 'quote-total')).toBe('€179.88');
  await expect.poll(() => result.getByText('VAT (20%)').count()).toBe(1);
  expect(await page.getByTestId('quote-reverse-charge').count()).toBe(0);
  expect(await page.getByTestId('quote-vat-verdict').count()).toBe(0);

  await ask(page, { country: 'United States', amount: '1000' });
  // Outside the EU no VAT number is asked for.
  expect(await page.getByTestId('quote-vat-number').count()).toBe(0);
  await expect.poll(() => text(page, 'quote-currency')).toBe('USD');
  await expect.poll(() => text(page, 'quote-vat')).toBe('$0.00');
  await expect.poll(() => text(page, 'quote-total')).toBe('$1,000.00');
  await expect.poll(() => text(page, 'quote-outside-eu')).toContain('US dollars');
  expect(sent).toHaveLength(3);
});

it('says a wrong VAT number is incorrect and charges VAT; refuses an amount it cannot read exactly', async () => {
  const { page } = await app.person({ viewport: DESKTOP, name: 'Buyer' });
  const sent = quotesSent(page);
  await page.goto(`${app.origin}/quote`);
  await ask(page, { country: 'Belgium', vatNumber: 'BE0403170702', amount: '100' });
  await expect.poll(() => text(page, 'quote-vat-verdict')).toBe('Incorrect VAT number');
  await expect.poll(() => text(page, 'quote-vat')).toBe('€21.00');
  await expect.poll(() => text(page, 'quote-total')).toBe('€121.00');
  expect(sent).toHaveLength(1);

  for (const [typed, refusal] of [
    ['12.345', 'Use at most 2 decimals: a number from 0.01 to 100,000,000.'],
    ['1 000', 'Use only the digits 0 to 9, with a point or a comma before the decimals'],
    ['0', 'Out of range: type a number from 0.01 to 100,000,000.'],
  ] as const) {
    await page.getByTestId('quote-amount').fill(typed);
    await page.getByRole('button', { name: 'Get the quote' }).click();
    await page.getByText(refusal).waitFor();
  }
  // Nothing refused was sent: the last quote still shows.
  expect(sent).toHaveLength(1);
  await expect.poll(() => text(page, 'quote-total')).toBe('€121.00');
});

it('fits a phone, and fills itself from its address', async () => {
  const { page } = await app.person({ viewport: PHONE, name: 'Phone buyer' });
  await page.goto(`${app.origin}/quote?country=be&amount=149&vat=BE0403170701`);
  await expect.poll(() => text(page, 'quote-total')).toBe('€149.00');
  await expect.poll(() => text(page, 'quote-vat-verdict')).toBe('Your VAT number was validated');
  expect(await page.getByTestId('quote-country').inputValue()).toBe('Belgium');
  expect(await page.getByTestId('quote-amount').inputValue()).toBe('149');
  // No sideways scrolling on a phone.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await settled(page);
  await page.screenshot({ path: `${shots}/quote-390.png`, fullPage: true });
});
