import { expect, it } from 'vitest';
import { PHONE } from '../support/browser';
import { browserFixture } from '../support/browser-fixture';

/**
 * The self-hosted product (PLANS=off, the default) in Chromium: no commerce screen. The
 * subscription tab is the team's ("Team"), there is no referral tab (its address leads to the
 * intro), no price anywhere, and the phone's menu says the same.
 */
const app = browserFixture();

it('shows the team tab and no referral tab, no prices', async () => {
  const user = await app.instructor('self-hosted@example.org');
  const { page } = await app.person({ as: user });
  await page.goto(`${app.origin}/dashboard/subscription`);
  await expect.poll(() => page.getByTestId('tab-subscription').textContent()).toBe('Team');
  expect(await page.getByTestId('tab-referral').count()).toBe(0);
  expect(await page.getByTestId('subscription').count()).toBe(0);
  expect(await page.getByTestId('purchase').count()).toBe(0);
  expect(await page.locator('body').textContent()).not.toMatch(/€|\$\d/);

  await page.goto(`${app.origin}/dashboard/referral`);
  await page.waitForURL('**/dashboard/intro');

  const phone = await app.person({ as: user, viewport: PHONE });
  await phone.page.goto(`${app.origin}/dashboard/intro`);
  await phone.page.getByTestId('dashboard-menu').click();
  await expect.poll(() => phone.page.getByTestId('menu-subscription').textContent()).toBe('Team');
  expect(await phone.page.getByTestId('menu-referral').count()).toBe(0);
});
