/** The beer game's commands: create a game, take a role, order, close the week. */
import { randomBytes, randomInt } from 'node:crypto';
import { playerName } from '../../../src-shared/api/account';
import {
  closeWeekInput,
  createGameInput,
  joinRoleInput,
  placeOrderInput,
} from '../../../src-shared/api/game';
import type { BeerCommand } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import { gameTypes } from '../../streams';
import type { Context } from '../context';
import {
  actorOf,
  beergameCreatorProcedure,
  beergameMemberProcedure,
  beergameSignedInProcedure,
  instructorProcedure,
  rateLimit,
} from '../procedures';
import { appError, router } from '../trpc';

async function execute(ctx: Context, gameId: string, command: BeerCommand, commandId: string) {
  const { services } = ctx;
  const result = await services.commands.execute(gameTypes.beergame.stream, gameStreamId(gameId), command, {
    now: services.now(),
    actor: actorOf(ctx),
    commandId,
  });
  return { version: result.version };
}

export const beergameRouter = router({
  create: instructorProcedure.input(createGameInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `games:${ctx.user.id}`, ctx.services.limits.gameCreations);
    const gameId = randomBytes(9).toString('base64url');
    const command: BeerCommand = {
      type: 'CreateGame',
      gameId,
      name: input.name,
      creatorId: ctx.user.id,
      seed: randomInt(2 ** 31),
      template: input.template,
      ...(input.timerSeconds === undefined
        ? {}
        : { overrides: { playTimer: true, timer: input.timerSeconds } }),
    };
    await execute(ctx, gameId, command, `create-${gameId}`);
    return { gameId };
  }),

  join: beergameSignedInProcedure.input(joinRoleInput).mutation(({ ctx, input }) => {
    // The seat shows the user's name, so a player needs one (it stays in their user record).
    if (!playerName.safeParse(ctx.user.name).success) throw appError('BAD_REQUEST', 'game.errNameRequired');
    return execute(ctx, input.gameId, { type: 'JoinRole', facilityId: input.facilityId }, input.commandId);
  }),

  placeOrder: beergameMemberProcedure
    .input(placeOrderInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'PlaceOrder', facilityId: input.facilityId, quantity: input.quantity },
        input.commandId,
      ),
    ),

  closeWeek: beergameCreatorProcedure
    .input(closeWeekInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'CloseWeek', reason: 'instructor' }, input.commandId),
    ),
});
