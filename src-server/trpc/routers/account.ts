import { publicProcedure } from '../procedures';
import { router } from '../trpc';

export const accountRouter = router({
  /** The signed-in user, or null: what the navigation bar shows. */
  me: publicProcedure.query(({ ctx }) => ctx.user),
  /** The providers the log-in and sign-up pages offer besides a password: those configured. */
  signInProviders: publicProcedure.query(({ ctx }) => ctx.services.signInProviders),
});
