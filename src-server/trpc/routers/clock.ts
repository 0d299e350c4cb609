/** The server's clock: a client measures its offset once and shows every countdown on server time. */
import { publicProcedure } from '../procedures';
import { router } from '../trpc';

export const clockRouter = router({
  /** The server's time in epoch milliseconds (`services.now()`, the clock every deadline is set on). */
  now: publicProcedure.query(({ ctx }) => ({ now: ctx.services.now() })),
});
