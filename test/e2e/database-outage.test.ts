import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { itOnPostgres } from '../support/database';

/**
 * Screens that never go stale (issue 39): the reproduction of the class whose pages stopped
 * following the game after PostgreSQL was stopped. A one-team session, its player's phone, the
 * creator's board and the follow-up are open; PostgreSQL is stopped for 12 s (longer than the live
 * views' 10 s poll), then started; the instructor closes the week from the follow-up. The phone and
 * the board must show the new week within 3 s, without a reload, and every page must have said
 * that it was not live while the database was away. A page opened in the outage waits (its
 * sign-in cannot be read) and comes back by itself.
 */
const app = browserFixture({ process: { ownDatabase: true } });
const shots = `${SHOTS}/database-outage`;
const OUTAGE_MS = 12_000;
/** How soon after the week closes every open page must show it (the bound). */
const CURRENT_WITHIN_MS = 3_000;

/** What the pages log while the database is away: failed requests answered 503 by the server. */
const DATABASE_AWAY = /status of 503|Failed to load resource/;

const weekOf = async (page: Page, testId = 'week') =>
  Number(/Week (\d+) of/.exec((await page.getByTestId(testId).first().textContent()) ?? '')?.[1]);

itOnPostgres(
  'a phone, the board and the follow-up follow the game again after PostgreSQL stops for 12 s',
  async () => {
    const database = app.ownDatabase!;
    const ada = await app.instructor('ada@example.org');
    const { sessionId } = await ada.api.session.create.mutate({
      name: 'Thursday',
      template: 'classicSingle',
      teamCount: 1,
      commandId: randomUUID(),
    });
    await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    const student = await app.anonymous('Student 1');
    await student.api.session.join.mutate({
      sessionId,
      teamNumber: 1,
      facilityId: 'retailer',
      commandId: randomUUID(),
    });
    const phone = (await app.person({ viewport: PHONE, as: student, name: 'phone' })).page;
    await phone.goto(`${app.origin}/session/${sessionId}/lobby`);
    // The session's one round is played from its start: the lobby sends the seated player to it.
    await phone.waitForURL(/\/game\/[\w-]+\/play$/);
    const gameId = /\/game\/([\w-]+)\//.exec(phone.url())![1]!;

    const instructor = await app.person({ viewport: DESKTOP, as: ada, name: 'instructor' });
    const board = instructor.page;
    await board.goto(`${app.origin}/game/${gameId}/play`);
    const followUp = await instructor.context.newPage();
    await followUp.goto(`${app.origin}/session/${sessionId}/follow-up`);
    await expect.poll(() => weekOf(phone)).toBe(1);
    await expect.poll(() => weekOf(board)).toBe(1);
    await expect.poll(() => weekOf(followUp, 'team-week')).toBe(1);

    // PostgreSQL stops for longer than the live views' poll: every page says it is not live.
    const away = app.expectConsoleErrors(DATABASE_AWAY);
    await database.stop();
    const stoppedAt = performance.now();
    for (const page of [phone, board, followUp]) {
      await page.getByTestId('reconnecting').waitFor({ timeout: 5_000 });
      await page.locator('main[data-stale]').waitFor();
    }
    await phone.screenshot({ path: `${shots}/1-phone-database-away-390.png` });
    await followUp.screenshot({ path: `${shots}/1-follow-up-database-away-1280.png`, fullPage: true });
    // A second phone of the student's opens the game in the outage (its sign-in cannot be read):
    // it waits, says it is not live, and does not take its visitor for signed out.
    const late = await app.person({ viewport: PHONE, as: student, name: 'late phone' });
    await late.page.goto(`${app.origin}/game/${gameId}/play`);
    await late.page.getByTestId('reconnecting').waitFor();
    expect(late.page.url()).toBe(`${app.origin}/game/${gameId}/play`);
    await late.page.screenshot({ path: `${shots}/1-phone-opened-in-outage-390.png` });
    await new Promise((resolve) => setTimeout(resolve, OUTAGE_MS - (performance.now() - stoppedAt)));
    await database.start();

    // Back: the pages say so by themselves, then the instructor closes the week from the follow-up.
    for (const page of [phone, board, followUp, late.page])
      await page.locator('main[data-stale]').waitFor({ state: 'detached', timeout: 5_000 });
    await expect.poll(() => weekOf(late.page), { timeout: CURRENT_WITHIN_MS }).toBe(1);
    away();
    await followUp.getByTestId('select-all-teams').check();
    await followUp.getByTestId('bulk-close-week').click();
    await followUp.getByTestId('confirm-close-week').click();
    await followUp.getByText('Done for 1 team.').waitFor();
    const closedAt = performance.now();
    for (const [page, testId] of [
      [phone, 'week'],
      [late.page, 'week'],
      [board, 'week'],
      [followUp, 'team-week'],
    ] as const)
      await expect.poll(() => weekOf(page, testId), { timeout: CURRENT_WITHIN_MS }).toBe(2);
    expect(performance.now() - closedAt).toBeLessThan(CURRENT_WITHIN_MS);
    // Who is connected is current too: the phone never left.
    expect(await board.getByTestId('board-retailer').textContent()).toContain('Connected');
    expect(await followUp.getByText(/Players connected: 1 of 1/).count()).toBe(1);
    await phone.screenshot({ path: `${shots}/2-phone-back-390.png` });
    await followUp.screenshot({ path: `${shots}/2-follow-up-back-1280.png`, fullPage: true });
  },
);
