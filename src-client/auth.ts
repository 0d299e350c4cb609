import { useSyncExternalStore } from 'react';
import type { SocialProvider } from '../src-shared/rules/social-sign-in';
import type { betterAuthClient } from './auth-client';
import { loadChunk } from './load-chunk';

export interface CurrentUser {
  id: string;
  name: string;
  email: string | null;
  isAnonymous: boolean;
  /** Whether the address was confirmed by a mailed link (the dashboard's banner until it is). */
  emailVerified: boolean;
  /** The profile (spec point 3, user document): null until its owner sets it. */
  playerName: string | null;
  language: string | null;
  attributionSource: string | null;
  attributionOtherText: string | null;
  /** Asked by /setup-account: a user with an e-mail and no profile type has it still to answer. */
  firstname: string | null;
  lastname: string | null;
  profileType: string | null;
  favoriteGames: string[];
}

/** The profile's fields: the user's additional fields on the server (src-server/auth/auth.ts). */
export const PROFILE_FIELDS = [
  'playerName',
  'language',
  'attributionSource',
  'attributionOtherText',
  'firstname',
  'lastname',
  'profileType',
] as const;

type SessionState = { user: CurrentUser | null; pending: boolean };
type SessionUser = Pick<CurrentUser, 'id' | 'name' | 'email'> & {
  isAnonymous?: boolean | null;
  favoriteGames?: string[] | null;
  emailVerified?: boolean | null;
} & Partial<Record<(typeof PROFILE_FIELDS)[number], string | null>>;

/**
 * The session, read from better-auth's endpoint without better-auth's client (13 KB gzipped of a
 * player's first load, docs/benchmarks.md): read at start, again when the page comes back to the
 * foreground or online, when another tab signs in or out (better-auth's storage message), and after
 * each action of `authClient`.
 */
let session: SessionState = { user: null, pending: true };
const listeners = new Set<() => void>();
let reading: Promise<void> | null = null;

function toCurrentUser(raw: SessionUser | undefined): CurrentUser | null {
  if (!raw) return null;
  const isAnonymous = raw.isAnonymous === true;
  return {
    id: raw.id,
    name: raw.name,
    email: isAnonymous ? null : raw.email,
    isAnonymous,
    emailVerified: raw.emailVerified === true,
    playerName: raw.playerName ?? null,
    language: raw.language ?? null,
    attributionSource: raw.attributionSource ?? null,
    attributionOtherText: raw.attributionOtherText ?? null,
    firstname: raw.firstname ?? null,
    lastname: raw.lastname ?? null,
    profileType: raw.profileType ?? null,
    favoriteGames: Array.isArray(raw.favoriteGames) ? raw.favoriteGames : [],
  };
}

function sameUser(a: CurrentUser | null, b: CurrentUser | null): boolean {
  return (
    a === b ||
    (!!a &&
      !!b &&
      a.id === b.id &&
      a.name === b.name &&
      a.email === b.email &&
      a.isAnonymous === b.isAnonymous &&
      a.emailVerified === b.emailVerified &&
      PROFILE_FIELDS.every((field) => a[field] === b[field]) &&
      a.favoriteGames.join() === b.favoriteGames.join())
  );
}

function setSession(next: SessionState) {
  if (next.pending === session.pending && sameUser(next.user, session.user)) return;
  session = next;
  for (const listener of listeners) listener();
}

/**
 * What the page does while its session cannot be read: it says it is not live (`unanswered`: a
 * failed live view until `close`), and asks again after `pause`. The page's start sets them to the
 * connection's rules (main.tsx): this module imports neither connection.ts nor api-links.ts, which
 * would take them out of the first load's main chunk into one shared with this one's.
 */
export interface WhileSessionUnanswered {
  unanswered(): { close(): void };
  pause(attempt: number): Promise<unknown>;
}

let whileUnanswered: WhileSessionUnanswered = {
  unanswered: () => ({ close: () => {} }),
  pause: () => new Promise((resolve) => setTimeout(resolve, 1_000)),
};

export function setWhileSessionUnanswered(rules: WhileSessionUnanswered): void {
  whileUnanswered = rules;
}

/**
 * Reads the session. A server that cannot answer (down, restarting, its database away: a 5xx, a
 * rate limit or no answer at all) is asked again until it does, what is known meanwhile staying as
 * it is: a page loaded in an outage waits (and says it is not live) instead of taking its visitor
 * for signed out. Any other refusal keeps what is known; better-auth's client did too.
 */
async function readSession(): Promise<void> {
  let away: { close(): void } | null = null;
  try {
    for (let attempt = 0; ; attempt++) {
      try {
        const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
        if (response.ok) {
          const body = (await response.json()) as { user?: SessionUser } | null;
          return setSession({ user: toCurrentUser(body?.user), pending: false });
        }
        if (response.status < 500 && response.status !== 429)
          return setSession({ ...session, pending: false });
      } catch {
        // No answer: the server is away.
      }
      away ??= whileUnanswered.unanswered();
      await whileUnanswered.pause(attempt);
    }
  } finally {
    away?.close();
  }
}

/** Reads the session again; reads already under way are shared. */
export function refreshSession(): Promise<void> {
  reading ??= readSession().finally(() => {
    reading = null;
  });
  return reading;
}

function subscribe(listener: () => void) {
  if (listeners.size === 0) startWatching();
  listeners.add(listener);
  return () => listeners.delete(listener);
}

let watching = false;
function startWatching() {
  if (watching) return;
  watching = true;
  void refreshSession();
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void refreshSession();
  });
  window.addEventListener('online', () => void refreshSession());
  window.addEventListener('storage', (event) => {
    if (event.key === 'better-auth.message') void refreshSession();
  });
}

/** The signed-in user (null when signed out) and whether signing in is still being checked. */
export function useCurrentUser(): SessionState {
  return useSyncExternalStore(subscribe, () => session);
}

type BetterAuthClient = typeof betterAuthClient;
const loadClient = async () => (await loadChunk(() => import('./auth-client'))).betterAuthClient;

/** Runs an action of better-auth's client, loading it first, then reads the session it changed. */
const act =
  <Input extends unknown[], Output>(
    pick: (client: BetterAuthClient) => (...input: Input) => Promise<Output>,
  ) =>
  async (...input: Input): Promise<Output> => {
    const client = await loadClient();
    try {
      return await pick(client)(...input);
    } finally {
      await refreshSession();
      tellOtherTabs();
    }
  };

/** The message better-auth's client sends other tabs when the session changes: they read it again. */
function tellOtherTabs() {
  try {
    const message = {
      event: 'session',
      data: { trigger: 'updateSession' },
      timestamp: Math.floor(Date.now() / 1000),
    };
    localStorage.setItem('better-auth.message', JSON.stringify(message));
  } catch {
    // Storage refused (private mode, quota): other tabs read the session when they come back to the front.
  }
}

/** better-auth's actions the app uses, each loading its client on first use. */
export const authClient = {
  signIn: {
    email: act((client) => client.signIn.email),
    anonymous: act((client) => client.signIn.anonymous),
    /**
     * Leaves for Google's or Microsoft's page; back on `callbackURL` (a new account: `newUserCallbackURL`),
     * or on `errorCallbackURL?error=<code>`. The account it makes speaks `locale` (Accept-Language).
     */
    social: act(
      (client) =>
        (
          provider: SocialProvider,
          locale: string,
          urls: { callbackURL: string; newUserCallbackURL: string; errorCallbackURL: string },
        ) =>
          client.signIn.social({ provider, ...urls }, { headers: { 'accept-language': locale } }),
    ),
  },
  signUp: { email: act((client) => client.signUp.email) },
  signOut: act((client) => client.signOut),
  updateUser: act((client) => client.updateUser),
  /** Asks for a reset link by mail, written in `locale` (sent as the request's Accept-Language). */
  requestPasswordReset: act(
    (client) => (email: string, locale: string) =>
      client.requestPasswordReset({ email }, { headers: { 'accept-language': locale } }),
  ),
  /** Sets a new password with a mailed code; the server signs its owner in (src-server/auth/auth.ts). */
  resetPassword: act((client) => client.resetPassword),
  /** E-mail verification and changes of address or password (docs/accounts.md, issue 25). */
  verifyEmail: act((client) => client.verifyEmail),
  sendVerificationEmail: act((client) => client.sendVerificationEmail),
  changeEmail: act((client) => client.changeEmail),
  changePassword: act((client) => client.changePassword),
  /** The account's signed-in devices, and signing them out. */
  listSessions: act((client) => client.listSessions),
  getSession: act((client) => client.getSession),
  revokeSession: act((client) => client.revokeSession),
  revokeOtherSessions: act((client) => client.revokeOtherSessions),
};

/** better-auth's error codes (and those of our rules in front of it) we translate; anything else shows the generic message. */
const KNOWN_AUTH_ERRORS = new Set([
  'USER_ALREADY_EXISTS',
  'USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL',
  'INVALID_EMAIL_OR_PASSWORD',
  'INVALID_EMAIL',
  'INVALID_TOKEN',
  'PASSWORD_TOO_SHORT',
  'PASSWORD_TOO_LONG',
  'PASSWORD_TOO_COMMON',
  'NAME_INVALID',
  'TOO_MANY_ATTEMPTS',
  'PLAYER_NAME_INVALID',
  'LANGUAGE_INVALID',
  'ATTRIBUTION_INVALID',
  'ATTRIBUTION_TEXT_INVALID',
]);

/** Codes said in the words of another (every page loads these words: few of them). */
const SAME_WORDS: Record<string, string> = {
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: 'USER_ALREADY_EXISTS',
  TOKEN_EXPIRED: 'INVALID_TOKEN',
  EMAIL_TOO_LONG: 'INVALID_EMAIL',
};

export function authErrorMessageId(error: { code?: string | undefined } | null | undefined): string {
  // The spec's own message (point 8): an account made while signed in to another.
  if (error?.code === 'ALREADY_LOGGED_IN') return 'dashboard.errorAlreadyLoggedIn';
  const code = (error?.code && SAME_WORDS[error.code]) ?? error?.code;
  return code && KNOWN_AUTH_ERRORS.has(code) ? `auth.error.${code}` : 'auth.error.generic';
}
