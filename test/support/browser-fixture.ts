/**
 * The browser tests' one set-up: per test file, a fresh database, the server (in this process, or
 * in a process of its own as `npm start` runs it) and one Chromium; per person, a fresh browser
 * context whose page errors and console errors fail the test they happen in. A test that provokes
 * an error on purpose says which, for how long (`expectConsoleErrors`, `expectPageErrors`); nothing else is let through,
 * Content-Security-Policy violations included (Chromium reports them as console errors).
 *
 * Call `browserFixture()` once, at the top of a test file: it registers the file's hooks.
 */
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import {
  a11yRouteKey,
  autoA11y,
  DESKTOP,
  describeA11yViolations,
  launchChromium,
  newPerson,
  seriousA11yViolations,
  untilAtRest,
} from './browser';
import { freshDatabase, onPostgres, type TestDatabase } from './database';
import { type OwnPostgres, ownPostgres } from './own-postgres';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from './server';
import { type ServerProcess, startServerProcess } from './server-process';

export const SHOTS = 'test-results/e2e';

/** What Chromium logs while the server is away: for a test that takes it away on purpose. */
export const SERVER_AWAY =
  /ERR_CONNECTION_REFUSED|ERR_CONNECTION_RESET|ERR_EMPTY_RESPONSE|WebSocket connection to .* failed|Failed to load resource: net::ERR_/;

type StorageState = Awaited<ReturnType<BrowserContext['storageState']>>;
type ServerOptions = Omit<Parameters<typeof startTestServer>[0], 'databaseUrl' | 'port'>;

/**
 * What Chromium logs when the server refuses `procedure` (over HTTP) with `status`: for a test that
 * asks for something that is not there on purpose.
 */
export const refusal = (status: number, procedure: string) =>
  new RegExp(`status of ${status} .*/api/trpc/([\\w.]+,)*${procedure.replaceAll('.', '\\.')}\\b`);

export interface Person {
  context: BrowserContext;
  page: Page;
}

export interface PersonOptions {
  viewport?: { width: number; height: number };
  /** Named in the errors this person's pages report. */
  name?: string;
  /** Signed in as this API user (its session cookie). */
  as?: ApiUser;
  /** The storage of an earlier context: the same device. */
  storageState?: StorageState;
  /** A visitor who has not yet answered the tracking question (the others have refused). */
  askConsent?: boolean;
}

export interface BrowserFixture {
  /** The server's address, http://127.0.0.1:port. */
  readonly origin: string;
  /** The server, when it runs in this process. */
  readonly server: RunningServer;
  readonly browser: Browser;
  /** The file's database on PostgreSQL (undefined on PGlite, where the server holds its own). */
  readonly databaseUrl: string | undefined;
  /** A new person: a fresh browser context and its page, every error of theirs watched. */
  person(options?: PersonOptions): Promise<Person>;
  /** An instructor signed up through the API, closed with the file. */
  instructor(email: string): Promise<ApiUser>;
  /** An anonymous player signed in through the API, closed with the file. */
  anonymous(name: string): Promise<ApiUser>;
  /**
   * Console errors matching `pattern` are expected (the test provokes them) until the returned
   * function is called or the test ends. The pattern is tried on the message, a space, and the
   * address it is about (a refused request's). Page errors have their own `expectPageErrors`.
   */
  expectConsoleErrors(pattern: RegExp): () => void;
  /** The same for uncaught errors in the page: for a test that throws one there on purpose. */
  expectPageErrors(pattern: RegExp): () => void;
  /** Stops the server, runs `whileDown`, and starts it again on the same address and database. */
  restartServer(whileDown?: () => Promise<void>): Promise<void>;
  /**
   * The file's own PostgreSQL (`process: { ownDatabase: true }`), to stop under the class and start
   * again; absent otherwise.
   */
  readonly ownDatabase: OwnPostgres | undefined;
  /** The server's process (`process`), to stop, continue or kill as a test needs. */
  readonly serverProcess: ServerProcess | undefined;
}

/**
 * Registers the file's set-up: `server` options for a server in this process, or `process: true`
 * for the server as `npm start` runs it (PostgreSQL only: both lives share the database; without
 * PostgreSQL nothing starts and the file's tests must be `itOnPostgres`).
 */
export function browserFixture(
  options: {
    server?: ServerOptions;
    process?: {
      env?: Record<string, string>;
      /** A PostgreSQL cluster of the file's own, which the test may stop (test/support/own-postgres.ts). */
      ownDatabase?: boolean;
    };
    /** The test restarts the server: on PGlite, its database is a directory, not memory. */
    restarts?: boolean;
  } = {},
): BrowserFixture {
  let database: TestDatabase | undefined;
  let own: OwnPostgres | undefined;
  let dataDir: string | undefined;
  let inProcess: RunningServer | undefined;
  let child: ServerProcess | undefined;
  let browser: Browser | undefined;
  let origin = '';
  const clients: ApiUser[] = [];
  /** The contexts of the test running now (closed after it), and those opened outside a test. */
  let testContexts: BrowserContext[] | null = null;
  const fileContexts: BrowserContext[] = [];
  const problems: string[] = [];
  const expected = new Set<RegExp>();
  const expectedPageErrors = new Set<RegExp>();
  let people = 0;
  /** The kinds of page axe has checked in this file (see a11yRouteKey). */
  const a11yChecked = new Set<string>();

  /** axe's verdict on `page`, the first time its kind is seen in the file: what is wrong, or nothing. */
  async function a11yOnce(page: Page): Promise<string | undefined> {
    if (page.isClosed() || !origin || !page.url().startsWith(origin)) return undefined;
    const key = a11yRouteKey(page.url(), page.viewportSize()?.width ?? DESKTOP.width);
    if (a11yChecked.has(key)) return undefined;
    // A page whose server is away is dimmed on purpose, and says so (ui/layout.tsx): its kind is
    // checked the next time it is live.
    if (
      await page
        .locator('[data-stale]')
        .count()
        .catch(() => 0)
    )
      return undefined;
    a11yChecked.add(key);
    // What is fading in or out (a notification, a menu) is judged once it has settled: axe reads
    // colours mid-transition as they are painted, a fading text against its background.
    await untilAtRest(page).catch(() => undefined);
    let violations: Awaited<ReturnType<typeof seriousA11yViolations>>;
    try {
      violations = await seriousA11yViolations(page);
    } catch (error) {
      // The page went away (a navigation, the context closed) while axe ran: its kind waits for the next time.
      a11yChecked.delete(key);
      if (page.isClosed() || /context was destroyed|Target .*closed|navigat/i.test(String(error)))
        return undefined;
      throw error;
    }
    if (violations.length === 0) return undefined;
    return `Accessibility of ${key} (${page.url()}):\n${describeA11yViolations(violations)}`;
  }
  const a11yOnSettled = async (page: Page) => {
    const wrong = await a11yOnce(page);
    if (wrong) throw new Error(wrong);
  };
  /** The end of a test: every page still open is checked (its kind once per file). */
  async function a11yOfOpenPages(contexts: BrowserContext[]) {
    for (const page of contexts.flatMap((context) => context.pages())) {
      const wrong = await a11yOnce(page).catch((error: unknown) => String(error));
      if (wrong) problems.push(wrong);
    }
  }

  async function start(port?: number) {
    if (options.process) {
      child = await startServerProcess({
        databaseUrl: own?.url ?? database!.url!,
        ...(port ? { port } : {}),
        ...(options.process.env ? { env: options.process.env } : {}),
      });
      origin = child.url;
    } else {
      inProcess = await startTestServer({
        ...options.server,
        databaseUrl: database?.url,
        ...(dataDir ? { dataDir } : {}),
        port,
      });
      origin = inProcess.url.replace('localhost', '127.0.0.1');
    }
  }

  async function stop() {
    await child?.kill();
    await inProcess?.close();
  }

  function failOnProblems(when: string) {
    if (problems.length === 0) return;
    const said = problems.splice(0);
    throw new Error(`${when}, the pages reported errors:\n${said.join('\n')}`);
  }

  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    if (options.process && !onPostgres()) return;
    // On PGlite the server opens its own database in memory: no second one for the test.
    if (options.process?.ownDatabase) {
      own = await ownPostgres();
      await own.start();
    } else if (onPostgres()) database = await freshDatabase();
    else if (options.restarts) dataDir = mkdtempSync(join(tmpdir(), 'e2e-pglite-'));
    [browser] = await Promise.all([launchChromium(), start()]);
  });
  beforeEach(() => {
    testContexts = [];
  });
  afterEach(async () => {
    const contexts = testContexts ?? [];
    testContexts = null;
    expected.clear();
    expectedPageErrors.clear();
    await a11yOfOpenPages([...contexts, ...fileContexts]);
    await Promise.all(contexts.map((context) => context.close()));
    failOnProblems('During the test');
  });
  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all(fileContexts.map((context) => context.close()));
    await browser?.close();
    await stop();
    await database?.drop();
    await own?.remove();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    failOnProblems('Between the tests');
  });

  return {
    get origin() {
      return origin;
    },
    get server() {
      if (!inProcess) throw new Error('the server runs in a process of its own');
      return inProcess;
    },
    get browser() {
      return browser!;
    },
    get databaseUrl() {
      return own?.url ?? database?.url;
    },
    get ownDatabase() {
      return own;
    },
    get serverProcess() {
      return child;
    },
    async person(personOptions = {}) {
      const name = personOptions.name ?? `person ${++people}`;
      const opened = await newPerson(browser!, {
        viewport: personOptions.viewport ?? DESKTOP,
        ...(personOptions.storageState ? { storageState: personOptions.storageState } : {}),
        ...(personOptions.askConsent ? { askConsent: true } : {}),
      });
      (testContexts ?? fileContexts).push(opened.context);
      watch(opened.context, name, problems, expected, expectedPageErrors);
      autoA11y.set(opened.page, a11yOnSettled);
      opened.context.on('page', (page) => autoA11y.set(page, a11yOnSettled));
      const cookie = personOptions.as?.cookie;
      if (cookie)
        await opened.context.addCookies(
          cookie.split('; ').map((pair) => {
            const [key, ...value] = pair.split('=');
            return { name: key!, value: value.join('='), url: origin };
          }),
        );
      return opened;
    },
    async instructor(email) {
      const user = await signUpInstructor(origin, email);
      clients.push(user);
      return user;
    },
    async anonymous(name) {
      const user = await signInAnonymous(origin, name);
      clients.push(user);
      return user;
    },
    expectConsoleErrors(pattern) {
      expected.add(pattern);
      return () => expected.delete(pattern);
    },
    expectPageErrors(pattern) {
      expectedPageErrors.add(pattern);
      return () => expectedPageErrors.delete(pattern);
    },
    async restartServer(whileDown) {
      const port = Number(new URL(origin).port);
      await stop();
      await whileDown?.();
      await start(port);
    },
  };
}

/** Every page of `context`, now and later: its uncaught errors and console errors, unless expected. */
function watch(
  context: BrowserContext,
  name: string,
  problems: string[],
  expected: Set<RegExp>,
  expectedPageErrors: Set<RegExp>,
) {
  const onPage = (page: Page) => {
    page.on('pageerror', (error) => {
      if ([...expectedPageErrors].some((pattern) => pattern.test(error.message))) return;
      // An error thrown without a message (a rejected promise's bare value) still says what it was.
      problems.push(`${name} ${page.url()}: ${error.stack || error.message || `${error.name} (no message)`}`);
    });
    page.on('console', (message) => {
      if (message.type() !== 'error') return;
      const said = `${message.text()} ${message.location().url}`;
      if ([...expected].some((pattern) => pattern.test(said))) return;
      problems.push(`${name} ${page.url()}: console: ${said}`);
    });
  };
  for (const page of context.pages()) onPage(page);
  context.on('page', onPage);
}
