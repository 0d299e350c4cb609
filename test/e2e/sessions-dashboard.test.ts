import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * The dashboard's sessions tab in Chromium (issue 12): an instructor creates a session from the
 * "Blind, then transparent" plan with 4 teams, names the teams and a round, is asked before
 * leaving with unsaved changes, saves, publishes (a join code appears), duplicates the session
 * and deletes the copy after typing its name; then the list, picker and editor on a phone.
 */
const app = browserFixture();

/** The dialog asking before unsaved changes are left behind. */
const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Leave without saving?' });

it('creates, edits, publishes, duplicates and deletes a session', async () => {
  const origin = app.origin;
  const ada = await app.instructor('ada@example.org');
  const { context, page } = await app.person({ viewport: DESKTOP, as: ada });

  // No session yet: what a session is, and a way to make one.
  await page.goto(`${origin}/dashboard/sessions`);
  await page.getByTestId('sessions-empty').waitFor();
  await page.screenshot({ path: `${shots}/sessions-empty-desktop.png` });

  // The picker: the 14 plans, every one playable, the two lean ones badged as such.
  await page.getByTestId('new-session').click();
  const plans = page.getByTestId('session-template');
  await expect.poll(() => plans.count()).toBe(14);
  await expect.poll(() => page.locator('[data-testid="session-template"][disabled]').count()).toBe(0);
  await expect.poll(() => plans.filter({ hasText: 'Lean game' }).count()).toBe(2);
  await settled(page);
  await page.screenshot({ path: `${shots}/sessions-picker-desktop.png` });
  await plans.last().scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/sessions-picker-lean-desktop.png` });
  await plans.filter({ hasText: 'Blind, then transparent' }).click();

  // A name and a whole number of teams: 2.5 is refused, not rounded.
  await page.getByTestId('session-name').fill('Tuesday class');
  await page.getByTestId('session-teams').fill('2.5');
  await page.getByTestId('session-create-submit').click();
  await page.getByText('Type a whole number from 1 to 250, without decimals.').waitFor();
  expect(await page.getByTestId('session-teams').inputValue()).toBe('2.5');
  await page.getByTestId('session-teams').fill('4');
  await page.screenshot({ path: `${shots}/sessions-create-desktop.png` });
  await page.getByTestId('session-create-submit').click();
  await page.waitForURL(/\/dashboard\/sessions\/[\w-]+$/);
  const editorUrl = page.url();

  // The editor: four teams to name, the plan's two rounds.
  const teamNames = page.getByTestId('team-name');
  await expect.poll(() => teamNames.count()).toBe(4);
  const rounds = page.getByTestId('session-round');
  await expect.poll(() => rounds.count()).toBe(2);
  await teamNames.nth(0).fill('Ales');
  await teamNames.nth(1).fill('Stouts');
  await rounds.nth(1).getByTestId('round-name').fill('Everyone sees everything');
  await page.getByTestId('unsaved-bar').waitFor();
  await page.screenshot({ path: `${shots}/sessions-editor-desktop.png`, fullPage: true });

  // A round added from a game template, then removed again.
  await page.getByTestId('round-add').click();
  await page.getByRole('menuitem').first().click();
  await expect.poll(() => rounds.count()).toBe(3);
  await rounds.nth(2).getByTestId('round-remove').click();
  await expect.poll(() => rounds.count()).toBe(2);

  // A round's game settings: the games' own settings form, applied to the round.
  await rounds.nth(1).getByTestId('round-settings').click();
  const apply = page.getByRole('button', { name: 'Apply to the round' });
  await apply.waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/sessions-round-settings-desktop.png` });
  await apply.click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });

  // Leaving with pending changes asks first: by a dashboard tab and by a link; staying keeps them.
  await page.getByTestId('tab-games').click();
  await leaveDialog(page).waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/sessions-leave-desktop.png` });
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await leaveDialog(page).waitFor({ state: 'detached' });
  expect(page.url()).toBe(editorUrl);
  await page.getByRole('link', { name: 'Follow-up' }).click();
  await leaveDialog(page).waitFor();
  await leaveDialog(page).getByRole('button', { name: 'Cancel' }).click();
  await leaveDialog(page).waitFor({ state: 'detached' });
  expect(page.url()).toBe(editorUrl);
  expect(await teamNames.nth(0).inputValue()).toBe('Ales');

  // Saved, and kept: the page read again shows them.
  await page.getByTestId('editor-save').click();
  await page.getByText('Session saved').waitFor();
  await page.getByTestId('unsaved-bar').waitFor({ state: 'detached' });
  await page.reload();
  await expect.poll(() => teamNames.nth(1).inputValue()).toBe('Stouts');
  expect(await rounds.nth(1).getByTestId('round-name').inputValue()).toBe('Everyone sees everything');

  // Published: a join code appears.
  await page.getByTestId('editor-publish').click();
  await expect.poll(() => page.getByTestId('editor-code').textContent()).toMatch(/Join code: \w{3} \w{3}/);

  // A change left behind on purpose: the back link asks, and leaving drops it.
  await page.getByTestId('editor-name').fill('Tuesday class, renamed');
  await page.getByTestId('editor-back').click();
  await leaveDialog(page).getByRole('button', { name: 'Leave without saving' }).click();
  await page.waitForURL(/\/dashboard\/sessions$/);

  // The list: the session, published, with its code, 2 rounds, 4 teams, round 1 of 2.
  const rows = page.getByTestId('session-row');
  await expect.poll(() => rows.count()).toBe(1);
  const first = rows.first();
  await expect.poll(() => first.textContent()).toContain('Tuesday class');
  expect(await first.textContent()).not.toContain('renamed');
  expect(await first.getByTestId('session-status').textContent()).toBe('Published');
  expect(await first.getByTestId('session-code').textContent()).toMatch(/^\w{3} \w{3}$/);
  expect(await first.textContent()).toContain('Round 1 of 2');

  // Duplicated: the copy has no code yet.
  await first.getByTestId('session-menu').click();
  await page.getByRole('menuitem', { name: 'Duplicate' }).click();
  await page.getByText('Session duplicated').waitFor();
  await expect.poll(() => rows.count()).toBe(2);
  const copy = rows.filter({ hasText: 'Tuesday class (copy)' });
  await expect.poll(() => copy.getByTestId('session-code').textContent()).toBe('No code yet');
  await page.screenshot({ path: `${shots}/sessions-list-desktop.png` });

  // Deleted once its exact name is typed.
  await copy.getByTestId('session-menu').click();
  await page.getByRole('menuitem', { name: 'Delete' }).click();
  await page.getByTestId('session-delete-name').fill('Tuesday class');
  await page.getByTestId('session-delete-submit').click();
  await page.getByText("Type the session's exact name to delete it.", { exact: false }).waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/sessions-delete-desktop.png` });
  await page.getByTestId('session-delete-name').fill('Tuesday class (copy)');
  await page.getByTestId('session-delete-submit').click();
  await page.getByText('Session deleted').waitFor();
  await expect.poll(() => rows.count()).toBe(1);
  await context.close();

  // On a phone: cards, the picker and the editor, nothing wider than the screen.
  const phone = await app.person({ viewport: PHONE, as: ada });
  const noOverflow = async () =>
    expect(
      await phone.page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      ),
    ).toBeLessThanOrEqual(0);
  await phone.page.goto(`${origin}/dashboard/sessions`);
  // A fresh phone loads the dashboard's code and words first: wait for the list, then count it.
  await phone.page.getByTestId('session-row').first().waitFor();
  await expect.poll(() => phone.page.getByTestId('session-row').count()).toBe(1);
  await noOverflow();
  await phone.page.screenshot({ path: `${shots}/sessions-list-phone.png` });
  await phone.page.getByTestId('new-session').click();
  await expect.poll(() => phone.page.getByTestId('session-template').count()).toBe(14);
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/sessions-picker-phone.png` });
  await phone.page.keyboard.press('Escape');
  await phone.page.getByRole('dialog').waitFor({ state: 'detached' });
  await phone.page.goto(editorUrl);
  await expect.poll(() => phone.page.getByTestId('team-name').count()).toBe(4);
  await noOverflow();
  await phone.page.screenshot({ path: `${shots}/sessions-editor-phone.png`, fullPage: true });
  await phone.context.close();
});
