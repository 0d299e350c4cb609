/**
 * Composition root: configuration, database and migrations, event store and live feed, identity,
 * tRPC over HTTP and WebSocket, and the built client. `npm start` runs it.
 */
import { existsSync } from 'node:fs';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import * as trpcExpress from '@trpc/server/adapters/express';
import { applyWSSHandler } from '@trpc/server/adapters/ws';
import { toNodeHandler } from 'better-auth/node';
import express from 'express';
import pino from 'pino';
import { WebSocketServer } from 'ws';
import { createAuth, loadAuthSecret } from './auth/auth';
import { type Config, loadConfig } from './config';
import { openDatabase } from './db/database';
import { migrateToLatest } from './db/migrate';
import { CommandHandler } from './eventstore/command-handler';
import { EventStore } from './eventstore/event-store';
import { InProcessFeed, type LiveFeed, PostgresFeed } from './eventstore/live-feed';
import { createContext, type Services } from './trpc/context';
import { appRouter } from './trpc/router';

const clientDist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/client');

export interface RunningServer {
  url: string;
  services: Services;
  close(): Promise<void>;
}

/** The WebSocket handshake must come from our own page: a trusted origin, or the host we serve. */
function isOwnOrigin(request: IncomingMessage, trustedOrigins: string[]): boolean {
  const origin = request.headers.origin;
  if (!origin) return false;
  try {
    return trustedOrigins.includes(origin) || new URL(origin).host === request.headers.host;
  } catch {
    return false;
  }
}

export async function startServer(config: Config): Promise<RunningServer> {
  const log = pino({ level: config.logLevel });
  const database = await openDatabase(config);
  const applied = await migrateToLatest(database.db);
  if (applied.length > 0) log.info({ applied }, 'migrations applied');

  let feed: LiveFeed;
  if (database.connectionString) {
    const postgresFeed = new PostgresFeed(database.connectionString);
    await postgresFeed.start();
    feed = postgresFeed;
  } else {
    feed = new InProcessFeed();
  }
  const store = new EventStore(database.db, feed);
  const auth = createAuth({
    db: database.db,
    secret: await loadAuthSecret(database.db, config.authSecret),
    publicUrl: config.publicUrl,
    trustedOrigins: config.trustedOrigins,
  });
  const services: Services = {
    database,
    store,
    commands: new CommandHandler(store),
    auth,
    log,
    now: Date.now,
    pollMs: config.pollMs,
    signInCheckMs: config.signInCheckMs,
  };

  const app = express();
  app.disable('x-powered-by');
  app.all('/api/auth/{*path}', toNodeHandler(auth));
  app.use(
    '/api/trpc',
    trpcExpress.createExpressMiddleware({
      router: appRouter,
      createContext: ({ req }) => createContext(services, req.headers),
    }),
  );
  app.get('/healthz', (_req, res) => {
    res.json({ ok: true, database: database.kind });
  });
  if (existsSync(clientDist)) {
    // Built files carry a content hash: cached for good, and a missing one is a 404 (the client
    // reloads on a failed module load) rather than the page.
    app.use(
      '/assets',
      express.static(path.join(clientDist, 'assets'), { immutable: true, maxAge: '1y', fallthrough: false }),
    );
    app.use(express.static(clientDist, { index: false, maxAge: '1h' }));
    // Every other path is a client route; the page itself is always revalidated.
    app.get('/{*path}', (_req, res) => {
      res.setHeader('Cache-Control', 'no-cache');
      res.sendFile(path.join(clientDist, 'index.html'));
    });
  } else {
    log.warn({ clientDist }, 'the client is not built: run `npm run build`');
  }

  const server = createServer(app);
  const wss = new WebSocketServer({ noServer: true });
  const wsHandler = applyWSSHandler({
    wss,
    router: appRouter,
    createContext: ({ req }) => createContext(services, req.headers),
    keepAlive: { enabled: true, pingMs: 30_000, pongWaitMs: 5_000 },
  });
  server.on('upgrade', (request, socket, head) => {
    if (!request.url?.startsWith('/api/trpc') || !isOwnOrigin(request, config.trustedOrigins)) {
      socket.write('HTTP/1.1 403 Forbidden\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    wss.handleUpgrade(request, socket, head, (ws) => wss.emit('connection', ws, request));
  });

  await new Promise<void>((resolve) => server.listen(config.port, config.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  log.info({ url, database: database.kind }, 'serving');

  return {
    url,
    services,
    async close() {
      wsHandler.broadcastReconnectNotification();
      for (const client of wss.clients) client.terminate();
      wss.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await feed.close();
      await database.close();
    },
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const running = await startServer(loadConfig(process.env));
  const stop = async () => {
    await running.close();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}
