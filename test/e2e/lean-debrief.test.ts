/**
 * The lean game's debrief in real Chromium (issue 13): a workshop played by the computer through
 * the server's scheduler (on a server clock running 60 times fast, so that an 8-minute round takes
 * seconds), ended by itself; its results page shows the ten sections of spec point 9 compared with
 * the computer's baseline; after another round with improvements, compared with the first round.
 * The replay is scrubbed with the arrow keys, and its numbers are the fold of the events up to that
 * minute. Every section is shot at 1280 and 390 px. And (issue 23) a round shortened on the board
 * before its start: Deliveries lists only what fell due in it, and its creator has the exports.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { GameView } from '../../src-server/trpc/routers/game';
import {
  LEAN_DEBRIEF_SECTIONS,
  type LeanEvent,
  type LeanGameView,
  leanMetrics,
  leanStateAt,
  MINUTE_MS,
} from '../../src-shared/leangame';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { drawCharts } from '../support/debrief-charts';
import { type ApiUser, waitForView } from '../support/server';

const shots = process.env.LEAN_DEBRIEF_SHOTS ?? `${SHOTS}/lean-debrief`;
/** Server minutes per real minute. */
const SPEED = 60;
const app = browserFixture();

beforeAll(() => {
  // The server's clock runs fast: the scheduler plays the computer stations on it.
  const base = Date.now();
  app.server.services.now = () => base + (Date.now() - base) * SPEED;
});

async function browserOf(user: ApiUser, viewport = DESKTOP): Promise<Page> {
  const { page } = await app.person({ viewport, as: user });
  return page;
}

const command = () => ({ commandId: randomUUID() });

/** The first view of the game that satisfies `until`. */
const leanView = (user: ApiUser, gameId: string, until: (view: LeanGameView) => boolean) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view),
    60_000,
  ).then((tracked) => tracked.data as LeanGameView);

/** Plays a round: start, then the computer plays until the round ends by itself. */
async function playRound(teacher: ApiUser, gameId: string) {
  await teacher.api.leangame.start.mutate({ gameId, ...command() });
  return leanView(teacher, gameId, (v) => v.finished);
}

/** Shoots an element without the page's sticky header over it (hidden through the CSSOM: the
 * page's Content-Security-Policy refuses an inline style sheet). */
async function shoot(page: Page, testId: string, name: string) {
  const header = (visibility: string) =>
    page.evaluate((value) => {
      for (const element of document.querySelectorAll('header')) element.style.visibility = value;
    }, visibility);
  await header('hidden');
  await page.getByTestId(testId).screenshot({ path: `${shots}/lean-debrief-${name}.png` });
  await header('');
}

/** Every section, at the page's width. */
async function shootSections(page: Page, width: number) {
  for (const section of [...LEAN_DEBRIEF_SECTIONS, 'replay'])
    await shoot(page, `debrief-${section}`, `${section}-${width}`);
}

it('debriefs a lean round against the baseline, then against the round before, and replays it', async () => {
  const origin = app.origin;
  const teacher = await app.instructor('lean-debrief@example.org');
  // Eight minutes, on the fast clock eight seconds a round: enough for deliveries, a replay to
  // minute 5 and a comparison, at half the fifteen minutes' wait.
  const { gameId } = await teacher.api.leangame.create.mutate({
    name: 'Lean class',
    template: 'workshop4-choose',
    minutes: 8,
  });

  // Round 1, no improvement: compared with the computer's baseline.
  await playRound(teacher, gameId);
  const page = await browserOf(teacher);
  await page.goto(`${origin}/game/${gameId}/results`);
  await expect
    .poll(() => page.getByTestId('lean-reference').textContent(), { timeout: 20_000 })
    .toContain('played by the computer with no improvement');
  await drawCharts(page);
  await shoot(page, 'debrief-teamPerformance', 'baseline-1280');

  // Round 2 with one-piece flow and quick changeovers: compared with round 1.
  await teacher.api.leangame.reset.mutate({ gameId, ...command() });
  await teacher.api.leangame.openPanel.mutate({ gameId, ...command() });
  for (const improvement of ['batch', 'smed'] as const)
    await teacher.api.leangame.panel.mutate({
      gameId,
      command: { type: 'EnableImprovement', improvement },
      ...command(),
    });
  await teacher.api.leangame.closePanel.mutate({ gameId, ...command() });
  const ended = await playRound(teacher, gameId);
  expect(ended.previousRounds).toHaveLength(1);

  // What the page must show: the engine's numbers, at the end and at minute 5.
  const { events } = await teacher.api.leangame.history.query({ gameId });
  const final = leanStateAt(events as LeanEvent[], Number.POSITIVE_INFINITY);
  const metrics = leanMetrics(final, final.endAt!);
  const at5 = final.startAt! + 5 * MINUTE_MS;
  const minute5 = leanMetrics(leanStateAt(events as LeanEvent[], at5), at5);

  await page.goto(`${origin}/game/${gameId}/results`);
  await expect
    .poll(() => page.getByTestId('lean-reference').textContent())
    .toContain('previous round (round 1)');
  await drawCharts(page);
  for (const section of LEAN_DEBRIEF_SECTIONS)
    await expect(page.getByTestId(`debrief-${section}`).isVisible()).resolves.toBe(true);
  // The sections in the spec's order.
  const order = await page
    .locator('[data-testid^="debrief-"].debrief-section')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  expect(order.slice(0, 10)).toEqual(LEAN_DEBRIEF_SECTIONS.map((s) => `debrief-${s}`));
  await expect(page.getByTestId('team-deliveries').textContent()).resolves.toBe(String(metrics.deliveries));
  // Against the round recorded at the reset.
  const before = ended.previousRounds[0]!.metrics;
  await expect(page.getByTestId('compare-deliveries').textContent()).resolves.toBe(
    `Units delivered${'higher is better'}${metrics.deliveries}${before.deliveries}${
      metrics.deliveries > before.deliveries
        ? 'Better'
        : metrics.deliveries < before.deliveries
          ? 'Worse'
          : 'Same'
    }`,
  );
  await expect(page.getByTestId('debrief-optionButtons').textContent()).resolves.toContain('Smaller batches');
  await expect(page.getByTestId('lean-batch-size').textContent()).resolves.toContain('1');
  await expect(page.getByTestId('compare-improvements').textContent()).resolves.toContain('Turned on:');
  await expect(page.getByTestId('chart-wip').locator('.recharts-line').count()).resolves.toBe(1);
  await expect(page.getByTestId('replay-position').textContent()).resolves.toMatch(
    /^Minute (\d+\.\d) of \1$/,
  );
  await page.screenshot({ path: `${shots}/lean-debrief-page-1280.png`, fullPage: true });
  await shootSections(page, 1280);
  // The time categories in their ranks: workdesk (1) to wait (5).
  const labels = (await page.getByTestId('chart-time-by-category').textContent()) ?? '';
  const ranked = ['1. Workdesk', '2. Changeover', '3. Load', '4. Move', '5. Wait'].map((l) =>
    labels.indexOf(l),
  );
  expect(ranked.every((at, i) => at >= 0 && (i === 0 || at > ranked[i - 1]!))).toBe(true);
  await expect(
    page.getByTestId('chart-time-by-category').locator('.recharts-bar-rectangle').count(),
  ).resolves.toBe(5);

  // The replay: back to the start, then five minutes forward with the arrow key.
  await page.keyboard.press('Home');
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toContain('Minute 0.0 of');
  await expect(page.getByTestId('replay-deliveries').textContent()).resolves.toBe('0');
  for (let i = 0; i < 5; i++) await page.keyboard.press('ArrowRight');
  await expect.poll(() => page.getByTestId('replay-position').textContent()).toContain('Minute 5.0 of');
  await expect.poll(() => new URL(page.url()).searchParams.get('minute')).toBe('5');
  await expect(page.getByTestId('replay-deliveries').textContent()).resolves.toBe(String(minute5.deliveries));
  await expect(page.getByTestId('replay-wip').textContent()).resolves.toBe(String(minute5.wip.final));
  // The floor at that minute, drawn by the play page's own map.
  await expect(page.getByTestId('replay-floor').locator('svg').first().isVisible()).resolves.toBe(true);
  // A tenth back with Shift.
  await page.keyboard.press('Shift+ArrowLeft');
  await expect.poll(() => new URL(page.url()).searchParams.get('minute')).toBe('4.9');
  await page.keyboard.press('ArrowRight');
  await expect.poll(() => new URL(page.url()).searchParams.get('minute')).toBe('5');
  await shoot(page, 'debrief-replay', 'replay-minute5-1280');

  // Play at 4×: four minutes a second, a tenth at each tick; pause.
  await page.keyboard.press('Home');
  await page.getByTestId('replay').getByText('4×', { exact: true }).click();
  await page.getByTestId('replay-play').click();
  const minute = () => Number(new URL(page.url()).searchParams.get('minute'));
  await expect.poll(minute, { timeout: 10_000 }).toBeGreaterThan(1);
  await page.getByTestId('replay-play').click();
  const played = Number(new URL(page.url()).searchParams.get('minute'));
  expect(played).toBeGreaterThan(1);
  expect(played).toBeLessThan(10);

  // A link opens the class at minute 5.
  const linked = await browserOf(teacher);
  await linked.goto(`${origin}/game/${gameId}/results?minute=5`);
  await expect.poll(() => linked.getByTestId('replay-position').textContent()).toContain('Minute 5.0 of');

  // On paper: the sections, without the buttons and the replay.
  await page.emulateMedia({ media: 'print' });
  await expect(page.getByTestId('debrief-replay').isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('jump-wip').isVisible()).resolves.toBe(false);
  await expect(page.getByTestId('chart-wip').isVisible()).resolves.toBe(true);
  await page.screenshot({ path: `${shots}/lean-debrief-print.png`, fullPage: true });
  await page.emulateMedia({ media: 'screen' });

  // On a phone: nothing wider than the screen.
  const phone = await browserOf(teacher, PHONE);
  await phone.goto(`${origin}/game/${gameId}/results`);
  await expect
    .poll(() => phone.getByTestId('team-deliveries').textContent())
    .toBe(String(metrics.deliveries));
  await drawCharts(phone);
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  // The comparison fits the phone's width without scrolling sideways.
  const comparisonFits = await phone
    .getByTestId('lean-comparison')
    .evaluate(
      (table) =>
        table.getBoundingClientRect().right <=
        table.closest('.debrief-section')!.getBoundingClientRect().right,
    );
  expect(comparisonFits).toBe(true);
  await phone.screenshot({ path: `${shots}/lean-debrief-page-390.png`, fullPage: true });
  await shootSections(phone, 390);
});

it('lets the creator shorten the round before its start; Deliveries lists what fell due in it, with the exports', async () => {
  const origin = app.origin;
  const teacher = await app.instructor('lean-length@example.org');
  const { gameId } = await teacher.api.leangame.create.mutate({
    name: 'Short round',
    template: 'workshop4-choose',
  });

  // On the board, before the start: the round's length, typed and set.
  const page = await browserOf(teacher);
  await page.goto(`${origin}/game/${gameId}/play`);
  const length = page.getByTestId('round-length');
  await expect.poll(() => page.getByText('Now: 15').isVisible()).toBe(true);
  await length.fill('7.5');
  await page.getByTestId('round-length-set').click();
  await expect
    .poll(() => page.getByText('Type a whole number from 1 to 60, without decimals.').isVisible())
    .toBe(true);
  await length.fill('9');
  await page.getByTestId('round-length-set').click();
  await expect.poll(() => page.getByText('Now: 9').isVisible()).toBe(true);
  await page.screenshot({ path: `${shots}/lean-round-length-1280.png` });
  const phone = await browserOf(teacher, PHONE);
  await phone.goto(`${origin}/game/${gameId}/play`);
  await expect.poll(() => phone.getByText('Now: 9').isVisible()).toBe(true);
  await phone.screenshot({ path: `${shots}/lean-round-length-390.png` });

  // Started: the round lasts 9 minutes (9 seconds on this server's clock), and ends by itself.
  await page.getByTestId('start-game').click();
  await expect.poll(() => page.getByTestId('confirm-start').isVisible()).toBe(true);
  expect(await page.getByRole('dialog').textContent()).toContain('over 9 minutes');
  await page.getByTestId('confirm-start').click();
  await expect.poll(() => page.getByTestId('round-length').count()).toBe(0);
  const ended = await leanView(teacher, gameId, (v) => v.finished);
  expect(ended.params.consumerDemandParams.totalDuration).toBe(9);

  // Orders of 9 every 2.4 minutes, each due 6 minutes later: due by minute 9, those placed at 0 and 2.4.
  await page.goto(`${origin}/game/${gameId}/results`);
  const deliveries = page.getByTestId('lean-deliveries');
  await expect.poll(() => deliveries.locator('tbody tr').count(), { timeout: 20_000 }).toBe(2);
  const dueColumn = await deliveries
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((row) => row.querySelectorAll('td')[1]?.textContent));
  expect(dueColumn).toEqual(['6', '8.4']);
  await expect(page.getByTestId('lean-deliveries-due-later').textContent()).resolves.toBe(
    'Not listed: 2 orders placed during the round but due after its end.',
  );

  // The creator's exports, as a beer game's debrief has them.
  await expect(page.getByTestId('download-workbook').getAttribute('href')).resolves.toBe(
    `/api/games/${gameId}/export.xlsx?lang=en`,
  );
  await page.getByTestId('research-export').click();
  for (const format of ['jsonl', 'csv-long', 'csv-wide', 'codebook'])
    await expect(page.getByTestId(`export-${format}`).getAttribute('href')).resolves.toBe(
      `/api/games/${gameId}/export?format=${format}`,
    );
  await expect(page.getByTestId('export-csv-wide').textContent()).resolves.toBe(
    'One row per facility and minute (CSV)',
  );
  await page.screenshot({ path: `${shots}/lean-debrief-exports-menu-1280.png` });
  await page.keyboard.press('Escape');
  await expect.poll(() => page.getByTestId('export-csv-wide').count()).toBe(0);
  await shoot(page, 'debrief-optionButtons', 'exports-1280');
  await shoot(page, 'debrief-deliveries', 'deliveries-short-1280');
  const download = page.waitForEvent('download');
  await page.getByTestId('download-workbook').click();
  expect((await download).suggestedFilename()).toBe('Short round-round-1.xlsx');

  await phone.goto(`${origin}/game/${gameId}/results`);
  await expect.poll(() => phone.getByTestId('lean-deliveries').locator('tbody tr').count()).toBe(2);
  await shoot(phone, 'debrief-optionButtons', 'exports-390');
  await shoot(phone, 'debrief-deliveries', 'deliveries-short-390');
  const overflow = await phone.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
});
