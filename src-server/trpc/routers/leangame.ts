/**
 * The lean game's commands: create a game from a built-in factory or an own template, take and leave a facility, the
 * improvements panel, the work on the floor, and the creator's controls (start, end, reset for
 * another round). Each names a client-made `commandId`, so a retried call applies once; every action
 * is stamped by the server (the engine uses the command's server time, never the client's).
 */
import { randomInt } from 'node:crypto';
import { answerQuestionInput, configureDebriefInput } from '../../../src-shared/api/game';
import {
  createLeanGameInput,
  leanFacilityInput,
  leanGameCommandInput,
  leanPanelInput,
  leanRoundLengthInput,
  leanWorkInput,
} from '../../../src-shared/api/leangame';
import { eventOf, gameStreamId, upcast } from '../../../src-shared/eventsourcing';
import {
  getLeanScenario,
  type LeanCommand,
  type LeanEvent,
  leanHistoryForViewer,
  leanHistoryRefusal,
  leanTemplateSetup,
} from '../../../src-shared/leangame';
import { admitPlayer, requireGameType } from '../../billing/usage';
import { freshGameId } from '../../read-models/games';
import { gameTypes } from '../../streams';
import type { Context } from '../context';
import {
  actorOf,
  admitNewGames,
  instructorProcedure,
  leangameCreatorProcedure,
  leangameMemberOrCreatorProcedure,
  leangameMemberProcedure,
  leangameSignedInProcedure,
  rateLimit,
  refuseSeatOutsideSession,
  requirePlayerName,
} from '../procedures';
import { appError, router } from '../trpc';
import { leanGameSource } from './template';

async function execute(ctx: Context, gameId: string, command: LeanCommand, commandId: string) {
  const { services } = ctx;
  const result = await services.commands.execute(gameTypes.leangame.stream, gameStreamId(gameId), command, {
    now: services.now(),
    actor: actorOf(ctx),
    commandId,
  });
  return { version: result.version };
}

/** A creator's command on the whole game. */
const creatorCommand = (command: LeanCommand) =>
  leangameCreatorProcedure
    .input(leanGameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, command, input.commandId));

export const leangameRouter = router({
  /**
   * A new game from one of the built-in factories (the lean default templates) or from one of the
   * caller's own lean templates (its factory and set-up, checked again by the lean schemas), with
   * the round's length chosen (the template's when absent), as a draft if asked.
   */
  create: instructorProcedure.input(createLeanGameInput).mutation(async ({ ctx, input }) => {
    const source = await leanGameSource(ctx, input.template);
    await rateLimit(ctx, `games:${ctx.user.id}`, ctx.services.limits.gameCreations);
    await requireGameType(ctx, ['leangame']);
    await admitNewGames(ctx, ctx.user.id, 1);
    const gameId = await freshGameId(ctx.services.database.db);
    const setup = source.config
      ? leanTemplateSetup(source.config, input.minutes)
      : input.minutes === undefined
        ? undefined
        : getLeanScenario(source.scenarioId)!.setupFor(input.minutes);
    const command: LeanCommand = {
      type: 'CreateLeanGame',
      gameId,
      name: input.name,
      seed: randomInt(2 ** 31),
      scenarioId: source.scenarioId,
      ...(setup ? { setup } : {}),
      ...(input.draft ? { draft: true } : {}),
    };
    await execute(ctx, gameId, command, `create-${gameId}`);
    return { gameId };
  }),

  /** A player takes a free facility; their name stays in their user record (views look it up). */
  join: leangameSignedInProcedure.input(leanFacilityInput).mutation(async ({ ctx, input }) => {
    refuseSeatOutsideSession(ctx.game);
    requirePlayerName(ctx);
    await admitPlayer(ctx, { gameType: 'leangame', creatorId: ctx.game.summary.creatorId }, ctx.user.id);
    return execute(
      ctx,
      input.gameId,
      { type: 'JoinFacility', facilityId: input.facilityId },
      input.commandId,
    );
  }),

  /** A player leaves their facility; the creator frees any (the computer plays it during a round). */
  leave: leangameMemberOrCreatorProcedure
    .input(leanFacilityInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'LeaveFacility', facilityId: input.facilityId }, input.commandId),
    ),

  /** The round's length, before its start: the customers' orders follow it. */
  setRoundLength: leangameCreatorProcedure
    .input(leanRoundLengthInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'SetRoundLength', minutes: input.minutes }, input.commandId),
    ),

  /** Starts the round: the computer plays every free facility until the round's end. */
  start: creatorCommand({ type: 'StartGame' }),
  end: creatorCommand({ type: 'EndGame' }),
  /** Another round (spec `resetLeanGame`): seats and improvements stay, the round played is kept for the debrief. */
  reset: creatorCommand({ type: 'ResetLeanGame' }),

  /** Opens the improvements panel, locked to its opener until they close it. */
  openPanel: leangameMemberOrCreatorProcedure
    .input(leanGameCommandInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'OpenImprovementsPanel' }, input.commandId),
    ),
  closePanel: leangameMemberOrCreatorProcedure
    .input(leanGameCommandInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'CloseImprovementsPanel' }, input.commandId),
    ),

  /** A setting of the improvements panel, by its holder, before the round starts. */
  panel: leangameMemberOrCreatorProcedure
    .input(leanPanelInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, input.command, input.commandId)),

  /** The debrief the creator writes (`configDebrief`): before, during or after the round. */
  configureDebrief: leangameCreatorProcedure
    .input(configureDebriefInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'ConfigureLeanDebrief', configDebrief: input.configDebrief },
        input.commandId,
      ),
    ),

  /** A player answers a question of the debrief once the round is over; a new answer replaces theirs. */
  answerQuestion: leangameMemberProcedure
    .input(answerQuestionInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'AnswerLeanDebriefQuestion', questionId: input.questionId, answer: input.answer },
        input.commandId,
      ),
    ),

  /** A facility's work on the floor, by the player who holds it. */
  work: leangameMemberProcedure
    .input(leanWorkInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, input.command, input.commandId)),

  /**
   * Every event of the game, read through the upcasters, for the debrief's replay to fold in the
   * browser with the published reducer: for the creator at any time; once the round is over, for
   * whoever held a facility in it, even if they left it or it was handed to the computer, with
   * seats instead of user ids (`leanHistoryForViewer`).
   */
  history: leangameSignedInProcedure.query(async ({ ctx }) => {
    const recorded = await ctx.services.store.readStream(gameStreamId(ctx.game.gameId));
    const { summary, state } = ctx.game;
    const refusal = leanHistoryRefusal(
      recorded,
      { creatorId: summary.creatorId, ended: state.endAt !== null },
      ctx.user.id,
    );
    if (refusal) throw appError('FORBIDDEN', refusal);
    const { upcasters } = gameTypes.leangame.stream;
    // Versions are attached before the viewer's selection, which may leave events out (others' answers).
    const events = leanHistoryForViewer(
      recorded.map((event) => ({
        ...eventOf(upcast(upcasters, event) as LeanEvent),
        version: event.streamVersion,
        recordedAt: event.recordedAt.getTime(),
      })),
      ctx.user.id,
    );
    return { events };
  }),
});
