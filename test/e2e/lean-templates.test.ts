import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { gameStreamId } from '../../src-server/streams';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';

/**
 * Lean games like the others in real Chromium (issue 26, item 3): an instructor saves a lean game
 * as a template from the games list, finds it in the templates tab and makes a draft game from it,
 * which they publish from its page; a player on a phone leaves their station during the round and
 * the computer plays it, another quits the game. Screenshots at 1280 and 390 px.
 */
const shots = process.env.LEAN_SHOTS ?? SHOTS;
const app = browserFixture();

/** No page is wider than its screen. */
const fitsWidth = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1);

it('saves a lean game as a template, makes a draft game from it and publishes it', async () => {
  const ada = await app.instructor('ada@example.org');
  const { gameId: original } = await ada.api.leangame.create.mutate({
    name: 'Friday workshop',
    template: 'workshop4-choose',
  });
  await ada.api.leangame.setRoundLength.mutate({ gameId: original, minutes: 12, commandId: randomUUID() });
  const { page } = await app.person({ viewport: DESKTOP, as: ada });

  // Saved as a template from the games list.
  await page.goto(`${app.origin}/dashboard/games`);
  const row = page.getByTestId('game-row').filter({ hasText: 'Friday workshop' });
  await row.getByRole('button', { name: 'Actions' }).click();
  await page.getByRole('menuitem', { name: 'Save as template…' }).click();
  await expect.poll(() => page.getByTestId('template-title').inputValue()).toBe('Friday workshop');
  await page.getByTestId('template-title').fill('Workshop, twelve minutes');
  await page.getByLabel('Description').fill('The workshop as we arranged it.');
  await page.screenshot({ path: `${shots}/lean-templates-1-save-1280.png` });
  await page.getByTestId('template-save').click();
  await page.getByText('Template saved: find it on the Templates tab').waitFor();
  // The games tab's create-game card offers it too, and makes a lean game of it.
  await page.goto(`${app.origin}/dashboard/games`);
  await page.getByLabel('Game name').fill('From the card');
  await page.getByTestId('create-game-template').click();
  await page.getByRole('option', { name: 'Workshop, twelve minutes' }).click();
  await page.getByText('The workshop as we arranged it.').waitFor();
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await expect.poll(() => page.getByTestId('lean-status').textContent()).toContain('12 minutes');

  // In the templates tab, with its length and facilities; a game is made from it as a draft.
  await page.goto(`${app.origin}/dashboard/templates`);
  const own = page.getByTestId('templates-own').getByTestId('template-card');
  await expect.poll(() => own.count()).toBe(1);
  await expect.poll(() => own.first().textContent()).toContain('Workshop, twelve minutes');
  const text = await own.first().textContent();
  expect(text).toContain('Lean game');
  expect(text).toContain('12 minutes');
  expect(text).toContain('4 facilities');
  await settled(page);
  await page.screenshot({ path: `${shots}/lean-templates-2-own-1280.png`, fullPage: true });
  await own.first().getByTestId('template-create-game').click();
  await expect.poll(() => page.getByTestId('template-game-minutes').inputValue()).toBe('12');
  await page.getByTestId('template-game-name').fill('Monday pairs');
  await page.getByTestId('template-game-draft').check();
  await page.screenshot({ path: `${shots}/lean-templates-3-create-1280.png` });
  await page.getByTestId('template-game-submit').click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  const gameId = /\/game\/([\w-]+)\/intro$/.exec(page.url())![1]!;
  expect(gameId).not.toBe(original);

  // A draft: its creator's alone until published; a player is refused meanwhile.
  await page.getByTestId('draft-notice').waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/lean-templates-4-draft-1280.png`, fullPage: true });
  const pat = await app.anonymous('Pat');
  await expect(
    pat.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() }),
  ).rejects.toMatchObject({ data: { messageId: 'dashboard.messGameNotPublished' } });
  // On the games list it shows as a draft, published from its menu there too.
  await page.goto(`${app.origin}/dashboard/games`);
  const draftRow = page.getByTestId('game-row').filter({ hasText: 'Monday pairs' });
  await draftRow.getByText('Draft').waitFor();
  await draftRow.getByRole('button', { name: 'Actions' }).click();
  await page.getByTestId('publish-game').waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/lean-templates-5-list-1280.png` });
  await page.keyboard.press('Escape');
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await page.getByTestId('publish-draft').click();
  await page.getByText('Published: players can open and join the game now.').waitFor();
  await page.getByTestId('draft-notice').waitFor({ state: 'detached' });
  await pat.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() });
  const view = await ada.api.leangame.history.query({ gameId });
  expect(view.events.map((e) => e.type)).toEqual(['LeanGameCreated', 'LeanGamePublished', 'PlayerJoined']);
  expect(view.events[0]!.data).toMatchObject({ scenarioId: 'workshop4-choose', draft: true });

  // On a phone: the template card, the creation dialog and the draft's page fit the screen.
  const phone = await app.person({ viewport: PHONE, as: ada });
  const { gameId: phoneDraft } = await ada.api.leangame.create.mutate({
    name: 'Phone draft',
    template: 'workshop4-choose',
    draft: true,
  });
  await phone.page.goto(`${app.origin}/dashboard/templates`);
  await phone.page.getByTestId('templates-own').getByTestId('template-create-game').click();
  await phone.page.getByTestId('template-game-draft').waitFor();
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/lean-templates-3-create-390.png` });
  expect(await fitsWidth(phone.page)).toBe(true);
  await phone.page.keyboard.press('Escape');
  const phoneRow = phone.page.getByTestId('game-row').filter({ hasText: 'Phone draft' });
  await phone.page.goto(`${app.origin}/game/${phoneDraft}/intro`);
  await phone.page.getByTestId('draft-notice').waitFor();
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/lean-templates-4-draft-390.png` });
  expect(await fitsWidth(phone.page)).toBe(true);
  // Published from the list's menu.
  await phone.page.goto(`${app.origin}/dashboard/games`);
  await phoneRow.getByRole('button', { name: 'Actions' }).click();
  await phone.page.getByTestId('publish-game').waitFor();
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/lean-templates-5-list-390.png` });
  await phone.page.getByTestId('publish-game').click();
  await phone.page.getByText('1 game published').waitFor();
  await expect.poll(() => phoneRow.textContent()).not.toContain('Draft');
});

it('a player on a phone leaves their station to the computer during the round; another quits', async () => {
  const ada = await app.instructor('grace@example.org');
  const { gameId } = await ada.api.leangame.create.mutate({ name: 'Leaving', template: 'workshop4-choose' });
  const pat = await app.anonymous('Pat');
  const quinn = await app.anonymous('Quinn');
  await pat.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() });
  await quinn.api.leangame.join.mutate({ gameId, facilityId: 'qc', commandId: randomUUID() });
  await ada.api.leangame.start.mutate({ gameId, commandId: randomUUID() });

  const phone = await app.person({ viewport: PHONE, as: pat });
  await phone.page.goto(`${app.origin}/game/${gameId}/play`);
  await phone.page.getByTestId('station-panel').waitFor();
  await phone.page.getByTestId('leave-station').scrollIntoViewIfNeeded();
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/lean-leave-1-play-390.png` });
  expect(await fitsWidth(phone.page)).toBe(true);
  await phone.page.getByTestId('leave-station').click();
  await phone.page.getByText('The round is running: the computer plays your station from now on.').waitFor();
  await phone.page.screenshot({ path: `${shots}/lean-leave-2-confirm-390.png` });
  await phone.page.getByTestId('leaveStation-confirm').click();
  await phone.page.getByText('You left your station.').waitFor();
  // Pat watches the floor now; the computer releases work at the warehouse.
  await phone.page.getByTestId('lean-observer').waitFor();
  await expect
    .poll(
      async () =>
        (await app.server.services.store.readStream(gameStreamId(gameId))).some(
          (e) =>
            e.type === 'SheetReleased' &&
            e.metadata.actorRole === 'system' &&
            (e.data as { facilityId: string }).facilityId === 'warehouse',
        ),
      { timeout: 20_000 },
    )
    .toBe(true);
  await settled(phone.page);
  await phone.page.screenshot({ path: `${shots}/lean-leave-3-observer-390.png` });

  // Quinn, on a desktop, quits the game: back on the game's page, seated nowhere.
  const desk = await app.person({ viewport: DESKTOP, as: quinn });
  await desk.page.goto(`${app.origin}/game/${gameId}/play`);
  await desk.page.getByTestId('station-panel').waitFor();
  await settled(desk.page);
  await desk.page.screenshot({ path: `${shots}/lean-leave-1-play-1280.png`, fullPage: true });
  await desk.page.getByTestId('quit-game').click();
  await desk.page.getByText('You leave your station and go back to the game').waitFor();
  await desk.page.screenshot({ path: `${shots}/lean-leave-2-confirm-1280.png` });
  await desk.page.getByTestId('quitGame-confirm').click();
  await desk.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await desk.page.getByText('You left the game.').waitFor();
  expect(await quinn.api.account.playing.query()).toBeNull();
  await ada.api.leangame.end.mutate({ gameId, commandId: randomUUID() });
});
