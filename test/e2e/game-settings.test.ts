import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { BeerEvent } from '../../src-shared/beergame';
import { answerSetup, DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * The instructor's settings in real Chromium: a game created through the settings form with a
 * 3-stage network and a demand step at week 6 (a lead time of 7 refused beside its field first),
 * then the event editor on the intro page refusing a lead time of 7 weeks and scheduling 4.
 * Screenshots of the form and the editor at 1280 and 390 px go to test-results/e2e.
 */
const app = browserFixture();

/** A screenshot of the whole of `testId`'s element: the window made as tall as the page for it. */
async function shoot(page: Page, testId: string, name: string, width: number) {
  await page.setViewportSize({ width, height: width === PHONE.width ? 6000 : 3200 });
  await settled(page);
  await page.getByTestId(testId).screenshot({ path: `${shots}/${name}.png` });
  await page.setViewportSize(width === PHONE.width ? PHONE : DESKTOP);
}

/** Chooses `option` in the Mantine select whose input has test id `testId`. */
async function choose(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('creates a custom 3-stage game with a demand step at week 6; the event editor refuses a lead time of 7', async () => {
  const { origin } = app;
  const { context, page } = await app.person();
  await page.goto(`${origin}/signup`);
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  await page.waitForURL('**/dashboard/intro');
  // Games are created on the dashboard's games tab.
  await page.getByTestId('tab-games').click();

  // Custom settings start from the classic game; the map preview draws its four facilities.
  await page.getByLabel('Game name').fill('Custom class');
  await page.getByTestId('custom-settings').click();
  const form = page.getByTestId('settings-form');
  await form.waitFor();
  await expect
    .poll(() => form.getByTestId('map-preview').locator('[data-testid^="map-facility-"]').count())
    .toBe(4);

  // Three stages: the distributor goes, the wholesaler then buys from the factory.
  await page.getByTestId('remove-facility-2').click();
  await expect
    .poll(() => form.getByTestId('map-preview').locator('[data-testid^="map-facility-"]').count())
    .toBe(3);
  // A random demand: a range and a seed, the first weeks of the draw shown; 9 below 3 is refused.
  await form.getByText('Random', { exact: true }).click();
  await page.getByTestId('settings-demandMin').fill('9');
  await page.getByTestId('settings-demandMax').fill('3');
  await page.getByTestId('settings-submit').click();
  await page.getByText('The highest demand cannot be below the lowest (9).').waitFor();
  await page.getByTestId('settings-demandMin').fill('3');
  await page.getByTestId('settings-demandMax').fill('9');
  await expect
    .poll(() => page.getByTestId('settings-drawn-demand').textContent())
    .toMatch(/^Weeks 1 to 12: \d/);
  const firstDraw = await page.getByTestId('settings-drawn-demand').textContent();
  await page.getByTestId('settings-new-draw').click();
  await expect.poll(() => page.getByTestId('settings-drawn-demand').textContent()).not.toBe(firstDraw);
  await shoot(page, 'settings-form', 'settings-form-random-1280', DESKTOP.width);
  await form.getByText('A step', { exact: true }).click();
  await page.getByTestId('settings-demandStepWeek').fill('6');
  await page.getByTestId('facility-0-leadtime').fill('7');
  await page.getByTestId('settings-submit').click();
  await page.getByTestId('facility-0').getByText('Out of range: type a number from 2 to 6.').waitFor();
  await page.getByTestId('settings-errors').waitFor();
  await shoot(page, 'settings-form', 'settings-form-1280', DESKTOP.width);
  await page.getByTestId('facility-0-leadtime').fill('3');
  await page.getByTestId('settings-submit').click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  const gameId = page.url().split('/').at(-2)!;

  const [created] = (await app.server.services.store.readStream(`game-${gameId}`)).map(
    (e) => ({ type: e.type, data: e.data }) as BeerEvent,
  );
  if (created?.type !== 'GameCreated') throw new Error('expected GameCreated');
  expect(created.data.name).toBe('Custom class');
  expect(created.data.config.facilities.map((f) => [f.id, f.supplier_id])).toEqual([
    ['retailer', 'wholesaler'],
    ['wholesaler', 'factory'],
    ['factory', null],
  ]);
  expect(created.data.config.demand).toEqual([{ fid: 'retailer', pid: 'p1', demand: [4, 4, 4, 4, 4, 8] }]);
  expect(created.data.config.facilities[0]!.capabilities.A1!.leadtime).toBe(3);

  // The event editor: a lead time of 7 weeks is refused beside the field, nothing is scheduled.
  const editor = page.getByTestId('event-editor');
  await editor.waitFor();
  await choose(page, 'change-field', 'Lead time');
  await page.getByTestId('change-value').fill('7');
  await page.getByTestId('change-week').fill('3');
  await choose(page, 'change-facilities', 'Retailer');
  await page.keyboard.press('Escape');
  await page.getByTestId('schedule-change').click();
  await editor.getByText('Out of range: type a number from 2 to 6.').waitFor();
  expect(await editor.getByTestId('scheduled-changes').count()).toBe(0);
  const before = (await app.server.services.store.readStream(`game-${gameId}`)).length;
  await page.getByTestId('change-value').fill('4');
  await page.getByTestId('schedule-change').click();
  await editor.getByTestId('scheduled-changes').getByText('Lead time').waitFor();
  const events = await app.server.services.store.readStream(`game-${gameId}`);
  expect(events.slice(before).map((e) => [e.type, e.data])).toEqual([
    [
      'ChangeScheduled',
      { change: { id: 'c1', week: 3, facilityIds: ['retailer'], field: 'leadtime', value: 4 } },
    ],
  ]);
  await page.getByTestId('change-value').fill('7');
  await page.getByTestId('schedule-change').click();
  await editor.getByText('Out of range: type a number from 2 to 6.').waitFor();
  await shoot(page, 'event-editor', 'event-editor-1280', DESKTOP.width);

  // A message scheduled for week 5 joins the schedule.
  const scheduled = page.getByTestId('scheduled-messages');
  await scheduled.getByLabel('Week').fill('5');
  await scheduled.getByLabel('Message').fill('Demand changes next week: watch your orders.');
  await page.getByTestId('schedule-message').click();
  await scheduled.getByText('Demand changes next week: watch your orders.').waitFor();
  await shoot(page, 'scheduled-messages', 'scheduled-messages-1280', DESKTOP.width);
  await page.screenshot({ path: `${shots}/intro-creator-1280.png`, fullPage: true });

  // On a phone: the intro page's editor, and the settings form from the intro page.
  const phone = await app.person({
    viewport: PHONE,
    storageState: await context.storageState(),
  });
  await phone.page.goto(`${origin}/game/${gameId}/intro`);
  await phone.page.getByTestId('event-editor').getByText('Lead time').waitFor();
  await shoot(phone.page, 'event-editor', 'event-editor-390', PHONE.width);
  await phone.page.getByTestId('edit-settings').click();
  await phone.page.getByTestId('settings-form').waitFor();
  await expect
    .poll(() => phone.page.getByTestId('map-preview').locator('[data-testid^="map-facility-"]').count())
    .toBe(3);
  expect(await phone.page.getByTestId('settings-demandStepWeek').inputValue()).toBe('6');
  await shoot(phone.page, 'settings-form', 'settings-form-390', PHONE.width);
  // Saved in French, the game's pages speak French; the scheduled change is kept.
  await choose(phone.page, 'settings-language', 'Français');
  await phone.page.getByTestId('settings-submit').click();
  await phone.page.getByTestId('game-settings').getByText('Réglages de la partie').waitFor();
  await phone.page.getByTestId('event-editor').getByText('Délai de livraison').waitFor();
  const configured = (await app.server.services.store.readStream(`game-${gameId}`)).at(-1)!;
  expect(configured.type).toBe('GameConfigured');
  expect((configured.data as { config: { language: string } }).config.language).toBe('fr');
  await phone.context.close();
  await context.close();
});
