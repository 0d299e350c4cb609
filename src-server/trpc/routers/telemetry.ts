/**
 * Telemetry (issue 28, spec points 1, 7, 8): pages report their errors and the events they track;
 * the operator lists error groups with their samples, marks them resolved and reads the counts of
 * the tracked events per day.
 */
import {
  errorGroupsInput,
  errorReportInput,
  fingerprintInput,
  trackInput,
} from '../../../src-shared/api/telemetry';
import { withoutProviderPrefix } from '../../../src-shared/rules/error-grouping';
import type { AnalyticsEvent } from '../../../src-shared/rules/tracking';
import { analyticsSummary, errorGroups, errorSamples, resolveErrorGroup } from '../../telemetry/store';
import { trackingRequest } from '../../telemetry/tracking';
import { operatorProcedure, publicProcedure, rateLimit } from '../procedures';
import { appError, router } from '../trpc';

/** The operator's analytics tab covers the last 30 days. */
const SUMMARY_DAYS = 30;

export const telemetryRouter = router({
  /** An error a page saw: stored in its group. Open to anyone, limited per address. */
  report: publicProcedure.input(errorReportInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `error-report:${ctx.clientAddress}`, ctx.services.limits.errorReports);
    await ctx.services.telemetry.reportError({
      source: 'client',
      message: `${input.kind === 'error' || input.kind === 'shown' ? '' : `[${input.kind}] `}${withoutProviderPrefix(input.message)}`,
      stack: input.stack ?? null,
      path: input.path,
      userAgent: ctx.userAgent ?? null,
      release: input.release ?? null,
      userId: ctx.user?.id ?? null,
    });
    return { ok: true };
  }),
  /** An event the page itself tracks (the sign-up's first step), recorded only with consent. */
  track: publicProcedure.input(trackInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `track:${ctx.clientAddress}`, ctx.services.limits.trackedEvents);
    const recorded = await ctx.services.telemetry.track(
      input.name as AnalyticsEvent,
      trackingRequest(ctx, input.path),
    );
    return { recorded };
  }),
  errorGroups: operatorProcedure
    .input(errorGroupsInput)
    .query(({ ctx, input }) =>
      errorGroups(ctx.services.database.db, { includeResolved: input.includeResolved, limit: 200 }),
    ),
  errorSamples: operatorProcedure
    .input(fingerprintInput)
    .query(({ ctx, input }) => errorSamples(ctx.services.database.db, input.fingerprint)),
  resolveGroup: operatorProcedure.input(fingerprintInput).mutation(async ({ ctx, input }) => {
    const found = await resolveErrorGroup(
      ctx.services.database.db,
      input.fingerprint,
      new Date(ctx.services.now()),
    );
    if (!found) throw appError('NOT_FOUND', 'telemetry.errUnknownGroup');
    return { ok: true };
  }),
  analyticsSummary: operatorProcedure.query(({ ctx }) =>
    analyticsSummary(ctx.services.database.db, new Date(ctx.services.now()), SUMMARY_DAYS),
  ),
});
