/**
 * Feedback (issue 28): `send` from anyone, signed in or not (a visitor on the home page, a player,
 * an instructor), counted per client address (FEEDBACK_LIMIT); `list` for the installation's
 * operators only; `links`, public, the help menu's outside links that are configured.
 */
import { feedbackListInput, feedbackSendInput } from '../../../src-shared/api/feedback';
import { listFeedback, storeFeedback } from '../../help/feedback';
import { operatorProcedure, publicProcedure, rateLimit } from '../procedures';
import { router } from '../trpc';

export const feedbackRouter = router({
  send: publicProcedure.input(feedbackSendInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `feedback:${ctx.clientAddress}`, ctx.services.limits.feedback);
    const id = await storeFeedback(ctx.services.database.db, input, {
      userId: ctx.user?.id ?? null,
      now: ctx.services.now(),
    });
    return { id };
  }),
  list: operatorProcedure
    .input(feedbackListInput)
    .query(({ ctx, input }) => listFeedback(ctx.services.database.db, input)),
  /** The help menu's webinars and testimonial addresses, each null when not configured. */
  links: publicProcedure.query(({ ctx }) => ({
    webinarsUrl: ctx.services.helpLinks.webinarsUrl ?? null,
    testimonialUrl: ctx.services.helpLinks.testimonialUrl ?? null,
  })),
});
