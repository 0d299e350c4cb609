import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { GameView } from '../../src-server/trpc/routers/game';
import { answerSetup, DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { waitForView } from '../support/server';

/**
 * The account's first steps in real Chromium (issue 25, items 6 to 8): sign up, the set-up page's
 * questions, the dashboard; a signed-in visitor of /signup told they already are; the user menu;
 * an anonymous player seated in a game quits it before signing up, and the game shows the seat free.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture();
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });
const command = () => ({ commandId: randomUUID() });

async function signUp(page: Page, name: string, email: string) {
  await page.goto(`${app.origin}/signup`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('E-mail').fill(email);
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
}

it('signs up, answers the set-up questions and lands on the dashboard; /signup then says so', async () => {
  const { page } = await app.person({ viewport: DESKTOP });
  await signUp(page, 'Grace Brewster Hopper', 'grace@example.org');
  await page.waitForURL('**/setup-account');
  // The names are suggested from the sign-up's name; the kind of user must be chosen.
  expect(await page.getByLabel(/^First name/).inputValue()).toBe('Grace');
  expect(await page.getByLabel(/^Last name/).inputValue()).toBe('Brewster Hopper');
  await page.getByTestId('setup-submit').click();
  await page.getByText('Choose what describes you best.').waitFor();
  expect(page.url()).toMatch(/\/setup-account$/);
  await settled(page);
  await shot(page, 'setup-account-refused-1280');

  await page.getByLabel(/^Last name/).fill('Hopper');
  await page.getByTestId('profile-type-researcher').click();
  await page.getByLabel('The Lean Game (lean manufacturing)').check();
  await page.getByTestId('setup-attribution').click();
  await page.getByRole('option', { name: 'A friend or colleague' }).click();
  await settled(page);
  await shot(page, 'setup-account-1280');
  await page.getByTestId('setup-submit').click();
  await page.waitForURL('**/dashboard/intro');
  // The menu shows the first name; an instructor's entries, no game being played.
  // The avatar's initial and the first name; then the hidden "Account menu" for screen readers.
  await expect.poll(() => page.getByTestId('user-menu').textContent()).toBe('GGraceAccount menu');
  await page.getByTestId('user-menu').click();
  for (const entry of ['Dashboard', 'My sessions', 'Profile settings', 'Log out'])
    await page.getByRole('menuitem', { name: entry }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Quit game' }).count()).toBe(0);
  await settled(page);
  await shot(page, 'user-menu-1280');
  await page.keyboard.press('Escape');

  // Signed in, /signup has nothing to offer: the dashboard, and why.
  await page.goto(`${app.origin}/signup`);
  await page.waitForURL('**/dashboard/intro');
  await page.getByText('You are already logged in.').waitFor();
  // /setup-account, answered, goes on too; the profile keeps the answers.
  await page.goto(`${app.origin}/dashboard/settings#profile`);
  expect(await page.getByTestId('profile-firstname').inputValue()).toBe('Grace');
  expect(await page.getByTestId('profile-type').inputValue()).toBe('Researcher');
});

it('shows the set-up page whole on a phone', async () => {
  const { page } = await app.person({ viewport: PHONE });
  await signUp(page, 'Katherine Johnson', 'katherine@example.org');
  await page.waitForURL('**/setup-account');
  await page.getByTestId('profile-type-teacher').waitFor();
  await settled(page);
  await shot(page, 'setup-account-390');
  // Nothing runs out of the screen sideways.
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await answerSetup(page);
  await page.waitForURL('**/dashboard/intro');
});

it('asks a seated anonymous player to quit before signing up, and the game shows the seat free', async () => {
  const teacher = await app.instructor('teacher@example.org');
  const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Monday class', template: 'classic' });
  const { page } = await app.person({ viewport: PHONE, name: 'Riley' });
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await page.getByTestId('player-name').fill('Riley');
  await page.getByTestId('role-retailer').getByRole('button').click();
  await page.waitForURL('**/play');

  // The user menu names the player and the game played, with only a way to quit.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: /Monday class/ }).waitFor();
  await page.getByRole('menu').getByText('playing as Retailer').waitFor();
  await page.getByRole('menuitem', { name: 'Quit game' }).waitFor();
  expect(await page.getByRole('menuitem', { name: 'Log out' }).count()).toBe(0);
  await settled(page);
  await shot(page, 'user-menu-player-390');
  await page.keyboard.press('Escape');

  // The instructor's board shows Riley at the retailer.
  const board = await app.person({ viewport: DESKTOP, as: teacher, name: 'teacher' });
  await board.page.goto(`${app.origin}/game/${gameId}/play`);
  const retailer = board.page.getByTestId('map-facility-retailer');
  await expect.poll(() => retailer.textContent()).toContain('Riley');

  await page.goto(`${app.origin}/signup`);
  await page.getByTestId('quit-first').waitFor();
  await page.getByText('You are playing Monday class as Retailer, without an account.').waitFor();
  await settled(page);
  await shot(page, 'quit-first-390');
  await page.getByTestId('quit-first-quit').click();
  // Quit: the seat is free for someone else, and the form shows.
  await waitForView<GameView>(
    (handlers) => teacher.api.game.watch.subscribe({ gameId }, handlers),
    (view) =>
      view.gameType === 'beergame' && view.facilities.find((f) => f.id === 'retailer')?.taken === false,
  );
  await expect.poll(() => retailer.textContent()).toContain('Free');
  await page.getByLabel('Your name').fill('Riley Quinn');
  await page.getByLabel('E-mail').fill('riley@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  await page.waitForURL('**/dashboard/intro');
  // Signed up, the anonymous account is gone and the seat stays free.
  expect(await retailer.textContent()).toContain('Free');
});

it("quits the game from the play page's user menu and goes to the game's page", async () => {
  const teacher = await app.instructor('quit@example.org');
  const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Tuesday class', template: 'classic' });
  const sam = await app.anonymous('Sam');
  await sam.api.beergame.join.mutate({ gameId, facilityId: 'factory', ...command() });
  const { page } = await app.person({ viewport: DESKTOP, as: sam, name: 'Sam' });
  await page.goto(`${app.origin}/game/${gameId}/play`);
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Quit game' }).click();
  await page.waitForURL(`**/game/${gameId}/intro`);
  await page.getByText('You left the game.').waitFor();
  await waitForView<GameView>(
    (handlers) => teacher.api.game.watch.subscribe({ gameId }, handlers),
    (view) =>
      view.gameType === 'beergame' && view.facilities.find((f) => f.id === 'factory')?.taken === false,
  );
});
