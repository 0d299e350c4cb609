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
