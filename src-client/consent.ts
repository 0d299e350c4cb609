/**
 * Writing the visitor's tracking choice and the events a page tracks: used by lazily loaded code
 * only (the consent banner, the sign-up form), so it stays out of the player's first load.
 */
import { type AnalyticsEvent, consentedVisitor, trackingCookie } from '../src-shared/rules/tracking';
import { CONSENT_KEY, call } from './telemetry';

/** Remembers the visitor's choice; accepting sets the tracking cookie (30 days), refusing removes it. */
export function chooseConsent(choice: 'granted' | 'refused'): void {
  try {
    localStorage.setItem(CONSENT_KEY, choice);
  } catch {}
  const secure = location.protocol === 'https:';
  const current = consentedVisitor(document.cookie);
  // biome-ignore lint/suspicious/noDocumentCookie: one first-party cookie, written once per choice.
  document.cookie = trackingCookie(choice === 'granted' ? (current ?? crypto.randomUUID()) : null, secure);
}

/** An event this page tracks (the sign-up's first step): sent only with the visitor's consent. */
export function trackEvent(name: AnalyticsEvent): void {
  if (!consentedVisitor(document.cookie)) return;
  void call(['telemetry', 'track'], { name, path: location.pathname.slice(0, 300) });
}
