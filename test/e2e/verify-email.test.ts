import type { Page } from 'playwright-core';
import { afterAll, it } from 'vitest';
import { answerSetup, DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { startSmtpServer } from '../support/smtp';

/**
 * E-mail verification in real Chromium (issue 25, item 3), the mail read from a real SMTP server:
 * sign up, the mail's link, set-up, the dashboard; the banner of an account set up and not verified,
 * gone once the link is followed. Screenshots of the
 * banner and of the link's page at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const smtp = await startSmtpServer();
const app = browserFixture({ server: { mail: { smtpUrl: smtp.url } } });
afterAll(() => smtp.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

it('signs up, follows the mailed link, answers the set-up and lands on the dashboard, verified', async () => {
  const { page } = await app.person({ viewport: DESKTOP });
  await page.goto(`${app.origin}/signup`);
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  // Signed in, not verified yet: the first sign-in's questions wait, the mail is on its way.
  await page.waitForURL('**/setup-account');
  const mail = await smtp.waitFor((m) => m.to.includes('ada@example.org'));
  await page.goto(mail.link!);
  await page.getByTestId('verify-done').waitFor();
  await settled(page);
  await shot(page, 'verify-email-1280');
  await page.getByTestId('verify-continue').click();
  await answerSetup(page);
  await page.waitForURL('**/dashboard/intro');
  await page.getByTestId('welcome').waitFor();
  if (await page.getByTestId('verify-banner').count()) throw new Error('the banner is still shown');
});

it('shows the banner to an instructor set up and not verified, until the link is followed', async () => {
  const { page } = await app.person({ viewport: DESKTOP });
  await page.goto(`${app.origin}/signup`);
  await page.getByLabel('Your name').fill('Mary Somerville');
  await page.getByLabel('E-mail').fill('mary@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  await page.getByTestId('verify-banner').waitFor();
  await settled(page);
  await shot(page, 'verify-banner-1280');
  const mail = await smtp.waitFor((m) => m.to.includes('mary@example.org'));
  await page.goto(mail.link!);
  await page.getByTestId('verify-continue').click();
  await page.waitForURL('**/dashboard/intro');
  await page.goto(`${app.origin}/dashboard/games`);
  await page.getByLabel('Game name').waitFor();
  if (await page.getByTestId('verify-banner').count()) throw new Error('the banner is still shown');
});

it('shows the banner and a broken link on a phone', async () => {
  const user = await app.instructor('grace@example.org');
  const { page } = await app.person({ viewport: PHONE, as: user });
  await page.goto(`${app.origin}/dashboard/intro`);
  await page.getByTestId('verify-banner').waitFor();
  await page.getByTestId('send-again').click();
  await page.getByText('A new link is on its way to grace@example.org.').waitFor();
  await settled(page);
  await shot(page, 'verify-banner-390');
  const failed = app.expectConsoleErrors(/status of 401/);
  await page.goto(`${app.origin}/auth-action?mode=verifyEmail&code=aaaaaaaaaa.bbbbbbbbbb.cccccccccc`);
  await page.getByTestId('verify-failed').waitFor();
  await settled(page);
  await shot(page, 'verify-email-failed-390');
  failed();
});
