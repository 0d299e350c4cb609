/**
 * The guards in front of better-auth's endpoints (/api/auth/*): a bounded JSON body, the client's
 * address as the server resolved it, and rate limits counted in the database per address and per
 * account, sized so that a class behind one school address can join while password guessing is
 * slowed. A refused request answers 429 with `code: TOO_MANY_ATTEMPTS` (the client translates
 * `auth.error.<code>`) and a Retry-After header; a password past its account's limit waits instead.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import express, { type RequestHandler, type Response } from 'express';
import type { Logger } from 'pino';
import type { Config, RateLimit } from '../config';
import { type AddressOf, CLIENT_ADDRESS_HEADER } from './client-address';
import type { RateDecision, RateLimiter } from './rate-limiter';

interface Options {
  /** Whether a request comes from a page of another site (security.ts, originCheck). */
  isForeign: (request: IncomingMessage) => boolean;
  limiter: RateLimiter;
  limits: Config['limits'];
  addressOf: AddressOf;
  log: Logger;
}

function refuse(res: Response, decision: RateDecision): void {
  res.setHeader('Retry-After', String(decision.retryAfterSeconds));
  res.status(429).json({ code: 'TOO_MANY_ATTEMPTS', message: 'TOO_MANY_ATTEMPTS' });
}

/** An account's key without keeping its e-mail address in the counters table. */
const accountKey = (email: unknown): string =>
  createHash('sha256')
    .update(typeof email === 'string' ? email.trim().toLowerCase() : '')
    .digest('base64url');

const bodyOf = (req: { body?: unknown }) => (req.body ?? {}) as Record<string, unknown>;

/** How long an attempt waits `over` attempts past an account's limit: 1 s, doubling, at most 30 s. */
export const passwordDelayMs = (over: number): number => Math.min(1000 * 2 ** Math.max(0, over - 1), 30_000);

export function authGuards({ isForeign, limiter, limits, addressOf, log }: Options): RequestHandler[] {
  // better-auth checks the Origin of some endpoints only (not of update-user): ours checks all.
  const sameSite: RequestHandler = (req, res, next) => {
    if (req.method !== 'GET' && isForeign(req))
      res.status(403).json({ code: 'FOREIGN_ORIGIN', message: 'FOREIGN_ORIGIN' });
    else next();
  };

  // better-auth reads a body that is already parsed (better-call re-serializes it), so the limit
  // holds for every endpoint; a body that is not JSON is refused rather than read unbounded.
  const body = express.json({ limit: limits.bodyBytes, type: () => true });

  // A session token holds no NUL character (PostgreSQL's text cannot): such a token names no
  // session, and is refused here rather than failing in better-auth's query (a 500).
  const noNulToken: RequestHandler = (req, res, next) => {
    const token = bodyOf(req).token;
    if (typeof token === 'string' && token.includes('\u0000'))
      res.status(400).json({ code: 'INVALID_TOKEN', message: 'INVALID_TOKEN' });
    else next();
  };

  const address: RequestHandler = (req, _res, next) => {
    req.headers[CLIENT_ADDRESS_HEADER] = addressOf(req);
    next();
  };

  /** Counts one attempt under each of `keys` and refuses when any is over its limit. */
  const countAttempt = async (res: Response, keys: [string, RateLimit][]): Promise<boolean> => {
    const decisions = await Promise.all(keys.map(([key, limit]) => limiter.hit(key, limit)));
    const refused = decisions.find((decision) => !decision.allowed);
    if (refused) refuse(res, refused);
    return !refused;
  };

  /**
   * Counts a password attempt under `keys`; a right password gives it back (only the password's
   * keys). Past the limit of the key `slowed` the attempt is not refused but waits, longer after
   * each failure, and the password is still checked: a guesser behind a school's address is slowed
   * without locking out the owner who then types the right password there.
   */
  const countPassword = async (
    res: Response,
    keys: [string, RateLimit][],
    slowed?: string,
  ): Promise<boolean> => {
    const decisions = await Promise.all(keys.map(([key, limit]) => limiter.hit(key, limit)));
    const refused = decisions.find((decision, i) => !decision.allowed && keys[i]![0] !== slowed);
    if (refused) {
      refuse(res, refused);
      return false;
    }
    const at = keys.findIndex(([key]) => key === slowed);
    if (at >= 0 && !decisions[at]!.allowed)
      await new Promise((resolve) =>
        setTimeout(resolve, passwordDelayMs(decisions[at]!.count - keys[at]![1].max)),
      );
    res.on('finish', () => {
      if (res.statusCode < 400)
        for (const [key] of keys.filter(([key]) => key.startsWith('password:')))
          limiter.giveBack(key).catch((err: unknown) => log.warn({ err }, 'rate limit not given back'));
    });
    return true;
  };

  const limit: RequestHandler = async (req, res, next) => {
    try {
      if (req.method !== 'POST') return next();
      const client = req.headers[CLIENT_ADDRESS_HEADER] as string;
      const endpoint = req.path.replace(/^\/api\/auth/, '');
      if (endpoint === '/sign-in/anonymous') {
        if (await countAttempt(res, [[`anonymous:${client}`, limits.anonymousSignIns]])) next();
      } else if (endpoint === '/sign-up/email') {
        // A sign-up mails its address (a link, or its owner a warning): counted per address too.
        const keys: [string, RateLimit][] = [
          [`sign-up:${client}`, limits.signUps],
          [`verify-mail:${accountKey(bodyOf(req).email)}`, limits.verificationMailsPerEmail],
        ];
        if (await countAttempt(res, keys)) next();
      } else if (endpoint === '/sign-in/email') {
        // Every attempt counts, so that parallel guesses cannot slip past the limits; a correct
        // password gives its attempt back. The account's counter is per address, and past it an
        // attempt waits rather than being refused: a stranger's wrong guesses lock the owner out
        // neither from elsewhere nor from the same school address. The address's own limit holds.
        // An e-mail no account can have (not a string, no @) is refused by better-auth before any
        // password is checked: it counts for the address only, and never waits.
        const email = bodyOf(req).email;
        const account = `password:${accountKey(email)}:${client}`;
        const keys: [string, RateLimit][] = [[`password:${client}`, limits.signInFailuresPerAddress]];
        if (typeof email === 'string' && /^[^\s@]+@[^\s@]+$/.test(email.trim()))
          keys.unshift([account, limits.signInFailuresPerAccount]);
        if (await countPassword(res, keys, account)) next();
      } else if (endpoint === '/change-password' || endpoint === '/change-email') {
        // The current password is asked for again: a guess, counted as a sign-in's.
        const keys: [string, RateLimit][] = [[`password:${client}`, limits.signInFailuresPerAddress]];
        if (endpoint === '/change-email')
          keys.push(
            [`verify-mail:${accountKey(bodyOf(req).newEmail)}`, limits.verificationMailsPerEmail],
            [`verify-mail:${client}`, limits.verificationMailsPerAddress],
          );
        if (await countPassword(res, keys)) next();
      } else if (endpoint === '/send-verification-email') {
        // "Send again": per address (an account is one address) and per client address.
        const keys: [string, RateLimit][] = [
          [`verify-mail:${accountKey(bodyOf(req).email)}`, limits.verificationMailsPerEmail],
          [`verify-mail:${client}`, limits.verificationMailsPerAddress],
        ];
        if (await countAttempt(res, keys)) next();
      } else if (endpoint === '/request-password-reset') {
        // Per e-mail address, whether an account uses it or not (the answer is the same for both),
        // so no inbox is flooded; per client address, so no one mails the world from one machine.
        const keys: [string, RateLimit][] = [
          [`reset-mail:${accountKey(bodyOf(req).email)}`, limits.passwordResetsPerEmail],
          [`reset-mail:${client}`, limits.passwordResetsPerAddress],
        ];
        if (await countAttempt(res, keys)) next();
      } else if (endpoint === '/reset-password') {
        if (await countAttempt(res, [[`reset-code:${client}`, limits.passwordResetAttempts]])) next();
      } else next();
    } catch (err) {
      next(err);
    }
  };

  return [sameSite, body, noNulToken, address, limit];
}
