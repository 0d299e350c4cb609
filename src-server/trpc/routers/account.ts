import { sql } from 'kysely';
import { gameCommandInput } from '../../../src-shared/api/game';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import { actorOf, openGame, publicProcedure, signedInProcedure } from '../procedures';
import { router } from '../trpc';

export const accountRouter = router({
  /** The signed-in user, or null: what the navigation bar shows. */
  me: publicProcedure.query(({ ctx }) => ctx.user),

  /**
   * The game the caller is playing (spec point 3, `playingGame`): the latest game not finished in
   * which they hold a seat, with the seat's name, or null. The user menu shows it, and the sign-up
   * page asks a seated anonymous player to quit it first.
   */
  playing: signedInProcedure.query(async ({ ctx }) => {
    const row = await ctx.services.database.db
      .selectFrom('games')
      .select(['id', 'name', 'type'])
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
    };
  }),

  /**
   * Quits a game (spec `quitGame`): the caller leaves every seat they hold in it, each freed or,
   * in a running round, handed to the computer as the game's rules say. Quitting a game one holds
   * no seat in changes nothing.
   */
  quitGame: signedInProcedure.input(gameCommandInput).mutation(async ({ ctx, input }) => {
    const game = await openGame(ctx, input.gameId);
    const seats = game.type.seats.of(game.state, ctx.user.id);
    for (const [i, seat] of seats.entries())
      await ctx.services.commands.execute(
        game.type.stream,
        gameStreamId(input.gameId),
        game.type.seats.leave(seat.facilityId),
        { now: ctx.services.now(), actor: actorOf(ctx), commandId: `${input.commandId}:${i}` },
      );
    return { left: seats.length };
  }),
  /** The providers the log-in and sign-up pages offer besides a password: those configured. */
  signInProviders: publicProcedure.query(({ ctx }) => ctx.services.signInProviders),
});
