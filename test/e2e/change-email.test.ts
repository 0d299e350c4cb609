import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { startSmtpServer } from '../support/smtp';

/**
 * Changing the address in real Chromium (issue 25, item 4), the mails read from a real SMTP server:
 * a wrong current password is refused and changes nothing; the right one mails the new address,
 * whose link makes the change; the new address logs in. Screenshots of the settings' forms and the
 * devices list at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const smtp = await startSmtpServer();
const app = browserFixture({ server: { mail: { smtpUrl: smtp.url } } });
afterAll(() => smtp.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

it('changes the address with the current password once the new one is verified', async () => {
  const user = await app.instructor('ada@example.org');
  // A second device, to be listed.
  await app.instructor('bob@example.org');
  const { page } = await app.person({ viewport: DESKTOP, as: user });
  await page.goto(`${app.origin}/dashboard/settings#profile`);
  const form = page.getByTestId('change-email');
  await form.getByLabel('New e-mail address').fill('ada.new@example.org');
  await form.getByLabel(/^Current password/).fill('not my password');
  const refused = app.expectConsoleErrors(/status of 400/);
  await form.getByRole('button', { name: 'Change my address' }).click();
  await form.getByText('This is not your current password.').waitFor();
  refused();
  expect(smtp.received.filter((m) => m.to.includes('ada.new@example.org'))).toHaveLength(0);

  await form.getByLabel(/^Current password/).fill('correct horse battery');
  await form.getByRole('button', { name: 'Change my address' }).click();
  await form.getByTestId('change-email-sent').waitFor();
  await page.getByTestId('this-device').waitFor();
  await settled(page);
  await page.evaluate(() => window.scrollTo(0, 0));
  await shot(page, 'settings-account-1280');

  const mail = await smtp.waitFor((m) => m.to.includes('ada.new@example.org'));
  await smtp.waitFor((m) => m.to.includes('ada@example.org') && m.subject.includes('about to change'));
  await page.goto(mail.link!);
  await page.getByTestId('verify-done').waitFor();

  const phone = await app.person({ viewport: PHONE });
  await phone.page.goto(`${app.origin}/login`);
  await phone.page.getByLabel('E-mail').fill('ada.new@example.org');
  await phone.page.getByLabel(/^Password/).fill('correct horse battery');
  await phone.page.getByRole('button', { name: 'Log in' }).click();
  await phone.page.waitForURL('**/dashboard/**');
  await phone.page.goto(`${app.origin}/dashboard/settings#profile`);
  await phone.page.getByTestId('this-device').waitFor();
  await expect.poll(() => phone.page.getByTestId('device').count()).toBeGreaterThan(1);
  await settled(phone.page);
  await phone.page.evaluate(() => window.scrollTo(0, 0));
  await shot(phone.page, 'settings-account-390');
});
