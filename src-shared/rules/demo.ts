/**
 * The demo game (spec points 1 and 4, issue 28): a short classic beer game that a visitor plays
 * against the computer without an account. A demo is marked by its creator: the reserved id
 * `DEMO_CREATOR_ID`, which no account can hold (accounts get random ids), so no instructor's list
 * ever shows one and its creation event says what it is. A demo lives a day, then is deleted.
 */

/** The creator of every demo game: nobody's account. */
export const DEMO_CREATOR_ID = 'demo';

/** How long a demo game lives before the scheduler deletes it. */
export const DEMO_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The template a demo plays. */
export const DEMO_TEMPLATE = 'classic' as const;

/**
 * Twelve weeks and no turn timer: demand steps up in week 5, so the orders swing before the end,
 * and at 15 to 20 seconds a week the game takes 3 to 5 minutes.
 */
export const DEMO_WEEKS = 12;

/** The seat the visitor takes: the retailer, who sees the consumers' demand. */
export const DEMO_FACILITY = 'retailer';

export function isDemoCreator(creatorId: string): boolean {
  return creatorId === DEMO_CREATOR_ID;
}

/** When a demo created at `createdAt` (ms epoch) is deleted. */
export function demoExpiresAt(createdAt: number): number {
  return createdAt + DEMO_LIFETIME_MS;
}

/** Whether a demo created at `createdAt` is due for deletion at `now`. */
export function demoExpired(createdAt: number, now: number): boolean {
  return now >= demoExpiresAt(createdAt);
}
