import path from 'node:path';
import proxyaddr from 'proxy-addr';
import { hostNameOf } from '../src-shared/rules/portal';
import { type BillingConfig, billingConfig } from './billing/config';

/** How many of something one key may do in a window of time. */
export interface RateLimit {
  max: number;
  windowSeconds: number;
}

/** Every setting of the server, read from the environment (the README lists them). */
export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  /** Origins whose requests are trusted (sign-in forms, HTTP calls, the WebSocket handshake). */
  trustedOrigins: string[];
  /**
   * The product's own host names (APP_HOSTS, lower case, no port): a request on any other host is
   * a white-label portal's, named by its first label (docs/portal.md).
   */
  appHosts: string[];
  databaseUrl?: string;
  /** A role that may change the schema, for the migrations; `databaseUrl`'s then only serves. */
  migrationDatabaseUrl?: string;
  dataDir: string;
  /** Connections a process may open to PostgreSQL (its pool; LISTEN takes one more). */
  databasePoolMax: number;
  authSecret?: string;
  logLevel: string;
  /** Milliseconds between catch-up reads of a live subscription when no wake-up arrives. */
  pollMs: number;
  /** Milliseconds between checks that a live subscription's viewer is still signed in. */
  signInCheckMs: number;
  /** Milliseconds a request's sign-in is remembered per cookie (auth/session-cache.ts); 0: never. */
  sessionCacheMs: number;
  /** Milliseconds between the scheduler's looks for newly written deadlines (by any process). */
  schedulerPollMs: number;
  /** Milliseconds deadlines that fell due while no server ran wait after a start (players reconnect). */
  schedulerStartGraceMs: number;
  /** The proxies whose `X-Forwarded-For` is believed (proxy-addr's syntax); none by default. */
  trustProxy: string[];
  /** Google and Microsoft sign-in, each only when configured (auth/social.ts). */
  socialSignIn: SocialSignInConfig;
  mail: {
    /** `smtp://user:pass@host:port` or `smtps://…`; none: mails stay in the outbox table and the log. */
    smtpUrl?: string;
    /** The From of every mail. */
    from: string;
    /** Milliseconds before a failed mail's first retry; each next retry waits twice as long (≤ 1 h). */
    retryMs: number;
    /** Attempts after which a mail is marked failed and left in the outbox. */
    maxAttempts: number;
  };
  /** Plans, trials, purchases and the VAT service (billing/config.ts). */
  billing: BillingConfig;
  /**
   * The addresses of the people who run this installation (OPERATOR_EMAILS, comma-separated): once
   * signed in with one of them, verified, they read the error reports, feedback and analytics.
   */
  operatorEmails: string[];
  /** The help menu's outside links (HELP_WEBINARS_URL, HELP_TESTIMONIAL_URL); an unset one is not shown. */
  helpLinks: HelpLinks;
  /** Error reporting and analytics (telemetry/): first-party by default, hosted services when configured. */
  telemetry: {
    /** A Sentry-compatible DSN (SENTRY_DSN): server errors also go there, through @sentry/node. */
    sentryDsn?: string;
    /** A Plausible-style events endpoint (ANALYTICS_FORWARD_URL): consented events are forwarded there. */
    analyticsForwardUrl?: string;
    /** The build's name in reports (RELEASE). */
    release: string;
  };
  /** Where uploaded files (the public pages' logos) are kept (storage/file-storage.ts). */
  storage: StorageConfig;
  limits: {
    /** Bytes of a request body (JSON): larger is refused with 413. */
    bodyBytes: number;
    /** Calls in one HTTP batch. */
    batchCalls: number;
    /** Live subscriptions on one WebSocket. */
    subscriptionsPerSocket: number;
    /** Live subscriptions all the sockets of one client address may hold, per process. */
    subscriptionsPerAddress: number;
    /** Calls (queries, commands, subscriptions) one WebSocket may make. */
    callsPerSocket: RateLimit;
    /** Join-code look-ups per client address (every process); a code that names nothing counts 5. */
    codeLookups: RateLimit;
    /** Join-code look-ups one WebSocket may make. */
    codeLookupsPerSocket: RateLimit;
    /** WebSocket connections from one client address, per server process. */
    socketsPerAddress: number;
    /** Games one account creates (a bulk action counts once). */
    gameCreations: RateLimit;
    /** Games one account creates, counted one by one (a copy of 12 is 12, a session's round one per team). */
    gamesCreated: RateLimit;
    /** Games one account may hold live at once (not finished, archived nor deleted). */
    liveGames: number;
    /** Anonymous sign-ins from one address (a class behind one school address). */
    anonymousSignIns: RateLimit;
    /** Accounts created from one address. */
    signUps: RateLimit;
    /** Wrong passwords for one account from one address. */
    signInFailuresPerAccount: RateLimit;
    /** Wrong passwords from one address, whatever the account. */
    signInFailuresPerAddress: RateLimit;
    /** Password reset mails to one e-mail address (whether an account uses it or not). */
    passwordResetsPerEmail: RateLimit;
    /** Password reset requests from one client address, whatever the e-mail. */
    passwordResetsPerAddress: RateLimit;
    /** New passwords set with a reset code from one client address. */
    passwordResetAttempts: RateLimit;
    /** Verification mails to one e-mail address (sign-up, send again, a change of address). */
    verificationMailsPerEmail: RateLimit;
    /** Verification mails asked for from one client address, whatever the e-mail. */
    verificationMailsPerAddress: RateLimit;
    /** Attempts to delete one account (each checks its password). */
    accountDeletions: RateLimit;
    /** Downloads of one account's data (each reads the events for the seats it held). */
    accountDataDownloads: RateLimit;
    /** Team invitations one instructor mails. */
    teamInvites: RateLimit;
    /** Quotes (billing.quote, public) from one client address: each may ask the VAT service. */
    quotes: RateLimit;
    /** Feedback messages from one client address (FEEDBACK_LIMIT). */
    feedback: RateLimit;
    /** Demo games (demo.create, open to visitors) started from one client address. */
    demos: RateLimit;
    /** Error reports (telemetry.report, public) from one client address: a class behind one address. */
    errorReports: RateLimit;
    /** Events a page tracks itself (telemetry.track, public) from one client address. */
    trackedEvents: RateLimit;
    /** Logos one instructor uploads (each is decoded and resized). */
    logoUploads: RateLimit;
  };
}

/**
 * Uploaded files: an S3-compatible bucket when S3_BUCKET is set (S3_ENDPOINT, S3_REGION,
 * S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY), else a folder (FILES_DIR, by default `files` beside
 * the embedded database in the data directory), else, for a `memory://` data directory, memory.
 */
export interface StorageConfig {
  /** null: kept in memory (tests with a `memory://` data directory). */
  filesDir: string | null;
  s3?: { endpoint: string; bucket: string; region: string; accessKeyId: string; secretAccessKey: string };
}

function storageConfig(env: NodeJS.ProcessEnv, dataDir: string): StorageConfig {
  const filesDir =
    env.FILES_DIR || (dataDir.startsWith('memory://') ? null : path.resolve(dataDir, '..', 'files'));
  if (!env.S3_BUCKET) return { filesDir };
  const need = (name: string) => {
    const value = env[name];
    if (!value) throw new Error(`${name} is needed with S3_BUCKET`);
    return value;
  };
  return {
    filesDir,
    s3: {
      endpoint: need('S3_ENDPOINT').replace(/\/$/, ''),
      bucket: env.S3_BUCKET,
      region: env.S3_REGION || 'us-east-1',
      accessKeyId: need('S3_ACCESS_KEY_ID'),
      secretAccessKey: need('S3_SECRET_ACCESS_KEY'),
    },
  };
}

/** Addresses outside the app that the help menu links to, each only when configured. */
export interface HelpLinks {
  webinarsUrl?: string;
  testimonialUrl?: string;
}

/** An http(s) address of the help menu, or none when unset. */
function helpLink(env: NodeJS.ProcessEnv, name: string): string | undefined {
  const text = env[name]?.trim();
  if (!text) return undefined;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  if (!url || (url.protocol !== 'https:' && url.protocol !== 'http:'))
    throw new Error(`${name} must be an http:// or https:// address, got "${text}"`);
  return url.href;
}

/** A sign-in provider's app: its id and secret, and where its OpenID Connect service is. */
export interface SocialProviderConfig {
  clientId: string;
  clientSecret: string;
}

export interface SocialSignInConfig {
  /** Discovered from `issuer`'s /.well-known/openid-configuration. */
  google?: SocialProviderConfig & { issuer: string };
  /** `authority`/`tenantId`/oauth2/v2.0/… (better-auth's Microsoft provider). */
  microsoft?: SocialProviderConfig & { tenantId: string; authority: string };
}

/** A process's connections to PostgreSQL at most (DATABASE_POOL_MAX): its commands, reads and group commits. */
export const DEFAULT_POOL_MAX = 20;

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min = 1): number {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min)
    throw new Error(`${name} must be a whole number ≥ ${min}, got "${text}"`);
  return value;
}

/** `MAX/SECONDS`, e.g. `1000/60`: at most MAX in any window of SECONDS. */
function rateLimit(env: NodeJS.ProcessEnv, name: string, fallback: RateLimit): RateLimit {
  const text = env[name];
  if (text === undefined || text === '') return fallback;
  const match = /^(\d+)\/(\d+)$/.exec(text.trim());
  // Counters older than a day are deleted (http/rate-limiter.ts): no window may be longer.
  if (!match || Number(match[1]) < 1 || Number(match[2]) < 1 || Number(match[2]) > 86_400)
    throw new Error(`${name} must read MAX/SECONDS (SECONDS at most 86400), such as 1000/60, got "${text}"`);
  return { max: Number(match[1]), windowSeconds: Number(match[2]) };
}

/** TRUST_PROXY's comma-separated entries, checked now (a typo would otherwise stop the server later). */
function trustedProxies(text: string | undefined): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  try {
    proxyaddr.compile(entries);
  } catch (error) {
    throw new Error(
      `TRUST_PROXY must list addresses, subnets or loopback/linklocal/uniquelocal: ${(error as Error).message}`,
    );
  }
  return entries;
}

/** APP_HOSTS, comma-separated host names; by default PUBLIC_URL's host and this machine's names. */
function appHosts(text: string | undefined, publicUrl: string): string[] {
  const entries = (text ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter(Boolean);
  for (const entry of entries)
    if (!/^[a-z0-9.-]+$/.test(entry) || hostNameOf(entry) !== entry)
      throw new Error(
        `APP_HOSTS must list host names without scheme or port, such as games.example.org, got "${entry}"`,
      );
  if (entries.length > 0) return entries;
  return [...new Set([hostNameOf(new URL(publicUrl).host), 'localhost', '127.0.0.1'])];
}

/** SMTP_URL, checked now: a typo would otherwise only show when the first mail fails. */
function smtpUrl(text: string | undefined): string | undefined {
  if (!text) return undefined;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new Error(`SMTP_URL must be a URL such as smtp://user:password@host:587, got "${text}"`);
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:')
    throw new Error(`SMTP_URL must start with smtp:// or smtps://, got "${url.protocol}//"`);
  return text;
}

/** An https URL (http only on this machine, for tests), without a trailing slash. */
function serviceUrl(env: NodeJS.ProcessEnv, name: string, fallback: string): string {
  const text = env[name] || fallback;
  let url: URL | null = null;
  try {
    url = new URL(text);
  } catch {}
  const local = url?.hostname === '127.0.0.1' || url?.hostname === 'localhost';
  if (!url || !(url.protocol === 'https:' || (local && url.protocol === 'http:')))
    throw new Error(`${name} must be an https:// URL, got "${text}"`);
  return text.replace(/\/$/, '');
}

/** A provider's app, when both its id and its secret are set (one without the other is a mistake). */
function providerApp(env: NodeJS.ProcessEnv, prefix: string): SocialProviderConfig | undefined {
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim();
  const clientSecret = env[`${prefix}_CLIENT_SECRET`]?.trim();
  if (!clientId && !clientSecret) return undefined;
  if (!clientId || !clientSecret)
    throw new Error(`${prefix}_CLIENT_ID and ${prefix}_CLIENT_SECRET must be set together`);
  return { clientId, clientSecret };
}

function socialSignIn(env: NodeJS.ProcessEnv): SocialSignInConfig {
  const google = providerApp(env, 'GOOGLE');
  const microsoft = providerApp(env, 'MICROSOFT');
  const tenantId = env.MICROSOFT_TENANT_ID?.trim() || 'common';
  if (!/^[A-Za-z0-9.-]{1,100}$/.test(tenantId))
    throw new Error(
      `MICROSOFT_TENANT_ID must be common, organizations, consumers, a tenant id or domain, got "${tenantId}"`,
    );
  return {
    google: google && { ...google, issuer: serviceUrl(env, 'GOOGLE_ISSUER', 'https://accounts.google.com') },
    microsoft: microsoft && {
      ...microsoft,
      tenantId,
      authority: serviceUrl(env, 'MICROSOFT_AUTHORITY', 'https://login.microsoftonline.com'),
    },
  };
}

export function loadConfig(env: NodeJS.ProcessEnv): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535)
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  if (env.MIGRATION_DATABASE_URL && !env.DATABASE_URL)
    throw new Error('MIGRATION_DATABASE_URL needs a DATABASE_URL: the embedded database has no roles');
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${port}`).replace(/\/$/, '');
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    publicUrl,
    // Without a PUBLIC_URL the server is reached on this machine, by either local name.
    trustedOrigins: env.PUBLIC_URL
      ? [new URL(publicUrl).origin]
      : [`http://localhost:${port}`, `http://127.0.0.1:${port}`],
    appHosts: appHosts(env.APP_HOSTS, publicUrl),
    databaseUrl: env.DATABASE_URL || undefined,
    migrationDatabaseUrl: env.MIGRATION_DATABASE_URL || undefined,
    dataDir: env.DATA_DIR ?? path.resolve('data', 'pglite'),
    authSecret: env.BETTER_AUTH_SECRET || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    pollMs: integer(env, 'LIVE_POLL_MS', 10_000),
    signInCheckMs: integer(env, 'SIGN_IN_CHECK_MS', 60_000),
    sessionCacheMs: integer(env, 'SESSION_CACHE_MS', 30_000),
    schedulerPollMs: integer(env, 'SCHEDULER_POLL_MS', 1000),
    databasePoolMax: integer(env, 'DATABASE_POOL_MAX', DEFAULT_POOL_MAX),
    schedulerStartGraceMs: integer(env, 'SCHEDULER_START_GRACE_MS', 5000, 0),
    trustProxy: trustedProxies(env.TRUST_PROXY),
    socialSignIn: socialSignIn(env),
    mail: {
      smtpUrl: smtpUrl(env.SMTP_URL),
      from: env.MAIL_FROM || `SimGames <no-reply@${new URL(publicUrl).hostname}>`,
      retryMs: integer(env, 'MAIL_RETRY_MS', 30_000),
      maxAttempts: integer(env, 'MAIL_MAX_ATTEMPTS', 10),
    },
    billing: billingConfig(env),
    storage: storageConfig(env, env.DATA_DIR ?? path.resolve('data', 'pglite')),
    operatorEmails: (env.OPERATOR_EMAILS ?? '')
      .split(',')
      .map((address) => address.trim().toLowerCase())
      .filter(Boolean),
    helpLinks: {
      webinarsUrl: helpLink(env, 'HELP_WEBINARS_URL'),
      testimonialUrl: helpLink(env, 'HELP_TESTIMONIAL_URL'),
    },
    telemetry: {
      sentryDsn: env.SENTRY_DSN?.trim() || undefined,
      analyticsForwardUrl: env.ANALYTICS_FORWARD_URL?.trim() || undefined,
      release: env.RELEASE?.trim() || 'dev',
    },
    limits: {
      bodyBytes: integer(env, 'MAX_BODY_BYTES', 128 * 1024),
      batchCalls: integer(env, 'MAX_BATCH_CALLS', 20),
      subscriptionsPerSocket: integer(env, 'MAX_SUBSCRIPTIONS_PER_SOCKET', 20),
      subscriptionsPerAddress: integer(env, 'MAX_SUBSCRIPTIONS_PER_ADDRESS', 3000),
      callsPerSocket: rateLimit(env, 'CALLS_PER_SOCKET_LIMIT', { max: 300, windowSeconds: 10 }),
      codeLookups: rateLimit(env, 'CODE_LOOKUP_LIMIT', { max: 3000, windowSeconds: 60 }),
      codeLookupsPerSocket: rateLimit(env, 'CODE_LOOKUP_SOCKET_LIMIT', { max: 30, windowSeconds: 60 }),
      socketsPerAddress: integer(env, 'MAX_SOCKETS_PER_ADDRESS', 1000),
      gameCreations: rateLimit(env, 'GAME_CREATION_LIMIT', { max: 30, windowSeconds: 60 }),
      gamesCreated: rateLimit(env, 'GAMES_PER_HOUR_LIMIT', { max: 1000, windowSeconds: 3600 }),
      liveGames: integer(env, 'LIVE_GAMES_LIMIT', 5000),
      anonymousSignIns: rateLimit(env, 'ANONYMOUS_SIGN_IN_LIMIT', { max: 1000, windowSeconds: 60 }),
      signUps: rateLimit(env, 'SIGN_UP_LIMIT', { max: 100, windowSeconds: 3600 }),
      signInFailuresPerAccount: rateLimit(env, 'SIGN_IN_FAILURE_LIMIT', { max: 5, windowSeconds: 900 }),
      signInFailuresPerAddress: rateLimit(env, 'SIGN_IN_FAILURE_ADDRESS_LIMIT', {
        max: 50,
        windowSeconds: 900,
      }),
      passwordResetsPerEmail: rateLimit(env, 'PASSWORD_RESET_LIMIT', { max: 3, windowSeconds: 3600 }),
      passwordResetsPerAddress: rateLimit(env, 'PASSWORD_RESET_ADDRESS_LIMIT', {
        max: 20,
        windowSeconds: 3600,
      }),
      passwordResetAttempts: rateLimit(env, 'PASSWORD_RESET_ATTEMPT_LIMIT', { max: 20, windowSeconds: 3600 }),
      verificationMailsPerEmail: rateLimit(env, 'VERIFICATION_MAIL_LIMIT', { max: 5, windowSeconds: 3600 }),
      verificationMailsPerAddress: rateLimit(env, 'VERIFICATION_MAIL_ADDRESS_LIMIT', {
        max: 20,
        windowSeconds: 3600,
      }),
      accountDeletions: rateLimit(env, 'ACCOUNT_DELETION_LIMIT', { max: 5, windowSeconds: 900 }),
      accountDataDownloads: rateLimit(env, 'ACCOUNT_DATA_LIMIT', { max: 10, windowSeconds: 3600 }),
      teamInvites: rateLimit(env, 'TEAM_INVITE_LIMIT', { max: 50, windowSeconds: 3600 }),
      logoUploads: rateLimit(env, 'LOGO_UPLOAD_LIMIT', { max: 20, windowSeconds: 3600 }),
      quotes: rateLimit(env, 'QUOTE_LIMIT', { max: 60, windowSeconds: 60 }),
      feedback: rateLimit(env, 'FEEDBACK_LIMIT', { max: 10, windowSeconds: 3600 }),
      demos: rateLimit(env, 'DEMO_LIMIT', { max: 60, windowSeconds: 3600 }),
      errorReports: rateLimit(env, 'ERROR_REPORT_LIMIT', { max: 300, windowSeconds: 60 }),
      trackedEvents: rateLimit(env, 'TRACKED_EVENT_LIMIT', { max: 120, windowSeconds: 60 }),
    },
  };
}
