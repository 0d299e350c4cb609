import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fc from 'fast-check';
import { IntlMessageFormat } from 'intl-messageformat';
import type { Locator, Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { TIMER_SECONDS } from '../../src-shared/beergame/constants';
import { LEAN_MAX_BATCH_SIZE } from '../../src-shared/leangame/constants';
import { type NumberRule, readTypedNumber } from '../../src-shared/rules/typed-number';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';
import { assertAsyncProperty } from '../support/property';
import type { ApiUser } from '../support/server';

/**
 * Typed numbers are never rewritten (issue 23, item 6): random texts typed in Chromium into every
 * kind of numeric field of the product. What the page then sends (the command's frame on the
 * WebSocket, or its HTTP request) must be exactly the number the text spells; or nothing is sent
 * and the field says why, in words. Whether a text spells a number is judged here on its own, not
 * by the app's rule: ASCII digits, one point or comma only where decimals are allowed, nothing else.
 */
const english = JSON.parse(readFileSync('locales/en.json', 'utf8')) as Record<string, string>;
const app = browserFixture({ server: { limits: { gameCreations: { max: 10_000, windowSeconds: 60 } } } });
let ada: ApiUser;

beforeAll(async () => {
  ada = await app.instructor('ada@example.org');
});

/** The number `text` spells for a field with `decimals` allowed decimals, in [min, max] and on the step; else null. */
function spelled(text: string, rule: NumberRule): number | null {
  const decimals = rule.step === 0.5 ? 1 : 0;
  const pattern = decimals ? /^\s*(-?)\s*([0-9]+)(?:[.,]([0-9]))?\s*$/ : /^\s*(-?)\s*([0-9]+)\s*$/;
  const m = pattern.exec(text);
  if (!m) return null;
  const value = Number(`${m[1]}${m[2]}.${m[3] ?? '0'}`) || 0;
  if (value < rule.min || value > rule.max) return null;
  return Number.isInteger((value - rule.min) / (rule.step ?? 1)) ? value : null;
}

/** Texts a person might type in a number field: numbers, near-numbers, and anything else. */
function typedText(rule: NumberRule): fc.Arbitrary<string> {
  const printable = (text: string) => [...text].every((c) => c >= ' ' && c !== '\u007f');
  return fc.oneof(
    fc.constantFrom('1e9', '2.5', '2,5', '-3', ' 12 ', '0x10', '١٢', '', '+5', '1 000', '007', 'Infinity'),
    fc.constantFrom('99999999999999999999', '12.', '.5', '4,0', '１２'),
    fc.integer({ min: rule.min - 3, max: Math.min(rule.max + 3, 999) }).map(String),
    fc.integer({ min: rule.min, max: rule.max }).map((n) => ` ${n} `),
    fc.array(fc.constantFrom(...'0123456789.,-e x'), { minLength: 1, maxLength: 6 }).map((c) => c.join('')),
    fc.string({ maxLength: 5 }).filter(printable),
  );
}

/** The message the field should show for `text`, in English. */
function refusalText(text: string, rule: NumberRule): string {
  const read = readTypedNumber(text, rule);
  if (read.ok) throw new Error(`${JSON.stringify(text)} reads as ${read.value}`);
  return String(new IntlMessageFormat(english[read.messageId]!, 'en').format(read.values));
}

type Sent = { path: string; input: Record<string, unknown> };

/** The instructor's browser, signed in, recording every command the page sends. */
async function instructorPage(viewport = DESKTOP): Promise<{ page: Page; sent: Sent[] }> {
  const { page } = await app.person({ viewport, as: ada });
  const sent: Sent[] = [];
  const record = (path: string, body: unknown) =>
    sent.push({ path, input: (body as { json: Record<string, unknown> }).json });
  page.on('websocket', (socket) =>
    socket.on('framesent', ({ payload }) => {
      // Keep-alive pings are plain text; calls are JSON.
      if (!/^[[{]/.test(String(payload))) return;
      const messages = [JSON.parse(String(payload))].flat() as Array<{
        method?: string;
        params?: { path: string; input: unknown };
      }>;
      for (const m of messages) if (m.method === 'mutation') record(m.params!.path, m.params!.input);
    }),
  );
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (request.method() !== 'POST' || !url.pathname.startsWith('/api/trpc/')) return;
    const paths = url.pathname.slice('/api/trpc/'.length).split(',');
    const body = request.postDataJSON() as Record<string, unknown>;
    for (const [i, path] of paths.entries()) record(path, url.searchParams.has('batch') ? body[i] : body);
  });
  return { page, sent };
}

/** The refusal shown under an input (Mantine's error element). */
const errorOf = async (page: Page, input: Locator) =>
  page.locator(`#${await input.getAttribute('id')}-error`);

/**
 * Types `text` into `input` and submits; then either `path` was sent with `pick(input)` equal to
 * the number spelled, or nothing was and the field shows the refusal in words.
 */
async function typeAndCheck(options: {
  page: Page;
  sent: Sent[];
  input: Locator;
  submit: () => Promise<void>;
  text: string;
  rule: NumberRule;
  path: string;
  pick: (input: Record<string, unknown>) => unknown;
}): Promise<'sent' | 'refused'> {
  const { page, sent, input, text, rule, path, pick } = options;
  const before = sent.filter((s) => s.path === path).length;
  await input.fill(text);
  expect(await input.inputValue()).toBe(text);
  await options.submit();
  const expected = spelled(text, rule);
  if (expected !== null) {
    await expect.poll(() => sent.filter((s) => s.path === path).length, { message: text }).toBe(before + 1);
    expect(pick(sent.filter((s) => s.path === path).at(-1)!.input), JSON.stringify(text)).toBe(expected);
    return 'sent';
  }
  await expect
    .poll(async () => (await errorOf(page, input)).textContent(), { message: text })
    .toBe(refusalText(text, rule));
  expect(sent.filter((s) => s.path === path).length, `${JSON.stringify(text)} was sent`).toBe(before);
  expect(await input.inputValue()).toBe(text);
  return 'refused';
}

/**
 * Draws per field beside its named examples: the rule itself runs its thousands of texts in
 * test/unit/rules/typed-number.test.ts; here each field shows it is wired to the rule, a round trip
 * through Chromium apiece. `TYPED_NUMBER_RUNS=50` searches harder.
 */
const RUNS = Number(process.env.TYPED_NUMBER_RUNS ?? 3);

async function beerGame(name: string): Promise<string> {
  const { gameId } = await ada.api.beergame.create.mutate({ name, template: 'classic' });
  return gameId;
}

it("the follow-up's timer for many teams starts with exactly the seconds typed, or says why not", async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Timer class',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/session/${sessionId}/follow-up`);
  await expect.poll(() => page.getByTestId('team-row').count()).toBe(2);
  await page.getByTestId('select-all-teams').click();
  const input = page.getByTestId('timer-seconds');
  await assertAsyncProperty(
    fc.asyncProperty(typedText(TIMER_SECONDS), async (text) => {
      if (!(await input.isVisible())) await page.getByTestId('bulk-start-timer').click();
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: TIMER_SECONDS,
        path: 'session.teamsAction',
        pick: (sentInput) => (sentInput.action as { seconds: number }).seconds,
        submit: () => page.getByTestId('confirm-start-timer').click(),
      });
      if (outcome === 'sent') await input.waitFor({ state: 'detached' });
    }),
    { numRuns: RUNS, examples: [['1e9'], ['2.5'], ['120']] },
  );
  if (!(await input.isVisible())) await page.getByTestId('bulk-start-timer').click();
  await input.fill('1e9');
  await page.getByTestId('confirm-start-timer').click();
  await page.getByRole('dialog').screenshot({ path: `${shots}/typed-numbers-bulk-timer-1280.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/typed-numbers-bulk-timer-390.png` });
});

it("a game board's timer starts with exactly the seconds typed, or says why not", async () => {
  const gameId = await beerGame('Board timer');
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/game/${gameId}/play`);
  const input = page.getByTestId('timer-seconds');
  await assertAsyncProperty(
    fc.asyncProperty(typedText(TIMER_SECONDS), async (text) => {
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: TIMER_SECONDS,
        path: 'beergame.startTimer',
        pick: (sentInput) => sentInput.seconds,
        submit: () => page.getByTestId('start-timer').click(),
      });
      if (outcome !== 'sent') return;
      // The timer runs (or waits for the seats): stopped, the field is there again.
      await page.getByTestId('stop-timer').click();
      await page.getByTestId('stop-timer').waitFor({ state: 'detached' });
    }),
    { numRuns: RUNS, examples: [['1e9'], ['2.5'], ['60']] },
  );
  await input.fill('2,5');
  await page
    .getByTestId('timer-controls')
    .screenshot({ path: `${shots}/typed-numbers-board-timer-1280.png` });
});

it('a copy is made exactly as many times as typed, or the count says why not', async () => {
  await beerGame('To copy');
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/dashboard/games`);
  const row = page.getByTestId('game-row').filter({ hasText: 'To copy' }).first();
  const input = page.getByTestId('copy-count');
  const copies = { min: 1, max: 200 };
  await assertAsyncProperty(
    fc.asyncProperty(typedText(copies), async (text) => {
      // A handful of copies is enough to see the count sent; hundreds would only slow the test.
      fc.pre((spelled(text, copies) ?? 0) <= 3);
      if (!(await input.isVisible())) {
        await row.getByRole('button', { name: 'Actions' }).click();
        await page.getByRole('menuitem', { name: 'Copy…' }).click();
      }
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: copies,
        path: 'game.copy',
        pick: (sentInput) => sentInput.count,
        submit: () => page.getByTestId('copy-submit').click(),
      });
      if (outcome === 'sent') await input.waitFor({ state: 'detached' });
      else expect(await page.getByTestId('copy-submit').textContent()).toBe('Make the copies');
    }),
    { numRuns: RUNS, examples: [['2.5'], ['1e9'], ['2']] },
  );
  if (!(await input.isVisible())) {
    await row.getByRole('button', { name: 'Actions' }).click();
    await page.getByRole('menuitem', { name: 'Copy…' }).click();
  }
  await input.fill('2.5');
  await page.getByRole('dialog').screenshot({ path: `${shots}/typed-numbers-copies-1280.png` });
});

it("a session's number of teams is saved exactly as typed, or says why not", async () => {
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Teams class',
    template: 'blindThenTransparent',
    teamCount: 3,
    commandId: randomUUID(),
  });
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/dashboard/sessions/${sessionId}`);
  const input = page.getByTestId('editor-teams');
  const teams = { min: 1, max: 250 };
  let saved = '3';
  await assertAsyncProperty(
    fc.asyncProperty(typedText(teams), async (text) => {
      // What is saved already leaves nothing to save.
      fc.pre(text !== saved);
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: teams,
        path: 'session.edit',
        pick: (sentInput) => (sentInput.setup as { teamCount: number }).teamCount,
        submit: () => page.getByTestId('editor-save').click(),
      });
      if (outcome !== 'sent') return;
      // Saved, the field shows the count as the server keeps it.
      saved = String(spelled(text, teams));
      await expect.poll(() => page.getByTestId('editor-save').getAttribute('data-loading')).toBe(null);
      await expect.poll(() => input.inputValue()).toBe(saved);
    }),
    { numRuns: RUNS, examples: [['2.5'], ['1e9'], ['4']] },
  );
  await input.fill('1e9');
  await page.getByTestId('editor-save').click();
  // The refused save brings the field that says why to the focus.
  await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.screenshot({ path: `${shots}/typed-numbers-session-teams-1280.png` });
  await page.setViewportSize(PHONE);
  await input.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/typed-numbers-session-teams-390.png` });
});

it("a game's weeks are saved exactly as typed, or the first field that says why comes to the focus", async () => {
  const gameId = await beerGame('Weeks');
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  const input = page.getByTestId('settings-weeks');
  const stepWeek = page.getByTestId('settings-demandStepWeek');
  const weeks = { min: 1, max: 520 };
  await assertAsyncProperty(
    fc.asyncProperty(typedText(weeks), async (text) => {
      if (!(await input.isVisible())) await page.getByTestId('edit-settings').click();
      // The demand steps up in week 5 of the classic game: fewer weeks are refused on that field.
      const from = Number(await stepWeek.inputValue());
      const read = spelled(text, weeks);
      if (read !== null && read < from) {
        const before = sent.length;
        await input.fill(text);
        await page.getByTestId('settings-submit').click();
        await expect
          .poll(async () => (await errorOf(page, stepWeek)).textContent())
          .toBe(`Out of range: type a number from 1 to ${read}.`);
        await expect
          .poll(() => stepWeek.evaluate((element) => element === document.activeElement))
          .toBe(true);
        expect(sent.length).toBe(before);
        return;
      }
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: weeks,
        path: 'beergame.configure',
        pick: (sentInput) => (sentInput.config as { weeks: number }).weeks,
        submit: () => page.getByTestId('settings-submit').click(),
      });
      if (outcome === 'sent') return input.waitFor({ state: 'detached' });
      // Refused weeks bound nothing else: no "From 1 to 1" beside the step's week.
      expect(await stepWeek.getAttribute('aria-invalid')).not.toBe('true');
      await expect.poll(() => input.evaluate((element) => element === document.activeElement)).toBe(true);
    }),
    { numRuns: RUNS, examples: [['1e9'], ['2.5'], ['3'], ['40']] },
  );
  if (!(await input.isVisible())) await page.getByTestId('edit-settings').click();
  await input.fill('2.5');
  await page.getByTestId('settings-submit').click();
  await page.screenshot({ path: `${shots}/typed-numbers-settings-weeks-1280.png` });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/typed-numbers-settings-weeks-390.png` });
});

it('a change is scheduled with exactly the price typed, in a week the engine accepts by default', async () => {
  const gameId = await beerGame('Changes');
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  const editor = page.getByTestId('event-editor');
  await page.getByTestId('change-field').click();
  await page.getByRole('option', { name: 'Unit price', exact: true }).click();
  await page.getByTestId('change-facilities').click();
  await page.getByRole('option', { name: 'Retailer', exact: true }).click();
  await page.keyboard.press('Escape');
  const input = page.getByTestId('change-value');
  const price = { min: 0, max: 999, step: 0.5 };
  await assertAsyncProperty(
    fc.asyncProperty(typedText(price), async (text) => {
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: price,
        path: 'beergame.scheduleChange',
        pick: (sentInput) => sentInput.value,
        submit: () => page.getByTestId('schedule-change').click(),
      });
      if (outcome === 'sent') expect(sent.at(-1)!.input.week).toBe(2);
    }),
    { numRuns: RUNS, examples: [['10,5'], ['1e9'], ['2.25'], ['1,500']] },
  );
  // The game moves on: the default week follows it, and the engine accepts it.
  await ada.api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() });
  await expect.poll(() => page.getByTestId('change-week').inputValue()).toBe('3');
  await input.fill('4');
  const scheduled = sent.length;
  await page.getByTestId('schedule-change').click();
  await expect.poll(() => sent.length).toBe(scheduled + 1);
  expect(sent.at(-1)!.input).toMatchObject({ week: 3, value: 4 });
  await editor.getByTestId('scheduled-changes').getByText('Week 3').first().waitFor();
  await input.fill('2.25');
  await page.getByTestId('schedule-change').click();
  await editor.screenshot({ path: `${shots}/typed-numbers-event-editor-1280.png` });
});

it('a lean batch size is set exactly as typed, or says why not', async () => {
  const { gameId } = await ada.api.leangame.create.mutate({ name: 'Lean', template: 'workshop4-choose' });
  const { page, sent } = await instructorPage();
  await page.goto(`${app.origin}/game/${gameId}/play`);
  await page.getByTestId('open-panel').click();
  // The switches answer once the panel is held: a click before that is lost on a disabled switch.
  await expect.poll(() => page.getByTestId('panel-status').textContent()).toContain('You hold the panel');
  await page.getByTestId('toggle-batch').click({ force: true });
  const input = page.getByTestId('batch-size');
  await input.waitFor();
  const batch = { min: 1, max: LEAN_MAX_BATCH_SIZE };
  await assertAsyncProperty(
    fc.asyncProperty(typedText(batch), async (text) => {
      if (text.trim() === '') {
        // Nothing typed, nothing to set.
        await input.fill(text);
        expect(await page.getByTestId('batch-size-set').isDisabled()).toBe(true);
        return;
      }
      const outcome = await typeAndCheck({
        page,
        sent,
        input,
        text,
        rule: batch,
        path: 'leangame.panel',
        pick: (sentInput) => (sentInput.command as { batchSize: number }).batchSize,
        submit: () => page.getByTestId('batch-size-set').click(),
      });
      if (outcome === 'sent') await expect.poll(() => input.inputValue()).toBe('');
    }),
    { numRuns: RUNS, examples: [['2.5'], ['1e9'], ['4']] },
  );
  await input.fill('0x10');
  await page.getByTestId('panel-settings').screenshot({ path: `${shots}/typed-numbers-lean-batch-1280.png` });
  await page.setViewportSize(PHONE);
  await input.scrollIntoViewIfNeeded();
  await page.screenshot({ path: `${shots}/typed-numbers-lean-batch-390.png` });
});
