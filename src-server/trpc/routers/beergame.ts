/**
 * The beer game's commands: create a game, take, leave and hand over roles, order, and the
 * instructor's controls (close the week, timer, messages, proposals, resets, end, transparency).
 * Each names a client-made `commandId`, so a retried call applies once.
 */
import { randomInt } from 'node:crypto';
import {
  answerQuestionInput,
  cancelChangeInput,
  closeWeekInput,
  configureDebriefInput,
  configureGameInput,
  confirmAllocationsInput,
  createGameInput,
  gameCommandInput,
  handToComputerInput,
  joinRandomInput,
  joinRoleInput,
  placeOrderInput,
  proposeOrderInput,
  resetStartingOrdersInput,
  roleCommandInput,
  scheduleChangeInput,
  sendMessageInput,
  setTransparentInput,
  startTimerInput,
} from '../../../src-shared/api/game';
import { type BeerCommand, settingsOpen } from '../../../src-shared/beergame';
import { gameStreamId } from '../../../src-shared/eventsourcing';
import { admitPlayer, requireGameType } from '../../billing/usage';
import { freshGameId } from '../../read-models/games';
import { gameTypes } from '../../streams';
import { beergameResults } from '../beergame-results';
import type { Context } from '../context';
import {
  actorOf,
  admitNewGames,
  beergameCreatorProcedure,
  beergameDebriefProcedure,
  beergameMemberOrCreatorProcedure,
  beergameMemberProcedure,
  beergameSignedInProcedure,
  instructorProcedure,
  rateLimit,
  refuseSeatOutsideSession,
  requirePlayerName,
} from '../procedures';
import { appError, router } from '../trpc';
import { gameSource } from './template';

async function run(ctx: Context, gameId: string, command: BeerCommand, commandId: string) {
  const { services } = ctx;
  return services.commands.execute(gameTypes.beergame.stream, gameStreamId(gameId), command, {
    now: services.now(),
    actor: actorOf(ctx),
    commandId,
  });
}

async function execute(ctx: Context, gameId: string, command: BeerCommand, commandId: string) {
  const result = await run(ctx, gameId, command, commandId);
  return { version: result.version };
}

export const beergameRouter = router({
  create: instructorProcedure.input(createGameInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `games:${ctx.user.id}`, ctx.services.limits.gameCreations);
    await requireGameType(ctx, ['beergame']);
    await admitNewGames(ctx, ctx.user.id, 1);
    const gameId = await freshGameId(ctx.services.database.db);
    const overrides = {
      ...(input.timerSeconds === undefined ? {} : { playTimer: true, timer: input.timerSeconds }),
      ...(input.draft === undefined ? {} : { draft: input.draft }),
    };
    const base = {
      type: 'CreateGame' as const,
      gameId,
      name: input.name,
      creatorId: ctx.user.id,
      seed: randomInt(2 ** 31),
    };
    // Custom settings (the settings form's) replace the template's; the engine checks them.
    const source = input.config ? { config: input.config } : await gameSource(ctx, input.template);
    const command: BeerCommand =
      'template' in source
        ? { ...base, template: source.template, overrides }
        : { ...base, config: { ...source.config, ...overrides } };
    await execute(ctx, gameId, command, `create-${gameId}`);
    return { gameId };
  }),

  join: beergameSignedInProcedure.input(joinRoleInput).mutation(async ({ ctx, input }) => {
    refuseSeatOutsideSession(ctx.game);
    requirePlayerName(ctx);
    await admitPlayer(ctx, { gameType: 'beergame', creatorId: ctx.game.summary.creatorId }, ctx.user.id);
    return execute(ctx, input.gameId, { type: 'JoinRole', facilityId: input.facilityId }, input.commandId);
  }),

  /** A free seat drawn from the command id (a retry draws the same); the one already held, if any. */
  joinRandom: beergameSignedInProcedure.input(joinRandomInput).mutation(async ({ ctx, input }) => {
    refuseSeatOutsideSession(ctx.game);
    requirePlayerName(ctx);
    await admitPlayer(ctx, { gameType: 'beergame', creatorId: ctx.game.summary.creatorId }, ctx.user.id);
    const command: BeerCommand = { type: 'JoinRandomRole', seed: input.commandId };
    const { version, state } = await run(ctx, input.gameId, command, input.commandId);
    const seat = state.facilities.find((f) => f.userId === ctx.user.id);
    if (!seat) throw appError('CONFLICT', 'beergame.errNoFreeRole');
    return { version, facilityId: seat.id };
  }),

  /** A player leaves their seat (spec `quitGame`); the creator frees any seat for someone else. */
  leave: beergameMemberOrCreatorProcedure
    .input(roleCommandInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'LeaveRole', facilityId: input.facilityId }, input.commandId),
    ),

  handToComputer: beergameCreatorProcedure.input(handToComputerInput).mutation(({ ctx, input }) => {
    const command: BeerCommand = { type: 'HandToComputer', facilityId: input.facilityId };
    if (input.policy !== undefined) command.policy = input.policy;
    return execute(ctx, input.gameId, command, input.commandId);
  }),

  /** A computer seat back to a human: the creator frees it, a player without a seat takes it. */
  takeBack: beergameSignedInProcedure.input(roleCommandInput).mutation(({ ctx, input }) => {
    if (ctx.user.id !== ctx.game.summary.creatorId) {
      refuseSeatOutsideSession(ctx.game);
      requirePlayerName(ctx);
    }
    return execute(
      ctx,
      input.gameId,
      { type: 'TakeBackRole', facilityId: input.facilityId },
      input.commandId,
    );
  }),

  /** A player answers a question of the debrief once the game is over; a new answer replaces theirs. */
  answerQuestion: beergameMemberProcedure
    .input(answerQuestionInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'AnswerDebriefQuestion', questionId: input.questionId, answer: input.answer },
        input.commandId,
      ),
    ),

  /**
   * The game's events, read through the upcasters, for the debrief and its step-by-step replay to
   * fold in the browser with the published reducer: every event for the creator at any time; for a
   * player once the game is over, those the view's rules let them see (`historyForViewer`), and
   * their answers become final (beergame-results.ts).
   */
  history: beergameDebriefProcedure.query(async ({ ctx }) => {
    const { events } = await beergameResults(ctx, ctx.game);
    return {
      events: events.map(({ recorded, event }) => ({
        ...event,
        version: recorded.streamVersion,
        recordedAt: recorded.recordedAt.getTime(),
      })),
    };
  }),

  placeOrder: beergameMemberProcedure.input(placeOrderInput).mutation(({ ctx, input }) =>
    execute(
      ctx,
      input.gameId,
      {
        type: 'PlaceOrder',
        facilityId: input.facilityId,
        capabilityId: input.capabilityId,
        quantity: input.quantity,
        week: input.week,
      },
      input.commandId,
    ),
  ),

  proposeOrder: beergameCreatorProcedure.input(proposeOrderInput).mutation(({ ctx, input }) => {
    const { gameId, commandId, ...fields } = input;
    return execute(ctx, gameId, { type: 'ProposeOrder', ...fields }, commandId);
  }),

  confirmAllocations: beergameMemberOrCreatorProcedure
    .input(confirmAllocationsInput)
    .mutation(({ ctx, input }) => {
      const { gameId, commandId, ...fields } = input;
      return execute(ctx, gameId, { type: 'ConfirmAllocations', ...fields }, commandId);
    }),

  closeWeek: beergameCreatorProcedure
    .input(closeWeekInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'CloseWeek', reason: 'instructor' }, input.commandId),
    ),

  resetStartingOrders: beergameCreatorProcedure.input(resetStartingOrdersInput).mutation(({ ctx, input }) => {
    const { gameId, commandId, ...fields } = input;
    return execute(ctx, gameId, { type: 'ResetStartingOrders', ...fields }, commandId);
  }),

  /** Back to week 1, seats kept (spec `resetBeerGame`). */
  resetGame: beergameCreatorProcedure
    .input(gameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, { type: 'ResetGame' }, input.commandId)),

  endGame: beergameCreatorProcedure
    .input(gameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, { type: 'EndGame' }, input.commandId)),

  sendMessage: beergameCreatorProcedure.input(sendMessageInput).mutation(({ ctx, input }) => {
    const { gameId, commandId, ...fields } = input;
    return execute(ctx, gameId, { type: 'SendMessage', ...fields }, commandId);
  }),

  setTransparent: beergameCreatorProcedure
    .input(setTransparentInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'SetTransparent', transparent: input.transparent }, input.commandId),
    ),

  /** Sets the turn timer (`seconds` per week, the game's own by default) and starts this week's countdown. */
  startTimer: beergameCreatorProcedure.input(startTimerInput).mutation(({ ctx, input }) => {
    const command: BeerCommand = { type: 'StartTimer' };
    if (input.seconds !== undefined) command.seconds = input.seconds;
    return execute(ctx, input.gameId, command, input.commandId);
  }),

  /** Holds the countdown with the time it has left (weeks closed meanwhile wait paused). */
  pauseTimer: beergameCreatorProcedure
    .input(gameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, { type: 'PauseTimer' }, input.commandId)),

  /** Runs a paused countdown again with the time it had left. */
  resumeTimer: beergameCreatorProcedure
    .input(gameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, { type: 'ResumeTimer' }, input.commandId)),

  /** The game's settings for the creator's form, and whether they may still change (before week 1 closes). */
  settings: beergameCreatorProcedure.query(({ ctx }) => {
    const { state } = ctx.game;
    return { name: state.name, config: state.config, open: settingsOpen(state) };
  }),

  /** New settings before the first week closes (the engine refuses them afterwards: errSettingsLocked). */
  configure: beergameCreatorProcedure
    .input(configureGameInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'ConfigureGame', name: input.name, config: input.config },
        input.commandId,
      ),
    ),

  /** The debrief the creator writes: at any time, even once the game is over. */
  configureDebrief: beergameCreatorProcedure
    .input(configureDebriefInput)
    .mutation(({ ctx, input }) =>
      execute(
        ctx,
        input.gameId,
        { type: 'ConfigureDebrief', configDebrief: input.configDebrief },
        input.commandId,
      ),
    ),

  /** The event editor: a change scheduled for a later week. */
  scheduleChange: beergameCreatorProcedure.input(scheduleChangeInput).mutation(({ ctx, input }) => {
    const { gameId, commandId, ...fields } = input;
    return execute(ctx, gameId, { type: 'ScheduleChange', ...fields }, commandId);
  }),

  cancelChange: beergameCreatorProcedure
    .input(cancelChangeInput)
    .mutation(({ ctx, input }) =>
      execute(ctx, input.gameId, { type: 'CancelChange', changeId: input.changeId }, input.commandId),
    ),

  /** Stops and clears the turn timer: no deadline until `startTimer`. */
  stopTimer: beergameCreatorProcedure
    .input(gameCommandInput)
    .mutation(({ ctx, input }) => execute(ctx, input.gameId, { type: 'StopTimer' }, input.commandId)),
});
