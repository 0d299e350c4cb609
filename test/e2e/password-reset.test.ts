import type { Page } from 'playwright-core';
import { afterAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { rawRequest } from '../support/server';
import { startSmtpServer } from '../support/smtp';

/**
 * Password reset in real Chromium (issue 25, item 2), the mail read from a real SMTP server the
 * server sends to: "Forgot your password?" on /login, the mail's link, a new password, signed in;
 * the old password is refused afterwards and the link works once. Screenshots of the dialog and of
 * /auth-action at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const smtp = await startSmtpServer();
const app = browserFixture({ server: { mail: { smtpUrl: smtp.url } } });
afterAll(() => smtp.close());

const OLD_PASSWORD = 'correct horse battery';
const NEW_PASSWORD = 'plum tangerine marsh 42';

/** What Chromium logs when the server refuses a new password (too common, a used code). */
const REFUSED_RESET = /status of 400 .*\/api\/auth\/reset-password/;

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

it('resets a forgotten password from the mail, signs in with the new one and refuses the old', async () => {
  await app.instructor('ada@example.org');
  const { page, context } = await app.person({ viewport: DESKTOP });
  await page.goto(`${app.origin}/login`);
  await page.getByLabel('E-mail').fill('ada@example.org');
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.waitFor();
  // The address typed on the form is carried over.
  expect(await dialog.getByLabel('E-mail').inputValue()).toBe('ada@example.org');
  await settled(page);
  await shot(page, 'forgot-password-1280');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await dialog.getByText('Check your mail: if an account uses ada@example.org').waitFor();
  await shot(page, 'forgot-password-sent-1280');

  const mail = await smtp.waitFor(
    (m) => m.to.includes('ada@example.org') && m.link?.includes('mode=resetPassword') === true,
  );
  expect(mail.subject).toBe('Reset your SimGames password');
  expect(mail.link).toMatch(/\/auth-action\?mode=resetPassword&code=/);

  await page.goto(mail.link!);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await settled(page);
  await shot(page, 'auth-action-1280');
  // The sign-up policy holds: a common password is refused with its reason.
  const refusedWeak = app.expectConsoleErrors(REFUSED_RESET);
  await page.getByLabel(/^New password/).fill('password1');
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await page.getByText('This password is too common').waitFor();
  refusedWeak();
  await page.getByLabel(/^New password/).fill(NEW_PASSWORD);
  await page.getByRole('button', { name: 'Save and log in' }).click();
  await page.waitForURL('**/dashboard/intro');
  await page.getByText('Your password has been changed.').waitFor();
  await context.close();

  // The link works once.
  const again = await app.person({ viewport: PHONE });
  const refusedUsed = app.expectConsoleErrors(REFUSED_RESET);
  await again.page.goto(mail.link!);
  await again.page.getByLabel(/^New password/).fill('another fine password 7');
  await again.page.getByRole('button', { name: 'Save and log in' }).click();
  await again.page.getByText('This link has expired or was already used.').waitFor();
  await settled(again.page);
  await shot(again.page, 'auth-action-used-390');
  refusedUsed();

  // The old password is refused, the new one signs in.
  await again.page.goto(`${app.origin}/login`);
  await again.page.getByLabel('E-mail').fill('ada@example.org');
  await again.page.getByLabel(/^Password/).fill(OLD_PASSWORD);
  const refusedOld = app.expectConsoleErrors(/status of 401/);
  await again.page.getByRole('button', { name: 'Log in' }).click();
  await again.page.getByText('Wrong e-mail or password.').waitFor();
  refusedOld();
  await again.page.getByLabel(/^Password/).fill(NEW_PASSWORD);
  await again.page.getByRole('button', { name: 'Log in' }).click();
  await again.page.waitForURL('**/dashboard/intro');
  await again.context.close();
});

it('shows the dialog and the reset page on a phone, and the same answer for an unknown address', async () => {
  const { page, context } = await app.person({ viewport: PHONE });
  await page.goto(`${app.origin}/login`);
  await page.getByRole('button', { name: 'Forgot your password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('E-mail').fill('nobody@example.org');
  await settled(page);
  await shot(page, 'forgot-password-390');
  await dialog.getByRole('button', { name: 'Send the link' }).click();
  await dialog.getByText('Check your mail: if an account uses nobody@example.org').waitFor();
  const mail = await smtp.waitFor((m) => m.to.includes('nobody@example.org'));
  expect(mail.body).toContain('no account uses this address');

  const before = smtp.received.length;
  const reset = await rawRequest(app.origin, '/api/auth/request-password-reset', {
    body: JSON.stringify({ email: 'ada@example.org' }),
  });
  expect(reset.status).toBe(200);
  const second = await smtp.waitFor(
    (m) => m.to.includes('ada@example.org') && smtp.received.indexOf(m) >= before,
  );
  await page.goto(second.link!);
  await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
  await settled(page);
  await shot(page, 'auth-action-390');

  // A mangled link says so, with the way to a new one.
  await page.goto(`${app.origin}/auth-action?mode=resetPassword`);
  await page.getByText('This link is incomplete or not valid.').waitFor();
  await page.getByRole('link', { name: 'Ask for a new link' }).click();
  await page.getByRole('dialog', { name: 'Reset your password' }).waitFor();
  await context.close();
});
