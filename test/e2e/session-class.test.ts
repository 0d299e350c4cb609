import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * A class run as issue 12 describes it, everything through the pages in Chromium: the instructor
 * creates a session from a teaching plan on the dashboard and publishes it; 8 phones join by typing
 * its code (four choose a team and a role, four take a random free seat); the instructor starts
 * round 1 on the follow-up and puts every team on a 5-second turn timer, so the weeks turn by
 * themselves with the computer ordering for whoever did not; round 2 is locked, then opened; the
 * class moves on, and the results compare the teams across both rounds.
 */
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });

/** A phone that types the code on the home page, gives a name, and takes a seat. */
async function joinByCode(page: Page, code: string, name: string, seat: string | null) {
  await page.goto(`${app.origin}/`);
  await page.getByTestId('join-code-input').fill(code);
  await page.getByTestId('join-code-submit').click();
  await page.waitForURL(/\/session\/[\w-]+\/lobby$/);
  await page.getByTestId('player-name').fill(name);
  await page.getByTestId(seat ?? 'join-random').click();
  await expect.poll(() => page.getByTestId('my-seat-title').textContent()).toMatch(/^You are the /);
}

it('runs a two-round class of 8 phones from one code, with a turn timer, locks and results', async () => {
  const ada = await app.instructor('ada@example.org');
  const instructor = await app.person({ viewport: DESKTOP, as: ada });
  const { page } = instructor;

  // The dashboard: a session from the "blind, then transparent" plan, 2 teams of 4, published.
  await page.goto(`${app.origin}/dashboard/sessions`);
  await page.getByTestId('new-session').click();
  await page.getByTestId('session-template').filter({ hasText: 'Blind, then transparent' }).click();
  await page.getByTestId('session-name').fill('Operations, Thursday');
  await page.getByTestId('session-teams').fill('2');
  await page.getByTestId('session-create-submit').click();
  await page.waitForURL(/\/dashboard\/sessions\/[\w-]+$/);
  const sessionId = page.url().split('/').pop()!;
  await page.getByTestId('editor-publish').click();
  await expect.poll(() => page.getByTestId('editor-code').textContent()).toMatch(/Join code: \w{3} \w{3}/);
  await page.goto(`${app.origin}/session/${sessionId}/follow-up`);
  await page.getByTestId('session-code').waitFor();
  const code = (await page.getByTestId('session-code').textContent())!.replace(/\s/g, '');
  expect(code).toMatch(/^[3479ACDEFHJKMNPRTWXY]{6}$/);

  // Eight phones: four choose their seat, four take a random free one.
  const chosen = ['seat-1-retailer', 'seat-1-factory', 'seat-2-wholesaler', 'seat-2-distributor'];
  const phones: Array<{ context: BrowserContext; page: Page }> = [];
  for (let i = 0; i < 8; i++) {
    const phone = await app.person({ viewport: PHONE });
    await joinByCode(phone.page, code, `Student ${i + 1}`, chosen[i] ?? null);
    phones.push(phone);
  }
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="empty"]').count()).toBe(0);

  // Round 1 starts; everyone lands on their game; one student orders through the order box.
  await page.getByTestId('start-round').click();
  await page.getByTestId('confirm-start-round').click();
  for (const phone of phones) await phone.page.waitForURL(/\/game\/[\w-]+\/play$/);
  // Ordered before the timer runs: on a loaded machine a 5-second week could close first, and the
  // order would rightly be refused as late.
  const first = phones[0]!.page;
  await first.getByTestId('order-quantity').fill('6');
  await first.getByTestId('place-order').click();
  await first.getByTestId('ordered-quantity').waitFor();

  // Every team gets a 5-second turn timer, which turns the weeks for everyone.
  await page.getByTestId('select-all-teams').click();
  await page.getByTestId('bulk-start-timer').click();
  await page.getByTestId('timer-seconds').fill('5');
  await page.getByTestId('confirm-start-timer').click();
  await page.getByText('Done for 2 teams.').waitFor();
  await expect
    .poll(() => page.getByTestId('team-week').allTextContents(), { timeout: 30_000 })
    .toEqual([expect.stringMatching(/^Week [3-9] of /), expect.stringMatching(/^Week [3-9] of /)]);
  await expect.poll(() => first.getByTestId('week').textContent(), { timeout: 15_000 }).toMatch(/[3-9]/);
  await page.screenshot({ path: `${shots}/session-class-1-follow-up-1280.png`, fullPage: true });

  // Round 2 is locked, then opened again; then the class moves on, keeping its teams.
  await page.getByTestId('lock-round-2').click();
  await page.locator('[data-testid="round-2"][data-locked]').waitFor();
  await page.getByTestId('lock-round-2').click();
  await page.locator('[data-testid="round-2"]:not([data-locked])').waitFor();
  await page.getByTestId('next-round').click();
  await page.getByTestId('confirm-next-round').click();
  await expect.poll(() => page.getByTestId('current-round').textContent()).toMatch(/^Round 2: /);
  await first.goto(`${app.origin}/session/${sessionId}/lobby`);
  await expect
    .poll(() => first.getByTestId('my-seat-title').textContent())
    .toBe('You are the Retailer of Team 1');

  // The results compare both teams in each round and across rounds.
  await page.getByTestId('session-tab-results').click();
  await page.waitForURL(`**/session/${sessionId}/results`);
  for (const round of [1, 2])
    await expect
      .poll(() => page.getByTestId(`results-round-${round}`).getByTestId('result-row').count())
      .toBe(2);
  await page.getByTestId('across-rounds-chart').waitFor();
  await page.screenshot({ path: `${shots}/session-class-2-results-1280.png`, fullPage: true });

  for (const phone of phones) await phone.context.close();
  await instructor.context.close();
});
