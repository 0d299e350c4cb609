/**
 * A class plays the lean workshop in real Chromium (issue 13): the instructor creates a 3-minute
 * round from the templates tab; two players join from its intro page (one on a phone) while the
 * computer plays the other two facilities; one player holds the improvements panel and the other is
 * refused; the round runs on a server clock four times fast and ends by itself; the debrief's
 * deliveries are those that `npm run simulate -- --game lean --from-log` folds from the game's
 * exported events.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';
import { type ApiUser, rawRequest } from '../support/server';

/**
 * Server minutes per real minute: the 3-minute round lasts 45 seconds, in which the players' moves
 * must fit with another test file on the same two cores.
 */
const SPEED = 4;
const app = browserFixture();
let teacher: ApiUser;
const run = promisify(execFile);
/** When the fast clock starts, read from this machine's clock, which the browsers share. */
const base = Date.now();

beforeAll(async () => {
  app.server.services.now = () => base + (Date.now() - base) * SPEED;
  teacher = await app.instructor('class-teacher@example.org');
});

/**
 * A page whose clock runs as fast as the server's. A page measures its offset to the server once;
 * against a server four times fast, a real-time page fell three seconds behind per second after it
 * loaded, and saw a batch arrive that many times later than the time it was sent after the page loaded.
 */
async function newPage(viewport = DESKTOP, as?: ApiUser): Promise<Page> {
  const { page, context } = await app.person({ viewport, ...(as ? { as } : {}) });
  await context.addInitScript(
    ({ from, speed }) => {
      const realNow = Date.now.bind(Date);
      Date.now = () => from + (realNow() - from) * speed;
    },
    { from: base, speed: SPEED },
  );
  return page;
}

/** A visitor takes `facilityId` from the game's intro page under `name`, and lands on the floor. */
async function takeFacility(page: Page, gameId: string, name: string, facilityId: string) {
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await page.getByTestId('player-name').fill(name);
  await page.getByTestId(`facility-${facilityId}`).getByRole('button').click();
  await page.waitForURL(/\/play$/);
  await page.getByTestId('station-panel').waitFor();
}

it('plays a 3-minute round with two players and the computer, and debriefs it with figures the log re-derives', async () => {
  // The instructor creates the workshop from its template, with a 3-minute round.
  const board = await newPage(DESKTOP, teacher);
  await board.goto(`${app.origin}/dashboard/templates`);
  const card = board.locator('[data-testid="templates-defaults"] > *').filter({ hasText: 'Lean workshop' });
  await card.getByRole('button', { name: 'Create a game' }).click();
  await board.getByTestId('template-game-name').fill('Operations, group B');
  await board.getByTestId('template-game-minutes').fill('2.5');
  await board.getByTestId('template-game-submit').click();
  await board.getByText('Type a whole number from 1 to 60, without decimals.').waitFor();
  await board.getByTestId('template-game-minutes').fill('3');
  await board.getByTestId('template-game-submit').click();
  await board.waitForURL(/\/game\/[\w-]+\/intro$/);
  const gameId = board.url().split('/').at(-2)!;
  await board.getByTestId('lean-status').getByText('(3 minutes)').waitFor();

  const wendy = await newPage(DESKTOP);
  await takeFacility(wendy, gameId, 'Wendy', 'warehouse');
  const pat = await newPage(PHONE);
  await takeFacility(pat, gameId, 'Pat', 'paint1');

  // Pat holds the improvements panel: one-piece flow, stations side by side; Wendy is refused.
  await pat.getByTestId('open-panel').click();
  await expect.poll(() => pat.getByTestId('panel-status').textContent()).toContain('You hold the panel');
  await wendy.getByTestId('open-panel').click();
  await wendy.getByText('Someone else has the improvements panel open.').waitFor();
  for (const improvement of ['batch', 'movestations']) {
    await pat.getByTestId(`toggle-${improvement}`).click({ force: true });
    await expect
      .poll(() => wendy.getByTestId(`improvement-${improvement}`).getAttribute('data-enabled'))
      .toBe('true');
  }
  await pat.getByTestId('close-panel').click();
  await expect.poll(() => wendy.getByTestId('panel-status').textContent()).toContain('The panel is closed');

  // The round starts; Wendy releases work and sends it on by keys; Pat paints it.
  await board.goto(`${app.origin}/game/${gameId}/play`);
  await board.getByTestId('start-game').click();
  await board.getByTestId('confirm-start').click();
  await expect.poll(() => wendy.getByTestId('lean-clock').getAttribute('data-state')).toBe('running');
  await wendy.getByTestId('order-o1').waitFor();
  await wendy.locator('body').press('r');
  await expect.poll(() => wendy.getByTestId('warehouse-hand').textContent()).toContain('1 of 1');
  await wendy.locator('body').press('s');
  await expect.poll(() => wendy.getByTestId('warehouse-hand').textContent()).toContain('0 of 1');
  // The batch reaches Pat once the server has moved it on. A ceiling, not a pace: the poll ends as
  // soon as it arrives.
  await expect.poll(() => pat.getByTestId('pick-up').isEnabled(), { timeout: 60_000 }).toBe(true);
  await pat.locator('body').press('p');
  await pat.getByTestId('tool-circle:yellow').click();
  await expect
    .poll(() => pat.getByTestId('tool-in-hand').textContent(), { timeout: 60_000 })
    .toBe('In hand: Circle, yellow');
  const left = () => pat.getByTestId('hand-p0').getAttribute('data-left');
  await pat.locator('body').press('1');
  await expect.poll(left).toBe('1');
  await pat.locator('body').press('5');
  await expect.poll(left).toBe('0');
  await pat.locator('body').press('s');
  await pat.getByTestId('hand-empty').waitFor();
  await board.screenshot({ path: `${shots}/lean-class-board-1280.png`, fullPage: true });

  // The players leave their facilities to the computer for the rest of the round, which ends by itself.
  for (const facility of ['warehouse', 'paint1']) {
    await board.getByTestId(`free-${facility}`).click();
    await board.getByTestId('confirm-free').click();
    await expect.poll(() => board.getByTestId(`floor-holder-${facility}`).textContent()).toBe('Computer');
  }
  await expect
    .poll(() => wendy.getByTestId('lean-clock').getAttribute('data-state'), { timeout: 60_000 })
    .toBe('ended');

  // The debrief, for the instructor and for a player.
  await board.goto(`${app.origin}/game/${gameId}/results`);
  await board.getByTestId('debrief-teamPerformance').waitFor();
  await pat.goto(`${app.origin}/game/${gameId}/results`);
  await pat.getByTestId('debrief-teamPerformance').waitFor();
  await pat.screenshot({ path: `${shots}/lean-class-debrief-390.png`, fullPage: true });
  const shown = Number((await board.getByTestId('team-deliveries').textContent())!.replace(/\D/g, ''));
  expect(await pat.getByTestId('team-deliveries').textContent()).toBe(
    await board.getByTestId('team-deliveries').textContent(),
  );

  // The same figure from the exported log, folded by the published engine.
  const log = await rawRequest(app.origin, `/api/games/${gameId}/export?format=jsonl`, {
    method: 'GET',
    headers: { cookie: teacher.cookie },
  });
  expect(log.status).toBe(200);
  const file = join(mkdtempSync(join(tmpdir(), 'lean-class-')), 'game.jsonl');
  writeFileSync(file, String(log.body));
  const { stdout } = await run('npx', [
    'tsx',
    'src-server/cli/simulate.ts',
    '--game',
    'lean',
    '--from-log',
    file,
  ]);
  const figures = JSON.parse(stdout) as { deliveries: number; improvements: string[] };
  expect(figures.deliveries).toBeGreaterThan(0);
  expect(figures.deliveries).toBe(shown);
  expect(figures.improvements).toEqual(['batch', 'movestations']);
});
