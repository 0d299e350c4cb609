import { expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';

/**
 * A white-label portal in Chromium (issue 28, item 3): `acme.localhost`, which Chromium resolves to
 * this machine, is a host the server does not count as its own (APP_HOSTS: localhost, 127.0.0.1),
 * named `acme`. Its pages show the portal's hero title in the top bar and as the title of a page
 * without one, its colours at 1280 px and not at 390 px, and no sign-up anywhere; the product's
 * own host shows none of it. The instructor's settings show the claimed portal.
 */
const app = browserFixture();
const PORTAL_SHOTS = `${SHOTS}/portal`;

const backgroundOf = (page: import('playwright-core').Page) =>
  page.evaluate(() => getComputedStyle(document.body).backgroundColor);

it('shows a portal’s look on its sub-domain, without sign-up, and the normal look on the app’s host', async () => {
  const owner = await app.instructor('partner@example.org');
  const db = app.server.services.database.db;
  await db.updateTable('user').set({ emailVerified: true }).where('id', '=', owner.userId).execute();
  app.server.services.sessions.forget({ cookie: owner.cookie });
  await owner.api.portal.claimPortal.mutate({ name: 'acme', heroTitle: 'Acme Academy' });
  // The public page's settings (another part of issue 28) write the workspace's colours: here, by hand.
  await db
    .updateTable('workspaces')
    .set({ main_color: '#8b1e3f', bck_color: '#fdf6e3', text_color: '#1f2937' })
    .where('owner_id', '=', owner.userId)
    .execute();
  app.server.services.portals.forget('acme');
  const portal = app.origin.replace('127.0.0.1', 'acme.localhost');

  const desktop = await app.person({ viewport: DESKTOP });
  await desktop.page.goto(`${portal}/`);
  await expect.poll(() => desktop.page.getByTestId('portal-hero-title').textContent()).toBe('Acme Academy');
  await expect.poll(() => desktop.page.title()).toBe('Acme Academy');
  await expect.poll(() => backgroundOf(desktop.page)).toBe('rgb(253, 246, 227)');
  expect(await desktop.page.locator('a[href="/signup"]').count()).toBe(0);
  expect(await desktop.page.getByRole('heading', { level: 1 }).textContent()).toBe('Acme Academy');
  await desktop.page.screenshot({ path: `${PORTAL_SHOTS}/portal-home-1280.png`, fullPage: true });

  // The log-in page: its own title, no way to sign up; /signup leads to it.
  await desktop.page.goto(`${portal}/login`);
  await expect.poll(() => desktop.page.title()).toBe('Log in');
  await desktop.page.locator('input[type="password"]').waitFor();
  expect(await desktop.page.locator('a[href="/signup"]').count()).toBe(0);
  await desktop.page.screenshot({ path: `${PORTAL_SHOTS}/portal-login-1280.png`, fullPage: true });
  await desktop.page.goto(`${portal}/signup`);
  await desktop.page.waitForURL('**/login');

  // A phone: the portal's title and no sign-up, the product's own colours.
  const phone = await app.person({ viewport: PHONE });
  await phone.page.goto(`${portal}/`);
  await expect.poll(() => phone.page.getByTestId('portal-hero-title').textContent()).toBe('Acme Academy');
  expect(await backgroundOf(phone.page)).toBe('rgb(255, 255, 255)');
  expect(await phone.page.locator('a[href="/signup"]').count()).toBe(0);
  await phone.page.screenshot({ path: `${PORTAL_SHOTS}/portal-home-390.png`, fullPage: true });

  // The product's own host: its name, its colours, sign-up offered.
  const visitor = await app.person({ viewport: DESKTOP });
  await visitor.page.goto(`${app.origin}/`);
  await visitor.page.locator('a[href="/signup"]').waitFor();
  expect(await visitor.page.title()).toBe('SimGames');
  expect(await visitor.page.getByTestId('portal-hero-title').count()).toBe(0);
  expect(await backgroundOf(visitor.page)).toBe('rgb(255, 255, 255)');
});

it('shows the instructor their portal in the settings, at 1280 and 390 px', async () => {
  const owner = await app.instructor('settings-owner@example.org');
  for (const [viewport, width] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    const { page } = await app.person({ as: owner, viewport });
    await page.goto(`${app.origin}/dashboard/settings`);
    await page.getByTestId('change-password').waitFor();
    const section = page.getByTestId('portal-settings');
    await section.scrollIntoViewIfNeeded();
    await section.getByTestId('portal-name').waitFor();
    await section.screenshot({ path: `${PORTAL_SHOTS}/portal-settings-${width}.png` });
  }
});
