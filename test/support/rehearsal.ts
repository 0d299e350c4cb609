/**
 * What the class rehearsals share (test/e2e/class-rehearsal*.test.ts): people whose error toasts
 * and navigations are kept, a phone joining by code, an order typed, the week a page shows, and the
 * replay checked against the workbook week by week.
 */
import ExcelJS from 'exceljs';
import pg from 'pg';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { BrowserFixture, Person } from './browser-fixture';

/** What the pages of a rehearsal said that a person would notice: each error toast and navigation. */
export interface Witness {
  /** Every page's navigations, said when a step that moves the phones fails. */
  navigations: string[];
  /** The error toasts pages showed, with when (performance.now() of this process). */
  toasts: Array<{ at: number; text: string }>;
}

/** A person whose red toasts ("Something went wrong", a refusal) and navigations `witness` keeps. */
export async function witnessedPerson(
  app: BrowserFixture,
  witness: Witness,
  viewport: { width: number; height: number },
  name: string,
): Promise<Person> {
  const opened = await app.person({ viewport, name });
  opened.page.on('framenavigated', (frame) => {
    if (frame === opened.page.mainFrame())
      witness.navigations.push(`${Date.now() % 1_000_000} ${name} ${frame.url()}`);
  });
  await opened.context.exposeBinding('reportErrorToast', ({ page }, text: string) =>
    witness.toasts.push({ at: performance.now(), text: `${name} ${page.url()}: error toast: ${text}` }),
  );
  await opened.context.addInitScript(() => {
    const report = (window as unknown as { reportErrorToast: (text: string) => void }).reportErrorToast;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes) {
          if (!(node instanceof HTMLElement)) continue;
          const toasts = node.matches('.mantine-Notification-root')
            ? [node]
            : [...node.querySelectorAll<HTMLElement>('.mantine-Notification-root')];
          for (const toast of toasts)
            if (toast.getAttribute('style')?.includes('--mantine-color-red')) report(toast.textContent ?? '');
        }
    }).observe(document, { childList: true, subtree: true });
  });
  return opened;
}

/** A phone that types the code on the home page, gives a name, and takes a seat (a chosen one, or any). */
export async function joinByCode(
  app: BrowserFixture,
  page: Page,
  code: string,
  name: string,
  seat: string | null,
) {
  await page.goto(`${app.origin}/`);
  await page.getByTestId('join-code-input').fill(code);
  await page.getByTestId('join-code-submit').click();
  await page.waitForURL(/\/session\/[\w-]+\/lobby$/);
  await page.getByTestId('player-name').fill(name);
  await page.getByTestId(seat ?? 'join-random').click();
  await expect.poll(() => page.getByTestId('my-seat-title').textContent()).toMatch(/^You are the /);
}

export const gameIdOf = (page: Page) => /\/game\/([\w-]+)\//.exec(page.url())?.[1] ?? null;

/** Types an order and sends it. */
export async function order(page: Page, quantity: number) {
  await page.getByTestId('order-quantity').fill(String(quantity));
  await page.getByTestId('place-order').click();
}

/** The week a page shows: a game page's heading (`week`), or the first row of a follow-up (`team-week`). */
export const weekOf = async (page: Page, testId = 'week') =>
  Number(/Week (\d+) of/.exec((await page.getByTestId(testId).first().textContent()) ?? '')?.[1]);

/** One phone's order of this week: acknowledged, or its team's week closes with it. */
async function ordersThisWeek(page: Page, week: number, quantity: number) {
  await expect.poll(() => weekOf(page), { timeout: 20_000 }).toBe(week);
  await order(page, quantity);
  await expect
    .poll(async () => (await page.getByTestId('ordered-quantity').count()) > 0 || (await weekOf(page)) > week)
    .toBe(true);
}

/** Each phone orders this week, all at once as a class does. */
export async function everyoneOrders(phones: Page[], week: number, quantity = (i: number) => 4 + (i % 3)) {
  await Promise.all(phones.map((page, i) => ordersThisWeek(page, week, quantity(i))));
}

/**
 * Each phone orders this week, one after another: the faults rehearsal's, whose board reported an
 * uncaught "Promise" twice in four runs when its phones ordered at once under the full suite's load
 * (issue 40's note; the cause is not found). Its subject is the faults, timed at the screen.
 */
export async function eachOrders(phones: Page[], week: number, quantity = (i: number) => 4 + (i % 3)) {
  for (const [i, page] of phones.entries()) await ordersThisWeek(page, week, quantity(i));
}

const ROLE_SHEETS = {
  retailer: 'Retailer',
  wholesaler: 'Wholesaler',
  distributor: 'Distributor',
  factory: 'Factory',
};

/** A game's workbook, downloaded as its creator does, each sheet's rows as label → value. */
export async function workbookRows(url: string, cookie: string) {
  const response = await fetch(url, { headers: { cookie } });
  expect(response.status).toBe(200);
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(await response.arrayBuffer());
  const sheets = new Map<string, Array<Record<string, unknown>>>();
  for (const sheet of book.worksheets) {
    const header = (sheet.getRow(1).values as unknown[]).slice(1) as string[];
    const rows: Array<Record<string, unknown>> = [];
    sheet.eachRow((row, n) => {
      if (n > 1)
        rows.push(Object.fromEntries(header.map((label, c) => [label, (row.values as unknown[])[c + 1]])));
    });
    sheets.set(sheet.name, rows);
  }
  return sheets;
}

/**
 * The debrief's replay of a finished game, at every week it was played, shows on each facility's
 * card what the workbook's row of that week says (the replay, the workbook and the history number
 * the weeks alike), and that it ordered where its player did (`ordered`, every facility every week
 * by default: the computer's orders, and the timer's, come with the week's close, after it). `page`
 * is its creator's.
 */
export async function replayMatchesWorkbook(
  page: Page,
  origin: string,
  gameId: string,
  cookie: string,
  {
    weeks,
    ordered = () => true,
    shot,
  }: { weeks: number; ordered?: (week: number, facilityId: string) => boolean; shot?: string },
) {
  const sheets = await workbookRows(`${origin}/api/games/${gameId}/export.xlsx?lang=en`, cookie);
  for (let week = 1; week <= weeks; week++) {
    await page.goto(`${origin}/game/${gameId}/results?week=${week}`);
    await expect
      .poll(() => page.getByTestId('replay-position').textContent())
      .toContain(`Week ${week} of ${weeks}`);
    for (const [id, sheet] of Object.entries(ROLE_SHEETS)) {
      const row = sheets.get(sheet)!.find((r) => r.Week === week);
      expect(row, `${sheet}, week ${week}`).toBeDefined();
      const card = page.getByTestId(`map-facility-${id}`);
      await expect
        .poll(() => card.textContent(), { message: `${id}, week ${week}` })
        .toContain(`Stock ${row!.Stock}`);
      expect(await card.textContent(), `${id}, week ${week}`).toContain(`Backlog ${row!.Backlog}`);
      if (ordered(week, id)) expect(await card.textContent(), `${id}, week ${week}`).toContain('Ordered');
    }
    if (shot && week === 2) await page.screenshot({ path: shot, fullPage: true });
  }
}

/** The orders recorded for these games, as the event log has them: `game-<id>/<facility>/week <n>`. */
export async function ordersRecorded(databaseUrl: string, gameIds: string[]) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ stream_id: string; data: { facilityId: string; week: number } }>(
      `select stream_id, data from events where type = 'OrderPlaced' and stream_id = any($1)`,
      [gameIds.map((id) => `game-${id}`)],
    );
    return rows.map((row) => `${row.stream_id}/${row.data.facilityId}/week ${row.data.week}`);
  } finally {
    await client.end();
  }
}
