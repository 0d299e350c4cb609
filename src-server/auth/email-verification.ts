/**
 * E-mail verification and changes of address or password (issue 25, items 3 and 4;
 * docs/accounts.md): better-auth makes, signs and checks the codes; this module mails them through
 * the outbox and adds what better-auth leaves to us: the current password before an address
 * changes, the old address told of the change, the owner of a taken address told of a sign-up.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { BetterAuthOptions } from 'better-auth';
import { APIError, getSessionFromCtx } from 'better-auth/api';
import { authActionLink } from '../../src-shared/rules/auth-action';
import { emailAddressProblem } from '../../src-shared/rules/email-address';
import { chooseLocale, type Locale } from '../../src-shared/rules/locale';
import type { MailRequest } from '../mail/outbox';

/** How long a verification link works: a day, since a new account's mail may be read the next morning. */
export const VERIFY_CODE_SECONDS = 24 * 3600;

interface Deps {
  publicUrl: string;
  queueMail: (mail: MailRequest) => Promise<void>;
  /** The language a request asks in (its Accept-Language), else English. */
  requestLocale: (request: Request | undefined) => Locale;
  /** The address an account uses now (before a change of address takes effect). */
  accountEmail: (userId: string) => Promise<string | undefined>;
}

type Profile = { name: string; email: string; language?: string | null; isAnonymous?: boolean | null };

const digest = (text: string) => createHash('sha256').update(text).digest('base64url');
const pageLink = (publicUrl: string, path: string) => new URL(path, publicUrl).href;
const localeOf = (deps: Deps, user: Profile, request: Request | undefined) =>
  chooseLocale({ profile: user.language, browser: [deps.requestLocale(request)] });

/** Refuses with a code the client translates (`auth.error.<code>`). */
const refuse = (code: string): never => {
  throw new APIError('BAD_REQUEST', { code, message: code });
};

/** better-auth's options for verification, change of address and sign-up of a taken address. */
export function verificationOptions(deps: Deps) {
  return {
    deps,
    emailVerification: {
      sendOnSignUp: true,
      autoSignInAfterVerification: true,
      expiresIn: VERIFY_CODE_SECONDS,
      // One sender for both: better-auth passes the account with the address to verify, which is
      // the new one (not yet the account's) when the address is changing.
      sendVerificationEmail: async ({ user, token }, request) => {
        const profile = user as typeof user & Profile;
        if (profile.isAnonymous) return;
        const link = authActionLink(deps.publicUrl, 'verifyEmail', token);
        const changing = (await deps.accountEmail(user.id)) !== user.email;
        await deps.queueMail({
          idempotencyKey: `verify-email:${digest(token)}`,
          to: user.email,
          locale: localeOf(deps, profile, request),
          ...(changing
            ? { kind: 'changeEmail', values: { name: user.name, link, email: user.email } }
            : { kind: 'verifyEmail', values: { name: user.name, link } }),
        });
      },
    } satisfies BetterAuthOptions['emailVerification'],
    /** Sign-up answers a taken address as a free one; the address's owner is told by mail. */
    onExistingUserSignUp: (async ({ user }, request) => {
      await deps.queueMail({
        idempotencyKey: `sign-up-taken:${randomBytes(16).toString('base64url')}`,
        to: user.email,
        locale: localeOf(deps, user as typeof user & Profile, request),
        kind: 'signUpExisting',
        values: { name: user.name, loginLink: pageLink(deps.publicUrl, '/login?forgot=1') },
      });
    }) satisfies NonNullable<BetterAuthOptions['emailAndPassword']>['onExistingUserSignUp'],
    changeEmail: { enabled: true },
  };
}

/** The account each change request came from, to tell its old address once better-auth accepted it. */
const changedBy = new WeakMap<Request, Profile>();

type HookContext = Parameters<typeof getSessionFromCtx>[0] & {
  path: string;
  body?: unknown;
  query?: Record<string, unknown>;
  request?: Request;
};

/** Before better-auth: the sign-up's address (spec `verifyEmail`, reason signup), the change of address's password. */
export async function beforeVerificationEndpoints(ctx: HookContext): Promise<void> {
  const body = (ctx.body ?? {}) as Record<string, unknown>;
  // Our links carry no callbackURL (the page reads the answer); a malformed one makes better-auth throw.
  if (ctx.path === '/verify-email' && ctx.query?.callbackURL !== undefined) refuse('INVALID_CALLBACK_URL');
  if (ctx.path === '/sign-up/email') {
    const problem = emailAddressProblem(body.email, 'signup');
    if (problem) refuse(problem);
  } else if (ctx.path === '/change-email') {
    // Re-authentication (spec point 5): better-auth's change-email asks for no password.
    const session = await getSessionFromCtx(ctx);
    if (!session) return; // better-auth refuses it
    const problem = emailAddressProblem(body.newEmail, 'signup');
    if (problem) refuse(problem);
    const password = body.currentPassword;
    if (typeof password !== 'string' || password.length > 128) refuse('INVALID_PASSWORD');
    const account = await ctx.context.internalAdapter.findCredentialAccount(session.user.id);
    if (!account?.password) refuse('CREDENTIAL_ACCOUNT_NOT_FOUND');
    const right = await ctx.context.password.verify({
      hash: account!.password!,
      password: password as string,
    });
    if (!right) refuse('INVALID_PASSWORD');
    if (ctx.request) changedBy.set(ctx.request, session.user as typeof session.user & Profile);
  }
}

/** After better-auth accepted a change of address: the old address is told, with the way back in. */
export async function afterEmailChangeRequest(deps: Deps, request: Request | undefined, newEmail: unknown) {
  const user = request && changedBy.get(request);
  if (!user) return;
  await deps.queueMail({
    idempotencyKey: `email-change-requested:${randomBytes(16).toString('base64url')}`,
    to: user.email,
    locale: localeOf(deps, user, request),
    kind: 'emailChangeRequested',
    values: {
      name: user.name,
      email: String(newEmail).toLowerCase(),
      resetLink: pageLink(deps.publicUrl, '/login?forgot=1'),
    },
  });
}

/**
 * The account's fields as a verification link changes them: a new address that took effect through
 * its link is verified by that very link (better-auth would keep the old address's flag).
 */
export function verifiedByLink(
  user: Record<string, unknown>,
  path: string | undefined,
): { data: Record<string, unknown> } | undefined {
  if (path === '/verify-email' && typeof user.email === 'string')
    return { data: { ...user, emailVerified: true } };
  return undefined;
}
