import { publicProcedure } from '../procedures';
import { router } from '../trpc';

export const accountRouter = router({
  /** The signed-in user, or null: what the navigation bar shows. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
});
