/**
 * The page's always-loaded part of telemetry, kept tiny (the player's first load is budgeted):
 * errors the page meets (uncaught errors, unhandled rejections, failed requests, a crashed live
 * subscription, an error shown to the user) are sent to the telemetry router's report procedure; events the page tracks
 * itself are sent only once the visitor accepted tracking. The consent banner, the operator's
 * pages and the Sentry browser SDK (only when VITE_SENTRY_DSN is set at build) load on demand.
 */
import { isBrowserNoise } from '../src-shared/rules/error-grouping';
import { consentedVisitor, isReportedFailure } from '../src-shared/rules/tracking';
import { loadChunk } from './load-chunk';

type Kind = 'error' | 'rejection' | 'request' | 'subscription' | 'shown';

/** At most this many reports leave one page load (a loop throwing every frame sends a few). */
const MAX_REPORTS = 20;
let sent = 0;
const reported = new WeakSet<object>();
const RELEASE = import.meta.env.VITE_RELEASE ?? 'dev';
const SENTRY_DSN: string | undefined = import.meta.env.VITE_SENTRY_DSN;

/** Calls a procedure over plain HTTP: `path` is its router and its name (telemetry, report). */
export const call = (path: [string, string], input: unknown) =>
  fetch(`/api/trpc/${path.join('.')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ json: input }),
    credentials: 'same-origin',
  }).catch(() => undefined);

/** Sends one error to our endpoint (and to Sentry when configured); never throws. */
export function reportError(kind: Kind, error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    if (reported.has(error)) return;
    reported.add(error);
  }
  const raw = error instanceof Error ? error.message || error.name : String(error ?? 'unknown');
  if (sent >= MAX_REPORTS || isBrowserNoise(raw)) return;
  sent++;
  void call(['telemetry', 'report'], {
    kind,
    message: raw.slice(0, 1000) || 'unknown',
    stack: error instanceof Error ? error.stack?.slice(0, 4000) : undefined,
    path: location.pathname.slice(0, 300),
    release: RELEASE.slice(0, 60),
  });
  if (SENTRY_DSN)
    void loadChunk(() => import('./features/telemetry/sentry-browser')).then((sentry) =>
      sentry.capture(SENTRY_DSN, RELEASE, error),
    );
}

/** A tRPC call's failure: reported when the network failed or the server erred, not for a refusal. */
export function reportFailedCall(type: string, error: { data?: { httpStatus?: number } | null }): void {
  if (isReportedFailure(error.data)) reportError(type === 'subscription' ? 'subscription' : 'request', error);
}

/** The shared error handling of spec point 8: what the user is shown is also reported. */
export const reportShownError = (error: unknown) => {
  const data = (error as { data?: { httpStatus?: number } | null } | null)?.data;
  if (data && !isReportedFailure(data)) return;
  reportError('shown', error);
};

export type ConsentChoice = 'granted' | 'refused' | null;
export const CONSENT_KEY = 'sg_consent';

export function consentChoice(): ConsentChoice {
  try {
    const choice = localStorage.getItem(CONSENT_KEY);
    // Consent lasts as long as its cookie, 30 days: then the visitor is asked again.
    if (choice === 'granted') return consentedVisitor(document.cookie) ? 'granted' : null;
    return choice === 'refused' ? choice : null;
  } catch {
    return 'refused';
  }
}

/** Listens for the page's uncaught errors and unhandled rejections. */
export function startErrorReporting(): void {
  addEventListener('error', (event) => reportError('error', event.error ?? event.message));
  addEventListener('unhandledrejection', (event) => reportError('rejection', event.reason));
}
