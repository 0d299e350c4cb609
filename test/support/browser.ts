/**
 * Debian's Chromium for the browser tests, with the flags of a machine without internet, and a
 * fresh context per person: an English (UK) browser, a phone when the viewport is narrow. What
 * their pages say wrong is watched by the browser tests' fixture (browser-fixture.ts).
 */
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { chromiumPath } from './chromium-path';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;

/**
 * A new person's browser: `viewport` (a phone below 500 px wide, with touch), optionally the
 * storage of an earlier context (the same device).
 */
export async function newPerson(
  browser: Browser,
  options: {
    viewport?: { width: number; height: number };
    storageState?: StorageState;
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const viewport = options.viewport ?? DESKTOP;
  const phone = viewport.width < 500;
  const context = await browser.newContext({
    locale: 'en-GB',
    viewport,
    ...(phone ? { isMobile: true, hasTouch: true, deviceScaleFactor: 2 } : {}),
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  const page = await context.newPage();
  page.setDefaultTimeout(15_000);
  return { context, page };
}

/**
 * Resolves once the page's running animations and transitions have ended (a dropdown opening, a
 * stepper moving on): what a screenshot waits for, rather than a guessed delay. Two frames first,
 * for a transition that starts on the next one.
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    for (let frame = 0; frame < 2; frame++) await new Promise(requestAnimationFrame);
    // A spinner turns for ever: only the animations that end are waited for.
    const ending = document
      .getAnimations()
      .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.all(ending.map((animation) => animation.finished.catch(() => {})));
  });
}

/**
 * A new account's first sign-in questions (`/setup-account`), answered as a teacher with the names
 * suggested from the sign-up's name: the page then takes the user where they were going.
 */
export async function answerSetup(page: Page): Promise<void> {
  await page.waitForURL('**/setup-account');
  await page.getByTestId('profile-type-teacher').click();
  await page.getByTestId('setup-submit').click();
  await page.waitForURL((url) => !url.pathname.startsWith('/setup-account'));
}
