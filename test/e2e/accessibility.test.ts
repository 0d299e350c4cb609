import { randomUUID } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import { DESKTOP, describeA11yViolations, PHONE, seriousA11yViolations } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';
import { sessionView } from '../support/session-view';

/**
 * Accessibility as a test (issue 28, item 7): every main page of the product, as the person who
 * sees it, at 1280 and 390 px, has no serious or critical violation of axe's WCAG 2.0/2.1 A and AA
 * rules (colour contrast, names, tables, lists...); and a player joins and orders, and an instructor
 * creates a game, with the keyboard alone. The subscription tab with PLANS on is checked in
 * purchase.test.ts, whose server sells plans, at each of its steps.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });
let ada: ApiUser;

beforeAll(async () => {
  ada = await app.instructor('ada@example.org');
});

const command = () => ({ commandId: randomUUID() });

/** Every page checked, and what axe found wrong on it: all pages are visited before the test fails. */
function checker() {
  const found: string[] = [];
  const counts: Record<string, number> = {};
  return {
    async check(page: Page, label: string, ready: Locator) {
      await ready.first().waitFor();
      const violations = await seriousA11yViolations(page);
      counts[label] = violations.reduce((sum, violation) => sum + violation.nodes.length, 0);
      if (violations.length) found.push(`${label} (${page.url()}):\n${describeA11yViolations(violations)}`);
    },
    done() {
      console.info(`axe, serious or critical elements per page: ${JSON.stringify(counts)}`);
      expect(found.join('\n\n')).toBe('');
    },
  };
}

for (const viewport of [DESKTOP, PHONE]) {
  const size = viewport.width;

  it(`shows every public page without a serious violation at ${size} px`, async () => {
    const { check, done } = checker();
    const { gameId } = await ada.api.beergame.create.mutate({ name: `Public ${size}`, template: 'classic' });
    const { page } = await app.person({ viewport });
    await page.goto(`${app.origin}/`);
    await check(page, `home ${size}`, page.getByTestId('join-code-input'));
    await page.goto(`${app.origin}/login`);
    await check(page, `login ${size}`, page.getByLabel('E-mail'));
    await page.goto(`${app.origin}/quote`);
    await check(page, `quote ${size}`, page.locator('main'));
    await page.goto(`${app.origin}/nowhere/at/all`);
    await check(page, `not found ${size}`, page.locator('main'));
    await page.goto(`${app.origin}/j/${formatJoinCode(joinCodeOf(gameId)).replace(' ', '')}`);
    await page.waitForURL(/\/intro$/);
    await check(page, `join link, the intro as a player ${size}`, page.getByTestId('player-name'));
    await page.goto(`${app.origin}/signup`);
    await check(page, `sign-up ${size}`, page.getByLabel('Your name'));
    await page.getByLabel('Your name').fill('Grace Hopper');
    await page.getByLabel('E-mail').fill(`grace${size}@example.org`);
    await page.getByLabel(/^Password/).fill('correct horse battery');
    await page.getByRole('button', { name: 'Create my account' }).click();
    await page.waitForURL('**/setup-account');
    await check(page, `setup-account ${size}`, page.getByTestId('setup-submit'));
    done();
  });

  it(`shows the instructor's dashboard and a game's settings without a serious violation at ${size} px`, async () => {
    const { check, done } = checker();
    const { page } = await app.person({ viewport, as: ada });
    for (const tab of ['intro', 'games', 'sessions', 'templates', 'settings', 'subscription', 'referral']) {
      await page.goto(`${app.origin}/dashboard/${tab}`);
      await check(page, `dashboard ${tab} ${size}`, page.getByRole('tabpanel'));
    }
    await page.goto(`${app.origin}/dashboard/games`);
    await page.getByLabel('Game name').fill('Custom class');
    await page.getByTestId('custom-settings').click();
    await check(page, `game settings ${size}`, page.getByTestId('settings-form'));
    await page.screenshot({ path: `${shots}/a11y-game-settings-${size}.png`, fullPage: true });
    done();
  });

  it(`shows a beer game's pages to its players and its creator without a serious violation at ${size} px`, async () => {
    const { check, done } = checker();
    const { gameId } = await ada.api.beergame.create.mutate({ name: `Beer ${size}`, template: 'classic' });
    const riley = await app.anonymous('Riley');
    await riley.api.beergame.join.mutate({ gameId, facilityId: 'retailer', ...command() });
    const creator = await app.person({ viewport, as: ada });
    await creator.page.goto(`${app.origin}/game/${gameId}/intro`);
    await check(creator.page, `beer intro, creator ${size}`, creator.page.getByTestId('join-link'));
    await creator.page.goto(`${app.origin}/game/${gameId}/play`);
    await check(creator.page, `beer board, creator ${size}`, creator.page.getByTestId('week'));
    const player = await app.person({ viewport, as: riley });
    await player.page.goto(`${app.origin}/game/${gameId}/play`);
    await check(player.page, `beer play, player ${size}`, player.page.getByTestId('order-quantity'));
    await player.page.getByTestId('order-quantity').fill('6');
    await player.page.getByTestId('place-order').click();
    await check(player.page, `beer play, ordered ${size}`, player.page.getByTestId('order-quantity'));
    await ada.api.beergame.endGame.mutate({ gameId, ...command() });
    await player.page.waitForURL(/\/results$/);
    await check(player.page, `beer results, player ${size}`, player.page.getByTestId('debrief-facilities'));
    await creator.page.goto(`${app.origin}/game/${gameId}/results`);
    await check(
      creator.page,
      `beer results, creator ${size}`,
      creator.page.getByTestId('debrief-facilities'),
    );
    done();
  });

  it(`shows a session's pages and a lean game without a serious violation at ${size} px`, async () => {
    const { check, done } = checker();
    const { sessionId } = await ada.api.session.create.mutate({
      name: `Class ${size}`,
      template: 'blindThenTransparent',
      teamCount: 2,
      ...command(),
    });
    await ada.api.session.publish.mutate({ sessionId, ...command() });
    await sessionView(ada, sessionId, (view) => view.teams.length === 2 && view.code !== null);
    const { page } = await app.person({ viewport, as: ada });
    for (const name of ['lobby', 'follow-up', 'responses', 'results']) {
      await page.goto(`${app.origin}/session/${sessionId}/${name}`);
      await check(page, `session ${name} ${size}`, page.locator('main h1, main h2, main h3'));
    }
    const player = await app.person({ viewport });
    await player.page.goto(`${app.origin}/session/${sessionId}/lobby`);
    await check(player.page, `session lobby, player ${size}`, player.page.getByTestId('player-name'));

    const { gameId } = await ada.api.leangame.create.mutate({
      name: `Lean ${size}`,
      template: 'workshop4-choose',
    });
    await page.goto(`${app.origin}/game/${gameId}/intro`);
    await check(page, `lean intro, creator ${size}`, page.getByTestId('join-link'));
    await page.goto(`${app.origin}/game/${gameId}/play`);
    await check(page, `lean play, creator ${size}`, page.getByTestId('open-panel'));
    const alex = await app.anonymous('Alex');
    await alex.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    const leanPlayer = await app.person({ viewport, as: alex });
    await leanPlayer.page.goto(`${app.origin}/game/${gameId}/play`);
    await check(leanPlayer.page, `lean play, player ${size}`, leanPlayer.page.locator('main'));
    done();
  });
}

/**
 * Presses Tab (at most `limit` times) until the focused element is `target`: what a person without
 * a mouse does. Fails when the target is never reached.
 */
async function tabTo(page: Page, target: Locator, limit = 60): Promise<void> {
  const handle = await target.elementHandle();
  for (let presses = 0; presses < limit; presses++) {
    if (await page.evaluate((element) => element === document.activeElement, handle)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`${target} was not reached with ${limit} presses of Tab`);
}

it('lets a player join a game and order with the keyboard alone', async () => {
  const { gameId } = await ada.api.beergame.create.mutate({ name: 'Keyboard game', template: 'classic' });
  const { page } = await app.person({ viewport: DESKTOP });
  await page.goto(`${app.origin}/`);
  await tabTo(page, page.getByTestId('join-code-input'));
  await page.keyboard.type(formatJoinCode(joinCodeOf(gameId)).replace(' ', '-').toLowerCase());
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/intro$/);
  await tabTo(page, page.getByTestId('player-name'));
  await page.keyboard.type('Kim');
  await tabTo(page, page.getByTestId('role-retailer').getByRole('button'));
  await page.keyboard.press('Enter');
  await page.waitForURL('**/play');
  await expect.poll(() => page.getByTestId('my-role').textContent()).toBe('Retailer');
  await tabTo(page, page.getByTestId('order-quantity'));
  await page.keyboard.type('7');
  await page.keyboard.press('Enter');
  await expect.poll(() => page.getByTestId('ordered-quantity').textContent()).toContain('7');
  await page.screenshot({ path: `${shots}/a11y-keyboard-ordered-1280.png` });
});

it('lets an instructor create a game with the keyboard alone', async () => {
  const { page } = await app.person({ viewport: DESKTOP, as: ada });
  await page.goto(`${app.origin}/dashboard/intro`);
  // The tab bar is one stop of the Tab key (the open tab); the arrow keys move along it and open a tab.
  await tabTo(page, page.getByTestId('tab-intro'));
  await page.keyboard.press('ArrowRight');
  await page.waitForURL('**/dashboard/games');
  await tabTo(page, page.getByLabel('Game name'));
  await page.keyboard.type('Made with keys');
  await tabTo(page, page.getByRole('button', { name: 'Create the game' }));
  await page.keyboard.press('Enter');
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await page.getByTestId('join-link').waitFor();
  await expect.poll(() => page.getByText('Made with keys').count()).toBeGreaterThan(0);
});
