/**
 * The referral program (spec point 9, referral tab): an instructor who joined it shares a link
 * with `?invitedby=<their user id>`; a new account opened from it records its referrer once.
 */

/** How long after its creation an account may still record who invited it: a day. */
export const REFERRAL_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The shape of a user id in `?invitedby=`: anything else is not stored. */
const USER_ID = /^[A-Za-z0-9_-]{1,64}$/;

/** The referrer's id from `?invitedby=`, or null when it cannot be one. */
export function parseInvitedBy(value: string | null | undefined): string | null {
  const id = value?.trim() ?? '';
  return USER_ID.test(id) ? id : null;
}

/** The link a member of the program shares. */
export const referralLink = (origin: string, userId: string): string =>
  `${origin.replace(/\/$/, '')}/signup?invitedby=${encodeURIComponent(userId)}`;

export interface ReferralFacts {
  caller: { id: string; createdAt: number; invitedBy: string | null };
  /** The referrer named by the link, or null when no such user exists. */
  referrer: { id: string; instructor: boolean; joinedReferralProgram: boolean } | null;
  now: number;
}

/**
 * Whether the caller's account records this referrer: only once (not already invited), by an
 * instructor in the program who is not the caller, for an account less than a day old.
 */
export function mayRecordReferral({ caller, referrer, now }: ReferralFacts): boolean {
  if (caller.invitedBy !== null || referrer === null) return false;
  if (referrer.id === caller.id || !referrer.instructor || !referrer.joinedReferralProgram) return false;
  const age = now - caller.createdAt;
  return age >= 0 && age < REFERRAL_WINDOW_MS;
}
