import { listGamesInput, listTeamGamesInput } from '../../../src-shared/api/game';
import { hasPlan } from '../../billing/status';
import { gamesByCreator, gamesListKey, gamesOfTeammates, onboardingOf } from '../../read-models/games';
import { hasPublishedSession } from '../../read-models/sessions';
import { teammatesOf } from '../../read-models/teams';
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
   * The games of the caller's teammates (spec point 6), newest first, a page of 40: published and
   * current ones only (a draft or an archived game is its creator's alone), each with its creator's
   * name (null: the client shows 'Teammate'). Empty without a team.
   */
  teamGames: instructorProcedure.input(listTeamGamesInput).query(async ({ ctx, input }) => {
    const { db } = ctx.services.database;
    return gamesOfTeammates(db, await teammatesOf(db, ctx.user.id), input.cursor ?? 0);
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
   * read from the games and sessions read models, and `hasPlan`: whether one of the instructor's
   * teams has an active plan (always false with plans off).
   */
  onboarding: instructorProcedure.query(async ({ ctx }) => ({
    ...(await onboardingOf(ctx.services.database.db, ctx.user.id)),
    hasPublishedSessions: await hasPublishedSession(ctx.services.database.db, ctx.user.id),
    plansOn: ctx.services.billing.plans,
    hasPlan:
      ctx.services.billing.plans &&
      (await hasPlan(ctx.services.database.db, ctx.user.id, ctx.services.now())),
  })),
});
