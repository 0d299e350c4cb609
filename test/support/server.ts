import { createServer } from 'node:net';
import { createTRPCClient, createWSClient } from '@trpc/client';
import superjson from 'superjson';
import WebSocket from 'ws';
import { apiLinks, reconnectDelayMs, socketAddress } from '../../src-client/api-links';
import { type Config, loadConfig } from '../../src-server/config';
import { type RunningServer, startServer } from '../../src-server/main';
import type { AppRouter } from '../../src-server/trpc/router';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { BeerView } from '../../src-shared/beergame';
import { TEST_POOL_MAX } from './pool';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/** A real server on a free port of 127.0.0.1, on PostgreSQL (`databaseUrl`) or a PGlite directory. */
export async function startTestServer(options: {
  databaseUrl?: string;
  dataDir?: string;
  pollMs?: number;
  /** How long deadlines overdue at start (or after a database outage) wait: the default otherwise. */
  schedulerStartGraceMs?: number;
  signInCheckMs?: number;
  sessionCacheMs?: number;
  /** The address users reach; defaults to the server's own http://127.0.0.1:port. */
  publicUrl?: string;
  migrationDatabaseUrl?: string;
  trustProxy?: string[];
  limits?: Partial<Config['limits']>;
  /** A given port (a restart on the address open pages know); a free one by default. */
  port?: number;
  /** Mail settings over the defaults (an SMTP server of the test's: `smtpUrl`). */
  mail?: Partial<Config['mail']>;
  /** Google and Microsoft sign-in (a provider of the test's: test/support/oidc.ts); none by default. */
  socialSignIn?: Config['socialSignIn'];
  /** Plans and billing over the defaults (plans off): `{ plans: true }` is the hosted service. */
  billing?: Partial<Config['billing']>;
  /** Addresses of the installation's operators (OPERATOR_EMAILS); none by default. */
  operatorEmails?: string[];
  /** The help menu's outside links; none by default. */
  helpLinks?: Config['helpLinks'];
  /** Sentry DSN, analytics forwarding (services of the test's); none by default. */
  telemetry?: Partial<Config['telemetry']>;
  /** Uploaded files: in memory by default (a folder or a bucket of the test's otherwise). */
  storage?: Config['storage'];
}): Promise<RunningServer> {
  const port = options.port ?? (await freePort());
  const defaults = loadConfig({});
  return startServer({
    ...defaults,
    migrationDatabaseUrl: options.migrationDatabaseUrl,
    trustProxy: options.trustProxy ?? [],
    limits: { ...defaults.limits, ...options.limits },
    mail: { ...defaults.mail, ...options.mail },
    billing: { ...defaults.billing, ...options.billing },
    socialSignIn: options.socialSignIn ?? {},
    operatorEmails: options.operatorEmails ?? [],
    helpLinks: options.helpLinks ?? {},
    telemetry: { ...defaults.telemetry, ...options.telemetry },
    storage: options.storage ?? { filesDir: null },
    port,
    host: '127.0.0.1',
    publicUrl: options.publicUrl ?? `http://127.0.0.1:${port}`,
    trustedOrigins: [new URL(options.publicUrl ?? `http://127.0.0.1:${port}`).origin],
    databaseUrl: options.databaseUrl,
    databasePoolMax: TEST_POOL_MAX,
    dataDir: options.dataDir ?? 'memory://',
    authSecret: 'integration-tests-secret-integration-tests',
    logLevel: 'warn',
    pollMs: options.pollMs ?? 10_000,
    schedulerStartGraceMs: options.schedulerStartGraceMs ?? defaults.schedulerStartGraceMs,
    signInCheckMs: options.signInCheckMs ?? 15_000,
    sessionCacheMs: options.sessionCacheMs ?? defaults.sessionCacheMs,
  });
}

export interface ApiUser {
  cookie: string;
  userId: string;
  api: ReturnType<typeof createTRPCClient<AppRouter>>;
  close(): void;
  socketOpen(): boolean;
}

const originOf = (baseUrl: string) => new URL(baseUrl).origin.replace('localhost', '127.0.0.1');

async function authRequest(baseUrl: string, path: string, body: unknown) {
  const response = await fetch(`${originOf(baseUrl)}/api/auth${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originOf(baseUrl) },
    body: JSON.stringify(body),
  });
  if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const json = (await response.json()) as { user: { id: string } };
  return { cookie, userId: json.user.id };
}

/**
 * A tRPC client for `baseUrl` that carries `cookie` on HTTP and on the WebSocket handshake, and
 * sends each call the way the app does (`apiLinks`);
 * `onSocket` sees each WebSocket it opens (the live-traffic test counts what they receive);
 * `reconnect: 'like the app'` reconnects as a page does after a server's restart (the crash run).
 * `game` opens its WebSocket as the page of that game does (what a proxy keys on: the load runs).
 */
export function apiClient(
  baseUrl: string,
  cookie: string,
  onSocket?: (socket: WebSocket) => void,
  { reconnect, game }: { reconnect?: 'like the app'; game?: string } = {},
) {
  const origin = originOf(baseUrl);
  const headers = { cookie, origin };
  class CookieWebSocket extends WebSocket {
    constructor(address: string | URL, protocols?: string | string[]) {
      super(address, protocols, { headers });
      onSocket?.(this);
    }
  }
  const wsClient = createWSClient({
    // As the app's socket on the page of `game`, when given (the proxy's key: socketAddress).
    url: socketAddress(`${origin.replace('http', 'ws')}/api/trpc`, game ? `/game/${game}/play` : '/'),
    WebSocket: CookieWebSocket as unknown as typeof globalThis.WebSocket,
    ...(reconnect ? { retryDelayMs: reconnectDelayMs } : {}),
  });
  const api = createTRPCClient<AppRouter>({
    links: apiLinks({ wsClient, url: `${origin}/api/trpc`, headers }),
  });
  return {
    api,
    close: () => wsClient.close(),
    /** Whether its WebSocket is open (a page's, opened with the page, before what the test does). */
    socketOpen: () => wsClient.connection?.state === 'open',
  };
}

/**
 * A new instructor, signed in: sign-up opens no session (it answers a taken address alike), so a
 * sign-in follows. They have answered /setup-account's questions unless `setUp` is false (then a
 * log-in takes them to that page first).
 */
export async function signUpInstructor(
  baseUrl: string,
  email: string,
  { setUp = true }: { setUp?: boolean } = {},
): Promise<ApiUser> {
  await authRequest(baseUrl, '/sign-up/email', {
    email,
    password: INSTRUCTOR_PASSWORD,
    name: 'Ada Instructor',
    ...(setUp ? { firstname: 'Ada', lastname: 'Instructor', profileType: 'teacher' } : {}),
  });
  return signInInstructor(baseUrl, email);
}

const INSTRUCTOR_PASSWORD = 'correct horse battery';

/** An instructor of `signUpInstructor`, signed in again (on a restored database, say). */
export async function signInInstructor(baseUrl: string, email: string): Promise<ApiUser> {
  const { cookie, userId } = await authRequest(baseUrl, '/sign-in/email', {
    email,
    password: INSTRUCTOR_PASSWORD,
  });
  return { cookie, userId, ...apiClient(baseUrl, cookie) };
}

export async function signInAnonymous(baseUrl: string, name: string): Promise<ApiUser> {
  const anonymous = await authRequest(baseUrl, '/sign-in/anonymous', {});
  const response = await fetch(`${originOf(baseUrl)}/api/auth/update-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: originOf(baseUrl), cookie: anonymous.cookie },
    body: JSON.stringify({ name }),
  });
  if (!response.ok) throw new Error(`update-user: ${response.status}`);
  return { ...anonymous, ...apiClient(baseUrl, anonymous.cookie) };
}

/** Resolves with the first view of a game subscription that satisfies `predicate`. */
export function waitForView<V>(
  subscribe: (handlers: {
    onData: (tracked: { id: string; data: V }) => void;
    onError: (error: unknown) => void;
  }) => {
    unsubscribe(): void;
  },
  predicate: (view: V) => boolean,
  timeoutMs = 15_000,
): Promise<{ id: string; data: V }> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error('timed out waiting for a view'));
    }, timeoutMs);
    const subscription = subscribe({
      onData: (tracked) => {
        if (!predicate(tracked.data)) return;
        clearTimeout(timer);
        subscription.unsubscribe();
        resolve(tracked);
      },
      onError: (error) => {
        clearTimeout(timer);
        reject(error);
      },
    });
  });
}

/** Resolves with the first view of a beer game subscription that satisfies `predicate`. */
export function waitForBeerView(
  subscribe: Parameters<typeof waitForView<GameView>>[0],
  predicate: (view: BeerView) => boolean,
  timeoutMs?: number,
): Promise<{ id: string; data: BeerView }> {
  return waitForView<GameView>(
    subscribe,
    (view) => view.gameType === 'beergame' && predicate(view),
    timeoutMs,
  ) as Promise<{ id: string; data: BeerView }>;
}

/** What the server answered a request made by hand (any body, any headers). */
export interface RawAnswer {
  status: number;
  headers: Headers;
  /** The tRPC error's message id, or better-auth's error code. */
  messageId?: string;
  body: unknown;
}

/** A request of `method` to `path` (under the server's origin) with `body` sent as is. */
export async function rawRequest(
  baseUrl: string,
  path: string,
  options: {
    method?: string;
    body?: string;
    headers?: Record<string, string>;
    /** 'manual' answers a redirect itself rather than the page it points to. */
    redirect?: RequestRedirect;
  } = {},
): Promise<RawAnswer> {
  const origin = originOf(baseUrl);
  const response = await fetch(`${origin}${path}`, {
    method: options.method ?? 'POST',
    headers: { 'content-type': 'application/json', origin, ...options.headers },
    body: options.body,
    redirect: options.redirect,
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {}
  const trpcError = (body as { error?: { json?: { data?: { messageId?: string } } } } | null)?.error;
  const authCode = (body as { code?: unknown } | null)?.code;
  return {
    status: response.status,
    headers: response.headers,
    messageId: trpcError?.json?.data?.messageId ?? (typeof authCode === 'string' ? authCode : undefined),
    body,
  };
}

/** One tRPC call (not batched) of `procedure` with `input` encoded as the client does. */
export function trpcRequest(
  baseUrl: string,
  procedure: string,
  input: unknown,
  options: { cookie?: string; headers?: Record<string, string> } = {},
): Promise<RawAnswer> {
  return rawRequest(baseUrl, `/api/trpc/${procedure}`, {
    body: JSON.stringify(superjson.serialize(input)),
    headers: { ...(options.cookie ? { cookie: options.cookie } : {}), ...options.headers },
  });
}
