/**
 * The spec's `verifyEmail(email, reason)` (point 5: "Sign-up validates the e-mail on the server
 * first with reason signup; demo does the same with reason demo"): what an address must be before
 * an account or a demo is made for it. Whether an account already uses it is not checked here, on
 * purpose: the answer would tell a stranger who has an account (docs/accounts.md).
 */
import { z } from 'zod';

export const VERIFY_EMAIL_REASONS = ['signup', 'demo'] as const;
export type VerifyEmailReason = (typeof VERIFY_EMAIL_REASONS)[number];

/** The longest address a mail system delivers to (RFC 5321's path limit, less its brackets). */
export const EMAIL_MAX_LENGTH = 254;

const syntax = z.email();

/** The refusal's code (the client shows `auth.error.<code>`), or null for an address to use. */
export function emailAddressProblem(
  email: unknown,
  _reason: VerifyEmailReason,
): 'INVALID_EMAIL' | 'EMAIL_TOO_LONG' | null {
  if (typeof email !== 'string' || email !== email.trim()) return 'INVALID_EMAIL';
  if (email.length > EMAIL_MAX_LENGTH) return 'EMAIL_TOO_LONG';
  return syntax.safeParse(email).success ? null : 'INVALID_EMAIL';
}
