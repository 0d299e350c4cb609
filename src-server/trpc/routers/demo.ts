/**
 * The demo (spec `createDemoGame`, issue 28): a visitor plays a short classic beer game against the
 * computer without an account. Open to any signed-in user, an anonymous sign-in included (the
 * page signs a visitor in anonymously first); limited per client address. The game's creator is
 * nobody's account (src-shared/rules/demo.ts), so no instructor lists it; the scheduler deletes it
 * a day later (streams/beergame.ts, `demo-expiry`).
 */
import { randomInt } from 'node:crypto';
import type { BeerCommand } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import type { Actor } from '../../../src-shared/eventsourcing/decider';
import { DEMO_CREATOR_ID, DEMO_FACILITY, DEMO_TEMPLATE, DEMO_WEEKS } from '../../../src-shared/rules/demo';
import { freshGameId } from '../../read-models/games';
import { SYSTEM_ACTOR } from '../../scheduler/scheduler';
import { gameTypes } from '../../streams';
import { recordAnalytics } from '../../telemetry/tracking';
import type { Context } from '../context';
import { actorOf, rateLimit, signedInProcedure } from '../procedures';
import { router } from '../trpc';

async function run(ctx: Context, gameId: string, command: BeerCommand, actor: Actor, commandId: string) {
  return ctx.services.commands.execute(gameTypes.beergame.stream, gameStreamId(gameId), command, {
    now: ctx.services.now(),
    actor,
    commandId,
  });
}

export const demoRouter = router({
  /**
   * A new demo game in which the caller holds the retailer's seat and the computer every other:
   * the game starts at once, and each week closes as soon as the caller validates their order.
   */
  create: signedInProcedure.mutation(async ({ ctx }) => {
    await rateLimit(ctx, `demos:${ctx.clientAddress}`, ctx.services.limits.demos);
    const gameId = await freshGameId(ctx.services.database.db);
    const create: BeerCommand = {
      type: 'CreateGame',
      gameId,
      name: 'Demo',
      creatorId: DEMO_CREATOR_ID,
      seed: randomInt(2 ** 31),
      template: DEMO_TEMPLATE,
      overrides: { weeks: DEMO_WEEKS },
    };
    const { state } = await run(ctx, gameId, create, SYSTEM_ACTOR, `create-${gameId}`);
    const join: BeerCommand = { type: 'JoinRole', facilityId: DEMO_FACILITY };
    await run(ctx, gameId, join, actorOf(ctx), `demo-join-${gameId}`);
    for (const facility of state.facilities)
      if (facility.id !== DEMO_FACILITY)
        await run(
          ctx,
          gameId,
          { type: 'HandToComputer', facilityId: facility.id },
          SYSTEM_ACTOR,
          `demo-computer-${gameId}-${facility.id}`,
        );
    // Counted only with the visitor's consent (telemetry/tracking.ts); never fails the demo.
    await recordAnalytics(ctx, 'play_demo', { gameType: 'beergame' }, '/demo');
    return { gameId };
  }),
});
