/** Where the links' pending actions wait in this browser (issue 27): read by the pages' gate. */

/** A team's join link (`?joinTeam=`), till its visitor is a set-up instructor. */
export const PENDING_JOIN_KEY = 'pendingJoinTeam';
/** A pending `?startTrial=`, till the visitor signs in. */
export const TRIAL_KEY = 'pendingStartTrial';
/** A pending `?invitedby=`, till the visitor's sign-up. */
export const INVITED_BY_KEY = 'pendingInvitedBy';

export const PENDING_PARAMS = ['joinTeam', 'startTrial', 'invitedby'] as const;
export const PENDING_KEYS = [PENDING_JOIN_KEY, TRIAL_KEY, INVITED_BY_KEY] as const;

/** A join link as kept in PENDING_JOIN_KEY (read back, and checked, by `readPendingJoin`). */
export const pendingJoinRecord = (value: string, storedAt: number) => JSON.stringify({ value, storedAt });
