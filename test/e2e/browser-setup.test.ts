/**
 * The Chromium the browser tests drive (issue 40): a person's window opens no hidden pages of the
 * browser's own. The omnibox's WebUI popups, two per window, took about a fifth of a browser
 * file's CPU; a Chromium or Playwright update that brings them back fails here.
 */
import { expect, it } from 'vitest';
import { browserFixture } from '../support/browser-fixture';

const app = browserFixture();

it("opens a person's page and none of the browser's own", async () => {
  const { page } = await app.person();
  await page.goto(`${app.origin}/`);
  const cdp = await app.browser.newBrowserCDPSession();
  const { targetInfos } = await cdp.send('Target.getTargets');
  await cdp.detach();
  expect(targetInfos.filter((target) => target.type !== 'page').map((target) => target.url)).toEqual([]);
  expect(targetInfos.filter((target) => target.type === 'page').map((target) => target.url)).toEqual([
    `${app.origin}/`,
  ]);
});
