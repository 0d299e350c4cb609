/** Procedures on a game of any type: watching it live. */
import { watchGameInput } from '../../../src-shared/api/game';
import type { BeerView } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import type { LeanGameView } from '../../../src-shared/leangame';
import { displayNames } from '../../auth/auth';
import { watchStream } from '../live';
import { actorOf, gameProcedure } from '../procedures';
import { router } from '../trpc';

/** Any game's view, tagged by its `gameType`. */
export type GameView = BeerView | LeanGameView;

export const gameRouter = router({
  /**
   * The viewer's redacted view of a game, live. Yields `tracked(version, view)`; a reconnecting
   * client passes the last version it saw and gets a view only when something changed since.
   */
  watch: gameProcedure.input(watchGameInput).subscription(async function* ({ ctx, input, signal }) {
    const { game, services } = ctx;
    const role = actorOf(ctx).role;
    // Seats are named from user records, looked up again only when the players change.
    let players = '';
    let playerNames: Record<string, string> = {};
    const view = async (state: unknown): Promise<GameView> => {
      const ids = game.type.summary(state).playerIds;
      if (ids.join() !== players) {
        playerNames = await displayNames(services.database.db, ids);
        players = ids.join();
      }
      return game.type.view(state, {
        userId: ctx.user?.id ?? null,
        role,
        playerNames,
        now: services.now(),
      }) as GameView;
    };
    yield* watchStream({
      ctx,
      streamId: gameStreamId(input.gameId),
      type: game.type.stream,
      from: game,
      lastEventId: input.lastEventId,
      signal,
      view,
    });
  }),
});
