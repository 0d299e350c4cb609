/**
 * A team's join link opened before signing in (spec, router behaviour: "Query parameters joinTeam,
 * startTrial and invitedby are stored and acted on after login"; user states, pending actions:
 * "join-team and start-trial actions run after login"). The link's `?joinTeam=` is stored at once;
 * these rules say what the page does with what is stored.
 */
import { type AccountFacts, needsSetup } from './account-flow';

/** A stored join: the link's value (`<teamId>.<token>`) and when it was stored (ms since 1970). */
export interface PendingJoin {
  value: string;
  storedAt: number;
}

/** A join link kept longer than this is forgotten: a visitor who never signed up did not want it. */
export const PENDING_JOIN_MAX_AGE_MS = 7 * 24 * 3600 * 1000;

/** How long a failed join waits before it says why (spec: "Trial and join-team errors show after a 500 ms delay"). */
export const PENDING_ERROR_DELAY_MS = 500;

/** The kind of page shown: its own rules for a visitor who is not signed in. */
export type PendingJoinPage =
  /** Log-in, sign-up, set-up and mail-link pages: a sign-in happens there, the join waits for what follows. */
  | 'account'
  /** The dashboard: it sends a visitor without an instructor account to sign up, and says why. */
  | 'instructor'
  | 'other';

/**
 * What the page does with a stored join:
 * - 'none': nothing is stored;
 * - 'drop': forget it (too old, or unreadable);
 * - 'wait': keep it (who is signed in is still being checked; an account page; the set-up
 *   questions still to answer; a visitor without an account on a page that is not the link's);
 * - 'signUpFirst': a visitor without an instructor account has just opened the link on a page of
 *   everyone's: take them to the dashboard, which tells them to sign up or log in
 *   (`dashboard.messSignupToJoinTeam`) and brings them back;
 * - 'run': join the team now (an instructor, set up).
 */
export type PendingJoinStep = 'none' | 'drop' | 'wait' | 'signUpFirst' | 'run';

export function pendingJoinStep(input: {
  stored: PendingJoin | null;
  user: AccountFacts | null | 'checking';
  page: PendingJoinPage;
  /** The address shows the link's `joinTeam` now (it was just opened). */
  inAddress: boolean;
  now: number;
}): PendingJoinStep {
  const { stored, user, now } = input;
  if (!stored) return 'none';
  if (!isJoinValue(stored.value) || !(now - stored.storedAt <= PENDING_JOIN_MAX_AGE_MS)) return 'drop';
  if (user === 'checking' || input.page === 'account') return 'wait';
  if (user === null || user.isAnonymous || user.email === null)
    return input.inAddress && input.page === 'other' ? 'signUpFirst' : 'wait';
  return needsSetup(user) ? 'wait' : 'run';
}

/**
 * The two parts of a `joinTeam` value (`<teamId>.<token>`), or null when it is not one: the same
 * rule as the server's parseJoinTeam (src-shared/api/team.ts, a unit test checks they agree),
 * without the input schemas' zod, which a player's first load does without.
 */
export function joinTeamParts(
  value: string | null | undefined,
): { teamId: string; joinToken: string } | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{16,64})$/.exec(value ?? '');
  return match ? { teamId: match[1]!, joinToken: match[2]! } : null;
}

/** A `joinTeam` value: a team and its link's token. */
const isJoinValue = (value: unknown): value is string =>
  typeof value === 'string' && joinTeamParts(value) !== null;

/** A stored join read back from storage: null when it is missing or not one. */
export function readPendingJoin(raw: string | null): PendingJoin | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PendingJoin> | null;
    if (!parsed || !isJoinValue(parsed.value) || typeof parsed.storedAt !== 'number') return null;
    return { value: parsed.value, storedAt: parsed.storedAt };
  } catch {
    return null;
  }
}

/** The query (`?a=1&b=2`) without its `joinTeam`: the address once the join is taken in hand. */
export function withoutJoinTeam(search: string): string {
  const query = new URLSearchParams(search);
  query.delete('joinTeam');
  const rest = query.toString();
  return rest ? `?${rest}` : '';
}
