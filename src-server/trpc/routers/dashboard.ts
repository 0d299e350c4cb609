import { listGamesInput } from '../../../src-shared/api/game';
import { gamesByCreator } from '../../read-models/games';
import { instructorProcedure } from '../procedures';
import { router } from '../trpc';

export const dashboardRouter = router({
  /** The instructor's games, newest first, a page of 40 (from the read model). */
  games: instructorProcedure
    .input(listGamesInput)
    .query(({ ctx, input }) => gamesByCreator(ctx.services.database.db, ctx.user.id, input.cursor ?? 0)),
});
