import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';

/**
 * A lean class run as a session (issue 26), through the pages in Chromium: the instructor creates
 * a session from a lean teaching plan, sets its first round's length in the editor and publishes
 * it; 6 phones join by its code; the instructor starts the round, the computer works the free
 * stations, the follow-up shows every team's factory live; the instructor ends the factories,
 * players answer the question the instructor wrote for the debrief, the Responses page checks the
 * answers, the results compare the teams on the lean figures, and the class moves to the factory.
 */
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });

async function joinByCode(page: Page, code: string, name: string) {
  await page.goto(`${app.origin}/`);
  await page.getByTestId('join-code-input').fill(code);
  await page.getByTestId('join-code-submit').click();
  await page.waitForURL(/\/session\/[\w-]+\/lobby$/);
  await page.getByTestId('player-name').fill(name);
  await page.getByTestId('join-random').click();
  await expect.poll(() => page.getByTestId('my-seat-title').textContent()).toMatch(/^You are the /);
}

it('runs a lean session of 3 teams from a teaching plan: 6 phones, the computer on free stations, follow-up and results', async () => {
  const ada = await app.instructor('ada@example.org');
  const instructor = await app.person({ viewport: DESKTOP, as: ada });
  const { page } = instructor;

  await page.goto(`${app.origin}/dashboard/sessions`);
  await page.getByTestId('new-session').click();
  await page.getByTestId('session-template').filter({ hasText: 'Lean workshop, then factory' }).click();
  await page.getByTestId('session-name').fill('Lean, Friday');
  await page.getByTestId('session-teams').fill('3');
  await page.getByTestId('session-create-submit').click();
  await page.waitForURL(/\/dashboard\/sessions\/[\w-]+$/);
  const sessionId = page.url().split('/').pop()!;

  // The first round's settings: the workshop, 10 minutes, three improvements to choose from.
  const facts = page.getByTestId('lean-round-facts');
  await expect.poll(() => facts.count()).toBe(2);
  await page.getByTestId('session-rounds').getByRole('button', { name: 'Game settings' }).first().click();
  const form = page.getByTestId('lean-round-settings');
  await form.waitFor();
  await page.getByTestId('lean-round-minutes').fill('0');
  await page.getByTestId('lean-round-apply').click();
  await form.getByText('Out of range: type a number from 1 to 60.').waitFor();
  await page.getByTestId('lean-round-minutes').fill('10');
  await page.screenshot({ path: `${shots}/lean-session-1-round-settings-1280.png` });
  await page.getByTestId('lean-round-apply').click();
  await form.waitFor({ state: 'detached' });
  await expect.poll(() => facts.first().textContent()).toContain('10 minutes');
  // Its debrief, with the editor's change not saved yet (the dialog's tabs are no way out): a
  // question with the answer the instructor expects.
  await page.getByTestId('session-rounds').getByRole('button', { name: 'Game settings' }).first().click();
  await page.getByTestId('round-tab-debrief').click();
  await page.getByTestId('debrief-add-question').click();
  await page.getByTestId('debrief-question-text-1').fill('Which improvement caps the work in progress?');
  await page.getByTestId('debrief-expected-kind-1').getByLabel('A text').check();
  await page.getByTestId('debrief-expected-1').fill('Kanban');
  await page.screenshot({ path: `${shots}/lean-session-1-round-debrief-1280.png` });
  await page.getByTestId('debrief-save').click();
  await page.getByRole('dialog').waitFor({ state: 'detached' });
  await page.getByTestId('editor-save').click();
  await page.getByTestId('editor-publish').click();
  await expect.poll(() => page.getByTestId('editor-code').textContent()).toMatch(/Join code: \w{3} \w{3}/);
  await page.goto(`${app.origin}/session/${sessionId}/follow-up`);
  await page.getByTestId('session-code').waitFor();
  const code = (await page.getByTestId('session-code').textContent())!.replace(/\s/g, '');

  const phones: Array<{ context: BrowserContext; page: Page }> = [];
  for (let i = 0; i < 6; i++) {
    const phone = await app.person({ viewport: PHONE });
    await joinByCode(phone.page, code, `Student ${i + 1}`);
    phones.push(phone);
  }
  // Two players in each team's 4-station workshop, two stations free.
  await expect.poll(() => page.getByTestId('team-row').count()).toBe(3);
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="empty"]').count()).toBe(6);

  await page.getByTestId('start-round').click();
  await page.getByTestId('confirm-start-round').click();
  for (const phone of phones) await phone.page.waitForURL(/\/game\/[\w-]+\/play$/);
  // The free stations are the computer's; every factory's clock runs.
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="computer"]').count()).toBe(6);
  await expect
    .poll(() => page.getByTestId('team-week').allTextContents())
    .toEqual(Array(3).fill(expect.stringMatching(/^Minute \d+ of 10$/)));
  await expect.poll(() => page.getByTestId('summary-started').textContent()).toContain('3');
  // Each phone on its station shows as connected on the follow-up.
  await expect.poll(() => page.getByTestId('summary-connected').textContent()).toContain('6 of 6');
  await phones[0]!.page.screenshot({ path: `${shots}/lean-session-2-station-390.png` });
  await page.screenshot({ path: `${shots}/lean-session-3-follow-up-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/lean-session-3-follow-up-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // A lean round offers its own levers: no week to close; the factories end at once.
  await page.getByTestId('select-all-teams').click();
  await expect.poll(() => page.getByTestId('bulk-close-week').count()).toBe(0);
  await page.getByTestId('bulk-end-games').click();
  await page.getByTestId('confirm-end-games').click();
  await page.getByText('Done for 3 teams.').waitFor();
  await expect.poll(() => page.getByTestId('team-week').allTextContents()).toEqual(Array(3).fill('Finished'));
  // A lean round's end stays on the floor (a reset plays it again), the debrief a tap away.
  for (const phone of phones) await phone.page.getByTestId('see-debrief').waitFor();
  // Two players answer the instructor's question: one right (spelt loosely), one wrong.
  for (const [i, answer] of [
    [0, ' kanbn '],
    [1, 'SMED'],
  ] as const) {
    const phone = phones[i]!.page;
    await phone.getByTestId('see-debrief').click();
    await phone.getByTestId('answer-q1').fill(answer);
    await phone.getByTestId('send-q1').click();
    await phone.getByTestId('answered-q1').waitFor();
  }
  await phones[0]!.page
    .getByTestId('debrief-questions')
    .screenshot({ path: `${shots}/lean-session-5-answer-390.png` });
  await page.getByTestId('session-tab-responses').click();
  await page.waitForURL(`**/session/${sessionId}/responses`);
  await expect.poll(() => page.getByTestId('answer').count()).toBe(2);
  await expect.poll(() => page.getByTestId('answer-correct').count()).toBe(1);
  await expect.poll(() => page.getByTestId('answer-wrong').count()).toBe(1);
  await page.screenshot({ path: `${shots}/lean-session-6-responses-1280.png`, fullPage: true });

  await page.getByTestId('session-tab-results').click();
  await page.waitForURL(`**/session/${sessionId}/results`);
  await expect.poll(() => page.getByTestId('results-round-1').getByTestId('result-row').count()).toBe(3);
  await page.screenshot({ path: `${shots}/lean-session-4-results-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/lean-session-4-results-390.png`, fullPage: true });
  await page.setViewportSize(DESKTOP);

  // The class moves on to the 7-station factory: each team's two players carried to it.
  await page.getByTestId('session-tab-follow-up').click();
  await page.getByTestId('next-round').click();
  await page.getByTestId('confirm-next-round').click();
  await expect.poll(() => page.getByTestId('current-round').textContent()).toMatch(/^Round 2: /);
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="empty"]').count()).toBe(15);
  for (const phone of phones) await phone.page.waitForURL(/\/game\/[\w-]+\/intro$/);

  for (const phone of phones) await phone.context.close();
  await instructor.context.close();
});
