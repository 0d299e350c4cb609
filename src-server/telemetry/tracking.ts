/**
 * `recordAnalytics(ctx, name, props)`: what a procedure calls where a tracked event happens (a
 * purchase, a demo started). The visitor's consent is read from the request's cookie: without it,
 * nothing is recorded or forwarded. Never fails the procedure that calls it.
 */
import type { AnalyticsEvent } from '../../src-shared/rules/tracking';
import type { Context } from '../trpc/context';
import type { TrackingRequest } from './telemetry';

export function trackingRequest(ctx: Context, path: string): TrackingRequest {
  return {
    cookie: ctx.cookie,
    userId: ctx.user?.id ?? null,
    path,
    userAgent: ctx.userAgent ?? '',
    address: ctx.clientAddress,
  };
}

export async function recordAnalytics(
  ctx: Context,
  name: AnalyticsEvent,
  props: Record<string, string | number | boolean> = {},
  path = '/',
): Promise<boolean> {
  try {
    return await ctx.services.telemetry.track(name, trackingRequest(ctx, path), props);
  } catch (error) {
    ctx.services.log.warn({ err: error, name }, 'analytics event not recorded');
    return false;
  }
}
