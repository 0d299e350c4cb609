/**
 * Telemetry, as the server's services see it: error reports stored and grouped (and sent to a
 * Sentry-compatible service when SENTRY_DSN is set), analytics events recorded for visitors who
 * consented (and forwarded to a hosted service when ANALYTICS_FORWARD_URL is set).
 */
import type { Kysely } from 'kysely';
import type { Logger } from 'pino';
import { type AnalyticsEvent, consentedVisitor } from '../../src-shared/rules/tracking';
import type { Database } from '../db/schema';
import type { AnalyticsForwarder } from './forwarder';
import type { ErrorSink } from './sentry';
import { type ErrorReport, storeAnalyticsEvent, storeErrorReport } from './store';

/** Where a tracked event comes from: the request's cookie says whether its visitor consented. */
export interface TrackingRequest {
  cookie: string | null | undefined;
  userId: string | null;
  path: string;
  userAgent: string;
  address: string;
}

export class Telemetry {
  constructor(
    private readonly options: {
      db: Kysely<Database>;
      log: Logger;
      now: () => number;
      forwarder: AnalyticsForwarder | null;
      sentry: ErrorSink | null;
    },
  ) {}

  /** Stores a report (and sends a server error to Sentry); never throws: reporting must not fail a request. */
  async reportError(report: ErrorReport, error?: unknown): Promise<string | null> {
    if (report.source === 'server') this.options.sentry?.capture(error, report);
    try {
      return await storeErrorReport(this.options.db, report, new Date(this.options.now()));
    } catch (failure) {
      // Not through `log.error`: the error hook would report this failure again.
      this.options.log.warn({ err: failure }, 'error report not stored');
      return null;
    }
  }

  /**
   * Records an event, and forwards it, only when the request's visitor consented (the tracking
   * cookie); answers whether it was recorded.
   */
  async track(
    name: AnalyticsEvent,
    request: TrackingRequest,
    props: Record<string, string | number | boolean> = {},
  ): Promise<boolean> {
    const visitorId = consentedVisitor(request.cookie);
    if (!visitorId) return false;
    await storeAnalyticsEvent(
      this.options.db,
      { name, visitorId, userId: request.userId, props },
      new Date(this.options.now()),
    );
    void this.options.forwarder?.({
      name,
      path: request.path,
      props,
      userAgent: request.userAgent,
      address: request.address,
    });
    return true;
  }

  async flush(timeoutMs = 2000): Promise<void> {
    await this.options.sentry?.flush(timeoutMs);
  }
}

/**
 * The report of an error-level log line (`log.error({ err, ... }, 'what failed')`): its error's
 * message and stack, the line's message in front; a line without an error is reported by its
 * message. A tRPC error wrapping a cause is reported by its cause.
 */
export function loggedError(
  fields: unknown,
  message: unknown,
  release: string,
): { report: ErrorReport; error: unknown } | null {
  const err = (fields as { err?: unknown } | null)?.err ?? (fields instanceof Error ? fields : undefined);
  const cause = err instanceof Error && err.cause instanceof Error ? err.cause : err;
  const text = typeof message === 'string' ? message : typeof fields === 'string' ? fields : 'error';
  if (!(cause instanceof Error))
    return { report: { source: 'server', message: text, release }, error: undefined };
  return {
    report: {
      source: 'server',
      message: `${text}: ${cause.message || cause.name}`,
      stack: cause.stack ?? null,
      release,
    },
    error: cause,
  };
}
