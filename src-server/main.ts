/**
 * Composition root: configuration, database and migrations, event store and live feed, identity,
 * tRPC over HTTP and WebSocket, and the built client. `npm start` runs it.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as trpcExpress from '@trpc/server/adapters/express';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { APIError } from 'better-auth/api';
import { toNodeHandler } from 'better-auth/node';
import express, { type RequestHandler } from 'express';
import pino, { type Logger } from 'pino';
import { WebSocketServer } from 'ws';
import { isOwnOrigin } from '../src-shared/rules/own-origin';
import { portalNameOfHost } from '../src-shared/rules/portal';
import {
  createAuth,
  displayNames,
  loadAuthSecret,
  sessionCookieSettings,
  signInFromHeaders,
} from './auth/auth';
import { PlayerNames } from './auth/player-names';
import { SessionCache } from './auth/session-cache';
import { SessionLookUp } from './auth/session-lookup';
import { digestOf, SignInWatch } from './auth/sign-in-watch';
import { configuredProviders } from './auth/social';
import { vatServiceFor } from './billing/vat-service';
import { type Config, loadConfig } from './config';
import { answerBackupRequests } from './db/backup';
import { type DatabaseHandle, openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { currentRole, grantServingRole } from './db/roles';
import { isDatabaseUnreachable } from './db/unreachable';
import { CommandHandler } from './eventstore/command-handler';
import { EventStore } from './eventstore/event-store';
import { InProcessFeed, type LiveFeed, PostgresFeed } from './eventstore/live-feed';
import { researchExportRoutes } from './exports/research-routes';
import { workbookRoute } from './exports/workbook-route';
import { authGuards } from './http/auth-limits';
import { clientAddressResolver } from './http/client-address';
import { errorAnswer, everyMinuteAtMost, notFound } from './http/errors';
import { RateLimiter } from './http/rate-limiter';
import { noStore, originCheck, securityHeaders, servePage } from './http/security';
import { upgradeHandler } from './http/websocket';
import { WindowCount } from './http/window-count';
import { enqueueMail, type MailRequest } from './mail/outbox';
import { MailSender } from './mail/sender';
import { logTransport, smtpTransport } from './mail/transport';
import { PortalDirectory } from './portal/portals';
import { portalSignUpRefusal } from './portal/sign-up';
import { logoUploadRoute } from './portal/upload-route';
import { Presence } from './presence/presence';
import { projectRoot } from './project-root';
import { Scheduler } from './scheduler/scheduler';
import { fileStorageFor } from './storage/file-storage';
import { filesRoute } from './storage/files-route';
import { vacateSeats } from './streams/seats';
import { warmGamesInPlay } from './streams/warm-start';
import { httpForwarder } from './telemetry/forwarder';
import { sentrySink } from './telemetry/sentry';
import { loggedError, Telemetry } from './telemetry/telemetry';
import { createContext, type Services } from './trpc/context';
import { Heartbeat } from './trpc/heartbeat';
import { appRouter } from './trpc/router';

/**
 * Connections the kernel holds for the process to accept (capped by net.core.somaxconn). Node's
 * 511 overflowed when a class of 1,000 reconnected at once after a restart: the refused ones were
 * retried by TCP itself 1, 3 and 7 s later, which made a class's return take 8 s (issue 29).
 */
const LISTEN_BACKLOG = 4096;
/** How long the live views' player names serve (auth/player-names.ts): a reconnecting class's burst. */
const PLAYER_NAMES_MS = 10_000;
const clientDist = path.join(projectRoot, 'dist', 'client');

/** Games played within this window are folded before the process serves (streams/warm-start.ts). */
const WARM_START_WITHIN_MS = 60 * 60_000;
const WARM_START_GAMES = 2_000;
/** How long their players' sessions read at start answer a first look-up: a class's reconnection. */
const WARM_START_SESSIONS_MS = 10_000;

/**
 * Folds the games in play into the command handler's cache, and reads their players' sessions,
 * before the process serves: a class coming back after a restart then reads neither, game by game
 * and cookie by cookie, while it reconnects (issue 29, item 9). A failure only costs that head start.
 */
async function warmUp(services: Services, sessions: SessionLookUp, sessionCacheMs: number, log: Logger) {
  const started = performance.now();
  try {
    const warmed = await warmGamesInPlay(services.store, services.commands, {
      withinMs: WARM_START_WITHIN_MS,
      maxGames: WARM_START_GAMES,
    });
    // A server that remembers no sign-in (SESSION_CACHE_MS=0) reads each one when asked.
    const signIns =
      sessionCacheMs > 0
        ? await sessions.readAhead(warmed.playerIds, Math.min(sessionCacheMs, WARM_START_SESSIONS_MS))
        : 0;
    log.info(
      { games: warmed.games, signIns, ms: Math.round(performance.now() - started) },
      'games in play folded before serving',
    );
  } catch (error) {
    log.warn({ err: error }, 'games in play could not be folded before serving');
  }
}

export interface RunningServer {
  url: string;
  services: Services;
  scheduler: Scheduler;
  /** The mail loop (mail/sender.ts). */
  mail: MailSender;
  close(): Promise<void>;
}

/**
 * Runs the migrations. With a migration role (MIGRATION_DATABASE_URL), that role owns the schema
 * and grants the serving role what it needs, tables of new migrations included (db/roles.ts).
 */
async function migrate(config: Config, serving: DatabaseHandle, log: Logger): Promise<void> {
  if (!config.migrationDatabaseUrl || serving.kind !== 'postgres') {
    const applied = await migrateToLatest(serving.db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    return;
  }
  const migrator = await openDatabase({ databaseUrl: config.migrationDatabaseUrl, dataDir: config.dataDir });
  try {
    const applied = await migrateToLatest(migrator.db);
    if (applied.length > 0) log.info({ applied }, 'migrations applied');
    const [owner, role] = await Promise.all([currentRole(migrator.db), currentRole(serving.db)]);
    if (role !== owner) await grantServingRole(migrator.db, role);
  } finally {
    await migrator.close();
  }
}

export async function startServer(config: Config): Promise<RunningServer> {
  // Every error the server logs (a procedure failed, an HTTP handler threw, a deadline failed) is
  // also reported: stored in its group and sent to Sentry when configured (telemetry/).
  let reportLogged: (fields: unknown, message: unknown) => void = () => {};
  const log = pino({
    level: config.logLevel,
    hooks: {
      logMethod(args, method, level) {
        if (level >= 50) reportLogged(args[0], args[1]);
        return method.apply(this, args);
      },
    },
  });
  const database = await openDatabase(config);
  await migrate(config, database, log);
  // `npm run backup` asks the process serving a PGlite directory for its copy (db/backup.ts).
  const stopAnsweringBackups =
    database.pglite && !config.dataDir.startsWith('memory://')
      ? answerBackupRequests(database.pglite, config.dataDir, log)
      : () => {};

  // Who a request's cookie signs in, remembered a few seconds; a session deleted is forgotten at once.
  const sessionLookUp = new SessionLookUp(
    database.db,
    () => sessionCookieSettings(auth),
    (headers) => signInFromHeaders(auth, headers),
  );
  const sessionCache = new SessionCache((headers) => sessionLookUp.signedIn(headers), config.sessionCacheMs);
  sessionCache.onForget(() => sessionLookUp.dropAhead());
  let feed: LiveFeed;
  let presence: Presence;
  let signIns: SignInWatch;
  if (database.connectionString) {
    const postgresFeed = new PostgresFeed(database.connectionString);
    await postgresFeed.start();
    feed = postgresFeed;
    presence = new Presence(postgresFeed.presence);
    signIns = new SignInWatch(database.db, config.signInCheckMs, postgresFeed.signOuts);
    // Another process's sign-out: the cookie is looked up afresh here too.
    postgresFeed.signOuts.subscribe((digest) => {
      void sessionCache.forgetSessions((token) => digestOf(token) === digest);
    });
  } else {
    feed = new InProcessFeed();
    presence = new Presence();
    signIns = new SignInWatch(database.db, config.signInCheckMs);
  }
  presence.start();
  const store = new EventStore(database.db, feed);
  // Mails go out through SMTP when configured, else stay in the outbox with their links in the log.
  const mail = new MailSender({
    db: database.db,
    transport: config.mail.smtpUrl ? smtpTransport(config.mail.smtpUrl, config.mail.from) : logTransport(log),
    log,
    now: Date.now,
    pollMs: config.schedulerPollMs,
    retryBaseMs: config.mail.retryMs,
    maxAttempts: config.mail.maxAttempts,
    domain: new URL(config.publicUrl).hostname,
  });
  /** Queues a mail outside any transaction of ours (better-auth's actions) and sends it at once. */
  const queueMail = async (request: MailRequest) => {
    if (await enqueueMail(database.db, request)) mail.wake();
  };
  const commands = new CommandHandler(store);
  const authDatabaseAway = everyMinuteAtMost(log);
  const portals = new PortalDirectory(database.db, config.appHosts);
  const auth = createAuth({
    db: database.db,
    secret: await loadAuthSecret(database.db, config.authSecret),
    publicUrl: config.publicUrl,
    // A claimed portal's page signs in on its own host (docs/portal.md, "Origins").
    trustedOrigins: async (request) => {
      const origin = request?.headers.get('origin');
      const host = request?.headers.get('host');
      // A portal's page only once the portal is claimed; an IP address a class reaches us by, always.
      const own =
        origin &&
        isOwnOrigin(origin, host, config) &&
        (portalNameOfHost(host, config.appHosts) === null || (await portals.isPortalOrigin(origin, host)));
      return own ? [...config.trustedOrigins, origin] : config.trustedOrigins;
    },
    queueMail,
    socialSignIn: config.socialSignIn,
    vacateSeats: (userId) => vacateSeats({ db: database.db, commands, now: () => services.now() }, userId),
    sessionEnded: (token) => {
      signIns.ended(token);
      void sessionCache.forgetSessions((cached) => cached === token);
    },
    // Into the server's log: a failure (an exception of its own) is an error, and reported; a
    // request it refused (a callback URL, a common password: answered 4xx) is not; a database
    // away is said once a minute, as the scheduler says it, not once per page asking for its sign-in.
    logError: (message, args) => {
      const failure = args.find((arg) => arg instanceof Error && !(arg instanceof APIError));
      if (args.some(isDatabaseUnreachable))
        authDatabaseAway('better-auth: the database cannot be reached', {});
      else if (failure) log.error({ err: failure }, `better-auth: ${message}`);
      else log.info({ said: args }, `better-auth refused a request: ${message}`);
    },
  });
  const limiter = new RateLimiter(database.db);
  const telemetry = new Telemetry({
    db: database.db,
    log,
    now: () => services.now(),
    forwarder: config.telemetry.analyticsForwardUrl
      ? httpForwarder({ url: config.telemetry.analyticsForwardUrl, publicUrl: config.publicUrl, log })
      : null,
    sentry: config.telemetry.sentryDsn
      ? sentrySink({ dsn: config.telemetry.sentryDsn, release: config.telemetry.release })
      : null,
  });
  reportLogged = (fields, message) => {
    const report = loggedError(fields, message, config.telemetry.release);
    if (report) void telemetry.reportError(report.report, report.error);
  };
  const addressOf = clientAddressResolver(config.trustProxy);
  const services: Services = {
    database,
    store,
    commands,
    auth,
    log,
    limiter,
    limits: config.limits,
    now: Date.now,
    pollMs: config.pollMs,
    heartbeat: new Heartbeat(() => feed.live()),
    sessions: sessionCache,
    playerNames: new PlayerNames((ids, locale) => displayNames(database.db, ids, locale), PLAYER_NAMES_MS),
    signIns,
    presence,
    subscriptionsByAddress: new Map(),
    signInProviders: configuredProviders(config.socialSignIn),
    addressOf,
    billing: config.billing,
    vat: vatServiceFor(config.billing.vatService, log),
    publicUrl: config.publicUrl,
    queueMail,
    operatorEmails: config.operatorEmails,
    helpLinks: config.helpLinks,
    telemetry,
    storage: fileStorageFor(config.storage),
    portals,
  };
  // The clock is read through `services`, so a test that replaces `services.now` moves it too.
  const scheduler = new Scheduler({
    db: database.db,
    commands: services.commands,
    log,
    now: () => services.now(),
    pollMs: config.schedulerPollMs,
    startGraceMs: config.schedulerStartGraceMs,
  });
  scheduler.start();
  mail.start();
  const origins = originCheck(config);
  const warnForeignOrigin = everyMinuteAtMost(log);
  /** A request from a page of another site, logged (at most once a minute) when it is one. */
  const isForeign = (request: IncomingMessage): boolean => {
    const foreign = origins.isForeign(request);
    if (foreign)
      warnForeignOrigin('request from a foreign origin refused', { origin: request.headers.origin });
    return foreign;
  };

  const app = express();
  app.disable('x-powered-by');
  app.use(securityHeaders({ https: config.publicUrl.startsWith('https://') }));
  app.use('/api', noStore);
  app.post('/api/auth/sign-up/email', portalSignUpRefusal(portals));
  app.all(
    '/api/auth/{*path}',
    authGuards({ isForeign, limiter, limits: config.limits, addressOf, log }),
    // A sign-out, a new name, a changed password, a verified address (a link, so a GET): the
    // cookie's remembered sign-in is looked up afresh.
    ((req, res, next) => {
      if (req.method === 'GET' && !req.path.endsWith('/verify-email')) return next();
      services.sessions.forget(req.headers);
      res.on('finish', () => {
        services.sessions.forget(req.headers);
        services.playerNames.forgetAll();
      });
      next();
    }) satisfies RequestHandler,
    toNodeHandler(auth),
  );
  app.use(logoUploadRoute(services, isForeign));
  app.use(filesRoute(services));
  app.use(
    '/api/trpc',
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      maxBodySize: config.limits.bodyBytes,
      maxBatchSize: config.limits.batchCalls,
      createContext: ({ req }) => createContext(services, req, { foreignOrigin: isForeign(req) }),
    }),
  );
  app.use(workbookRoute(services));
  app.use(researchExportRoutes(services));
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, database: database.kind });
  });
  if (existsSync(clientDist)) {
    // Built files carry a content hash: cached for good, and a missing one is a 404 (the client
    // reloads on a failed module load) rather than the page.
    app.use(
      '/assets',
      express.static(path.join(clientDist, 'assets'), { immutable: true, maxAge: '1y' }),
      notFound,
    );
    app.use(express.static(clientDist, { index: false, maxAge: '1h' }));
    // Every other path is a client route; the page itself is always revalidated.
    app.get('/{*path}', servePage(path.join(clientDist, 'index.html')));
  } else {
    log.warn({ clientDist }, 'the client is not built: run `npm run build`');
  }
  app.use(errorAnswer(log));

  const server = createServer(app);
  const wss = new WebSocketServer({ noServer: true, maxPayload: config.limits.bodyBytes });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) =>
      createContext(services, req, {
        socket: {
          subscriptions: 0,
          headers: req.headers,
          calls: new WindowCount(config.limits.callsPerSocket),
          codeLookups: new WindowCount(config.limits.codeLookupsPerSocket),
        },
        foreignOrigin: false,
      }),
    // A dropped player shows as disconnected within 10 s (issue 9): a silent socket is pinged after
    // 4 s and closed 5 s later without an answer (a shorter wait closed healthy sockets of a busy
    // server whose event loop lagged). 1,000 sockets cost 250 small frames a second.
    keepAlive: { enabled: true, pingMs: 4_000, pongWaitMs: 5_000 },
  });
  server.on(
    'upgrade',
    upgradeHandler({
      wss,
      origins,
      addressOf,
      socketsPerAddress: config.limits.socketsPerAddress,
      warnForeignOrigin,
      warnSocketLimit: everyMinuteAtMost(log),
    }),
  );

  await warmUp(services, sessionLookUp, config.sessionCacheMs, log);
  await new Promise<void>((resolve) =>
    server.listen({ port: config.port, host: config.host, backlog: LISTEN_BACKLOG }, resolve),
  );
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  log.info(
    { url, database: database.kind, mail: config.mail.smtpUrl ? 'smtp' : 'outbox and log' },
    'serving',
  );

  return {
    url,
    services,
    scheduler,
    mail,
    async close() {
      await scheduler.stop();
      await mail.stop();
      reportLogged = () => {};
      await telemetry.flush();
      services.signIns.close();
      presence.stop();
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.close();
      stopAnsweringBackups();
      await database.close();
    },
  };
}

/** The server as `npm start` runs it: configured by the environment, stopped by SIGINT or SIGTERM. */
export async function serveFromEnvironment(): Promise<RunningServer> {
  const running = await startServer(loadConfig(process.env));
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
  return running;
}

// Run as a program: `node dist/server/main.js` (a supervisor's), or through tsx in development.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await serveFromEnvironment();
