import { expect, it } from 'vitest';
import { answerSetup, DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * The instructor's games list in real Chromium (issue 11): copy a game 12 times with a name (the
 * list follows live), find the copies by name, delete 3 typing a wrong count then the right one,
 * archive one and find it in the archives.
 */
const app = browserFixture();

it('copies a game 12 times, deletes 3 after a wrong count, and archives one', async () => {
  const { page, context } = await app.person({ viewport: DESKTOP });
  await page.goto(`${app.origin}/signup`);
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  await page.waitForURL('**/dashboard/**');
  await page.goto(`${app.origin}/dashboard/games`);
  await page.getByLabel('Game name').fill('Monday');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await page.goto(`${app.origin}/dashboard/games`);
  const rows = page.getByTestId('game-row');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);

  // Copy: a count typed as 2.5 is refused, not read as 25.
  await rows.first().getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy…' }).click();
  await page.getByTestId('copy-count').fill('2.5');
  await page.getByTestId('copy-submit').click();
  await page.getByText('Type a whole number from 1 to 200, without decimals.').waitFor();
  await page.getByTestId('copy-count').fill('12');
  await page.getByTestId('copy-name').fill('Tuesday');
  await page.getByText('Several copies are numbered: Tuesday 01').waitFor();
  await page.screenshot({ path: `${shots}/games-1-copy-dialog-1280.png` });
  await page.getByTestId('copy-submit').click();
  await page.getByText('12 copies made').waitFor();
  // The list follows without a reload.
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(13);
  await page.getByText('Tuesday 01', { exact: true }).waitFor();
  await page.getByText('Tuesday 12', { exact: true }).waitFor();
  await page.screenshot({ path: `${shots}/games-2-list-1280.png`, fullPage: true });

  // Find the copies by name, select three and delete them.
  await page.getByTestId('games-search').fill('Tuesday');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(12);
  for (const name of ['Tuesday 01', 'Tuesday 02', 'Tuesday 03'])
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByText('3 games selected').waitFor();
  await page.screenshot({ path: `${shots}/games-3-selection-1280.png` });
  await page.getByTestId('delete-selected').click();
  await page.getByTestId('delete-count').fill('2');
  await page.getByTestId('delete-submit').click();
  await page.getByText('Type the exact number of selected games to delete them.').waitFor();
  expect(await rows.count()).toBe(12);
  await page.getByTestId('delete-count').fill('3');
  await page.getByTestId('delete-submit').click();
  await page.getByText('3 games deleted').waitFor();
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(9);
  expect(await page.getByText('Tuesday 01', { exact: true }).count()).toBe(0);

  // Archive one: it leaves the list for the archives.
  await page.getByRole('checkbox', { name: 'Select Tuesday 04' }).check();
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Archive' }).click();
  await page.getByText('1 game archived').waitFor();
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(8);
  await page.getByTestId('list-archives').getByText('Archives').click();
  await page.getByText('Tuesday 04', { exact: true }).waitFor();
  expect(await rows.count()).toBe(1);

  // Save one as a template, under a title of its own.
  await page.getByTestId('list-archives').getByText('Games').click();
  await page.getByTestId('games-search').fill('Tuesday 05');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(1);
  await rows.first().getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Save as template…' }).click();
  await page.getByTestId('template-title').fill('Tuesday class');
  await settled(page);
  await page.screenshot({ path: `${shots}/games-6-save-template-1280.png` });
  await page.getByTestId('template-save').click();
  await page.getByText('Template saved: find it on the Templates tab').waitFor();

  // Merge two into a session template: each becomes a round, the older first, swapped here.
  await page.getByTestId('games-search').fill('Tuesday 0');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(5);
  for (const name of ['Tuesday 06', 'Tuesday 07'])
    await page.getByRole('checkbox', { name: `Select ${name}` }).check();
  await page.getByTestId('merge-selected').click();
  const mergeRounds = page.getByTestId('merge-rounds');
  await mergeRounds.getByText('Round 1: Tuesday 06').waitFor();
  await page.getByRole('button', { name: 'Play later' }).first().click();
  await mergeRounds.getByText('Round 1: Tuesday 07').waitFor();
  await page.getByTestId('template-save').click();
  await page.getByText('Please fill this in.').waitFor();
  await page.getByTestId('template-title').fill('Tuesday, two rounds');
  await settled(page);
  await page.screenshot({ path: `${shots}/games-7-merge-1280.png` });
  await page.getByTestId('template-save').click();
  await page.getByText('Session template saved: choose it when you create a session.').waitFor();
  await page.goto(`${app.origin}/dashboard/sessions`);
  await page
    .getByRole('button', { name: /New session/ })
    .first()
    .click();
  const own = page.getByTestId('own-session-templates');
  await own.getByText('Tuesday, two rounds').waitFor();
  expect(await own.locator('li').allTextContents()).toEqual(['Tuesday 07', 'Tuesday 06']);
  await page.keyboard.press('Escape');
  await page.goto(`${app.origin}/dashboard/games`);

  await page.getByTestId('games-search').fill('');
  await expect.poll(() => rows.count(), { timeout: 10_000 }).toBe(9);
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/games-4-list-390.png`, fullPage: true });
  await rows.first().getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Copy…' }).click();
  await page.getByTestId('copy-count').waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/games-5-copy-dialog-390.png` });
  await context.close();
});
