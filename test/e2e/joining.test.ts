import type { BrowserContext } from 'playwright-core';
import { expect, it } from 'vitest';
import { JOIN_CODE_ALPHABET } from '../../src-shared/rules/join-code';
import { answerSetup, DESKTOP, PHONE } from '../support/browser';
import { browserFixture, refusal, SHOTS as shots } from '../support/browser-fixture';

/**
 * Joining in real Chromium: the instructor shows the join code and its QR code; a phone-sized
 * player types the code on the home page, takes a role, closes the tab and gets the role back
 * from the same device; an unknown game's page lands on the home page with its message.
 */
const app = browserFixture();

const newPage = (viewport = DESKTOP, storageState?: Awaited<ReturnType<BrowserContext['storageState']>>) =>
  app.person({ viewport, ...(storageState ? { storageState } : {}) });

it('joins by short code from a phone and gets the role back after closing the tab', async () => {
  // The instructor signs up and creates a game.
  const instructor = await newPage();
  await instructor.page.goto(`${app.origin}/signup`);
  await instructor.page.getByLabel('Your name').fill('Ada Lovelace');
  await instructor.page.getByLabel('E-mail').fill('ada@example.org');
  await instructor.page.getByLabel(/^Password/).fill('correct horse battery');
  await instructor.page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(instructor.page);
  await instructor.page.waitForURL('**/dashboard/intro');
  // Games are created on the dashboard's games tab.
  await instructor.page.getByTestId('tab-games').click();
  await instructor.page.getByLabel('Game name').fill('Operations 201');
  await instructor.page.getByRole('button', { name: 'Create the game' }).click();
  await instructor.page.waitForURL(/\/game\/[\w-]+\/intro$/);
  const joinLink = (await instructor.page.getByTestId('join-link').textContent())!.trim();
  await instructor.page.getByTestId('intro-join-code').waitFor();
  // The breadcrumbs begin with a link to the instructor's games.
  expect(await instructor.page.getByTestId('crumb-all-games').getAttribute('href')).toBe('/dashboard/games');
  await instructor.page.screenshot({ path: `${shots}/join-1-instructor-intro-1280.png` });

  // "Show join code": the code in big type and a QR code of its short link.
  await instructor.page.getByTestId('show-join-code').click();
  await instructor.page.getByTestId('join-qr').waitFor();
  const shown = (await instructor.page.getByTestId('join-code').textContent())!.trim();
  expect(shown).toMatch(new RegExp(`^[${JOIN_CODE_ALPHABET}]{3} [${JOIN_CODE_ALPHABET}]{3}$`));
  expect(await instructor.page.getByTestId('join-qr').locator('path').getAttribute('d')).toMatch(/^M/);
  expect(await instructor.page.getByText(`${app.origin}/j/${shown.replace(' ', '')}`).count()).toBe(1);
  await instructor.page.screenshot({ path: `${shots}/join-2-code-modal-1280.png` });
  await instructor.page.setViewportSize(PHONE);
  await instructor.page.screenshot({ path: `${shots}/join-3-code-modal-390.png` });
  await instructor.page.keyboard.press('Escape');
  await instructor.page.getByRole('dialog').waitFor({ state: 'detached' });
  await instructor.page.screenshot({ path: `${shots}/join-3b-instructor-intro-390.png`, fullPage: true });
  await instructor.context.close();

  // A phone opens the home page and types the code as people do: lower case, with a dash.
  const phone = await newPage(PHONE);
  const consoleErrors: string[] = [];
  phone.page.on('console', (message) => {
    if (message.type() === 'error') consoleErrors.push(message.text());
  });
  await phone.page.goto(`${app.origin}/`);
  await phone.page.getByTestId('join-code-input').waitFor();
  await phone.page.screenshot({ path: `${shots}/join-4-home-390.png` });
  // A look-alike is refused before anything is sent.
  await phone.page.getByTestId('join-code-input').fill('O0O-1IL');
  await phone.page.getByTestId('join-code-submit').click();
  await phone.page.getByText('A game code is 6 letters and digits').waitFor();
  // It names every character no code contains, not only the ones typed.
  await phone.page.getByText('Look-alikes are never used: 0 1 2 5 6 8 B G I L O Q S U V Z.').waitFor();
  const typed = `${shown.slice(0, 3)}-${shown.slice(4)}`.toLowerCase();
  await phone.page.getByTestId('join-code-input').fill(typed);
  await phone.page.getByTestId('join-code-input').press('Enter');
  await phone.page.waitForURL(joinLink);
  // The code was looked up in one call: no refusal on the way (the browser logs each as an error).
  expect(consoleErrors).toEqual([]);
  // A player has no list of games: the breadcrumbs begin with the game.
  expect(await phone.page.getByTestId('crumb-all-games').count()).toBe(0);
  await phone.page.getByTestId('player-name').fill('Riley');
  await phone.page.screenshot({ path: `${shots}/join-5-intro-390.png`, fullPage: true });
  await phone.page.getByTestId('role-retailer').getByRole('button').click();
  await phone.page.waitForURL('**/play');
  await expect.poll(() => phone.page.getByTestId('my-role').textContent()).toBe('Retailer');

  // The tab is closed; later the same device opens the link again and gets the role back.
  const device = await phone.context.storageState();
  await phone.context.close();
  const again = await newPage(PHONE, device);
  await again.page.goto(joinLink);
  await expect
    .poll(() => again.page.getByTestId('my-seat').textContent())
    .toContain('You play Retailer in this game.');
  expect(await again.page.getByTestId('player-name').count()).toBe(0);
  await again.page.screenshot({ path: `${shots}/join-6-returning-390.png` });
  await again.page.getByTestId('continue').click();
  await again.page.waitForURL('**/play');
  await expect.poll(() => again.page.getByTestId('my-role').textContent()).toBe('Retailer');
  await again.context.close();

  // The QR code's short link leads to the same intro page.
  const scanner = await newPage(PHONE);
  await scanner.page.goto(`${app.origin}/j/${shown.replace(' ', '')}`);
  await scanner.page.waitForURL(joinLink);
  // An unknown code shows the join box with why (its look-up refused: 404, which the browser logs).
  app.expectConsoleErrors(refusal(404, 'join.byCode'));
  await scanner.page.goto(`${app.origin}/j/3479AC`);
  await scanner.page.getByText('No game has this code.').waitFor();
  await scanner.context.close();

  const desktop = await newPage();
  await desktop.page.goto(`${app.origin}/`);
  await desktop.page.getByTestId('join-code-input').waitFor();
  await desktop.page.screenshot({ path: `${shots}/join-7-home-1280.png` });
  await desktop.context.close();
});

it('returns from an unknown game to the home page and says why', async () => {
  const visitor = await newPage(PHONE);
  await visitor.page.goto(`${app.origin}/game/no-such-game/intro`);
  await visitor.page.waitForURL(`${app.origin}/`);
  await visitor.page.getByText('This game does not exist or was deleted.').waitFor();
  await visitor.context.close();
});

it('returns from an unknown game to the previous page of ours, with the message', async () => {
  const visitor = await newPage();
  await visitor.page.goto(`${app.origin}/login`);
  // An in-app navigation to a game that is gone, as the router records one (it numbers its entries).
  await visitor.page.evaluate(() => {
    window.history.pushState({ usr: null, key: 'gone', idx: 1 }, '', '/game/gone-game/intro');
    window.dispatchEvent(new PopStateEvent('popstate', { state: window.history.state }));
  });
  await visitor.page.waitForURL(`${app.origin}/login`);
  await visitor.page.getByText('This game does not exist or was deleted.').waitFor();
  await visitor.context.close();
});
