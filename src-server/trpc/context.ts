import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import type { Logger } from 'pino';
import { chooseLocale, type Locale } from '../../src-shared/rules/locale';
import type { SocialProvider } from '../../src-shared/rules/social-sign-in';
import type { Auth, SessionUser } from '../auth/auth';
import type { SessionCache } from '../auth/session-cache';
import type { SignInWatch } from '../auth/sign-in-watch';
import type { Config } from '../config';
import type { DatabaseHandle } from '../db/database';
import type { CommandHandler } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import type { RateLimiter } from '../http/rate-limiter';
import type { Presence } from '../presence/presence';
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
  /** Who a request is signed in as, remembered briefly per cookie. */
  sessions: SessionCache;
  /** Ends live subscriptions whose sign-in was revoked. */
  signIns: SignInWatch;
  /** Who watches each game live, in this process. */
  presence: Presence;
  /** The providers one may sign in with besides a password (Google, Microsoft), when configured. */
  signInProviders: SocialProvider[];
}

/** One WebSocket connection: its subscriptions are counted against a limit. */
export interface SocketUsage {
  subscriptions: number;
  /** The handshake's headers: each call on the socket looks its sign-in up from their cookie. */
  headers: IncomingHttpHeaders;
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
}

export async function createContext(
  services: Services,
  request: IncomingMessage,
  transport: { socket?: SocketUsage; foreignOrigin: boolean },
): Promise<Context> {
  // A page of another site may not call us (the WebSocket handshake is checked before this).
  if (transport.foreignOrigin) throw appError('FORBIDDEN', 'errors.foreignOrigin');
  const signedIn = await services.sessions.signedIn(request.headers);
  return {
    services,
    socket: transport.socket,
    user: signedIn?.user ?? null,
    sessionToken: signedIn?.sessionToken ?? null,
    locale: chooseLocale({
      browser: String(request.headers['accept-language'] ?? '')
        .split(',')
        .map((tag) => tag.split(';')[0]!.trim()),
    }),
  };
}
