import { randomUUID } from 'node:crypto';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE } from '../support/browser';
import { browserFixture, SHOTS as shots } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

/**
 * An instructor runs a class from the session's admin pages in real Chromium: a published session
 * of 2 rounds and 3 teams, 5 players joined through the API; the follow-up starts the round, shows
 * orders as they come, closes the week and messages every team at once, locks and unlocks a round,
 * moves everyone on; results compare both rounds; responses are empty. Screenshots at a laptop's,
 * a projector's and a phone's width.
 */
const app = browserFixture({ server: { limits: { gameCreations: { max: 1000, windowSeconds: 60 } } } });

const seats = (page: Page, team: number, state: string) =>
  page
    .locator(`[data-testid="team-row"][data-team="${team}"] [data-testid="seat"][data-state="${state}"]`)
    .count();

it('follows a class live, acts on every team at once, and compares the rounds', async () => {
  const origin = app.origin;
  const ada = await app.instructor('ada@example.org');
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Supply chain class',
    template: 'blindThenTransparent',
    teamCount: 3,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });

  // Five players: two in team 1, two in team 2, one in team 3.
  const places = [
    [1, 'retailer'],
    [1, 'wholesaler'],
    [2, 'retailer'],
    [2, 'wholesaler'],
    [3, 'retailer'],
  ] as const;
  const players: Array<{ user: ApiUser; gameId: string; facilityId: string }> = [];
  for (const [i, [teamNumber, facilityId]] of places.entries()) {
    const user = await app.anonymous(`Student ${i + 1}`);
    const seat = await user.api.session.join.mutate({
      sessionId,
      teamNumber,
      facilityId,
      commandId: randomUUID(),
    });
    players.push({ user, gameId: seat.gameId, facilityId: seat.facilityId });
  }

  const { page } = await app.person({ as: ada });
  await page.goto(`${origin}/session/${sessionId}/follow-up`);
  await expect.poll(() => page.getByTestId('team-row').count()).toBe(3);
  await page.getByTestId('session-code').waitFor();
  expect(await page.getByTestId('current-round').textContent()).toMatch(/^Round 1: /);

  // Starting the round asks first, and hands the 7 empty seats to the computer.
  await page.getByTestId('start-round').click();
  await page.getByText('Seats nobody has taken are played by the computer').waitFor();
  await page.getByTestId('confirm-start-round').click();
  await page.getByText('Started', { exact: true }).waitFor();
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="computer"]').count()).toBe(7);
  await expect.poll(() => page.locator('[data-testid="seat"][data-state="waiting"]').count()).toBe(5);

  // Orders placed by players show in their rows live; team 3's only player closes its week.
  for (const player of [players[0]!, players[2]!, players[4]!])
    await player.user.api.beergame.placeOrder.mutate({
      gameId: player.gameId,
      facilityId: player.facilityId,
      quantity: 4,
      commandId: randomUUID(),
    });
  await expect.poll(() => seats(page, 1, 'ordered')).toBe(1);
  await expect.poll(() => seats(page, 2, 'ordered')).toBe(1);
  await expect
    .poll(() => page.locator('[data-team="3"] [data-testid="team-week"]').textContent())
    .toMatch(/^Week 2 of /);
  expect(await page.getByTestId('summary-connected').textContent()).toMatch(/^Players connected: \d+ of 5$/);

  // The filter keeps the teams still waiting for someone: all three are.
  await page.getByTestId('only-waiting').click();
  await expect.poll(() => page.getByTestId('team-row').count()).toBe(3);
  await page.getByTestId('only-waiting').click();
  await page.screenshot({ path: `${shots}/session-admin-1-follow-up-1280.png`, fullPage: true });

  // Every team's week closes at once: missing roles get a computer order.
  await page.getByTestId('select-all-teams').click();
  await page.getByTestId('selected-count').getByText('3 teams selected').waitFor();
  await page.getByTestId('bulk-close-week').click();
  await page.getByText('each role that has not ordered yet gets the computer').waitFor();
  await page.getByTestId('confirm-close-week').click();
  await page.getByText('Done for 3 teams.').waitFor();
  await expect
    .poll(() => page.getByTestId('team-week').allTextContents())
    .toEqual([
      expect.stringMatching(/^Week 2 of /),
      expect.stringMatching(/^Week 2 of /),
      expect.stringMatching(/^Week 3 of /),
    ]);

  // A timer refuses what is not a whole number in range; a message reaches every team.
  await page.getByTestId('bulk-start-timer').click();
  await page.getByTestId('timer-seconds').fill('2');
  await page.getByTestId('confirm-start-timer').click();
  await page.getByText('Out of range: type a number from 5 to 86400.').waitFor();
  await page.getByRole('button', { name: 'Cancel' }).click();
  await page.getByTestId('bulk-message').click();
  await page.getByTestId('message-text').fill('Look at your inventory before you order.');
  await page.getByTestId('send-message').click();
  await page.getByText('Done for 3 teams.').first().waitFor();

  // Round 2 is locked, then opened again.
  await page.getByTestId('lock-round-2').click();
  await page.locator('[data-testid="round-2"][data-locked]').waitFor();
  await page.getByTestId('lock-round-2').click();
  await page.locator('[data-testid="round-2"]:not([data-locked])').waitFor();

  // The projector's view of the code, and the follow-up at a projector's width.
  await page.getByTestId('show-code').click();
  await page.getByTestId('projector-qr').waitFor();
  await page.screenshot({ path: `${shots}/session-admin-2-projector-code.png` });
  await page.keyboard.press('Escape');
  await page.getByTestId('projector').waitFor({ state: 'detached' });
  await page.getByTestId('selection-bar').getByRole('button', { name: 'Clear selection' }).click();
  await page.setViewportSize({ width: 1920, height: 1080 });
  await page.screenshot({ path: `${shots}/session-admin-3-follow-up-1920.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });

  const phone = await app.person({ as: ada, viewport: PHONE });
  await phone.page.goto(`${origin}/session/${sessionId}/follow-up`);
  await expect.poll(() => phone.page.getByTestId('team-row').count()).toBe(3);
  await phone.page.getByTestId('follow-up-cards').waitFor();
  await phone.page.screenshot({ path: `${shots}/session-admin-4-follow-up-390.png`, fullPage: true });
  await phone.context.close();

  // Everyone moves to round 2, the last one: the button then says there is no next round.
  await page.getByTestId('next-round').click();
  await page.getByTestId('confirm-next-round').click();
  await expect.poll(() => page.getByTestId('current-round').textContent()).toMatch(/^Round 2: /);
  await expect.poll(() => page.getByTestId('next-round').isDisabled()).toBe(true);

  // Results: both rounds' three teams, then the comparison across rounds.
  await page.getByTestId('session-tab-results').click();
  await page.waitForURL(`**/session/${sessionId}/results`);
  for (const round of [1, 2])
    await expect
      .poll(() => page.getByTestId(`results-round-${round}`).getByTestId('result-row').count())
      .toBe(3);
  await page.getByTestId('across-rounds-chart').waitFor();
  await page.getByTestId('round-cost-chart').first().waitFor();
  await page.screenshot({ path: `${shots}/session-admin-5-results-1280.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await page.screenshot({ path: `${shots}/session-admin-5-results-390.png`, fullPage: true });
  await page.setViewportSize({ width: 1280, height: 860 });

  // Responses: nobody has answered a debrief question yet.
  await page.getByTestId('session-tab-responses').click();
  await page.waitForURL(`**/session/${sessionId}/responses`);
  await page.getByTestId('responses-empty').waitFor();
  await page.screenshot({ path: `${shots}/session-admin-6-responses-1280.png` });

  // A player reaching the follow-up is sent to the lobby.
  const student = await app.person({ as: players[0]!.user });
  await student.page.goto(`${origin}/session/${sessionId}/follow-up`);
  await student.page.waitForURL(`**/session/${sessionId}/lobby`);
  await student.context.close();
});
