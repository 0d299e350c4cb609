import { listGamesInput } from '../../../src-shared/api/game';
import { gamesByCreator, gamesListKey, onboardingOf } from '../../read-models/games';
import { hasPublishedSession } from '../../read-models/sessions';
import { openSubscription } from '../live';
import { instructorProcedure } from '../procedures';
import { router } from '../trpc';

export const dashboardRouter = router({
  /** The instructor's games, newest first, a page of 40 (from the read model), as filtered. */
  games: instructorProcedure.input(listGamesInput).query(({ ctx, input }) => {
    const { cursor, ...filter } = input;
    return gamesByCreator(ctx.services.database.db, ctx.user.id, cursor ?? 0, filter);
  }),

  /**
   * Tick 0 once listening, then a tick each time one of the instructor's games changes on its list
   * (created, copied, archived, deleted, a player joining, a week closing), whichever process
   * changed it: the list reads again.
   */
  watchGames: instructorProcedure.subscription(async function* ({ ctx, signal }) {
    const subscription = openSubscription(ctx, signal);
    try {
      const wakeUps = ctx.services.store.wakeUpsOf(gamesListKey(ctx.user.id), subscription.stop);
      // Asking for the first wake-up starts listening: no change between tick 0 and it is missed.
      let next = wakeUps.next();
      let tick = 0;
      yield tick;
      while (!(await next).done) {
        yield ++tick;
        next = wakeUps.next();
      }
    } finally {
      subscription.close();
    }
  }),

  /**
   * The instructor's onboarding flags (spec point 3), for the checklist of the dashboard's intro,
   * read from the games and sessions read models. The spec's `hasPlan` is left out: there are no
   * plans to choose while there is no billing.
   */
  onboarding: instructorProcedure.query(async ({ ctx }) => ({
    ...(await onboardingOf(ctx.services.database.db, ctx.user.id)),
    hasPublishedSessions: await hasPublishedSession(ctx.services.database.db, ctx.user.id),
  })),
});
