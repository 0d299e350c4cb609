/** Procedures on a game of any type: watching it live, finding it by its join code. */
import { z } from 'zod';
import { watchGameInput } from '../../../src-shared/api/game';
import type { BeerView } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import type { LeanGameView } from '../../../src-shared/leangame';
import { normaliseJoinCode } from '../../../src-shared/rules/join-code';
import { gamePageRefusal } from '../../../src-shared/rules/permissions';
import { displayNames } from '../../auth/auth';
import { gameRowByCode } from '../../read-models/games';
import { watchChanges, watchStream } from '../live';
import { actorOf, gameProcedure, publicProcedure } from '../procedures';
import { appError, router } from '../trpc';

/** What a person typed as a join code; its form is checked by the shared rule. */
const byCodeInput = z.object({
  code: z.string({ message: 'game.errCodeUnknown' }).max(32, 'game.errCodeUnknown'),
});

/** Any game's view, tagged by its `gameType`. */
export type GameView = BeerView | LeanGameView;

type GameContext = Parameters<Parameters<typeof gameProcedure.query>[0]>[0]['ctx'];

/**
 * How the viewer's view is computed, and what wakes it besides the game's events: the game's
 * creator sees who is connected, so someone arriving or leaving computes the creator's view again.
 */
function viewerOf(ctx: GameContext) {
  const { game, services } = ctx;
  const streamId = gameStreamId(game.gameId);
  const role = actorOf(ctx).role;
  const isCreator = ctx.user !== null && ctx.user.id === game.summary.creatorId;
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
      ...(isCreator ? { connected: services.presence.connected(streamId) } : {}),
    }) as GameView;
  };
  const wakeUps = isCreator ? (wake: () => void) => services.presence.onChange(streamId, wake) : undefined;
  return { streamId, view, wakeUps };
}

export const gameRouter = router({
  /**
   * The viewer's redacted view of a game, live, whole. Yields `tracked(version, view)`; a
   * reconnecting client passes the last version it saw and gets a view only when something changed
   * since. Scripts and tests read this; the app reads `watchChanges`.
   */
  watch: gameProcedure.input(watchGameInput).subscription(async function* ({ ctx, input, signal }) {
    const { streamId, view, wakeUps } = viewerOf(ctx);
    yield* watchStream({
      ctx,
      streamId,
      type: ctx.game.type.stream,
      from: ctx.game,
      lastEventId: input.lastEventId,
      signal,
      view,
      wakeUps,
    });
  }),

  /**
   * The game a join code names, for whoever may open it (as the game page decides); any other
   * code, well formed or not, is unknown.
   */
  byCode: publicProcedure.input(byCodeInput).query(async ({ ctx, input }) => {
    const code = normaliseJoinCode(input.code);
    const row = code ? await gameRowByCode(ctx.services.database.db, code) : undefined;
    const viewer = ctx.user?.id ?? null;
    if (
      !row ||
      gamePageRefusal({ ...row, exists: true, hasFacilities: true, creatorId: row.creator_id }, viewer)
    )
      throw appError('NOT_FOUND', 'game.errCodeUnknown');
    return { gameId: row.id };
  }),

  /**
   * The same view as `watch`, sent light (issue 9: a week's update to a player ≤ 2 KB): the whole
   * view first, then only what changed for this viewer, as a patch on the view sent before
   * (src-shared/api/view-patch.ts). A client that cannot apply one subscribes again.
   */
  watchChanges: gameProcedure.subscription(async function* ({ ctx, signal }) {
    const { streamId, view, wakeUps } = viewerOf(ctx);
    yield* watchChanges({ ctx, streamId, type: ctx.game.type.stream, from: ctx.game, signal, view, wakeUps });
  }),
});
