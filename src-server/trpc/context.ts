import type { IncomingHttpHeaders } from 'node:http';
import type { Logger } from 'pino';
import { type Auth, type SessionUser, sessionUserFromHeaders } from '../auth/auth';
import type { DatabaseHandle } from '../db/database';
import type { CommandHandler } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

/** What the composition root builds once and every procedure uses. */
export interface Services {
  database: DatabaseHandle;
  store: EventStore;
  commands: CommandHandler;
  auth: Auth;
  log: Logger;
  /** Server clock, replaceable in tests. */
  now: () => number;
  /** Poll interval of live subscriptions, the safety net behind wake-ups. */
  pollMs: number;
  /** How often a live subscription checks that its viewer's sign-in was not revoked. */
  signInCheckMs: number;
}

export interface Context {
  services: Services;
  user: SessionUser | null;
  headers: IncomingHttpHeaders;
}

export async function createContext(services: Services, headers: IncomingHttpHeaders): Promise<Context> {
  return { services, headers, user: await sessionUserFromHeaders(services.auth, headers) };
}
