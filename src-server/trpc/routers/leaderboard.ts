/**
 * The leaderboard (route `/leaderboard`, issue 28): each built-in template's lowest team costs among
 * finished public games (src-shared/beergame/leaderboard.ts). Open to anyone: it names nobody and no
 * game, only ranks, costs, weeks and dates.
 */
import { leaderboardBoards } from '../../read-models/leaderboard';
import { publicProcedure } from '../procedures';
import { router } from '../trpc';

export const leaderboardRouter = router({
  boards: publicProcedure.query(({ ctx }) => leaderboardBoards(ctx.services.database.db)),
});
