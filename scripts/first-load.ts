/**
 * What a player's browser really fetches before a page is usable (issue 24): the built app
 * (dist/client) served by the real server, real games and sessions made through its API, and each
 * player page opened in real Chromium with an empty cache, as a phone opens it from a link. Every
 * JavaScript and CSS response the page fetched until it was usable and the network idle is gzipped
 * here (the transfer headers are not trusted) and summed, JavaScript and CSS apart.
 *
 * The server runs on a database of its own: a new one on the PostgreSQL server of DATABASE_URL
 * (dropped afterwards), else embedded PGlite in memory.
 */
import { randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import type { RunningServer } from '../src-server/main';
import type { GameView } from '../src-server/trpc/routers/game';
import { CHROMIUM_ARGS, chromiumPath } from '../test/support/chromium-path';
import { createScratchDatabase } from '../test/support/scratch-database';
import type { ApiUser } from '../test/support/server';

// The server, its test clients and Playwright are loaded by the measure only: the budget's unit
// test reads this module's rules without them.
const testClients = () => import('../test/support/server');

/** The player pages whose first load has a budget. */
export const PLAYER_ROUTES = ['play', 'intro', 'lobby', 'join', 'results'] as const;
export type PlayerRoute = (typeof PLAYER_ROUTES)[number];

/** The address each route is reached by, as the router matches it. */
export const ROUTE_PATTERNS: Record<PlayerRoute, string> = {
  play: '/game/:id/play',
  intro: '/game/:id/intro',
  lobby: '/session/:sid/lobby',
  join: '/j/:code',
  results: '/game/:id/results',
};

/** One player's first load of one route: which game, in or out of a session, in which language. */
export interface PlayerCase {
  route: PlayerRoute;
  game: 'beer' | 'lean';
  inSession: boolean;
  locale: string;
}

export const caseName = (c: PlayerCase) => `${c.game}${c.inSession ? ' in a session' : ''}, ${c.locale}`;

export interface FirstLoad extends PlayerCase {
  /** Gzipped bytes of every JavaScript response, and of every CSS one. */
  jsBytes: number;
  cssBytes: number;
  /** The files fetched, by kind. */
  jsFiles: string[];
  cssFiles: string[];
}

/**
 * The cases of each route: beer and lean where the route shows either, in and out of a session
 * where a player meets both (sessions run beer games), in English and in `heaviest`.
 */
export function playerCases(heaviest: string, only?: PlayerRoute): PlayerCase[] {
  const shapes: Array<Omit<PlayerCase, 'locale'>> = [
    { route: 'play', game: 'beer', inSession: false },
    { route: 'play', game: 'beer', inSession: true },
    { route: 'play', game: 'lean', inSession: false },
    { route: 'intro', game: 'beer', inSession: false },
    { route: 'intro', game: 'lean', inSession: false },
    { route: 'lobby', game: 'beer', inSession: true },
    { route: 'join', game: 'beer', inSession: true },
    { route: 'results', game: 'beer', inSession: false },
    { route: 'results', game: 'beer', inSession: true },
    { route: 'results', game: 'lean', inSession: false },
  ];
  const locales = heaviest === 'en' ? ['en'] : ['en', heaviest];
  return shapes
    .filter((shape) => only === undefined || shape.route === only)
    .flatMap((shape) => locales.map((locale) => ({ ...shape, locale })));
}

/**
 * The language whose player messages weigh most, gzipped, in the build: the one every page loads
 * for a player (`locales/xx.json`, without an audience), so the heaviest case of each route.
 */
export function heaviestLocale(clientDir: string): { locale: string; bytes: number } {
  const manifest = JSON.parse(readFileSync(path.join(clientDir, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    { file: string }
  >;
  let heaviest = { locale: 'en', bytes: 0 };
  for (const [key, chunk] of Object.entries(manifest)) {
    const match = /locales\/([a-z]{2})\.json$/.exec(key);
    if (!match || match[1] === 'en') continue;
    const bytes = gzipSync(readFileSync(path.join(clientDir, chunk.file))).length;
    if (bytes > heaviest.bytes) heaviest = { locale: match[1]!, bytes };
  }
  return heaviest;
}

/** What each case opens: the address, whose cookie, and what shows once the page is usable. */
interface Visit {
  url: string;
  cookie?: string;
  ready: string;
}

/** Real games and a session, made through the API as an instructor and players make them. */
async function makeGames(origin: string, users: ApiUser[]) {
  const { signInAnonymous, signUpInstructor, waitForView } = await testClients();
  const signUp = async (email: string) => {
    const user = await signUpInstructor(origin, email);
    users.push(user);
    return user;
  };
  const player = async (name: string) => {
    const user = await signInAnonymous(origin, name);
    users.push(user);
    return user;
  };
  const command = () => ({ commandId: randomUUID() });
  const teacher = await signUp('first-load@example.org');

  /** A beer game whose retailer is `seated` and the others computers: it runs. */
  const beerGame = async (seated: ApiUser) => {
    const { gameId } = await teacher.api.beergame.create.mutate({ name: 'First load', template: 'classic' });
    await seated.api.beergame.join.mutate({ gameId, facilityId: 'retailer', ...command() });
    for (const facilityId of ['wholesaler', 'distributor', 'factory'])
      await teacher.api.beergame.handToComputer.mutate({ gameId, facilityId, ...command() });
    return gameId;
  };
  const beerPlayer = await player('Riley');
  const beerPlay = await beerGame(beerPlayer);
  const beerIntro = await beerGame(await player('Sam'));
  const beerEnded = await beerGame(beerPlayer);
  await teacher.api.beergame.endGame.mutate({ gameId: beerEnded, ...command() });

  const leanPlayer = await player('Alex');
  const leanGame = async (minutes?: number) => {
    const { gameId } = await teacher.api.leangame.create.mutate({
      name: 'First load',
      template: 'workshop4-choose',
      ...(minutes ? { minutes } : {}),
    });
    await leanPlayer.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', ...command() });
    return gameId;
  };
  const leanPlay = await leanGame();
  // A round of one minute, played out by the computer on the server's fast clock, ends by itself.
  const leanEnded = await leanGame(1);
  await teacher.api.leangame.start.mutate({ gameId: leanEnded, ...command() });
  await waitForView<GameView>(
    (handlers) => teacher.api.game.watch.subscribe({ gameId: leanEnded }, handlers),
    (view) => view.gameType === 'leangame' && view.finished,
    60_000,
  );

  /** A published session of one team, `seated` its retailer; its round started when `start`. */
  const session = async (seated: ApiUser, start: boolean) => {
    const { sessionId } = await teacher.api.session.create.mutate({
      name: 'First load',
      template: 'blindThenTransparent',
      teamCount: 1,
      ...command(),
    });
    await teacher.api.session.publish.mutate({ sessionId, ...command() });
    const { gameId } = await seated.api.session.join.mutate({
      sessionId,
      teamNumber: 1,
      facilityId: 'retailer',
      ...command(),
    });
    if (start) await teacher.api.session.startRound.mutate({ sessionId, ...command() });
    const code = (await teacher.api.session.list.query()).find((s) => s.id === sessionId)!.code!;
    return { sessionId, gameId, code };
  };
  const sessionPlayer = await player('Jo');
  const sessionPlay = await session(sessionPlayer, true);
  const sessionEnded = await session(sessionPlayer, true);
  await teacher.api.session.teamsAction.mutate({
    sessionId: sessionEnded.sessionId,
    gameIds: [sessionEnded.gameId],
    action: { type: 'endGame' },
    ...command(),
  });
  const lobby = await session(await player('Kim'), false);

  const visits: Record<string, Visit> = {
    'play beer': { url: `/game/${beerPlay}/play`, cookie: beerPlayer.cookie, ready: 'place-order' },
    'play beer in a session': {
      url: `/game/${sessionPlay.gameId}/play`,
      cookie: sessionPlayer.cookie,
      ready: 'place-order',
    },
    'play lean': { url: `/game/${leanPlay}/play`, cookie: leanPlayer.cookie, ready: 'lean-player' },
    // The join link, opened by someone not yet signed in.
    'intro beer': { url: `/game/${beerIntro}/intro`, ready: 'join-random' },
    'intro lean': { url: `/game/${leanPlay}/intro`, ready: 'lean-status' },
    // The lobby's address and the code's, from the projector, before a name is given.
    'lobby beer in a session': { url: `/session/${lobby.sessionId}/lobby`, ready: 'round-name' },
    'join beer in a session': { url: `/j/${lobby.code}`, ready: 'round-name' },
    'results beer': {
      url: `/game/${beerEnded}/results`,
      cookie: beerPlayer.cookie,
      ready: 'debrief-facilities',
    },
    'results beer in a session': {
      url: `/game/${sessionEnded.gameId}/results`,
      cookie: sessionPlayer.cookie,
      ready: 'debrief-facilities',
    },
    'results lean': {
      url: `/game/${leanEnded}/results`,
      cookie: leanPlayer.cookie,
      ready: 'debrief-teamPerformance',
    },
  };
  return (c: PlayerCase): Visit => {
    const visit = visits[`${c.route} ${c.game}${c.inSession ? ' in a session' : ''}`];
    if (!visit) throw new Error(`no page for ${c.route}, ${caseName(c)}`);
    return visit;
  };
}

/** A phone (390 px, touch) whose browser speaks `locale`, with an empty cache. */
async function openPhone(browser: Browser, origin: string, locale: string, cookie?: string) {
  const context = await browser.newContext({
    locale: locale === 'en' ? 'en-GB' : locale,
    viewport: { width: 390, height: 844 },
    isMobile: true,
    hasTouch: true,
    deviceScaleFactor: 2,
  });
  if (cookie)
    await context.addCookies(
      cookie.split('; ').map((pair) => {
        const [name, ...value] = pair.split('=');
        return { name: name!, value: value.join('='), url: origin };
      }),
    );
  return context;
}

/** The page's JavaScript and CSS responses until it shows `ready` and the network is idle. */
async function measureVisit(page: Page, origin: string, visit: Visit) {
  const responses: Array<Promise<{ kind: 'js' | 'css'; file: string; bytes: number } | null>> = [];
  const problems: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') problems.push(message.text());
  });
  page.on('pageerror', (error) => problems.push(error.message));
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    responses.push(
      response.body().then(
        (body) => ({ kind, file: url.pathname, bytes: gzipSync(body).length }),
        () => null,
      ),
    );
  });
  // The requests still open, named when the network never goes idle.
  const open = new Set<string>();
  page.on('request', (request) => open.add(request.url()));
  page.on('requestfinished', (request) => open.delete(request.url()));
  page.on('requestfailed', (request) => open.delete(request.url()));
  await page.goto(`${origin}${visit.url}`);
  try {
    await page.getByTestId(visit.ready).first().waitFor({ state: 'visible', timeout: 30_000 });
  } catch (error) {
    const text = (await page.locator('body').innerText()).slice(0, 400).replaceAll('\n', ' | ');
    throw new Error(`${visit.url} never showed ${visit.ready}; it shows: ${text}; ${problems.join('; ')}`, {
      cause: error,
    });
  }
  await page.waitForLoadState('networkidle').catch((error: unknown) => {
    throw new Error(`${visit.url}: the network never went idle; open: ${[...open].join(', ')}`, {
      cause: error,
    });
  });
  if (problems.length > 0) throw new Error(`${visit.url}: ${problems.join('; ')}`);
  const fetched = (await Promise.all(responses)).filter((r) => r !== null);
  const of = (kind: 'js' | 'css') => fetched.filter((r) => r.kind === kind);
  return {
    jsBytes: of('js').reduce((sum, r) => sum + r.bytes, 0),
    cssBytes: of('css').reduce((sum, r) => sum + r.bytes, 0),
    jsFiles: of('js').map((r) => r.file),
    cssFiles: of('css').map((r) => r.file),
  };
}

/** A server of its own on a free port, on a new PostgreSQL database or in-memory PGlite. */
async function startOwnServer(): Promise<{
  server: RunningServer;
  origin: string;
  drop: () => Promise<void>;
}> {
  const serverUrl = process.env.DATABASE_URL;
  let databaseUrl: string | undefined;
  let drop: () => Promise<void> = async () => undefined;
  if (serverUrl) {
    const scratch = await createScratchDatabase(serverUrl, 'first_load');
    databaseUrl = scratch.url;
    drop = scratch.drop;
  }
  const [{ freePort }, { loadConfig }, { startServer }] = await Promise.all([
    testClients(),
    import('../src-server/config'),
    import('../src-server/main'),
  ]);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const defaults = loadConfig({});
  const server = await startServer({
    ...defaults,
    port,
    host: '127.0.0.1',
    publicUrl: origin,
    trustedOrigins: [origin],
    databaseUrl,
    dataDir: 'memory://',
    logLevel: 'warn',
    authSecret: 'first-load-secret-first-load-secret-0',
  });
  // The server's clock runs 60 times fast: a lean round of one minute ends in a second.
  const base = Date.now();
  server.services.now = () => base + (Date.now() - base) * 60;
  return { server, origin, drop };
}

/**
 * The Chromium to measure with, found as the browser tests find theirs (CHROMIUM_PATH, else
 * Debian's or Ubuntu's package), or why there is none: without it the measure is skipped, except
 * under CI (`CI` set), where that is an error.
 */
export function chromiumFor(
  env: Record<string, string | undefined>,
  exists: (file: string) => boolean = existsSync,
): { executable: string } | { skipped: string } {
  try {
    return { executable: chromiumPath(env, exists) };
  } catch (error) {
    const message = `${(error as Error).message} The first loads are not measured.`;
    if (env.CI) throw new Error(`CI=${env.CI}, but: ${message}`);
    return { skipped: message };
  }
}

/** Measures every case of `cases` on the build in dist/client (the server serves that one). */
export async function measureFirstLoads(cases: PlayerCase[], executablePath: string): Promise<FirstLoad[]> {
  const { server, origin, drop } = await startOwnServer();
  const users: ApiUser[] = [];
  const { chromium } = await import('playwright-core');
  const browser = await chromium.launch({
    executablePath,
    args: CHROMIUM_ARGS,
  });
  try {
    const visitOf = await makeGames(origin, users);
    const loads: FirstLoad[] = [];
    for (const c of cases) {
      const visit = visitOf(c);
      const context = await openPhone(browser, origin, c.locale, visit.cookie);
      try {
        loads.push({ ...c, ...(await measureVisit(await context.newPage(), origin, visit)) });
      } finally {
        await context.close();
      }
    }
    return loads;
  } finally {
    await browser.close();
    for (const user of users) user.close();
    await server.close();
    await drop();
  }
}
