import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { TRACKING_COOKIE, TRACKING_COOKIE_DAYS } from '../../src-shared/rules/tracking';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { verifyEmail } from '../support/team-matrix';

/**
 * Knowing when a class's browsers fail (issue 28, item 6), in Chromium through the real server: an
 * error thrown in a player's page (the demo's play page, on a phone) appears on the operator's
 * Errors tab within seconds, with its page and count; a visitor who refuses tracking is counted
 * nowhere and keeps no cookie; one who accepts gets the 30-day tracking cookie and their sign-up's
 * first step and demo are counted on the Analytics tab. Screenshots of the operator's page.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const OPERATOR = 'operator@example.org';
const app = browserFixture({ server: { operatorEmails: [OPERATOR] } });
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

const db = () => app.server.services.database.db;
const events = () => db().selectFrom('analytics_events').selectAll().orderBy('occurred_at').execute();

async function operatorPage(viewport = DESKTOP) {
  const operator = await app.instructor(OPERATOR);
  await verifyEmail(app.server, operator.userId);
  return (await app.person({ as: operator, viewport, name: 'Operator' })).page;
}

it('an error thrown in a player’s browser is on the operator’s Errors tab within seconds', async () => {
  const operator = await operatorPage();
  await operator.goto(`${app.origin}/operator`);
  await operator.getByText('No error reported.').waitFor();

  const { page: player } = await app.person({ viewport: PHONE, name: 'Player' });
  await player.goto(`${app.origin}/demo`);
  await player.waitForURL('**/play');
  await player.getByTestId('order-quantity').waitFor();
  // No number in it: a group's message shows numbers as placeholders (what varies between reports).
  const thrown = 'The order box met an impossible week';
  app.expectPageErrors(new RegExp(thrown));
  // Twice from the same place: one group, counted twice.
  for (let time = 0; time < 2; time++)
    await player.evaluate((message) => {
      setTimeout(() => {
        throw new Error(message);
      });
    }, thrown);
  app.expectPageErrors(/A live update was refused by nobody/);
  await player.evaluate(() => {
    void Promise.reject(new Error('A live update was refused by nobody'));
  });

  // The Errors tab reads its list every 3 s: both groups show without a reload.
  const group = operator.getByTestId('error-group').filter({ hasText: thrown });
  await group.waitFor({ timeout: 10_000 });
  await expect.poll(() => group.innerText(), { timeout: 10_000 }).toMatch(/2 times/i);
  await operator
    .getByTestId('error-group')
    .filter({ hasText: 'A live update was refused by nobody' })
    .waitFor({ timeout: 10_000 });
  await group.getByRole('button', { name: 'Show samples' }).click();
  await expect.poll(() => group.innerText()).toMatch(/\/game\/[\w-]+\/play/);
  await settled(operator);
  await shot(operator, 'operator-errors-1280');

  const samples = await db().selectFrom('error_samples').selectAll().where('message', '=', thrown).execute();
  expect(samples).toHaveLength(2);
  expect(samples[0]!.path).toMatch(/^\/game\/[\w-]+\/play$/);
  expect(samples[0]!.user_agent).toContain('Chrome');

  await group.getByRole('button', { name: 'Mark resolved' }).click();
  await expect.poll(() => operator.getByTestId('error-group').filter({ hasText: thrown }).count()).toBe(0);

  const phone = await operatorPage(PHONE);
  await phone.goto(`${app.origin}/operator`);
  await phone.getByTestId('error-group').first().waitFor();
  await settled(phone);
  await shot(phone, 'operator-errors-390');
});

it('counts nothing for a visitor who refuses, and the sign-up and demo of one who accepts for 30 days', async () => {
  const { context: refusing, page: refuser } = await app.person({ askConsent: true, name: 'Refuser' });
  await refuser.goto(`${app.origin}/signup`);
  await refuser.getByTestId('consent-banner').getByRole('button', { name: 'Refuse' }).click();
  // The question is not asked again once answered.
  await refuser.reload();
  await refuser.getByLabel('Your name').waitFor();
  expect(await refuser.getByTestId('consent-banner').count()).toBe(0);
  await refuser.getByLabel('Your name').fill('Rosalind Franklin');
  await refuser.getByLabel('E-mail').fill('rosalind@example.org');
  await refuser.getByLabel(/^Password/).fill('correct horse battery');
  await refuser.getByRole('button', { name: 'Create my account' }).click();
  await refuser.waitForURL('**/setup-account');
  await refuser.goto(`${app.origin}/demo`);
  await refuser.waitForURL('**/play');
  expect((await refusing.cookies()).some((cookie) => cookie.name === TRACKING_COOKIE)).toBe(false);

  const { context: accepting, page: accepter } = await app.person({ askConsent: true, name: 'Accepter' });
  await accepter.goto(`${app.origin}/signup`);
  await settled(accepter);
  await shot(accepter, 'consent-banner-1280');
  await accepter.getByTestId('consent-banner').getByRole('button', { name: 'Accept' }).click();
  const cookie = (await accepting.cookies()).find((each) => each.name === TRACKING_COOKIE);
  expect(cookie).toBeDefined();
  const daysLeft = (cookie!.expires * 1000 - Date.now()) / 86_400_000;
  expect(daysLeft).toBeGreaterThan(TRACKING_COOKIE_DAYS - 0.01);
  expect(daysLeft).toBeLessThanOrEqual(TRACKING_COOKIE_DAYS);
  await accepter.getByLabel('Your name').fill('Dorothy Hodgkin');
  await accepter.getByLabel('E-mail').fill('dorothy@example.org');
  await accepter.getByLabel(/^Password/).fill('correct horse battery');
  await accepter.getByRole('button', { name: 'Create my account' }).click();
  await accepter.waitForURL('**/setup-account');
  await accepter.goto(`${app.origin}/demo`);
  await accepter.waitForURL('**/play');

  await expect
    .poll(async () => (await events()).map((event) => event.name))
    .toEqual(['signup_first_step', 'play_demo']);
  expect(new Set((await events()).map((event) => event.visitor_id))).toEqual(new Set([cookie!.value]));

  const operator = await operatorPage();
  await operator.goto(`${app.origin}/operator?tab=analytics`);
  const today = operator.getByTestId('analytics-day');
  await today.waitFor();
  expect(await today.count()).toBe(1);
  expect((await today.innerText()).replace(/\s+/g, ' ')).toMatch(/ 1 0 1$/);
  await settled(operator);
  await shot(operator, 'operator-analytics-1280');
});
