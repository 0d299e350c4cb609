/**
 * The Chromium the browser tests drive: CHROMIUM_PATH when set, else where Debian's `chromium` or
 * Ubuntu's `chromium-browser` package installs it. A newcomer without either is told how to get one
 * before any test starts, instead of a launch error deep in Playwright.
 */
import { existsSync } from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser'] as const;

export function chromiumPath(
  env: NodeJS.ProcessEnv = process.env,
  exists: (path: string) => boolean = existsSync,
): string {
  const chosen = env.CHROMIUM_PATH;
  if (chosen) {
    if (!exists(chosen)) throw new Error(`CHROMIUM_PATH is ${chosen}, and there is no such file.`);
    return chosen;
  }
  const found = CHROMIUM_CANDIDATES.find((path) => exists(path));
  if (found) return found;
  throw new Error(
    `The browser tests need Chromium, and there is none at ${CHROMIUM_CANDIDATES.join(' or ')}. ` +
      'Install it (Debian: `sudo apt-get install chromium`; Ubuntu: `sudo apt-get install chromium-browser`) ' +
      'or set CHROMIUM_PATH to a Chromium or Chrome executable.',
  );
}

/**
 * The flags every Chromium of ours starts with: no sandbox (tests run as root), nothing fetched from
 * the internet, and no omnibox popups. Chromium 156 preloads two hidden WebUI pages (the omnibox's
 * popups) for every window, and every browser context a test opens is a window: they took about a
 * fifth of a browser file's CPU (session-class and dashboard, 57-63 s of CPU against 47-48 s
 * without them, issue 40). A second --disable-features replaces Playwright's own, so its list
 * (playwright-core 1.65's chromiumSwitches, less Windows' and Edge's) is repeated here with the
 * popups added.
 */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  `--disable-features=${[
    'AvoidUnnecessaryBeforeUnloadCheckSync',
    'DestroyProfileOnBrowserClose',
    'HttpsUpgrades',
    'HttpsFirstBalancedModeAutoEnable',
    'LensOverlay',
    'MediaRouter',
    'PaintHolding',
    'ThirdPartyStoragePartitioning',
    'AvoidCorsURLLoaderRestartOnRedirect',
    'OptimizationHints',
    'NetworkTimeServiceQuerying',
    'AimEnabled',
    'PreconnectToSearch',
    'WebUIOmniboxPopup',
    'WebUIOmniboxAimPopup',
  ].join(',')}`,
];
