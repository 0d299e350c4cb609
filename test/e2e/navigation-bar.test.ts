import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import type { ApiUser } from '../support/server';

/**
 * Issue 28, item 4: the top bar of spec point 2 in real Chromium. Where the logo leads for an
 * instructor and for a player, the home-to-dashboard icon, the Play tab closed to a visitor with
 * its reason, the changelog bell's unread count on the dashboard only, the music player (plays
 * after a press, loops, keeps its volume), and the sign-up's guard word of item 8 (the workbook's
 * refusal is the route's, test/integration/workbook-export.test.ts: a visitor never reaches the button).
 */
const app = browserFixture();
const command = () => ({ commandId: randomUUID() });
const shots = `${SHOTS}/nav`;
let teacher: ApiUser;

beforeAll(async () => {
  mkdirSync(shots, { recursive: true });
  teacher = await app.instructor('nav-bar@example.org');
});

const logoHref = (page: Page) => page.getByTestId('logo').getAttribute('href');

async function shoot(page: Page, name: string) {
  await settled(page);
  await page.screenshot({ path: `${shots}/${name}-${page.viewportSize()!.width}.png` });
}

it("takes an instructor to the dashboard from the logo, with the bell's unread count there only", async () => {
  const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Bar game', template: 'classic' });
  const { page } = await app.person({ as: teacher, name: 'teacher' });
  await page.goto(`${app.origin}/dashboard/intro`);
  await page.getByTestId('changelog-bell').waitFor();
  expect(await logoHref(page)).toBe('/dashboard/intro');
  expect(await page.getByTestId('dashboard-icon').count()).toBe(0);
  // Nothing seen yet in this browser: every entry is unread.
  const unread = Number(await page.getByTestId('changelog-count').getAttribute('data-count'));
  expect(unread).toBeGreaterThan(3);
  expect(await page.getByTestId('changelog-count').innerText()).toContain(String(unread));
  await shoot(page, 'bar-dashboard');
  await page.setViewportSize(PHONE);
  await shoot(page, 'bar-dashboard');
  await page.setViewportSize(DESKTOP);

  await page.getByTestId('changelog-bell').click();
  await page.getByTestId('changelog').waitFor();
  expect(await page.getByTestId('changelog').innerText()).toContain('A music player in the top bar');
  await shoot(page, 'changelog-open');
  expect(await page.getByTestId('changelog-count').getAttribute('data-count')).toBe('0');
  await page.keyboard.press('Escape');
  // Seen is remembered by the browser.
  await page.reload();
  await page.getByTestId('changelog-bell').waitFor();
  expect(await page.getByTestId('changelog-count').getAttribute('data-count')).toBe('0');

  // Off the dashboard: no bell, the icon home to the dashboard.
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await page.getByTestId('dashboard-icon').waitFor();
  expect(await page.getByTestId('changelog-bell').count()).toBe(0);
  expect(await logoHref(page)).toBe('/dashboard/intro');
  await page.getByTestId('dashboard-icon').click();
  await page.waitForURL(/\/dashboard\/intro$/);
});

it("takes a player to their session's lobby from the logo, and a visitor of a game to its page", async () => {
  const { sessionId } = await teacher.api.session.create.mutate({
    name: 'Bar class',
    template: 'blindThenTransparent',
    teamCount: 2,
    ...command(),
  });
  await teacher.api.session.publish.mutate({ sessionId, ...command() });
  const sam = await app.anonymous('Sam');
  const { gameId } = await sam.api.session.join.mutate({
    sessionId,
    teamNumber: 1,
    facilityId: 'retailer',
    ...command(),
  });
  const { page } = await app.person({ as: sam, name: 'Sam', viewport: PHONE });
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await expect.poll(() => logoHref(page)).toBe(`/session/${sessionId}/lobby`);
  expect(await page.getByTestId('dashboard-icon').count()).toBe(0);
  // A player of a session game plays from the lobby: Play stays open.
  expect(await page.getByTestId('tab-play').isDisabled()).toBe(false);

  const visitor = await app.person({ name: 'visitor' });
  const { gameId: open } = await teacher.api.beergame.create.mutate({
    name: 'Open game',
    template: 'classic',
  });
  await visitor.page.goto(`${app.origin}/game/${open}/intro`);
  await visitor.page.getByTestId('tab-play').waitFor();
  expect(await logoHref(visitor.page)).toBe(`/game/${open}/intro`);
});

it('closes Play to a visitor without a seat on the intro, and says why', async () => {
  const { gameId } = await teacher.api.beergame.create.mutate({ name: 'Unjoined', template: 'classic' });
  const { page } = await app.person({ name: 'visitor' });
  await page.goto(`${app.origin}/game/${gameId}/intro`);
  await page.getByTestId('tab-play').waitFor();
  expect(await page.getByTestId('tab-play').isDisabled()).toBe(true);
  expect(await page.getByTestId('tab-results').isDisabled()).toBe(true);
  // The reason is the disabled tab's description, its tooltip (ui/tooltip.tsx, shown by CSS on hover).
  const described = await page.getByTestId('tab-play').getAttribute('aria-describedby');
  expect(await page.locator(`[id="${described}"]`).textContent()).toBe('Join the game to play it.');
  await page.getByTestId('tab-play-reason').hover();
  await expect.poll(() => page.getByText('Join the game to play it.').isVisible()).toBe(true);
  await shoot(page, 'bar-game');
  await page.setViewportSize(PHONE);
  await shoot(page, 'bar-game');
  // Watching stays possible through the intro's own entry.
  await page.getByTestId('watch').click();
  await page.waitForURL(/\/play$/);
  expect(await page.getByTestId('tab-play').isDisabled()).toBe(false);
});

it('plays music only after a press, loops it, and keeps its volume across a reload', async () => {
  const { page } = await app.person({ as: teacher, name: 'teacher' });
  await page.goto(`${app.origin}/dashboard/intro`);
  await page.getByTestId('music-button').click();
  await page.getByTestId('music-player').waitFor();
  const audio = page.getByTestId('music-audio');
  // Opened, not playing: nothing plays before a press of its play button.
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.loop)).toBe(true);
  await shoot(page, 'music-player');

  await audio.evaluate((a: HTMLAudioElement) => {
    (window as unknown as { ended: number }).ended = 0;
    a.addEventListener('ended', () => {
      (window as unknown as { ended: number }).ended++;
    });
  });
  await page.getByTestId('music-toggle').click();
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 15_000 })
    .toBeGreaterThan(0.2);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  // Near its end, the track goes on from its start: currentTime wraps, `ended` never fires.
  const duration = await audio.evaluate((a: HTMLAudioElement) => a.duration);
  expect(duration).toBeGreaterThan(20);
  expect(duration).toBeLessThan(40);
  await audio.evaluate((a: HTMLAudioElement) => {
    a.currentTime = a.duration - 0.4;
  });
  await expect
    .poll(() => audio.evaluate((a: HTMLAudioElement) => a.currentTime), { timeout: 10_000 })
    .toBeLessThan(5);
  expect(await audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(false);
  expect(await page.evaluate(() => (window as unknown as { ended: number }).ended)).toBe(0);

  // Another track, and the volume down by keyboard: 0.5 to 0.3.
  await page.getByTestId('music-track-focus').click();
  await expect.poll(() => audio.getAttribute('src')).toBe('/music/focus.ogg');
  await page.getByRole('slider').focus();
  for (let i = 0; i < 4; i++) await page.keyboard.press('ArrowLeft');
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.3);
  await page.getByTestId('music-toggle').click();
  await expect.poll(() => audio.evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);

  await page.reload();
  await page.getByTestId('music-button').click();
  await page.getByTestId('music-player').waitFor();
  expect(await page.getByRole('slider').getAttribute('aria-valuenow')).toBe('0.3');
  expect(await page.getByTestId('music-audio').evaluate((a: HTMLAudioElement) => a.volume)).toBeCloseTo(0.3);
  expect(await page.getByTestId('music-audio').evaluate((a: HTMLAudioElement) => a.paused)).toBe(true);
  expect(await page.getByTestId('music-audio').getAttribute('src')).toBe('/music/focus.ogg');
  await page.setViewportSize(PHONE);
  await shoot(page, 'music-player');
});
