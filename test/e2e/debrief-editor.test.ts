/**
 * Debriefs the instructor writes (issue 26), in real Chromium: the creator of a lean game writes
 * its debrief on the intro page (a thank-you, a text with a link, two questions: a number and a
 * text), previews it as a player sees it, and saves it; the round is played by the computer on a
 * fast server clock; the player answers at the end on the results page; the creator reads the
 * answers checked by the tolerant rule. The editor and its preview are shot at 1280 and 390 px.
 */
import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { LeanGameView } from '../../src-shared/leangame';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { type ApiUser, waitForView } from '../support/server';

const shots = process.env.DEBRIEF_SHOTS ?? `${SHOTS}/debrief-editor`;
/** Server minutes per real minute: a round of 5 minutes ends in 5 seconds. */
const SPEED = 60;
const app = browserFixture();
const command = () => ({ commandId: randomUUID() });

beforeAll(() => {
  const base = Date.now();
  app.server.services.now = () => base + (Date.now() - base) * SPEED;
});

const leanView = (user: ApiUser, gameId: string, until: (view: LeanGameView) => boolean) =>
  waitForView<GameView>(
    (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
    (view) => view.gameType === 'leangame' && until(view),
    60_000,
  ).then((tracked) => tracked.data as LeanGameView);

/** The dialog (a full screen on a phone) from its top, then scrolled down screen by screen. */
async function shootDialog(page: Page, name: string) {
  const body = page.locator('.mantine-Modal-content');
  const height = await body.evaluate((element) => element.scrollHeight / element.clientHeight);
  for (let screen = 0; screen < Math.min(Math.ceil(height), 4); screen++) {
    await body.evaluate((element, n) => element.scrollTo(0, n * element.clientHeight), screen);
    await page.screenshot({ path: `${shots}/${name}-${screen + 1}.png` });
  }
}

/** Writes the debrief in the editor the page shows (its dialog open). */
async function writeDebrief(page: Page) {
  const editor = page.getByTestId('debrief-editor');
  await editor.waitFor();
  // Hide "Each facility", move "Work in progress" up once.
  await page.getByTestId('debrief-section-individualPerformance').click();
  await page.getByTestId('debrief-move-wip-up').click();
  await page.getByTestId('debrief-thank-you-show').click();
  await page.getByTestId('debrief-thank-you-text').fill('Thank you for playing!');
  await page.getByTestId('debrief-add-block').click();
  await page
    .getByTestId('debrief-block-text-b1')
    .fill('Little’s law, explained: https://example.org/littles-law.');
  // Shown after Work in progress (a new text goes after the first section shown).
  await page.getByTestId('debrief-block-b1').getByLabel('Shown after').click();
  await page.getByRole('option', { name: 'Work in progress' }).click();
  await page.getByTestId('debrief-add-question').click();
  await page
    .getByTestId('debrief-question-text-1')
    .fill('How many sheets did the round start with? (type 12)');
  await page.getByTestId('debrief-expected-kind-1').getByLabel('A number').check();
  await page.getByTestId('debrief-expected-1').fill('12');
  await page.getByTestId('debrief-add-question').click();
  await page.getByTestId('debrief-question-text-2').fill('Which improvement caps the work in progress?');
  await page.getByTestId('debrief-expected-kind-2').getByLabel('A text').check();
  // Refused until it has its expected answer, with a translated message.
  await page.getByTestId('debrief-save').click();
  await expect.poll(() => page.getByTestId('debrief-errors').isVisible()).toBe(true);
  await expect(editor.textContent()).resolves.toContain('Type the expected answer, or choose none.');
  await page.getByTestId('debrief-expected-2').fill('Kanban');
}

it('an instructor writes two questions, a player answers them at the end, the creator reads them checked', async () => {
  const origin = app.origin;
  const teacher = await app.instructor('debrief-editor@example.org');
  const player = await app.anonymous('Pat');
  const { gameId } = await teacher.api.leangame.create.mutate({
    name: 'Lean debrief',
    template: 'workshop4-choose',
    minutes: 5,
  });
  await player.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });

  // The editor and its preview at 390 px (not saved), then written and saved at 1280 px.
  const phone = (await app.person({ viewport: PHONE, as: teacher })).page;
  await phone.goto(`${origin}/game/${gameId}/intro`);
  await phone.getByTestId('edit-debrief').click();
  await writeDebrief(phone);
  await shootDialog(phone, 'editor-390');
  await phone.getByTestId('debrief-preview-button').click();
  await phone.getByTestId('debrief-preview').waitFor();
  await shootDialog(phone, 'preview-390');

  const page = (await app.person({ viewport: DESKTOP, as: teacher })).page;
  await page.goto(`${origin}/game/${gameId}/intro`);
  await page.getByTestId('edit-debrief').click();
  await writeDebrief(page);
  await shootDialog(page, 'editor-1280');
  await page.getByTestId('debrief-preview-button').click();
  const preview = page.getByTestId('debrief-preview');
  await preview.waitFor();
  // The preview: the thank-you, the text with its link (a safe one), the questions, the sections in order.
  await expect(preview.textContent()).resolves.toContain('Thank you for playing!');
  const link = preview.getByRole('link', { name: 'https://example.org/littles-law' });
  await expect(link.getAttribute('rel')).resolves.toBe('noopener noreferrer');
  await expect(link.getAttribute('target')).resolves.toBe('_blank');
  await expect(preview.getByTestId('answer-q1').isVisible()).resolves.toBe(true);
  const order = await preview
    .locator('[data-testid^="preview-section-"]')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')!.replace('preview-section-', '')));
  expect(order.slice(0, 7)).toEqual([
    'optionButtons',
    'teamPerformance',
    'pnl',
    'deliveries',
    'wip',
    'balance',
    'quality',
  ]);
  await shootDialog(page, 'preview-1280');
  await page.getByTestId('debrief-back-to-edit').click();
  await page.getByTestId('debrief-save').click();
  await expect
    .poll(() => page.getByTestId('debrief-summary').textContent(), { timeout: 10_000 })
    .toContain('9 of 10 sections · 2 questions · 1 text of your own · a thank-you message');
  await page.screenshot({ path: `${shots}/intro-1280.png`, fullPage: true });

  // The round, played by the computer on the free stations until it ends by itself.
  await teacher.api.leangame.start.mutate({ gameId, ...command() });
  await leanView(teacher, gameId, (v) => v.finished);

  // The player answers at the end: never told the expected answers.
  const playerPage = (await app.person({ viewport: PHONE, as: player })).page;
  await playerPage.goto(`${origin}/game/${gameId}/results`);
  await playerPage.getByTestId('debrief-questions').waitFor({ timeout: 30_000 });
  await expect(playerPage.getByTestId('debrief-thank-you').textContent()).resolves.toContain('Thank you');
  await expect(playerPage.getByTestId('debrief-individualPerformance').count()).resolves.toBe(0);
  // The instructor's text in the real debrief: after Work in progress, its address a safe link.
  const block = playerPage.getByTestId('debrief-text-b1');
  const shown = await playerPage
    .locator('.debrief-section')
    .evaluateAll((nodes) => nodes.map((n) => n.getAttribute('data-testid')));
  expect(shown.indexOf('debrief-text-b1')).toBe(shown.indexOf('debrief-wip') + 1);
  await expect(block.getByRole('link').getAttribute('rel')).resolves.toBe('noopener noreferrer');
  await playerPage.getByTestId('debrief-thank-you').screenshot({ path: `${shots}/player-thank-you-390.png` });
  await block.screenshot({ path: `${shots}/player-text-block-390.png` });
  await playerPage.getByTestId('answer-q1').fill(' 12 ');
  await playerPage.getByTestId('send-q1').click();
  await playerPage.getByTestId('answered-q1').waitFor();
  await playerPage.getByTestId('answer-q2').fill('kanbn');
  await playerPage.getByTestId('send-q2').click();
  await playerPage.getByTestId('answered-q2').waitFor();
  await expect(playerPage.locator('body').textContent()).resolves.not.toContain('Expected answer');
  await playerPage.getByTestId('debrief-questions').screenshot({ path: `${shots}/player-answers-390.png` });

  // The creator reads them, checked by the tolerant rule.
  await page.goto(`${origin}/game/${gameId}/results`);
  const answers = page.getByTestId('debrief-questions');
  await answers.waitFor({ timeout: 30_000 });
  await expect.poll(() => page.getByTestId('answers-q1').textContent()).toContain('12');
  await expect(page.getByTestId('answers-q1').textContent()).resolves.toContain('Right');
  await expect(page.getByTestId('answers-q2').textContent()).resolves.toContain('kanbn');
  await expect(page.getByTestId('answers-q2').textContent()).resolves.toContain('Right');
  await expect(answers.textContent()).resolves.toContain('Expected answer: Kanban');
  await answers.screenshot({ path: `${shots}/creator-answers-1280.png` });
});

it("a session's round: its debrief written in the round settings, applied and saved with the session", async () => {
  const origin = app.origin;
  const ada = await app.instructor('debrief-rounds@example.org');
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Debrief class',
    template: 'blindThenTransparent',
    teamCount: 2,
    ...command(),
  });
  for (const [viewport, width] of [
    [PHONE, 390],
    [DESKTOP, 1280],
  ] as const) {
    const page = (await app.person({ viewport, as: ada })).page;
    await page.goto(`${origin}/dashboard/sessions/${sessionId}`);
    const rounds = page.getByTestId('session-round');
    await expect.poll(() => rounds.count()).toBe(2);
    await rounds.nth(0).getByTestId('round-settings').click();
    await page.getByTestId('round-tab-debrief').click();
    await page.getByTestId('debrief-add-question').click();
    await page.getByTestId('debrief-question-text-1').fill('What made the orders swing?');
    await page.getByTestId('debrief-expected-kind-1').getByLabel('A text').check();
    await page.getByTestId('debrief-expected-1').fill('the bullwhip effect');
    await page.getByTestId('debrief-section-toGoFurther').click();
    await shootDialog(page, `round-debrief-${width}`);
    if (width === 390) continue;
    await page.getByTestId('debrief-save').click();
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByTestId('editor-save').click();
    await page.getByText('Session saved').waitFor();
  }
  const { setup } = await ada.api.session.setup.query({ sessionId });
  const config = setup.rounds[0]!.config as { configDebrief?: Record<string, unknown> };
  expect(config.configDebrief).toMatchObject({
    questionsSection: {
      show: true,
      questions: [{ id: 'q1', text: 'What made the orders swing?', answer: 'the bullwhip effect' }],
    },
    debriefContent: expect.not.arrayContaining(['toGoFurther']),
  });
  // The other round keeps its own (none written).
  expect(
    (setup.rounds[1]!.config as { configDebrief?: { questionsSection?: { questions: unknown[] } } })
      .configDebrief?.questionsSection?.questions ?? [],
  ).toEqual([]);
});
