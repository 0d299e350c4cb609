import { sql } from 'kysely';
import { z } from 'zod';
import { gameCommandInput } from '../../../src-shared/api/game';
import { deleteAccountInput } from '../../../src-shared/api/inputs';
import { mayRecordReferral, referralLink } from '../../../src-shared/rules/referral';
import { accountData, deleteAccount, type YourDataDeps } from '../../auth/your-data';
import { leaveGame } from '../../streams/seats';
import type { Context } from '../context';
import {
  actorOf,
  instructorProcedure,
  openGame,
  publicProcedure,
  rateLimit,
  signedInProcedure,
} from '../procedures';
import { appError, router } from '../trpc';

const referrerInput = z.object({ referrerId: z.string().min(1).max(64) });

const yourDataDeps = ({ services }: Context): YourDataDeps => ({
  db: services.database.db,
  commands: services.commands,
  now: services.now,
  auth: services.auth,
});

export const accountRouter = router({
  /** The signed-in user, or null: what the navigation bar shows. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /**
   * The game the caller is playing (spec point 3, `playingGame`): the latest game not finished in
   * which they hold a seat, with the seat's name and the game's session, or null. The user menu
   * shows it, the logo leads to its session's lobby, and the sign-up page asks a seated anonymous
   * player to quit it first.
   */
  playing: signedInProcedure.query(async ({ ctx }) => {
    const row = await ctx.services.database.db
      .selectFrom('games')
      .select(['id', 'name', 'type', 'session_id'])
      .where(sql<boolean>`player_ids @> array[${ctx.user.id}]::text[]`)
      .where('deleted', '=', false)
      .where('finished', '=', false)
      .orderBy('created_at', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!row) return null;
    const game = await openGame(ctx, row.id);
    const [seat] = game.type.seats.of(game.state, ctx.user.id);
    if (!seat) return null;
    return {
      gameId: row.id,
      name: game.summary.name,
      type: game.type.name,
      roleName: seat.name,
      roleType: seat.translatedType,
      /** The game's session, if any: the logo of a player without e-mail leads to its lobby. */
      sessionId: row.session_id,
    };
  }),

  /**
   * Quits a game (spec `quitGame`): the caller leaves every seat they hold in it, each freed or,
   * in a running round, handed to the computer as the game's rules say. Quitting a game one holds
   * no seat in changes nothing.
   */
  quitGame: signedInProcedure.input(gameCommandInput).mutation(async ({ ctx, input }) => {
    const game = await openGame(ctx, input.gameId);
    return { left: await leaveGame(ctx.services, game, actorOf(ctx), input.commandId) };
  }),

  /** The providers the log-in and sign-up pages offer besides a password: those configured. */
  signInProviders: publicProcedure.query(({ ctx }) => ctx.services.signInProviders),

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

  /** The referral tab (spec point 9): whether the caller joined the program, and their link once joined. */
  referral: instructorProcedure.query(async ({ ctx }) => {
    const row = await ctx.services.database.db
      .selectFrom('user')
      .select('joinedReferralProgram')
      .where('id', '=', ctx.user.id)
      .executeTakeFirstOrThrow();
    const joined = row.joinedReferralProgram;
    return { joined, link: joined ? referralLink(ctx.services.publicUrl, ctx.user.id) : null };
  }),

  /** Joins the referral program: the tab shows the caller's link from then on. */
  joinReferralProgram: instructorProcedure.mutation(async ({ ctx }) => {
    await ctx.services.database.db
      .updateTable('user')
      .set({ joinedReferralProgram: true })
      .where('id', '=', ctx.user.id)
      .execute();
    return { joined: true, link: referralLink(ctx.services.publicUrl, ctx.user.id) };
  }),

  /**
   * After sign-up, the `?invitedby=` the visitor came with: the caller's referrer, recorded once
   * (src-shared/rules/referral.ts says when); any other call changes nothing.
   */
  recordReferral: instructorProcedure.input(referrerInput).mutation(async ({ ctx, input }) => {
    const db = ctx.services.database.db;
    const caller = await db
      .selectFrom('user')
      .select(['id', 'createdAt', 'invitedBy'])
      .where('id', '=', ctx.user.id)
      .executeTakeFirstOrThrow();
    const referrer = await db
      .selectFrom('user')
      .select(['id', 'joinedReferralProgram', sql<boolean | null>`"isAnonymous"`.as('isAnonymous')])
      .where('id', '=', input.referrerId)
      .executeTakeFirst();
    const facts = {
      caller: { ...caller, createdAt: new Date(caller.createdAt).getTime() },
      referrer: referrer
        ? {
            id: referrer.id,
            instructor: referrer.isAnonymous !== true,
            joinedReferralProgram: referrer.joinedReferralProgram,
          }
        : null,
      now: ctx.services.now(),
    };
    if (!mayRecordReferral(facts)) return { recorded: false };
    const updated = await db
      .updateTable('user')
      .set({ invitedBy: input.referrerId })
      .where('id', '=', ctx.user.id)
      .where('invitedBy', 'is', null)
      .executeTakeFirst();
    return { recorded: updated.numUpdatedRows > 0n };
  }),
});
