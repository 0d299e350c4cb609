import { deleteAccountInput } from '../../../src-shared/api/inputs';
import { accountData, deleteAccount, type YourDataDeps } from '../../auth/your-data';
import type { Context } from '../context';
import { instructorProcedure, publicProcedure, rateLimit } from '../procedures';
import { appError, router } from '../trpc';

const yourDataDeps = ({ services }: Context): YourDataDeps => ({
  db: services.database.db,
  commands: services.commands,
  now: services.now,
  auth: services.auth,
});

export const accountRouter = router({
  /** The signed-in user, or null: what the navigation bar shows. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /** "Download my data": the account, what it created, the seats it held, its sign-ins (docs/accounts.md). */
  data: instructorProcedure.query(async ({ ctx }) => {
    await rateLimit(ctx, `account-data:${ctx.user.id}`, ctx.services.limits.accountDataDownloads);
    const data = await accountData(yourDataDeps(ctx), ctx.user.id, ctx.sessionToken);
    if (!data) throw appError('UNAUTHORIZED', 'errors.signInRequired');
    return data;
  }),

  /**
   * "Delete my account", once its address was typed again and, for a password account, the
   * password given; attempts are limited per account (a password guessed here is one guessed).
   */
  delete: instructorProcedure.input(deleteAccountInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `account-delete:${ctx.user.id}`, ctx.services.limits.accountDeletions);
    const result = await deleteAccount(yourDataDeps(ctx), ctx.user.id, input);
    if ('refusal' in result) throw appError('BAD_REQUEST', result.refusal);
    // Its devices' cookies sign no one in from now on, here at once (other processes: SESSION_CACHE_MS).
    await ctx.services.sessions.forgetUser(ctx.user.id);
    return { deleted: true };
  }),
});
