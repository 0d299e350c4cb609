import path from 'node:path';

/** Every setting of the server, read from the environment (the README lists them). */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Origins whose requests are trusted (sign-in forms, the WebSocket handshake). */
  trustedOrigins: string[];
  databaseUrl?: string;
  dataDir: string;
  authSecret?: string;
  logLevel: string;
  /** Milliseconds between catch-up reads of a live subscription when no wake-up arrives. */
  pollMs: number;
  /** Milliseconds between checks that a live subscription's viewer is still signed in. */
  signInCheckMs: number;
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    // Without a PUBLIC_URL the server is reached on this machine, by either local name.
    trustedOrigins: env.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.resolve('data', 'pglite'),
    authSecret: env.BETTER_AUTH_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    pollMs: Number(env.LIVE_POLL_MS ?? 10_000),
    signInCheckMs: Number(env.SIGN_IN_CHECK_MS ?? 15_000),
  };
}
