import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { beergameType } from '../../src-server/streams/beergame';
import type { BeerState } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

/**
 * The instructor's remaining levers in Chromium (issue 26, item 5): a proposal from the live board
 * that a player on a phone accepts in one tap; the starting orders reset from the game settings
 * before the first week, refused afterwards; a player restarting their team's game from the
 * session's lobby, with a confirmation, where the session allows it; the audio switch's note.
 */
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });
const shots = process.env.LEVERS_SHOTS ?? SHOTS;
let ada: ApiUser;

beforeAll(async () => {
  ada = await app.instructor('ada@example.org');
});

const stateOf = async (gameId: string) =>
  (await app.server.services.commands.load(beergameType.stream, gameStreamId(gameId))).state as BeerState;

async function newGame(name: string) {
  const { gameId } = await ada.api.beergame.create.mutate({ name, template: 'classic' });
  return gameId;
}

async function pick(page: Page, testId: string, option: string) {
  await page.getByTestId(testId).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

it('proposes an order from the board, which the player accepts in one tap', async () => {
  const gameId = await newGame('Proposals');
  const riley = await app.anonymous('Riley');
  await riley.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  const player = await app.person({ viewport: PHONE, as: riley });
  await player.page.goto(`${app.origin}/game/${gameId}/play`);
  await player.page.getByTestId('order-quantity').waitFor();

  const instructor = await app.person({ viewport: DESKTOP, as: ada });
  await instructor.page.goto(`${app.origin}/game/${gameId}/play`);
  const card = instructor.page.getByTestId('propose-order');
  await card.waitFor();
  await pick(instructor.page, 'propose-to', 'Retailer');

  // A number it would have to rewrite is refused, in words, and nothing is sent.
  for (const [typed, said] of [
    ['2.5', 'whole number'],
    ['1e3', ''],
    ['', ''],
  ] as const) {
    await instructor.page.getByTestId('propose-quantity').fill(typed);
    await instructor.page.getByTestId('propose-send').click();
    await expect.poll(() => card.locator('.mantine-TextInput-error').count()).toBe(1);
    if (said) expect(await card.locator('.mantine-TextInput-error').textContent()).toContain(said);
  }
  expect((await stateOf(gameId)).proposals).toEqual([]);

  await instructor.page.getByTestId('propose-quantity').fill(' 9 ');
  await instructor.page.getByTestId('propose-send').click();
  await instructor.page.getByText('Proposal sent').waitFor();
  // Pending on the board, and on the player's phone beside the order box.
  await expect.poll(() => instructor.page.getByTestId('proposal-retailer').textContent()).toBe('Proposed: 9');
  await expect.poll(() => player.page.getByText('Suggested order: 9').count()).toBe(1);
  await instructor.page.screenshot({ path: `${shots}/levers-board-proposal-1280.png`, fullPage: true });
  await player.page.screenshot({ path: `${shots}/levers-player-proposal-390.png`, fullPage: true });

  // One tap orders it; the proposal leaves the board.
  await player.page.getByRole('button', { name: 'Order it' }).click();
  await expect.poll(() => player.page.getByTestId('ordered-quantity').textContent()).toContain('9');
  await expect.poll(async () => (await stateOf(gameId)).facilities[0]!.orders).toEqual({ A1: 9 });
  await expect.poll(() => instructor.page.getByTestId('proposal-retailer').count()).toBe(0);

  // To every role but the computer's that has not ordered yet (the retailer has; the free ones may be taken).
  await pick(instructor.page, 'propose-to', "Every role but the computer's");
  await instructor.page.getByTestId('propose-quantity').fill('6');
  await instructor.page.getByTestId('propose-send').click();
  await expect
    .poll(async () => (await stateOf(gameId)).proposals.map((p) => [p.facilityId, p.quantity]))
    .toEqual([
      ['wholesaler', 6],
      ['distributor', 6],
      ['factory', 6],
    ]);
  await expect.poll(() => instructor.page.getByTestId('proposal-factory').textContent()).toBe('Proposed: 6');
  await instructor.page.setViewportSize(PHONE);
  await instructor.page.getByTestId('board-factory').scrollIntoViewIfNeeded();
  await settled(instructor.page);
  await instructor.page.screenshot({ path: `${shots}/levers-board-proposals-390.png` });
  await card.scrollIntoViewIfNeeded();
  await instructor.page.screenshot({ path: `${shots}/levers-board-propose-390.png` });
  await player.page.setViewportSize(DESKTOP);
  await player.page.screenshot({ path: `${shots}/levers-player-ordered-1280.png`, fullPage: true });
});

it('resets the starting orders from the game settings before the first week only', async () => {
  const gameId = await newGame('Starting orders');
  const instructor = await app.person({ viewport: DESKTOP, as: ada });
  await instructor.page.goto(`${app.origin}/game/${gameId}/intro`);
  const panel = instructor.page.getByTestId('starting-orders');
  await expect.poll(() => panel.getByTestId('starting-orders-now').textContent()).toBe('4 per slot');

  // A refused number opens no confirmation.
  await panel.getByTestId('starting-orders-quantity').fill('4.5');
  await panel.getByTestId('starting-orders-reset').click();
  await expect.poll(() => panel.locator('.mantine-TextInput-error').count()).toBe(1);
  expect(await instructor.page.getByTestId('confirm-starting-orders').count()).toBe(0);

  await panel.getByTestId('starting-orders-quantity').fill('6');
  await panel.getByTestId('starting-orders-reset').click();
  await instructor.page.getByTestId('confirm-starting-orders').waitFor();
  await settled(instructor.page);
  await instructor.page.screenshot({ path: `${shots}/levers-starting-orders-confirm-1280.png` });
  await instructor.page.getByTestId('confirm-starting-orders').click();
  await instructor.page.getByText('Starting orders reset').waitFor();
  await expect.poll(() => panel.getByTestId('starting-orders-now').textContent()).toBe('6 per slot');
  const state = await stateOf(gameId);
  expect(state.config.facilities.map((f) => f.capabilities.A1!.startOrders)).toEqual([6, 6, 6, 6]);
  await instructor.page.screenshot({ path: `${shots}/levers-starting-orders-1280.png`, fullPage: true });
  await instructor.page.setViewportSize(PHONE);
  await panel.scrollIntoViewIfNeeded();
  await instructor.page.screenshot({ path: `${shots}/levers-starting-orders-390.png` });

  // Once the first week has closed: disabled, with the reason.
  await ada.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
  await panel.getByTestId('starting-orders-closed').waitFor();
  expect(await panel.getByTestId('starting-orders-reset').isDisabled()).toBe(true);
  await panel.scrollIntoViewIfNeeded();
  await instructor.page.screenshot({ path: `${shots}/levers-starting-orders-closed-390.png` });
});

it("lets a player restart their team's game from the lobby where the session allows it", async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Reset class',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  // The session editor keeps the audio switch (its player is the top bar's music button).
  const editor = await app.person({ viewport: DESKTOP, as: ada });
  await editor.page.goto(`${app.origin}/dashboard/sessions/${sessionId}`);
  await editor.page.getByTestId('audio-player-setting').waitFor();
  await editor.page.getByTestId('audio-player-setting').scrollIntoViewIfNeeded();
  await editor.page.screenshot({ path: `${shots}/levers-session-editor-1280.png` });
  await editor.page.setViewportSize(PHONE);
  await editor.page.getByTestId('audio-player-setting').scrollIntoViewIfNeeded();
  await editor.page.screenshot({ path: `${shots}/levers-session-editor-390.png` });
  await editor.context.close();

  const { setup } = await ada.api.session.setup.query({ sessionId });
  await ada.api.session.edit.mutate({
    sessionId,
    setup: { ...setup, config: { ...setup.config, allowPlayerReset: true } },
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const sam = await app.anonymous('Sam');
  const { gameId } = await sam.api.session.join.mutate({
    sessionId,
    teamNumber: 1,
    facilityId: 'retailer',
    commandId: randomUUID(),
  });
  await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
  const wes = await app.anonymous('Wes');
  await wes.api.session.join.mutate({
    sessionId,
    teamNumber: 1,
    facilityId: 'wholesaler',
    commandId: randomUUID(),
  });
  await sam.api.beergame.placeOrder.mutate({
    gameId,
    facilityId: 'retailer',
    quantity: 11,
    week: 1,
    commandId: randomUUID(),
  });

  const player = await app.person({ viewport: PHONE, as: sam });
  await player.page.goto(`${app.origin}/session/${sessionId}/lobby`);
  await player.page.getByTestId('player-reset-open').waitFor();
  await player.page.screenshot({ path: `${shots}/levers-lobby-reset-390.png`, fullPage: true });
  await player.page.getByTestId('player-reset-open').click();
  await player.page.getByTestId('player-reset-confirm').waitFor();
  await settled(player.page);
  await player.page.screenshot({ path: `${shots}/levers-lobby-reset-confirm-390.png` });
  await player.page.getByTestId('player-reset-confirm').click();
  await player.page.getByText("Your team's game starts over from week 1.").waitFor();
  await expect.poll(async () => (await stateOf(gameId)).facilities[0]!.orders).toEqual({});
  expect((await stateOf(gameId)).facilities.map((f) => f.userId !== null)).toEqual([
    true,
    true,
    false,
    false,
  ]);
  await player.page.setViewportSize(DESKTOP);
  await player.page.screenshot({ path: `${shots}/levers-lobby-reset-1280.png`, fullPage: true });

  // Once the first week has closed the offer leaves the lobby, live.
  await ada.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
  await expect.poll(() => player.page.getByTestId('player-reset-open').count()).toBe(0);
  await player.page.getByTestId('my-seat').waitFor();
});
