/**
 * Analytics consent (spec points 1, 7, 9): which events are tracked, the tracking cookie (30 days,
 * set only after the visitor's consent), and which failed requests a page reports.
 */

/** The analytics events of spec point 7 ("tracking only"). */
export const ANALYTICS_EVENTS = ['signup_first_step', 'purchase', 'play_demo'] as const;
export type AnalyticsEvent = (typeof ANALYTICS_EVENTS)[number];

/** Events a page may report itself; the others are recorded by the server where they happen. */
export const PAGE_EVENTS: readonly AnalyticsEvent[] = ['signup_first_step'];

/** The tracking cookie: the anonymous visitor id, set only once the visitor accepted tracking. */
export const TRACKING_COOKIE = 'sg_vid';
/** Tracking cookies last 30 days (spec point 9). */
export const TRACKING_COOKIE_DAYS = 30;
export const TRACKING_COOKIE_MAX_AGE_SECONDS = TRACKING_COOKIE_DAYS * 24 * 60 * 60;

const VISITOR_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * The consent rule: the visitor consented exactly when the request carries a well-formed tracking
 * cookie, and the visitor id is its value. No cookie (refused, never asked, expired) means nothing
 * is recorded or forwarded.
 */
export function consentedVisitor(cookieHeader: string | null | undefined): string | null {
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at < 0 || part.slice(0, at).trim() !== TRACKING_COOKIE) continue;
    const value = part.slice(at + 1).trim();
    return VISITOR_ID.test(value) ? value : null;
  }
  return null;
}

/** The `document.cookie` line that stores the visitor id for 30 days (or deletes it, given null). */
export function trackingCookie(visitorId: string | null, secure: boolean): string {
  const age = visitorId ? TRACKING_COOKIE_MAX_AGE_SECONDS : 0;
  return `${TRACKING_COOKIE}=${visitorId ?? ''}; Max-Age=${age}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/**
 * Whether a failed request is reported: a network failure (no answer) or a server error; an
 * expected refusal (a 4xx answer: bad input, not allowed, too many requests) is not a failure.
 */
export function isReportedFailure(answer: { httpStatus?: number | null } | null | undefined): boolean {
  const status = answer?.httpStatus;
  return status == null || status >= 500;
}

/** The pages where the three events happen: the front door, sign-up and log-in, the demo, the dashboard (purchases). */
const CONSENT_PAGES = ['/', '/signup', '/login', '/demo', '/quote', '/leaderboard', '/loading'];

/**
 * Whether a visit that starts at `pathname` is asked for its consent: on the pages where something
 * is counted, never on a class's pages (a game, a session, a join code, a public page), where the
 * banner would only stand between a player and the next move.
 */
export function asksConsentOn(pathname: string): boolean {
  const path = pathname.replace(/\/+$/, '') || '/';
  return CONSENT_PAGES.includes(path) || path === '/dashboard' || path.startsWith('/dashboard/');
}
