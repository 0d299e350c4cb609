import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

/**
 * The front door in Chromium (issue 28): a visitor on a phone opens the home page, tries the demo
 * in one click, plays its 12 weeks typing each order, reads the debrief and the call to run it with
 * a class, and signs up from it. The leaderboard shows a finished class game and no demo; /loading
 * sends a visitor home and never to another site. Screenshots at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture();
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
const command = () => ({ commandId: randomUUID() });

/** A two-stage class game played to its end through the API: a finished public game for the board. */
async function finishedClassGame(teacher: ApiUser, player: ApiUser, quantity: number) {
  const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Class', template: 'twoStages' });
  await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', ...command() });
  await teacher.api.beergame.handToComputer.mutate({ gameId, facilityId: 'factory', ...command() });
  for (let week = 1; week <= 24; week++)
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity,
      week,
      ...command(),
    });
}

it('a visitor on a phone plays the demo to its end from the home page and signs up from its debrief', async () => {
  const { page } = await app.person({ viewport: PHONE, name: 'Visitor' });
  await page.goto(app.origin);
  await page.getByRole('heading', { name: 'Two games to teach with' }).waitFor();
  // The join box comes first on a phone, then the visitor's ways in; both games are pictured.
  await page.getByRole('img', { name: /A supply chain of four/ }).waitFor();
  await page.getByRole('img', { name: /A factory floor/ }).waitFor();
  const joinBox = await page.getByRole('heading', { name: 'Join a game' }).boundingBox();
  const title = await page.getByRole('heading', { level: 1 }).boundingBox();
  expect(joinBox!.y).toBeLessThan(title!.y);
  await settled(page);
  await shot(page, 'home-390');

  await page.getByTestId('try-demo').click();
  await page.waitForURL('**/play');
  await expect.poll(() => page.getByTestId('week').innerText()).toBe('Week 1 of 12');
  await settled(page);
  await shot(page, 'demo-playing-390');

  for (let week = 1; week <= 12; week++) {
    await expect.poll(() => page.getByTestId('week').innerText()).toBe(`Week ${week} of 12`);
    await page.getByTestId('order-quantity').fill(week < 5 ? '4' : '8');
    await page.getByTestId('place-order').click();
    if (week < 12)
      await expect.poll(() => page.getByTestId('week').innerText()).toBe(`Week ${week + 1} of 12`);
  }
  await page.waitForURL('**/results');
  const call = page.getByTestId('demo-sign-up-call');
  await call.getByRole('heading', { name: 'Run this with your class' }).waitFor();
  // The debrief of the game just played, with its team cost and the orders' chart.
  await page.getByTestId('team-cost').waitFor();
  await page.getByTestId('chart-orders').locator('.recharts-line').first().waitFor();
  await settled(page);
  await shot(page, 'demo-end-390');

  await call.getByRole('link', { name: 'Sign up and run it with your class' }).click();
  await page.waitForURL('**/signup');
  // The demo is over: nothing to quit before signing up.
  expect(await page.getByTestId('quit-first').count()).toBe(0);
  await page.getByLabel('Your name').fill('Vera Visitor');
  await page.getByLabel('E-mail').fill('vera@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await page.waitForURL('**/setup-account');
});

it('shows the home page, the demo and its end at 1280 px', async () => {
  const { page } = await app.person({ viewport: DESKTOP, name: 'Desktop visitor' });
  await page.goto(app.origin);
  await page.getByRole('img', { name: /A factory floor/ }).waitFor();
  await settled(page);
  await shot(page, 'home-1280');
  await page.getByTestId('try-demo').click();
  await page.waitForURL('**/play');
  await page.getByTestId('order-quantity').waitFor();
  await settled(page);
  await shot(page, 'demo-playing-1280');
  for (let week = 1; week <= 12; week++) {
    await expect.poll(() => page.getByTestId('week').innerText()).toBe(`Week ${week} of 12`);
    await page.getByTestId('order-quantity').fill('6');
    await page.getByTestId('place-order').click();
    if (week < 12)
      await expect.poll(() => page.getByTestId('week').innerText()).toBe(`Week ${week + 1} of 12`);
  }
  await page.waitForURL('**/results');
  await page.getByTestId('demo-sign-up-call').waitFor();
  await page.getByTestId('chart-orders').locator('.recharts-line').first().waitFor();
  await settled(page);
  await shot(page, 'demo-end-1280');
});

it('ranks finished class games on the leaderboard, without names and without demos', async () => {
  const teacher = await app.instructor('board@example.org');
  await finishedClassGame(teacher, await app.anonymous('Kim'), 4);
  await finishedClassGame(teacher, await app.anonymous('Lou'), 12);
  // A demo played to its end is no line.
  const visitor = await app.anonymous('Demo player');
  const { gameId } = await visitor.api.demo.create.mutate();
  for (let week = 1; week <= 12; week++)
    await visitor.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 4,
      week,
      ...command(),
    });

  for (const [viewport, size] of [
    [DESKTOP, 1280],
    [PHONE, 390],
  ] as const) {
    const { page } = await app.person({ viewport, name: `Board ${size}` });
    await page.goto(`${app.origin}/leaderboard`);
    await page.getByRole('heading', { name: 'Leaderboard', level: 1 }).waitFor();
    const board = page.getByTestId('board-twoStages');
    await expect.poll(() => board.getByRole('row').count()).toBe(3);
    const cells = await board.getByRole('row').nth(1).getByRole('cell').allInnerTexts();
    expect(cells[0]).toBe('1');
    expect(cells[2]).toBe('24');
    expect(await board.getByRole('row').nth(2).getByRole('cell').first().innerText()).toBe('2');
    // No person's name, and the classic board (the demo's template) is empty.
    expect(await page.getByText(/Kim|Lou|Demo player/).count()).toBe(0);
    await page.getByTestId('board-classic').getByText('No finished game yet.').waitFor();
    await settled(page);
    await shot(page, `leaderboard-${size}`);
  }
});

it('/loading sends a visitor home, follows a local path and never another site', async () => {
  const { page } = await app.person({ viewport: PHONE, name: 'Loader' });
  await page.goto(`${app.origin}/loading`);
  await page.waitForURL(`${app.origin}/`);
  await page.goto(`${app.origin}/loading?to=${encodeURIComponent('/leaderboard')}`);
  await page.waitForURL('**/leaderboard');
  await page.goto(`${app.origin}/loading?to=${encodeURIComponent('//evil.example/x')}`);
  await page.waitForURL(`${app.origin}/`);
  expect(new URL(page.url()).origin).toBe(app.origin);
});
