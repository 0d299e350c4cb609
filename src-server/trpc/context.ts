import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { chooseLocale, type Locale } from '../../src-shared/rules/locale';
import type { SocialProvider } from '../../src-shared/rules/social-sign-in';
import type { Auth, SessionUser } from '../auth/auth';
import type { PlayerNames } from '../auth/player-names';
import type { SessionCache } from '../auth/session-cache';
import type { SignInWatch } from '../auth/sign-in-watch';
import type { VatService } from '../billing/vat-service';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import { isDatabaseUnreachable } from '../db/unreachable';
import type { CommandHandler } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import type { AddressOf } from '../http/client-address';
import type { RateLimiter } from '../http/rate-limiter';
import type { WindowCount } from '../http/window-count';
import type { MailRequest } from '../mail/outbox';
import type { PortalDirectory } from '../portal/portals';
import type { Presence } from '../presence/presence';
import type { FileStorage } from '../storage/file-storage';
import type { Telemetry } from '../telemetry/telemetry';
import type { Heartbeat } from './heartbeat';
import { appError } from './trpc';

/** What the composition root builds once and every procedure uses. */
export interface Services {
  database: DatabaseHandle;
  store: EventStore;
  commands: CommandHandler;
  auth: Auth;
  log: Logger;
  limiter: RateLimiter;
  limits: Config['limits'];
  /** Server clock, replaceable in tests. */
  now: () => number;
  /** Poll interval of live subscriptions, the safety net behind wake-ups. */
  pollMs: number;
  /** The live views' beat, and whether this process hears every append now (trpc/heartbeat.ts). */
  heartbeat: Heartbeat;
  /** Who a request is signed in as, remembered briefly per cookie. */
  sessions: SessionCache;
  /** Players' display names for the live views, shared by the process's subscriptions. */
  playerNames: PlayerNames;
  /** Ends live subscriptions whose sign-in was revoked. */
  signIns: SignInWatch;
  /** Who watches each game live, in this process. */
  presence: Presence;
  /** Live subscriptions per client address, in this process (MAX_SUBSCRIPTIONS_PER_ADDRESS). */
  subscriptionsByAddress: Map<string, number>;
  /** The providers one may sign in with besides a password (Google, Microsoft), when configured. */
  signInProviders: SocialProvider[];
  /** A request's client address (TRUST_PROXY's proxies believed): what per-address limits count. */
  addressOf: AddressOf;
  /** Plans, the seller and the VAT service's settings (billing/config.ts). */
  billing: Config['billing'];
  /** VAT rates and VAT number checks: the operator's service, else the table and a format check. */
  vat: VatService;
  /** The address of the app, for the links the server writes (mails, join links). */
  publicUrl: string;
  /** Queues a mail and sends it at once (mail/outbox.ts). */
  queueMail: (mail: MailRequest) => Promise<void>;
  /** The operators' addresses, lower case (config's OPERATOR_EMAILS). */
  operatorEmails: string[];
  /** The help menu's outside links, each only when configured (config's helpLinks). */
  helpLinks: Config['helpLinks'];
  /** Error reports and analytics events (telemetry/telemetry.ts). */
  telemetry: Telemetry;
  /** Uploaded files (the public pages' logos): a folder, memory or an S3 bucket (storage/). */
  storage: FileStorage;
  /** Which portal a host names, and its look (portal/portals.ts). */
  portals: PortalDirectory;
}

/** One WebSocket connection: its subscriptions are counted against a limit. */
export interface SocketUsage {
  subscriptions: number;
  /** The handshake's headers: each call on the socket looks its sign-in up from their cookie. */
  headers: IncomingHttpHeaders;
  /** The socket's calls (CALLS_PER_SOCKET_LIMIT) and join-code look-ups (CODE_LOOKUP_SOCKET_LIMIT). */
  calls: WindowCount;
  codeLookups: WindowCount;
}

export interface Context {
  services: Services;
  user: SessionUser | null;
  /** The session of `user`, watched by live subscriptions; never sent to a page. */
  sessionToken: string | null;
  /** The WebSocket the call came on; absent for an HTTP call. */
  socket?: SocketUsage;
  /** The request's language (its Accept-Language): the words the server itself writes into answers. */
  locale: Locale;
  /** The client's address (for a WebSocket call, its handshake's). */
  clientAddress: string;
  /** The request's cookies (for a WebSocket call, its handshake's): the tracking consent is read there. */
  cookie?: string;
  /** The request's browser, as its User-Agent names it (kept with error reports). */
  userAgent?: string;
  /** The request's Host header (for a WebSocket call, its handshake's): a portal's, or the app's. */
  host: string;
}

export async function createContext(
  services: Services,
  request: IncomingMessage,
  transport: { socket?: SocketUsage; foreignOrigin: boolean },
): Promise<Context> {
  // A page of another site may not call us (the WebSocket handshake is checked before this).
  if (transport.foreignOrigin) throw appError('FORBIDDEN', 'errors.foreignOrigin');
  // The database away when a request (or a WebSocket's handshake) is read: refused as such, which
  // the page retries; a socket opened in an outage was otherwise refused as an unexplained failure.
  const signedIn = await services.sessions.signedIn(request.headers).catch((error: unknown) => {
    throw isDatabaseUnreachable(error)
      ? appError('SERVICE_UNAVAILABLE', 'errors.databaseReconnecting')
      : error;
  });
  return {
    services,
    socket: transport.socket,
    user: signedIn?.user ?? null,
    sessionToken: signedIn?.sessionToken ?? null,
    clientAddress: services.addressOf(request) || 'unknown',
    cookie: request.headers.cookie ?? '',
    userAgent: String(request.headers['user-agent'] ?? '').slice(0, 300),
    host: request.headers.host ?? '',
    locale: chooseLocale({
      browser: String(request.headers['accept-language'] ?? '')
        .split(',')
        .map((tag) => tag.split(';')[0]!.trim()),
    }),
  };
}
