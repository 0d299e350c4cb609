import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { DESKTOP, PHONE, settled } from '../support/browser';
import { browserFixture, SHOTS } from '../support/browser-fixture';
import { startOidcProvider } from '../support/oidc';

/**
 * Google sign-in in real Chromium (issue 25, item 5): the server's Google is an OpenID Connect
 * provider started here (test/support/oidc.ts). "Continue with Google" on /login, the provider's
 * log-in and consent pages, back signed in: on /setup-account the first time, on the dashboard the
 * next. Screenshots of /login with both providers at 1280 and 390 px.
 */
const shots = process.env.SHOTS_DIR ?? SHOTS;
const oidc = await startOidcProvider();
const app = browserFixture({ server: { socialSignIn: oidc.socialSignIn } });
// After the fixture's own set-up: the app's address is known once its server runs.
beforeAll(() => oidc.allowApp(app.origin));
afterAll(() => oidc.close());

const shot = (page: Page, name: string) => page.screenshot({ path: `${shots}/${name}.png`, fullPage: true });

/**
 * A person whose browser gets no web font: the provider's pages ask for one on the internet, which
 * this machine cannot reach (its console would say so).
 */
async function person(viewport: typeof DESKTOP) {
  const someone = await app.person({ viewport });
  await someone.context.route('https://fonts.googleapis.com/**', (route) =>
    route.fulfill({ contentType: 'text/css', body: '' }),
  );
  return someone;
}

/** Signs in at the provider's own pages (any password), and consents. */
async function throughProvider(page: Page, login: string) {
  await page.waitForURL(`${oidc.issuer}/**`);
  await page.locator('input[name=login]').fill(login);
  await page.locator('input[name=password]').fill('any password');
  await page.getByRole('button', { name: 'Sign-in' }).click();
  await page.getByRole('button', { name: 'Continue' }).click();
}

async function signedInEmail(page: Page): Promise<string | undefined> {
  const answer = await page.request.get(`${app.origin}/api/auth/get-session`);
  return ((await answer.json()) as { user?: { email: string } } | null)?.user?.email;
}

it('signs a new person in with Google, onto /setup-account, and the next time onto the dashboard', async () => {
  oidc.people.set('grace', { email: 'grace@example.org', emailVerified: true, name: 'Grace Hopper' });
  const { page, context } = await person(DESKTOP);
  await page.goto(`${app.origin}/login`);
  const google = page.getByRole('button', { name: 'Continue with Google' });
  await google.waitFor();
  await page.getByRole('button', { name: 'Continue with Microsoft' }).waitFor();
  await settled(page);
  await shot(page, 'login-social-1280');
  await google.click();
  await throughProvider(page, 'grace');
  await page.waitForURL(`${app.origin}/setup-account`);
  expect(await signedInEmail(page)).toBe('grace@example.org');
  await context.close();

  const again = await person(DESKTOP);
  await again.page.goto(`${app.origin}/login`);
  await again.page.getByRole('button', { name: 'Continue with Google' }).click();
  await throughProvider(again.page, 'grace');
  await again.page.waitForURL(`${app.origin}/dashboard**`);
  expect(await signedInEmail(again.page)).toBe('grace@example.org');
  await again.context.close();
});

it('says why a provider could not join an account that already uses the address', async () => {
  await app.instructor('ada@example.org');
  oidc.people.set('ada', { email: 'ada@example.org', emailVerified: false, name: 'Not Ada' });
  const { page, context } = await person(PHONE);
  await page.goto(`${app.origin}/login`);
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await throughProvider(page, 'ada');
  await page.waitForURL(`${app.origin}/login?error=account_not_linked`);
  await page.getByText('An account already uses this e-mail address. Log in with your password').waitFor();
  expect(await signedInEmail(page)).toBeUndefined();
  await settled(page);
  await shot(page, 'login-social-390');
  await context.close();
});
