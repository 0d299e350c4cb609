import type { Page } from 'playwright-core';
import { beforeAll, expect, it } from 'vitest';
import { answerSetup, DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, type Person, SHOTS } from '../support/browser-fixture';

/**
 * The instructor's workspace in real Chromium: an anonymous visitor is sent to sign up and comes
 * back to the tab they asked for; the tabs are addresses (the back button goes back a tab); a
 * phone gets a menu of the tabs; the profile saves a name and switches the language, and refuses
 * a name too long with the reason beside the field. One instructor's browser throughout.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const app = browserFixture();
let instructor: Person;

beforeAll(async () => {
  instructor = await app.person();
});

const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${shots}/shell-${name}.png`, fullPage: true });

it('tells a visitor coming for a template why they must sign up first', async () => {
  const visitor = await app.person();
  await visitor.page.goto(`${app.origin}/dashboard/templates?template=classic`);
  await visitor.page.waitForURL('**/signup');
  await visitor.page.getByText('Create your instructor account, or log in, to use this template.').waitFor();
  await visitor.context.close();
});

it('sends an anonymous visitor to sign up and back to the tab they asked for', async () => {
  const { page } = instructor;
  await page.goto(`${app.origin}/dashboard/templates`);
  await page.waitForURL('**/signup');
  await page.getByText('Please log in with your instructor account to access this page.').waitFor();
  await page.getByLabel('Your name').fill('Ada Lovelace');
  await page.getByLabel('E-mail').fill('ada@example.org');
  await page.getByLabel(/^Password/).fill('correct horse battery');
  await page.getByRole('button', { name: 'Create my account' }).click();
  await answerSetup(page);
  await page.waitForURL('**/dashboard/templates');
  await page.getByTestId('templates-defaults').waitFor();
  await shot(page, 'templates-1280');
});

it('switches tabs through the address, and the back button goes back a tab', async () => {
  const { page } = instructor;
  await page.getByTestId('tab-games').click();
  await page.waitForURL('**/dashboard/games');
  await page.getByLabel('Game name').waitFor();
  await page.getByTestId('tab-intro').click();
  await page.waitForURL('**/dashboard/intro');
  await page.getByTestId('onboarding-create').waitFor();
  await page.goBack();
  await page.waitForURL('**/dashboard/games');
  await page.getByLabel('Game name').waitFor();
  await page.goBack();
  await page.waitForURL('**/dashboard/templates');

  // A subtab opens its tab.
  await page.goto(`${app.origin}/dashboard/games/archived`);
  await page.getByLabel('Game name').waitFor();
  expect(await page.getByTestId('tab-games').getAttribute('aria-selected')).toBe('true');

  // An unknown tab is the intro; nothing is ticked before it is done, and a new game ticks the first step.
  await page.goto(`${app.origin}/dashboard/nowhere`);
  await page.waitForURL('**/dashboard/intro');
  await expect.poll(() => page.getByTestId('onboarding').textContent()).toContain('0 of 4 done');
  await page.getByTestId('tab-games').click();
  await page.getByLabel('Game name').fill('Operations 201');
  await page.getByRole('button', { name: 'Create the game' }).click();
  await page.waitForURL(/\/game\/[\w-]+\/intro$/);
  await page.goto(`${app.origin}/dashboard/games`);
  await page.getByText('Operations 201').waitFor();
  await shot(page, 'games-1280');
  await page.getByTestId('tab-intro').click();
  await expect.poll(() => page.getByTestId('onboarding').textContent()).toContain('1 of 4 done');
  await shot(page, 'intro-1280');

  // The onboarding "video": a walkthrough, step by step.
  await page.getByTestId('open-walkthrough').click();
  await page.waitForURL('**/dashboard/intro?welcomevideo=1');
  await page.getByTestId('walkthrough-create').waitFor();
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByTestId('walkthrough-share').waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/shell-walkthrough-1280.png` });
  await page.keyboard.press('Escape');
  await page.waitForURL(/\/dashboard\/intro$/);
});

it('refuses a name too long beside the field, saves the profile and switches the language', async () => {
  const { page } = instructor;
  // The header's user menu leads to the profile.
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Profile settings' }).click();
  await page.waitForURL('**/dashboard/settings#profile');
  await page.getByTestId('profile-firstname').fill('A'.repeat(41));
  await page.getByTestId('profile-save').click();
  const field = page
    .getByTestId('profile')
    .locator('.mantine-InputWrapper-root', { has: page.getByTestId('profile-firstname') });
  await expect.poll(() => field.textContent()).toContain('Please keep it to 40 characters or fewer.');
  expect(await page.getByTestId('profile-firstname').getAttribute('aria-invalid')).toBe('true');
  await shot(page, 'settings-refused-1280');
  // Nothing was saved: the header still shows the first name set up with.
  expect(await page.getByTestId('user-menu').textContent()).toContain('Ada');

  await page.getByTestId('profile-firstname').fill('Augusta');
  await page.getByTestId('profile-lastname').fill('King');
  await page.getByTestId('profile-player-name').fill('Countess');
  await page.getByTestId('profile-attribution').click();
  await page.getByRole('option', { name: 'A friend or colleague' }).click();
  await page.getByTestId('profile-save').click();
  await page.getByText('Your profile was saved.').waitFor();
  await expect.poll(() => page.getByTestId('user-menu').textContent()).toContain('Augusta');

  await page.getByTestId('profile-language').click();
  await page.getByRole('option', { name: 'Français' }).click();
  await expect.poll(() => page.getByTestId('tab-settings').textContent()).toBe('Paramètres');
  await shot(page, 'settings-fr-1280');
  // Saved in the profile: a fresh browser of the same account opens in French.
  const state = await instructor.context.storageState();
  const other = await app.person({ storageState: { ...state, origins: [] } });
  await other.page.goto(`${app.origin}/dashboard/settings`);
  await expect.poll(() => other.page.getByTestId('tab-settings').textContent()).toBe('Paramètres');
  expect(await other.page.getByTestId('profile-player-name').inputValue()).toBe('Countess');
  await other.context.close();

  await page.getByTestId('profile-language').click();
  await page.getByRole('option', { name: 'English' }).click();
  await expect.poll(() => page.getByTestId('tab-settings').textContent()).toBe('Settings');
  await shot(page, 'settings-1280');
});

it('offers a menu of the tabs on a phone', async () => {
  const { page } = instructor;
  await page.setViewportSize(PHONE);
  await page.goto(`${app.origin}/dashboard/intro`);
  await page.getByTestId('onboarding').waitFor();
  // The first steps: no plan to tick (there are none), and a session to run, not yet run.
  expect(await page.getByTestId('onboarding-plan').count()).toBe(0);
  expect(await page.getByTestId('onboarding-session').textContent()).toContain('Create a session');
  expect(await page.getByTestId('tab-games').isVisible()).toBe(false);
  await shot(page, 'intro-390');
  await page.getByTestId('dashboard-menu').click();
  await page.getByTestId('menu-games').waitFor();
  await settled(page);
  await page.screenshot({ path: `${shots}/shell-menu-390.png` });
  await page.getByTestId('menu-games').click();
  await page.waitForURL('**/dashboard/games');
  await page.getByTestId('menu-games').waitFor({ state: 'detached' });
  await page.getByText('Operations 201').waitFor();
  await shot(page, 'games-390');
  for (const tab of ['templates', 'settings'] as const) {
    await page.getByTestId('dashboard-menu').click();
    await page.getByTestId(`menu-${tab}`).click();
    await page.waitForURL(`**/dashboard/${tab}${tab === 'settings' ? '#profile' : ''}`);
    await page.getByTestId(`menu-${tab}`).waitFor({ state: 'detached' });
    await shot(page, `${tab}-390`);
  }
  await page.goto(`${app.origin}/dashboard/intro?welcomevideo=1`);
  await page.getByTestId('walkthrough-create').waitFor();
  await page.screenshot({ path: `${shots}/shell-walkthrough-390.png` });
  await page.setViewportSize(DESKTOP);
});

it('sends a tab whose instructor logged out in another tab to log in, not to sign up', async () => {
  const { page } = instructor;
  await page.goto(`${app.origin}/dashboard/games`);
  await page.getByText('Operations 201').waitFor();
  const other = await instructor.context.newPage();
  await other.goto(`${app.origin}/dashboard/intro`);
  await other.getByTestId('onboarding').waitFor();
  await other.getByTestId('user-menu').click();
  await other.getByRole('menuitem', { name: 'Log out' }).click();
  // The tab that logged out goes home (spec point 4); the other one asks to log in again.
  await other.waitForURL(`${app.origin}/`);
  await page.waitForURL('**/login');
  await page.getByText('Please log in with your instructor account to access this page.').waitFor();
  await other.close();
});
