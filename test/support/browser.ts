/**
 * Debian's Chromium for the browser tests, with the flags of a machine without internet, and a
 * fresh context per person: an English (UK) browser, a phone when the viewport is narrow. What
 * their pages say wrong is watched by the browser tests' fixture (browser-fixture.ts).
 *
 * Accessibility (axe-core, rules of WCAG 2.0/2.1 A and AA): every page a browser test shows is
 * checked, with no call needed, by the fixture's people —
 * - when the test calls `settled(page)` (before a screenshot, the page at rest), and
 * - at the end of each test, on every page still open,
 * once per page kind (`a11yRouteKey`: the path with its ids as `:id`, and phone or desktop) per test
 * file, so the suite stays fast. A serious or critical violation fails the test with the rule, its
 * impact, the elements and axe's summary. To check a state of a page the automatic pass would skip
 * (a dialog open, a later step of the same route), call
 * `expectNoSeriousA11yViolations(page, 'what is shown')`: it always checks.
 */
import axe from 'axe-core';
import { type Browser, type BrowserContext, chromium, type Page } from 'playwright-core';
import { CHROMIUM_ARGS, chromiumPath } from './chromium-path';

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 860 };

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: chromiumPath(),
    args: [...CHROMIUM_ARGS, '--disable-gpu'],
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
    /** Whether the tracking question is still to answer; by default the person refused it already. */
    askConsent?: boolean;
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
  // The consent banner (issue 28) is answered once per device: a test about something else starts
  // as a visitor who already refused, as a returning one would.
  if (!options.askConsent)
    await context.addInitScript(() => {
      // A blank tab (about:blank) has no storage of its own: reading it there throws.
      if (location.protocol === 'about:') return;
      if (localStorage.getItem('sg_consent') === null) localStorage.setItem('sg_consent', 'refused');
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
  await untilAtRest(page);
  await autoA11y.get(page)?.(page);
}

/** After the next two frames, once every animation that ends has ended (a spinner's never does). */
export async function untilAtRest(page: Page): Promise<void> {
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

/** The rules axe runs: WCAG 2.0 and 2.1, levels A and AA. */
export const A11Y_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

interface A11yViolation {
  id: string;
  impact: string | null | undefined;
  help: string;
  nodes: { target: unknown[]; html: string; failureSummary?: string | undefined }[];
}

/** The serious and critical violations of axe's rules on `page` as it is now. */
export async function seriousA11yViolations(page: Page): Promise<A11yViolation[]> {
  await untilAtRest(page);
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(axe.source);
  const violations = await page.evaluate(async (tags) => {
    const run = (window as unknown as { axe: typeof axe }).axe.run;
    const result = await run(document, {
      runOnly: { type: 'tag', values: tags },
      resultTypes: ['violations'],
    });
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.map((node) => ({
        target: node.target,
        html: node.html,
        failureSummary: node.failureSummary,
      })),
    }));
  }, A11Y_TAGS);
  return violations.filter((violation) => violation.impact === 'serious' || violation.impact === 'critical');
}

/** What a list of violations says: a line per rule, then its elements (at most 8) and why. */
export function describeA11yViolations(violations: A11yViolation[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes.slice(0, 8).map((node) => {
        const why = (node.failureSummary ?? '').split('\n').slice(1, 2).join(' ').trim();
        // The element's own markup (its start) says which component it is where a generated id cannot.
        const html = node.html.length > 160 ? `${node.html.slice(0, 160)}…` : node.html;
        return `    ${JSON.stringify(node.target)}${why ? ` — ${why}` : ''}\n      ${html}`;
      });
      const more = violation.nodes.length > 8 ? [`    … and ${violation.nodes.length - 8} more`] : [];
      return [
        `  ${violation.id} (${violation.impact}, ${violation.nodes.length}): ${violation.help}`,
        ...nodes,
        ...more,
      ].join('\n');
    })
    .join('\n');
}

/** Fails, naming `label` and each violation, unless axe finds nothing serious or critical on `page`. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  const violations = await seriousA11yViolations(page);
  if (violations.length === 0) return;
  throw new Error(`Accessibility of ${label} (${page.url()}):\n${describeA11yViolations(violations)}`);
}

/**
 * A page's kind, for checking each kind once: its path with the segments that name something (a
 * game, a session, a code: any with a digit or an upper-case letter, or after /game, /session, /j)
 * as `:id`, and whether it is seen on a phone.
 */
export function a11yRouteKey(url: string, viewportWidth: number): string {
  const segments = new URL(url).pathname.split('/');
  const named = segments.map((segment, index) =>
    /[\dA-Z]/.test(segment) || /^(game|session|j)$/.test(segments[index - 1] ?? '') ? ':id' : segment,
  );
  return `${named.join('/')} ${viewportWidth < 500 ? 'phone' : 'desktop'}`;
}

/** The automatic check of a fixture's pages, run by `settled`: see browser-fixture.ts. */
export const autoA11y = new WeakMap<Page, (page: Page) => Promise<void>>();
