import { expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * The dashboard's templates tab in Chromium: the default templates, a copy of one becoming the
 * instructor's own, renamed, used to create a game, and deleted after a confirmation; on a
 * desktop and on a phone. The tab is the dashboard's `templates` tab (/dashboard/templates).
 */
const app = browserFixture();

it('copies a default template, renames it, creates a game from it and deletes it', async () => {
  const origin = app.origin;
  const ada = await app.instructor('ada@example.org');
  const { context, page } = await app.person({ viewport: DESKTOP, as: ada });

  await page.goto(`${origin}/dashboard/templates`);
  const defaults = page.getByTestId('templates-defaults').getByTestId('template-card');
  await expect.poll(() => defaults.count()).toBe(13);
  await page.getByTestId('templates-own-empty').waitFor();
  await page.screenshot({ path: `${shots}/templates-desktop.png`, fullPage: true });

  // A copy of a default template becomes the instructor's own.
  const lostSales = defaults.filter({ hasText: 'Lost sales, prices and revenue' });
  await lostSales.getByRole('button', { name: 'Copy' }).click();
  await page.getByText('Template copied').waitFor();
  const own = page.getByTestId('templates-own').getByTestId('template-card');
  await expect.poll(() => own.count()).toBe(1);
  await expect.poll(() => own.first().textContent()).toContain('Lost sales, prices and revenue (copy)');

  // Renamed, with a description of its own; an empty title is refused in place.
  await own.first().getByTestId('template-menu').click();
  await page.getByRole('menuitem', { name: 'Edit', exact: true }).click();
  await page.getByTestId('template-title').fill(' ');
  await page.getByTestId('template-save').click();
  await page.getByText('Please fill this in.').waitFor();
  await page.getByTestId('template-title').fill('Margins class');
  await page.getByLabel('Description').fill('Lost sales, for the second-year class.');
  await page.screenshot({ path: `${shots}/templates-desktop-edit.png` });
  await page.getByTestId('template-save').click();
  await page.getByText('Template saved').waitFor();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await expect.poll(() => own.first().textContent()).toContain('Margins class');
  await page.screenshot({ path: `${shots}/templates-desktop-own.png` });

  // Its settings: lost sales and a price per stage are more than the settings form can show, so
  // the form says so rather than replace them.
  await own.first().getByTestId('template-menu').click();
  await page.getByRole('menuitem', { name: 'Edit the settings' }).click();
  await page.getByText('they cannot be edited here').waitFor();
  await page.screenshot({ path: `${shots}/templates-desktop-settings.png` });
  await page.keyboard.press('Escape');
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // A game made from it opens on its intro page.
  await own.first().getByTestId('template-create-game').click();
  await expect.poll(() => page.getByTestId('template-game-name').inputValue()).toBe('Margins class');
  await page.getByTestId('template-game-name').fill('Tuesday margins');
  await page.getByTestId('template-game-submit').click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);

  // The create-game card of the dashboard's games tab offers it too, with the default templates.
  await page.goto(`${origin}/dashboard/games`);
  await page.getByTestId('create-game-template').click();
  await page.getByRole('option', { name: 'Lost sales, prices and revenue' }).waitFor();
  await page.screenshot({ path: `${shots}/templates-create-card.png` });
  await page.getByRole('option', { name: 'Margins class' }).click();
  await page.getByText('Lost sales, for the second-year class.').waitFor();

  // Deleted after a confirmation.
  await page.goto(`${origin}/dashboard/templates`);
  await own.first().getByTestId('template-menu').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByText('“Margins class” will be deleted.', { exact: false }).waitFor();
  await page.getByTestId('template-delete-confirm').click();
  await page.getByText('Template deleted').waitFor();
  await page.getByTestId('templates-own-empty').waitFor();
  await context.close();

  // On a phone: one column, nothing wider than the screen.
  const phone = await app.person({ viewport: PHONE, as: ada });
  await phone.page.goto(`${origin}/dashboard/templates`);
  await expect.poll(() => phone.page.getByTestId('template-card').count()).toBe(13);
  await phone.page
    .getByTestId('template-card')
    .filter({ hasText: 'Two stages' })
    .getByRole('button', { name: 'Copy' })
    .click();
  await expect.poll(() => phone.page.getByTestId('template-card').count()).toBe(14);
  const overflow = await phone.page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.page.evaluate(() => window.scrollTo(0, 0));
  await phone.page.screenshot({ path: `${shots}/templates-phone.png` });
  await phone.page.screenshot({ path: `${shots}/templates-phone-full.png`, fullPage: true });
  await phone.context.close();
});
