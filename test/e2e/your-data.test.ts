import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, refusal, SHOTS } from '../support/browser-fixture';

/**
 * "Your data" in real Chromium (issue 25, item 9): the settings tab downloads the account's data as
 * a JSON file, refuses a deletion with a wrong address (before sending) or password (the server's
 * answer), and deletes the account once both are right, landing signed out on the home page.
 * Screenshots of the section at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture();

const shotOfSection = (page: Page, name: string) =>
  page.getByTestId('your-data').screenshot({ path: `${shots}/${name}.png` });

it('downloads my data as JSON, refuses a wrong address or password, and deletes the account', async () => {
  const dana = await app.instructor('dana@example.org');
  const { gameId } = await dana.api.beergame.create.mutate({ name: 'Dana class', template: 'classic' });
  const { page } = await app.person({ viewport: DESKTOP, as: dana, name: 'Dana' });
  await page.goto(`${app.origin}/dashboard/settings`);
  const section = page.getByTestId('your-data');
  await section.getByRole('heading', { name: 'Your data' }).waitFor();

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    section.getByRole('button', { name: 'Download my data' }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^my-data-\d{4}-\d{2}-\d{2}\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
  expect(data.account).toMatchObject({ id: dana.userId, email: 'dana@example.org' });
  expect(data.gamesCreated.map((g: { id: string }) => g.id)).toEqual([gameId]);

  // A wrong address is refused beside the field, before anything is sent.
  await page.getByTestId('your-data-email').fill('someone@example.org');
  await page.getByTestId('your-data-delete').click();
  await section.getByText("This is not your account's e-mail address.").waitFor();
  expect(await page.getByTestId('your-data-email').getAttribute('aria-invalid')).toBe('true');
  await settled(page);
  await shotOfSection(page, 'your-data-refused-1280');

  // A wrong password: the server refuses, nothing is deleted.
  const refused = app.expectConsoleErrors(refusal(400, 'account.delete'));
  await page.getByTestId('your-data-email').fill('dana@example.org');
  await page.getByTestId('your-data-password').fill('not my password');
  await page.getByTestId('your-data-delete').click();
  await page.getByText('Wrong password: nothing was deleted.').waitFor();
  refused();
  expect((await dana.api.account.me.query())?.id).toBe(dana.userId);

  await page.getByTestId('your-data-password').fill('correct horse battery');
  await page.getByTestId('your-data-delete').click();
  await page.waitForURL(`${app.origin}/`);
  await page.getByRole('link', { name: 'Log in' }).first().waitFor();
  expect(await page.getByTestId('user-menu').count()).toBe(0);
  const { db } = app.server.services.database;
  expect(await db.selectFrom('user').select('id').where('id', '=', dana.userId).execute()).toEqual([]);
});

it('shows the section whole on a phone and on a desktop', async () => {
  const ada = await app.instructor('ada@example.org');
  for (const [viewport, name] of [
    [PHONE, 'your-data-390'],
    [DESKTOP, 'your-data-1280'],
  ] as const) {
    const { page, context } = await app.person({ viewport, as: ada });
    await page.goto(`${app.origin}/dashboard/settings`);
    await page.getByTestId('your-data').getByRole('heading', { name: 'Your data' }).waitFor();
    await settled(page);
    await shotOfSection(page, name);
    await context.close();
  }
});
