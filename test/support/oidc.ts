/**
 * A real OpenID Connect provider inside a test (the `oidc-provider` package on 127.0.0.1), standing
 * in for Google and Microsoft: the server's config points GOOGLE_ISSUER and MICROSOFT_AUTHORITY
 * here, and everything else is the production path. Its pages are the package's own development
 * pages: any login with any password, then a consent. Who a login is (address, whether verified,
 * name) is the test's to say, in `people`.
 *
 * Its endpoints sit where Microsoft's are (`/common/oauth2/v2.0/…`), since better-auth's Microsoft
 * provider builds them from its authority; Google's path discovers them, wherever they are.
 */
import { generateKeyPairSync } from 'node:crypto';
import { createServer } from 'node:http';
import Provider, { type Adapter, type AdapterPayload } from 'oidc-provider';
import type { SocialSignInConfig } from '../../src-server/config';
import type { SocialProvider } from '../../src-shared/rules/social-sign-in';
import { freePort } from './server';

export interface ProviderPerson {
  email: string;
  emailVerified: boolean;
  name?: string;
}

export interface TestOidcProvider {
  /** http://127.0.0.1:port */
  issuer: string;
  /** The server's settings for Google and Microsoft, both here. */
  socialSignIn: SocialSignInConfig;
  /** Who each login typed on the provider's page is; an unknown login has no e-mail. */
  people: Map<string, ProviderPerson>;
  /** Lets the provider send people back to the app at `origin` (known once its server runs). */
  allowApp(origin: string): void;
  close(): Promise<void>;
}

const secretOf = (provider: SocialProvider) => `${provider}-test-secret`;

/** oidc-provider's storage in memory; its clients made from the app's address when asked for. */
function memoryAdapter(name: string, appOrigin: () => string | null): Adapter {
  const rows = new Map<string, AdapterPayload>();
  const matching = (test: (row: AdapterPayload) => boolean) => [...rows.values()].find(test);
  return {
    async upsert(id, payload) {
      rows.set(id, payload);
    },
    async find(id) {
      const origin = appOrigin();
      if (name !== 'Client') return rows.get(id);
      if (!origin || !['google', 'microsoft'].includes(id)) return undefined;
      return {
        client_id: id,
        client_secret: secretOf(id as SocialProvider),
        redirect_uris: [`${origin}/api/auth/callback/${id}`],
        token_endpoint_auth_method: 'client_secret_post',
      };
    },
    async findByUserCode(code) {
      return matching((row) => row.userCode === code);
    },
    async findByUid(uid) {
      return matching((row) => row.uid === uid);
    },
    async consume(id) {
      const row = rows.get(id);
      if (row) row.consumed = Math.floor(Date.now() / 1000);
    },
    async destroy(id) {
      rows.delete(id);
    },
    async revokeByGrantId(grantId) {
      for (const [id, row] of rows) if (row.grantId === grantId) rows.delete(id);
    },
  };
}

export async function startOidcProvider(): Promise<TestOidcProvider> {
  const port = await freePort();
  const issuer = `http://127.0.0.1:${port}`;
  const people = new Map<string, ProviderPerson>();
  let appOrigin: string | null = null;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const provider = new Provider(issuer, {
    adapter: (name: string) => memoryAdapter(name, () => appOrigin),
    jwks: { keys: [{ ...key, kid: 'test-key', use: 'sig', alg: 'RS256' }] },
    cookies: { keys: ['oidc-test-cookie-key'] },
    // Google and Microsoft put the person's claims in the ID token, as this does.
    conformIdTokenClaims: false,
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      // Microsoft's account id (`oid`, better-auth's key for it) and tenant come with the profile.
      profile: ['name', 'oid', 'tid'],
    },
    routes: {
      authorization: '/common/oauth2/v2.0/authorize',
      token: '/common/oauth2/v2.0/token',
      jwks: '/common/discovery/v2.0/keys',
    },
    findAccount: (_ctx, sub) => ({
      accountId: sub,
      claims: () => {
        const person = people.get(sub);
        return {
          sub,
          oid: `oid-${sub}`,
          tid: 'test-tenant',
          ...(person && { email: person.email, email_verified: person.emailVerified, name: person.name }),
        };
      },
    }),
  });
  const answer = provider.callback();
  // Browsers ask every page's site for an icon: none here, and no error for it.
  const server = createServer((req, res) => {
    if (req.url === '/favicon.ico') res.writeHead(204).end();
    else answer(req, res);
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const app = (provider: SocialProvider) => ({ clientId: provider, clientSecret: secretOf(provider) });
  return {
    issuer,
    people,
    socialSignIn: {
      google: { ...app('google'), issuer },
      microsoft: { ...app('microsoft'), tenantId: 'common', authority: issuer },
    },
    allowApp(origin) {
      appOrigin = origin;
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** Cookies as a browser keeps them for one host (the app and the provider share 127.0.0.1). */
export class CookieJar {
  private readonly cookies = new Map<string, { value: string; path: string }>();

  take(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
      const [name = '', value = ''] = [pair.slice(0, pair.indexOf('=')), pair.slice(pair.indexOf('=') + 1)];
      const path = attributes.find((a) => /^path=/i.test(a))?.slice(5) || '/';
      const gone = value === '' || attributes.some((a) => /^max-age=(0|-)/i.test(a));
      if (gone) this.cookies.delete(`${name};${path}`);
      else this.cookies.set(`${name};${path}`, { value, path });
    }
  }

  header(url: URL): string {
    return [...this.cookies]
      .filter(([, cookie]) => url.pathname.startsWith(cookie.path))
      .map(([key, cookie]) => `${key.split(';')[0]}=${cookie.value}`)
      .join('; ');
  }
}

export interface SocialSignIn {
  /** Where the app sent the person in the end (a page of the app, with its query). */
  landing: URL;
  jar: CookieJar;
}

/**
 * A Google or Microsoft sign-in over HTTP, as a browser does it: the app's sign-in endpoint, the
 * provider's log-in page (as `login`, any password), its consent page, the app's callback, and on
 * to the page the app sends the person to. `jar` carries the app's cookies in (an anonymous player's);
 * `language` is the one the app shows (its Accept-Language).
 */
export async function signInThrough(
  appUrl: string,
  provider: string,
  login: string,
  { jar = new CookieJar(), language = 'en' }: { jar?: CookieJar; language?: string } = {},
): Promise<SocialSignIn> {
  const app = new URL(appUrl);
  const start = new URL('/api/auth/sign-in/social', app);
  const started = await fetch(start, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: app.origin,
      cookie: jar.header(start),
      'accept-language': language,
    },
    body: JSON.stringify({
      provider,
      callbackURL: '/dashboard',
      newUserCallbackURL: '/setup-account',
      errorCallbackURL: '/login',
    }),
  });
  jar.take(started);
  const answer = (await started.json()) as { url?: string };
  if (!started.ok || !answer.url)
    throw new Error(`sign-in/social: ${started.status} ${JSON.stringify(answer)}`);
  let url = new URL(answer.url);
  let form: Record<string, string> | null = null;
  for (let hop = 0; hop < 20; hop++) {
    const response: Response = await fetch(url, {
      method: form ? 'POST' : 'GET',
      redirect: 'manual',
      headers: {
        cookie: jar.header(url),
        ...(form && { 'content-type': 'application/x-www-form-urlencoded', origin: url.origin }),
      },
      body: form ? new URLSearchParams(form) : undefined,
    });
    jar.take(response);
    form = null;
    const location = response.headers.get('location');
    if (location) {
      url = new URL(location, url);
      if (url.origin === app.origin && !url.pathname.startsWith('/api/')) return { landing: url, jar };
      continue;
    }
    const page: string = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="(\w+)"/.exec(page)?.[1];
    if (!response.ok || !action || !prompt)
      throw new Error(`${url}: ${response.status} ${page.slice(0, 300)}`);
    url = new URL(action.replaceAll('&amp;', '&'), url);
    form = prompt === 'login' ? { prompt, login, password: 'any password' } : { prompt };
  }
  throw new Error('the sign-in never came back to the app');
}
