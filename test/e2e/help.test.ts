import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { PHONE } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';

/**
 * The help menu (issue 28, item 5): an instructor opens it, reads "players who cannot join" in
 * English and in French, sends feedback from the menu, and sends a suggestion from the
 * suggest-feature tab; each message is stored with its page and its user. The outside links
 * configured show, in a new tab without a referrer.
 */
const app = browserFixture({
  server: { helpLinks: { webinarsUrl: 'https://example.org/webinars' } },
});
const shots = `${SHOTS}/help`;
const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png` });

const stored = () =>
  app.server.services.database.db.selectFrom('feedback').selectAll().orderBy('created_at').execute();

it('opens the help menu, reads an article in English and French, and sends feedback and a suggestion', async () => {
  const user = await app.instructor('helped@example.org');
  const { page } = await app.person({ as: user });
  await page.goto(`${app.origin}/dashboard/intro`);
  await page.getByTestId('help-menu').click();
  const webinars = page.getByTestId('help-webinars');
  await webinars.waitFor();
  expect(await webinars.getAttribute('target')).toBe('_blank');
  expect(await webinars.getAttribute('rel')).toBe('noopener noreferrer');
  expect(await page.getByTestId('help-testimonial').count()).toBe(0);
  expect(await page.getByTestId('help-onboarding').getAttribute('href')).toBe(
    '/dashboard/intro?welcomevideo=1',
  );
  await shot(page, 'menu-1280');

  await page.getByTestId('help-articles').click();
  await page.getByTestId('help-search').fill('join');
  await page.getByTestId('help-open-cannot-join').click();
  const article = page.getByTestId('help-article-cannot-join');
  await expect.poll(() => article.textContent()).toContain('"No game has this code"');
  await shot(page, 'article-1280');
  await page.keyboard.press('Escape');

  await page.getByTestId('language-picker').click();
  await page.locator('.locale-fr').click();
  await page.getByTestId('help-menu').click();
  await page.getByTestId('help-articles').click();
  await page.getByTestId('help-open-cannot-join').click();
  await expect.poll(() => article.textContent()).toContain("« Aucune partie n'a ce code »");
  expect(
    await page
      .getByRole('dialog')
      .getByRole('heading', { name: "Des joueurs n'arrivent pas à entrer" })
      .count(),
  ).toBe(1);
  await page.keyboard.press('Escape');

  await page.getByTestId('help-menu').click();
  await page.getByTestId('help-feedback').click();
  await page.getByTestId('feedback-message').fill('Le plateau est difficile à lire au fond de la salle.');
  await page.getByTestId('feedback-consent').check();
  await shot(page, 'feedback-1280');
  await page.getByTestId('feedback-send').click();
  await expect.poll(async () => (await stored()).length).toBe(1);
  expect((await stored())[0]).toMatchObject({
    kind: 'problem',
    page: '/dashboard/intro',
    user_id: user.userId,
    contact_consent: true,
    locale: 'fr',
    viewport_width: 1280,
  });

  await page.goto(`${app.origin}/dashboard/suggest-feature`);
  await page.getByTestId('feedback-message').fill('Un mode pour deux classes à la fois.');
  await page.getByTestId('feedback-send').click();
  await expect.poll(async () => (await stored()).length).toBe(2);
  expect((await stored())[1]).toMatchObject({ kind: 'suggestion', page: '/dashboard/suggest-feature' });

  const phone = await app.person({ as: user, viewport: PHONE });
  await phone.page.goto(`${app.origin}/dashboard/intro`);
  await phone.page.getByTestId('help-menu').click();
  await phone.page.getByTestId('help-articles').waitFor();
  await shot(phone.page, 'menu-390');
  await phone.page.getByTestId('help-articles').click();
  await phone.page.getByTestId('help-open-projector').click();
  await phone.page.getByTestId('help-article-projector').waitFor();
  await shot(phone.page, 'article-390');
  await phone.page.keyboard.press('Escape');
  await phone.page.goto(`${app.origin}/dashboard/suggest-feature`);
  await phone.page.getByTestId('feedback-message').waitFor();
  await shot(phone.page, 'feedback-390');
});

it('shows no help menu to a player', async () => {
  const player = await app.anonymous('Pat');
  const { page } = await app.person({ as: player });
  await page.goto(`${app.origin}/`);
  await page.getByTestId('user-menu').waitFor();
  expect(await page.getByTestId('help-menu').count()).toBe(0);
});
