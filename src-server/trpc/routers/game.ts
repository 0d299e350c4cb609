/**
 * Procedures on a game of any type: watching it live, and what its creator does to it from the
 * dashboard (copy, archive, delete, reset, disconnect the players).
 */
import { randomInt } from 'node:crypto';
import {
  copyGameInput,
  deleteGamesInput,
  gamesActionInput,
  watchGameInput,
} from '../../../src-shared/api/game';
import { mergeGamesInput } from '../../../src-shared/api/session';
import { saveGameAsTemplateInput } from '../../../src-shared/api/template';
import type { BeerView } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import type { LeanGameView } from '../../../src-shared/leangame';
import { copyNameRefusal, copyNames } from '../../../src-shared/rules/copy-names';
import { DEFAULT_TEAM_COUNT, sessionSetupSchema } from '../../../src-shared/session';
import { requireGameType } from '../../billing/usage';
import { messagesIn } from '../../messages';
import { copyGameIds, ownGames } from '../../read-models/games';
import { insertTemplate } from '../../read-models/templates';
import { type AnyGameType, gameTypeNamed } from '../../streams';
import type { GameActions } from '../../streams/game-type';
import type { Context } from '../context';
import { watchChanges, watchStream } from '../live';
import { actorOf, admitNewGames, gameProcedure, instructorProcedure, rateLimit } from '../procedures';
import { appError, router } from '../trpc';
import { checkedTemplateConfig } from './template';

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
  const viewWithNames = (state: unknown) =>
    game.type.view(state, {
      userId: ctx.user?.id ?? null,
      role,
      playerNames,
      now: services.now(),
      ...(isCreator ? { connected: services.presence.connected(streamId) } : {}),
    }) as GameView;
  const view = (state: unknown): GameView | Promise<GameView> => {
    const ids = game.type.summary(state).playerIds.join();
    if (ids === players) return viewWithNames(state);
    return services.playerNames.of(game.type.summary(state).playerIds, ctx.locale).then((names) => {
      playerNames = names;
      players = ids;
      return viewWithNames(state);
    });
  };
  const wakeUps = isCreator ? (wake: () => void) => services.presence.onChange(streamId, wake) : undefined;
  return { streamId, view, wakeUps };
}

type InstructorContext = Context & { user: NonNullable<Context['user']> };

/**
 * The caller's own games among `gameIds`, in that order, each with its type and its dashboard
 * actions. Any other id (unknown, deleted, someone else's) refuses the whole request before
 * anything changes.
 */
async function ownGamesToAct(ctx: InstructorContext, gameIds: readonly string[]) {
  const found = await ownGames(ctx.services.database.db, ctx.user.id, gameIds);
  if (found.length !== gameIds.length) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  // In the order asked for (the database returns them in its own): a merge's rounds follow it.
  const rows = gameIds.map((gameId) => found.find((row) => row.id === gameId)!);
  return rows.map((row) => {
    const type = gameTypeNamed(row.type);
    if (!type?.actions) throw appError('BAD_REQUEST', 'dashboard.messActionUnavailable');
    return { gameId: row.id, type: type as AnyGameType & { actions: GameActions<unknown, unknown> } };
  });
}

/** Runs a dashboard action on each of the caller's games named, one command per game. */
async function actOnGames(
  ctx: InstructorContext,
  input: { gameIds: string[]; commandId: string },
  command: (actions: GameActions<unknown, unknown>) => unknown,
) {
  const games = await ownGamesToAct(ctx, input.gameIds);
  for (const { gameId, type } of games)
    await ctx.services.commands.execute(type.stream, gameStreamId(gameId), command(type.actions), {
      now: ctx.services.now(),
      actor: actorOf(ctx),
      commandId: `${input.commandId}-${gameId}`,
    });
  return { count: games.length };
}

export const gameRouter = router({
  /**
   * The viewer's redacted view of a game, live, whole. Yields `tracked(version, view)`; a
   * reconnecting client passes the last version it saw and gets a view only when something changed
   * since. Scripts and tests read this; the app reads `watchChanges`.
   */
  watch: gameProcedure.input(watchGameInput).subscription(({ ctx, input, signal }) => {
    const { streamId, view, wakeUps } = viewerOf(ctx);
    return watchStream({
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
   * The same view as `watch`, sent light (issue 9: a week's update to a player ≤ 2 KB): the whole
   * view first, then only what changed for this viewer, as a patch on the view sent before
   * (src-shared/api/view-patch.ts). A client that cannot apply one subscribes again.
   */
  watchChanges: gameProcedure.subscription(({ ctx, signal }) => {
    const { streamId, view, wakeUps } = viewerOf(ctx);
    return watchChanges({ ctx, streamId, type: ctx.game.type.stream, from: ctx.game, signal, view, wakeUps });
  }),

  /**
   * Copies one of the caller's games (spec points 4 and 5): 1 to 200 copies in one transaction,
   * named by the shared rule. A retried call answers the copies it made the first time.
   */
  copy: instructorProcedure.input(copyGameInput).mutation(async ({ ctx, input }) => {
    const [game] = await ownGamesToAct(ctx, [input.gameId]);
    const { gameId, type } = game!;
    const refusal = input.name ? copyNameRefusal(input.name, input.count) : null;
    if (refusal) throw appError('BAD_REQUEST', refusal.messageId, refusal.values);
    const { services } = ctx;
    const { gameIds, existing } = await copyGameIds(
      services.database.db,
      `${ctx.user.id}/${input.commandId}`,
      input.count,
    );
    if (existing) return { gameIds };
    await rateLimit(ctx, `games:${ctx.user.id}`, services.limits.gameCreations);
    await requireGameType(ctx, [type.name]);
    await admitNewGames(ctx, ctx.user.id, input.count);
    const { state } = await services.commands.load(type.stream, gameStreamId(gameId));
    const suffix = (await messagesIn(input.locale ?? 'en'))['dashboard.copySuffix']!;
    const names = copyNames(type.summary(state).name, input.count, input.name, suffix);
    const creations = names.map((name, i) => ({
      streamId: gameStreamId(gameIds[i]!),
      command: type.actions.copy(state, {
        gameId: gameIds[i]!,
        name,
        creatorId: ctx.user.id,
        seed: randomInt(2 ** 31),
      }),
    }));
    await services.commands.createMany(type.stream, creations, {
      now: services.now(),
      actor: actorOf(ctx),
      commandId: input.commandId,
    });
    return { gameIds };
  }),

  /** Archives the caller's selected games: off their lists, open to them alone, still played. */
  archive: instructorProcedure
    .input(gamesActionInput)
    .mutation(({ ctx, input }) => actOnGames(ctx, input, (actions) => actions.archive)),

  unarchive: instructorProcedure
    .input(gamesActionInput)
    .mutation(({ ctx, input }) => actOnGames(ctx, input, (actions) => actions.unarchive)),

  /**
   * Publishes the caller's selected drafts (spec point 2): players may open and join them from now
   * on. A game whose type publishes otherwise (the beer game, from its settings) refuses the whole
   * request before anything changes; a game already published stays as it is.
   */
  publish: instructorProcedure.input(gamesActionInput).mutation(async ({ ctx, input }) => {
    const games = await ownGamesToAct(ctx, input.gameIds);
    if (games.some(({ type }) => type.actions.publish === undefined))
      throw appError('BAD_REQUEST', 'dashboard.messActionUnavailable');
    return actOnGames(ctx, input, (actions) => actions.publish);
  }),

  /** Deletes the caller's selected games, once they typed how many (spec point 5). */
  delete: instructorProcedure.input(deleteGamesInput).mutation(({ ctx, input }) => {
    if (input.confirmCount !== input.gameIds.length)
      throw appError('BAD_REQUEST', 'dashboard.btnDeleteNumberError');
    return actOnGames(ctx, input, (actions) => actions.delete);
  }),

  /** Restarts the caller's selected games from week 1, seats kept. */
  reset: instructorProcedure
    .input(gamesActionInput)
    .mutation(({ ctx, input }) => actOnGames(ctx, input, (actions) => actions.reset)),

  /** Frees every seat of the caller's selected games (their players can join again). */
  disconnectPlayers: instructorProcedure
    .input(gamesActionInput)
    .mutation(({ ctx, input }) => actOnGames(ctx, input, (actions) => actions.disconnectPlayers)),

  /** Keeps one of the caller's games' settings as a template of theirs (spec point 2, "save as template"). */
  saveAsTemplate: instructorProcedure.input(saveGameAsTemplateInput).mutation(async ({ ctx, input }) => {
    const [game] = await ownGamesToAct(ctx, [input.gameId]);
    const { gameId, type } = game!;
    const { services } = ctx;
    await rateLimit(ctx, `templates:${ctx.user.id}`, services.limits.gameCreations);
    const { state } = await services.commands.load(type.stream, gameStreamId(gameId));
    const templateId = await insertTemplate(
      services.database.db,
      {
        creatorId: ctx.user.id,
        type: type.name,
        title: input.title,
        description: input.description ?? '',
        config: checkedTemplateConfig(type.name, type.actions.keptAsTemplate(state)),
      },
      new Date(services.now()),
    );
    return { templateId };
  }),

  /**
   * Merges the caller's selected games into a session template of theirs (spec point 2): each game,
   * in the order given, becomes a round of its type with the settings a copy of it would start from
   * (a lean game: its factory and set-up); beer and lean games mix in one template.
   */
  mergeIntoTemplate: instructorProcedure.input(mergeGamesInput).mutation(async ({ ctx, input }) => {
    const games = await ownGamesToAct(ctx, input.gameIds);
    const { services } = ctx;
    await rateLimit(ctx, `templates:${ctx.user.id}`, services.limits.gameCreations);
    const rounds = await Promise.all(
      games.map(async ({ gameId, type }, i) => {
        const { state } = await services.commands.load(type.stream, gameStreamId(gameId));
        return {
          id: `r${i + 1}`,
          name: type.summary(state).name.slice(0, 80),
          gameType: type.name as 'beergame' | 'leangame',
          config: checkedTemplateConfig(type.name, type.actions.keptAsTemplate(state)),
        };
      }),
    );
    const { name: _name, ...setup } = sessionSetupSchema.parse({
      name: input.title,
      rounds,
      teamCount: DEFAULT_TEAM_COUNT,
    });
    const templateId = await insertTemplate(
      services.database.db,
      {
        creatorId: ctx.user.id,
        kind: 'session',
        type: games[0]!.type.name,
        title: input.title,
        description: input.description ?? '',
        config: setup,
      },
      new Date(services.now()),
    );
    return { templateId };
  }),
});
