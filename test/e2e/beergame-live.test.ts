import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { BeerEvent } from '../../src-shared/beergame';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import { answerSetup, PHONE } from '../support/browser';
import { browserFixture, SERVER_AWAY, SHOTS as shots } from '../support/browser-fixture';

/**
 * A class run live in real Chromium, the instructor touching nothing between weeks: two humans
 * (one on a phone, joined by the short code) and two roles handed to the computer play five weeks
 * on a 20-second turn timer; one human misses a week and the timer closes it with the computer's
 * order; a message from the instructor reaches the players; the order box refuses what it cannot
 * read and asks before a huge order.
 */
const TIMER_SECONDS = 20;
const app = browserFixture({ restarts: true });

const newPage = (viewport?: { width: number; height: number }) => app.person(viewport ? { viewport } : {});

const week = (page: Page) => page.getByTestId('week').textContent();

async function order(page: Page, quantity: string) {
  await page.getByTestId('order-quantity').fill(quantity);
  await page.getByTestId('order-quantity').press('Enter');
}

it('runs a class on a turn timer with computer roles and messages, nobody clicking between weeks', async () => {
  const { origin } = app;

  const instructor = await newPage();
  await instructor.page.goto(`${origin}/signup`);
  await instructor.page.getByLabel('Your name').fill('Ada Lovelace');
  await instructor.page.getByLabel('E-mail').fill('ada@example.org');
  await instructor.page.getByLabel(/^Password/).fill('correct horse battery');
  await instructor.page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(instructor.page);
  await instructor.page.waitForURL('**/dashboard/intro');
  // Games are created on the dashboard's games tab.
  await instructor.page.getByTestId('tab-games').click();
  await instructor.page.getByLabel('Game name').fill('Live class');
  await instructor.page.getByRole('button', { name: 'Create the game' }).click();
  await instructor.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  const joinLink = (await instructor.page.getByTestId('join-link').textContent())!.trim();
  const gameId = joinLink.split('/').at(-2)!;

  // A laptop player joins by the link; a phone player types the short code on the home page.
  const riley = await newPage();
  await riley.page.goto(joinLink);
  await riley.page.getByTestId('player-name').fill('Riley');
  await riley.page.getByTestId('role-retailer').getByRole('button').click();
  await riley.page.waitForURL('**/play');

  const wes = await newPage(PHONE);
  await wes.page.goto(`${origin}/`);
  await wes.page.getByTestId('join-code-input').fill(formatJoinCode(joinCodeOf(gameId)).toLowerCase());
  await wes.page.getByTestId('join-code-input').press('Enter');
  await wes.page.waitForURL(joinLink);
  await wes.page.getByTestId('player-name').fill('Wes');
  await wes.page.getByTestId('role-wholesaler').getByRole('button').click();
  await wes.page.waitForURL('**/play');

  // On the phone, the order box and the numbers that decide the order are in view without scrolling.
  const box = await wes.page.getByTestId('order-quantity').boundingBox();
  expect(box!.y + box!.height).toBeLessThan(PHONE.height);
  await expect.poll(() => wes.page.getByTestId('stock').isVisible()).toBe(true);
  const stock = await wes.page.getByTestId('stock').boundingBox();
  expect(stock!.y + stock!.height).toBeLessThan(PHONE.height);

  // The instructor hands the two free roles to the computer and starts a 20-second timer.
  await instructor.page.goto(`${origin}/game/${gameId}/play`);
  for (const role of ['distributor', 'factory']) {
    await instructor.page.getByTestId(`role-menu-${role}`).click();
    await instructor.page.getByRole('menuitem', { name: 'Hand to the computer' }).click();
    await instructor.page.getByTestId('confirm-hand-to-computer').click();
    await instructor.page.getByRole('dialog').waitFor({ state: 'detached' });
  }
  await instructor.page.getByTestId('timer-seconds').fill(String(TIMER_SECONDS));
  await instructor.page.getByTestId('start-timer').click();
  await instructor.page.getByTestId('pause-timer').waitFor();
  await expect.poll(() => riley.page.getByTestId('countdown').textContent()).toMatch(/0:[012]\d/);

  // A student without a role can still watch the class: the board, without the instructor's controls.
  const watcher = await newPage(PHONE);
  await watcher.page.goto(joinLink);
  await watcher.page.getByTestId('watch').click();
  await watcher.page.waitForURL('**/play');
  await expect.poll(() => week(watcher.page)).toBe('Week 1 of 36');
  await watcher.page.getByTestId('board-retailer').waitFor();
  expect(await watcher.page.getByTestId('close-week').count()).toBe(0);
  await watcher.context.close();

  // The order box refuses what it cannot read, before sending anything, and asks before a huge order.
  await order(riley.page, '2.5');
  await riley.page.getByText('Please order a whole number of units, 0 or more.').waitFor();
  await order(riley.page, '1e9');
  await riley.page.getByText('Use digits only, for example 12.').waitFor();
  await order(riley.page, '-5');
  await riley.page.getByText('An order cannot be negative').waitFor();
  await order(riley.page, '5000');
  await riley.page.getByTestId('confirm-large-order').waitFor();
  await riley.page.getByRole('button', { name: 'Change it' }).click();

  for (let w = 1; w <= 5; w++) {
    for (const { page } of [riley, wes])
      await expect.poll(() => week(page), { timeout: 30_000 }).toBe(`Week ${w} of 36`);
    if (w === 2) {
      await instructor.page
        .getByTestId('message-text')
        .fill('Remember: the team’s total cost is what counts.');
      await instructor.page.getByTestId('send-message').click();
      for (const { page } of [riley, wes])
        await page.getByTestId('messages').getByText('the team’s total cost is what counts').waitFor();
    }
    await order(riley.page, String(4 + w));
    // In week 3 the phone player looks away: the timer closes the week with the computer's order.
    if (w !== 3) await order(wes.page, '6');
    if (w === 1) {
      await riley.page.screenshot({ path: `${shots}/live-1-retailer-1280.png` });
      await wes.page.screenshot({ path: `${shots}/live-2-wholesaler-390.png` });
      await instructor.page.screenshot({ path: `${shots}/live-3-board-1280.png`, fullPage: true });
    }
  }
  for (const { page } of [riley, wes, instructor])
    await expect.poll(() => week(page), { timeout: 30_000 }).toBe('Week 6 of 36');

  // The log says it: week 3 closed by the timer, with a computer order for the absent wholesaler.
  const events = (await app.server.services.store.readStream(`game-${gameId}`)).map(
    (e) => ({ type: e.type, data: e.data }) as BeerEvent,
  );
  // Nothing the order box refused or was told to change was sent: the retailer's orders are the
  // five typed, one a week.
  expect(
    events.flatMap((e) =>
      e.type === 'OrderPlaced' && e.data.facilityId === 'retailer' ? [[e.data.week, e.data.quantity]] : [],
    ),
  ).toEqual([
    [1, 5],
    [2, 6],
    [3, 7],
    [4, 8],
    [5, 9],
  ]);
  const closes = events.filter((e) => e.type === 'WeekClosed');
  expect(closes.map((e) => e.data.reason)).toEqual([
    'validated',
    'validated',
    'timer',
    'validated',
    'validated',
  ]);
  expect(closes[2]!.data.computerOrders).toContainEqual(
    expect.objectContaining({ facilityId: 'wholesaler', latecomer: true }),
  );
  await wes.page.screenshot({ path: `${shots}/live-4-wholesaler-week-6-390.png`, fullPage: true });

  // The server restarts: open pages come back by themselves, within 2 s of the server (the
  // reconnection waits at most 1.5 s between attempts), and the game goes on where it was.
  // While the server is away the page's requests and its WebSocket fail: the browser says so.
  app.expectConsoleErrors(SERVER_AWAY);
  await app.restartServer(() => riley.page.getByTestId('reconnecting').waitFor());
  const back = performance.now();
  await riley.page.getByTestId('reconnecting').waitFor({ state: 'detached', timeout: 10_000 });
  const waited = performance.now() - back;
  console.log(`reconnected ${Math.round(waited)} ms after the server was back`);
  expect(waited).toBeLessThan(3000);
  await order(riley.page, '6');
  await riley.page.getByTestId('order-placed').waitFor();
});
