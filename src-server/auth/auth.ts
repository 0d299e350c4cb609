import { createHash, randomBytes } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { betterAuth } from 'better-auth';
import {
  APIError,
  addOAuthServerContext,
  createAuthMiddleware,
  getOAuthState,
  getSessionFromCtx,
} from 'better-auth/api';
import { setSessionCookie } from 'better-auth/cookies';
import { fromNodeHeaders } from 'better-auth/node';
import { anonymous } from 'better-auth/plugins/anonymous';
import type { Kysely } from 'kysely';
import { USER_FIELDS } from '../../src-shared/api/user-fields';
import { ANONYMOUS_NAME } from '../../src-shared/rules/account-flow';
import { authActionLink } from '../../src-shared/rules/auth-action';
import { ERASED_PLAYER_MESSAGE, erasedPlayerName } from '../../src-shared/rules/erased-player';
import { chooseLocale, isLocale, type Locale } from '../../src-shared/rules/locale';
import type { SocialSignInConfig } from '../config';
import { batchedLoader, type Loader } from '../db/batched-loader';
import type { Database } from '../db/schema';
import { CLIENT_ADDRESS_HEADER } from '../http/client-address';
import type { MailRequest } from '../mail/outbox';
import { messagesIn } from '../messages';
import { checkPassword, checkUserFields } from './account-rules';
import {
  afterEmailChangeRequest,
  beforeVerificationEndpoints,
  verificationOptions,
  verifiedByLink,
} from './email-verification';
import type { SignedIn } from './session-cache';
import type { SessionCookieSettings } from './session-lookup';
import { socialSignInOptions } from './social';

/** The endpoints that set a password. */
const PASSWORD_PATHS = new Set(['/sign-up/email', '/change-password', '/reset-password', '/set-password']);

export type Auth = ReturnType<typeof createAuth>;

/** The signed-in user as every procedure sees it. */
export interface SessionUser {
  id: string;
  name: string;
  /** Null for anonymous players: they have no e-mail of their own. */
  email: string | null;
  isAnonymous: boolean;
  /** Whether the owner of `email` proved it by a mailed link (verifiedInstructorProcedure). */
  emailVerified: boolean;
}

/**
 * The auth secret signs session cookies, so it must survive restarts and be the same in every
 * process: taken from the environment, else generated once and kept in the database.
 */
export async function loadAuthSecret(
  db: Kysely<Database>,
  fromEnvironment: string | undefined,
): Promise<string> {
  if (fromEnvironment) return fromEnvironment;
  await db
    .insertInto('server_settings')
    .values({ key: 'auth_secret', value: randomBytes(32).toString('base64url') })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
  const row = await db
    .selectFrom('server_settings')
    .select('value')
    .where('key', '=', 'auth_secret')
    .executeTakeFirstOrThrow();
  return row.value;
}

/** How long a password reset code works (spec: an hour). */
export const RESET_CODE_SECONDS = 3600;

/** The language a request asks in (its Accept-Language, which the app sets to its own), else English. */
function requestLocale(request: Request | undefined): Locale {
  const accepted = request?.headers.get('accept-language') ?? '';
  return chooseLocale({ browser: accepted.split(',').map((tag) => tag.split(';')[0]!.trim()) });
}

/** The language a Google or Microsoft sign-in was started in, kept in its OAuth state by the server. */
async function socialSignInLocale(): Promise<Locale | undefined> {
  const language = (await getOAuthState())?.serverContext?.language;
  return typeof language === 'string' && isLocale(language) ? language : undefined;
}

/** We keep no token of Google's or Microsoft's: a sign-in only needs to know who it is. */
const withoutTokens = <Account>(account: Account) => ({
  data: { ...account, accessToken: null, refreshToken: null, idToken: null },
});

/** A mail's idempotency key for a reset code, without keeping the code itself in the outbox's keys. */
const resetMailKey = (code: string) =>
  `reset-password:${createHash('sha256').update(code).digest('base64url')}`;

export function createAuth(options: {
  db: Kysely<Database>;
  secret: string;
  publicUrl: string;
  /** The app's origins, and a claimed portal's for a request on its host (main.ts). */
  trustedOrigins: string[] | ((request?: Request) => Promise<string[]>);
  /** Queues a mail (mail/outbox.ts) and wakes the mail loop. */
  queueMail: (mail: MailRequest) => Promise<void>;
  socialSignIn: SocialSignInConfig;
  /** Frees the seats of a user about to be deleted (streams/seats.ts). */
  vacateSeats: (userId: string) => Promise<unknown>;
  /** A session was deleted (a sign-out, a revocation, its user deleted): its live views end now. */
  sessionEnded: (token: string) => void;
  /** Where better-auth's errors go (the server's log); by default, better-auth's own console logger. */
  logError?: (message: string, args: unknown[]) => void;
}) {
  const social = socialSignInOptions(options.socialSignIn);
  /** Who set a new password with a reset code, per request: signed in once the reset succeeded. */
  const resetBy = new WeakMap<Request, string>();
  const verification = verificationOptions({
    ...options,
    requestLocale,
    accountEmail: async (userId) =>
      (await options.db.selectFrom('user').select('email').where('id', '=', userId).executeTakeFirst())
        ?.email,
  });
  return betterAuth({
    database: { db: options.db, type: 'postgres' },
    baseURL: options.publicUrl,
    secret: options.secret,
    trustedOrigins: options.trustedOrigins,
    emailAndPassword: {
      enabled: true,
      minPasswordLength: 8,
      maxPasswordLength: 128,
      // Sign-up answers the same whether the address is taken or not, so it opens no session:
      // the form signs in next (docs/accounts.md, "E-mail verification").
      autoSignIn: false,
      onExistingUserSignUp: verification.onExistingUserSignUp,
      // Password reset (docs/accounts.md): better-auth makes, keeps, expires and consumes the code;
      // we mail it as a link to /auth-action. Anonymous players have no address of their own.
      resetPasswordTokenExpiresIn: RESET_CODE_SECONDS,
      revokeSessionsOnPasswordReset: true,
      sendResetPassword: async ({ user, token }, request) => {
        const profile = user as typeof user & { isAnonymous?: boolean | null; language?: string | null };
        if (profile.isAnonymous) return;
        await options.queueMail({
          idempotencyKey: resetMailKey(token),
          to: user.email,
          locale: chooseLocale({ profile: profile.language, browser: [requestLocale(request)] }),
          kind: 'resetPassword',
          values: { name: user.name, link: authActionLink(options.publicUrl, 'resetPassword', token) },
        });
      },
      onPasswordReset: async ({ user }, request) => {
        if (request) resetBy.set(request, user.id);
      },
    },
    emailVerification: verification.emailVerification,
    plugins: [anonymous({ generateName: () => ANONYMOUS_NAME }), ...social.plugins],
    socialProviders: social.socialProviders,
    // A Google or Microsoft sign-in joins the account of its address only when the provider says
    // the address is verified and the account's own address was verified (no provider is trusted
    // blindly): otherwise whoever controls one side could take the other (docs/accounts.md).
    account: { accountLinking: { enabled: true, trustedProviders: [], requireLocalEmailVerified: true } },
    // A failed sign-in through a provider, without a page of its own to return to, lands on /login.
    onAPIError: { errorURL: '/login' },
    // The profile (spec point 3, user document; migrations/0009_profile.ts), set with better-auth's
    // update-user and checked by its database hooks (account-rules.ts).
    user: {
      changeEmail: verification.changeEmail,
      additionalFields: USER_FIELDS,
    },
    hooks: {
      before: createAuthMiddleware(async (ctx) => {
        const body = (ctx.body ?? {}) as Record<string, unknown>;
        if (PASSWORD_PATHS.has(ctx.path)) await checkPassword(body.password ?? body.newPassword);
        // One account per person at a time (spec point 8): an anonymous player may sign up, an
        // instructor signed in may not make another account over theirs.
        if (ctx.path === '/sign-up/email') {
          const signedIn = await getSessionFromCtx(ctx).catch(() => null);
          if (signedIn && !(signedIn.user as { isAnonymous?: boolean | null }).isAnonymous)
            throw new APIError('BAD_REQUEST', { code: 'ALREADY_LOGGED_IN', message: 'ALREADY_LOGGED_IN' });
        }
        await beforeVerificationEndpoints(ctx);
        // An account made by this sign-in speaks the language the app showed (sent as Accept-Language).
        if (ctx.path === '/sign-in/social')
          await addOAuthServerContext({ language: requestLocale(ctx.request) });
      }),
      after: createAuthMiddleware(async (ctx) => {
        if (ctx.context.returned instanceof Error) return;
        if (ctx.path === '/request-password-reset') {
          // better-auth answers an address without an account as it answers one with, and mails
          // nothing: we tell the address's owner that no account uses it (docs/accounts.md).
          const email = String((ctx.body as { email: string }).email).trim();
          if (await ctx.context.internalAdapter.findUserByEmail(email)) return;
          await options.queueMail({
            idempotencyKey: `no-account:${randomBytes(16).toString('base64url')}`,
            to: email,
            locale: requestLocale(ctx.request),
            kind: 'noAccount',
            values: { email, signupLink: new URL('/signup', options.publicUrl).href },
          });
        } else if (ctx.path === '/change-email') {
          await afterEmailChangeRequest(
            verification.deps,
            ctx.request,
            (ctx.body as { newEmail?: unknown }).newEmail,
          );
        } else if (ctx.path === '/reset-password' && ctx.request) {
          // The reset revoked every session of the account; the person who set it is signed in anew.
          const userId = resetBy.get(ctx.request);
          const user = userId ? await ctx.context.internalAdapter.findUserById(userId) : null;
          if (!user) return;
          const session = await ctx.context.internalAdapter.createSession(user.id);
          await setSessionCookie(ctx, { session, user });
        }
      }),
    },
    databaseHooks: {
      user: {
        create: {
          before: async (user, ctx) => {
            checkUserFields(user, user.isAnonymous === true);
            const language = ctx?.path.startsWith('/callback/') ? await socialSignInLocale() : undefined;
            return language ? { data: { ...user, language } } : undefined;
          },
        },
        update: {
          before: async (user, ctx) => {
            const session = ctx ? await getSessionFromCtx(ctx).catch(() => null) : null;
            checkUserFields(user, session?.user.isAnonymous === true);
            return verifiedByLink(user, ctx?.path);
          },
        },
        // Whoever deletes a user (the anonymous plugin once its player signed up or in with an
        // e-mail, an account deleted in settings), their seats are freed first: no seat is ever
        // held by a user who no longer exists (docs/accounts.md, "Your data").
        delete: { before: async (user) => void (await options.vacateSeats(user.id)) },
      },
      // Every process ends the session's subscriptions at once (auth/sign-in-watch.ts), instead of
      // streaming a signed-out user's views until the next check.
      session: { delete: { after: async (session) => options.sessionEnded(session.token) } },
      account: {
        create: { before: async (account) => withoutTokens(account) },
        update: { before: async (account) => withoutTokens(account) },
      },
    },
    // Our own limits run before better-auth, per client address and account (http/auth-limits.ts).
    rateLimit: { enabled: false },
    advanced: {
      // Where a sign-in sends people back to (callbackURL…) must be ours, in tests too (better-auth
      // skips the check under NODE_ENV=test): a page of another site would be an open redirect.
      disableOriginCheck: false,
      // HttpOnly and SameSite=Lax are better-auth's defaults; Secure whenever we are served over HTTPS.
      useSecureCookies: options.publicUrl.startsWith('https://'),
      // The client's address as the server resolved it (TRUST_PROXY), never a header a client sent.
      ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] },
      // A session and its user in one query, not two: each socket of a class reconnecting after a
      // restart looks its cookie up (issue 29: 2,000 queries for 1,000 players became 1,000).
      database: { joins: true },
    },
    // No OpenTelemetry spans (nothing here collects them): each look-up paid for several.
    experimental: { instrumentation: { enabled: false } },
    telemetry: { enabled: false },
    // A wrong password is the caller's mistake, slowed by our rate limits: not a line in the log each.
    logger: {
      level: 'error',
      ...(options.logError ? { log: (_level, message, ...args) => options.logError!(message, args) } : {}),
    },
  });
}

/** Users' names by id, per database: the names asked for in one turn are read in one query. */
const nameReaders = new WeakMap<Kysely<Database>, Loader<string, string>>();

/**
 * Players' display names by user id: names live in user records, never in a game's events. An id
 * without a record (the account was deleted) reads as its pseudonym in `locale`'s words
 * (src-shared/rules/erased-player.ts), the same on every page and in every export.
 */
export async function displayNames(
  db: Kysely<Database>,
  userIds: readonly string[],
  locale: Locale = 'en',
): Promise<Record<string, string>> {
  if (userIds.length === 0) return {};
  let read = nameReaders.get(db);
  if (!read) {
    read = batchedLoader(async (ids: string[]) => {
      const rows = await db.selectFrom('user').select(['id', 'name']).where('id', 'in', ids).execute();
      return new Map(rows.map((row) => [row.id, row.name]));
    });
    nameReaders.set(db, read);
  }
  const found = await Promise.all(userIds.map(read));
  const names: Record<string, string> = {};
  userIds.forEach((id, i) => {
    if (found[i] !== undefined) names[id] = found[i];
  });
  const erased = userIds.filter((id) => names[id] === undefined);
  if (erased.length > 0) {
    const template = (await messagesIn(locale))[ERASED_PLAYER_MESSAGE]!;
    for (const id of erased) names[id] = erasedPlayerName(id, template);
  }
  return names;
}

/** A user's record as better-auth keeps it, with the anonymous plugin's flag. */
export interface UserRecord {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  isAnonymous?: boolean | null;
}

/** Who a session signs in, as every procedure sees them: an anonymous player has no address of their own. */
export function signedInAs(user: UserRecord, sessionToken: string): SignedIn {
  const isAnonymous = user.isAnonymous === true;
  return {
    user: {
      id: user.id,
      name: user.name,
      email: isAnonymous ? null : user.email,
      isAnonymous,
      emailVerified: !isAnonymous && user.emailVerified,
    },
    sessionToken,
  };
}

/** The session cookie's name, its secret and better-auth's session lifetimes (session-lookup.ts). */
export async function sessionCookieSettings(auth: Auth): Promise<SessionCookieSettings> {
  const context = await auth.$context;
  return {
    cookieName: context.authCookies.sessionToken.name,
    secret: context.secret,
    expiresInSeconds: context.sessionConfig.expiresIn,
    updateAgeSeconds: context.sessionConfig.updateAge,
  };
}

/**
 * The signed-in user of a request, and the token of their session (to watch it for revocation:
 * sign-in-watch.ts; it never leaves the server), or null.
 */
export async function signInFromHeaders(auth: Auth, headers: IncomingHttpHeaders): Promise<SignedIn | null> {
  const session = await auth.api.getSession({ headers: fromNodeHeaders(headers) });
  return session && signedInAs(session.user, session.session.token);
}
