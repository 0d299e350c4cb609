import { randomBytes, randomInt } from 'node:crypto';
import { tracked } from '@trpc/server';
import { z } from 'zod';
import { playerName } from '../../../src-shared/api/account';
import {
  closeWeekInput,
  createGameInput,
  joinRoleInput,
  placeOrderInput,
  watchGameInput,
} from '../../../src-shared/api/game';
import {
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beergameSummary,
  viewGame,
} from '../../../src-shared/beergame';
import { type Actor, fold, gameStreamId } from '../../../src-shared/eventsourcing';
import { gamePageRefusal, isInstructor } from '../../../src-shared/rules/permissions';
import { displayNames, sessionUserFromHeaders } from '../../auth/auth';
import { beergameStream } from '../../projections/games';
import type { Context } from '../context';
import { appError, instructorProcedure, publicProcedure, router, signedInProcedure } from '../trpc';

const actorOf = (ctx: Context): Actor =>
  ctx.user
    ? { userId: ctx.user.id, role: isInstructor(ctx.user) ? 'instructor' : 'player' }
    : { userId: 'anonymous', role: 'player' };

/** Loads a game and refuses it (with the spec's message) to a viewer who may not open it. */
async function openGame(ctx: Context, gameId: string) {
  const { version, state } = await ctx.services.commands.load(beergameStream, gameStreamId(gameId));
  const summary = version === 0 ? null : beergameSummary(state);
  const row = summary
    ? await ctx.services.database.db
        .selectFrom('games')
        .select(['deleted', 'archived', 'draft'])
        .where('id', '=', gameId)
        .executeTakeFirst()
    : undefined;
  const refusal = gamePageRefusal(
    {
      exists: summary !== null,
      deleted: row?.deleted ?? false,
      draft: row?.draft ?? false,
      archived: row?.archived ?? false,
      hasFacilities: summary !== null && Object.keys(state.facilities).length > 0,
      creatorId: summary?.creatorId ?? '',
    },
    ctx.user?.id ?? null,
  );
  if (refusal) throw appError(refusal === 'dashboard.messGameUnknown' ? 'NOT_FOUND' : 'FORBIDDEN', refusal);
  return { version, state };
}

async function execute(ctx: Context, gameId: string, command: BeerCommand, commandId: string) {
  const { services } = ctx;
  const result = await services.commands.execute(beergameStream, gameStreamId(gameId), command, {
    now: services.now(),
    actor: actorOf(ctx),
    commandId,
  });
  return { version: result.version };
}

/** Procedures on one game; the game's creator and members are checked by the decider's rules too. */
const gameProcedure = publicProcedure
  .input(z.object({ gameId: z.string() }))
  .use(async ({ ctx, input, next }) => {
    const game = await openGame(ctx, input.gameId);
    return next({ ctx: { ...ctx, game } });
  });

const gameCreatorProcedure = gameProcedure.use(({ ctx, next }) => {
  if (!ctx.user || ctx.user.id !== ctx.game.state.creatorId)
    throw appError('FORBIDDEN', 'errors.creatorOnly');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

const gameMemberProcedure = gameProcedure.use(({ ctx, next }) => {
  if (!ctx.user || !beergameSummary(ctx.game.state).playerIds.includes(ctx.user.id)) {
    throw appError('FORBIDDEN', 'errors.membersOnly');
  }
  return next({ ctx: { ...ctx, user: ctx.user } });
});

export const gameRouter = router({
  create: instructorProcedure.input(createGameInput).mutation(async ({ ctx, input }) => {
    const gameId = randomBytes(9).toString('base64url');
    await execute(
      ctx,
      gameId,
      {
        type: 'CreateGame',
        gameId,
        name: input.name,
        creatorId: ctx.user.id,
        seed: randomInt(2 ** 31),
        template: input.template,
      },
      `create-${gameId}`,
    );
    return { gameId };
  }),

  join: signedInProcedure.input(joinRoleInput).mutation(async ({ ctx, input }) => {
    await openGame(ctx, input.gameId);
    // The seat shows the user's name, so a player needs one (it stays in their user record).
    if (!playerName.safeParse(ctx.user.name).success) throw appError('BAD_REQUEST', 'game.errNameRequired');
    return execute(ctx, input.gameId, { type: 'JoinRole', facilityId: input.facilityId }, input.commandId);
  }),

  placeOrder: gameMemberProcedure
    .input(placeOrderInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'PlaceOrder', facilityId: input.facilityId, quantity: input.quantity },
        input.commandId,
      ),
    ),

  closeWeek: gameCreatorProcedure
    .input(closeWeekInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'CloseWeek', reason: 'instructor' }, input.commandId),
    ),

  /**
   * The viewer's redacted view of a game, live. Yields `tracked(version, view)`; a reconnecting
   * client passes the last version it saw and gets a view only when something changed since.
   */
  watch: gameProcedure.input(watchGameInput).subscription(async function* ({ ctx, input, signal }) {
    const { services } = ctx;
    const viewer = { userId: ctx.user?.id ?? null };
    const ended = new AbortController();
    const stop = signal ? AbortSignal.any([signal, ended.signal]) : ended.signal;
    // A signed-in viewer whose session is revoked (logged out elsewhere, expired) stops receiving.
    const sessionCheck = ctx.user
      ? setInterval(async () => {
          const user = await sessionUserFromHeaders(services.auth, ctx.headers).catch(() => null);
          if (user?.id !== viewer.userId) ended.abort();
        }, services.sessionCheckMs)
      : undefined;
    // Seats are named from user records, looked up again only when the players change.
    let players = '';
    let playerNames: Record<string, string> = {};
    const view = async (state: BeerState) => {
      const ids = beergameSummary(state).playerIds;
      if (ids.join() !== players) {
        playerNames = await displayNames(services.database.db, ids);
        players = ids.join();
      }
      return viewGame(state, { userId: viewer.userId, playerNames });
    };
    try {
      const seen = Number(input.lastEventId ?? 0);
      let { version, state } = ctx.game;
      if (version > seen) yield tracked(String(version), await view(state));
      for await (const batch of services.store.watch(gameStreamId(input.gameId), version, {
        signal: stop,
        pollMs: services.pollMs,
      })) {
        state = fold(beergameStream.decider, batch as unknown as BeerEvent[], state);
        version = batch[batch.length - 1]!.streamVersion;
        yield tracked(String(version), await view(state));
      }
    } finally {
      clearInterval(sessionCheck);
    }
  }),
});
