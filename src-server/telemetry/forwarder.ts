/**
 * The hosted analytics adapter (ANALYTICS_FORWARD_URL): each recorded event is also sent to a
 * Plausible-style events endpoint (`POST {name, url, domain, props}` with the visitor's browser
 * and address, which such services hash into their own daily visitor id). Only events that were
 * recorded, so only with the visitor's consent, are forwarded; a failure is logged, never raised.
 */
import type { Logger } from 'pino';

export interface ForwardedEvent {
  name: string;
  path: string;
  props: Record<string, string | number | boolean>;
  userAgent: string;
  address: string;
}

export type AnalyticsForwarder = (event: ForwardedEvent) => Promise<void>;

export function httpForwarder(options: {
  url: string;
  publicUrl: string;
  log: Logger;
  timeoutMs?: number;
}): AnalyticsForwarder {
  const domain = new URL(options.publicUrl).hostname;
  return async (event) => {
    try {
      const response = await fetch(options.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': event.userAgent || 'unknown',
          'x-forwarded-for': event.address,
        },
        body: JSON.stringify({
          name: event.name,
          url: `${options.publicUrl}${event.path}`,
          domain,
          props: event.props,
        }),
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      });
      if (!response.ok) options.log.warn({ status: response.status }, 'analytics forward refused');
    } catch (error) {
      options.log.warn({ err: error }, 'analytics forward failed');
    }
  };
}
