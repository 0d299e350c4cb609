/**
 * Sessions (issue 12): a class of several rounds played by many teams, from one join code. The
 * procedures check who calls and what they send; what a session does to its games, of any type,
 * is the session service's (session-service.ts).
 */

import {
  createSessionInput,
  deleteSessionInput,
  duplicateSessionInput,
  editSessionInput,
  joinSessionInput,
  roundLockInput,
  sessionCommandInput,
  sessionTemplateInput,
  teamsActionInput,
} from '../../../src-shared/api/session';
import {
  currentRound,
  type SessionSetup,
  sessionFinished,
  sessionResponses,
  sessionSetupFromTemplate,
  sessionSetupSchema,
  sessionTemplate,
  visibleResults,
} from '../../../src-shared/session';
import { displayNames } from '../../auth/auth';
import { requireGameType } from '../../billing/usage';
import { messagesIn } from '../../messages';
import { creatorNameOf } from '../../read-models/games';
import {
  gamesOfCurrentRounds,
  type SessionsTable,
  sessionsByCreator,
  sessionsListKey,
  sessionsOfTeammates,
} from '../../read-models/sessions';
import { teammatesOf } from '../../read-models/teams';
import {
  deleteTemplate,
  templatesByCreator,
  templatesOfTeammates,
  usableTemplate,
} from '../../read-models/templates';
import { openSubscription } from '../live';
import {
  instructorProcedure,
  rateLimit,
  requirePlayerName,
  sessionAdminProcedure,
  sessionProcedure,
  sessionSignedInProcedure,
} from '../procedures';
import { watchSession } from '../session-live';
import { resetOwnGame } from '../session-player-reset';
import {
  actOnTeams,
  checkedSetup,
  deleteGamesOf,
  isPlayerOf,
  openNextRound,
  openToPlayers,
  placedGames,
  runSession,
  seatPlayer,
  sessionIdFor,
  startCurrentRound,
} from '../session-service';
import { appError, router } from '../trpc';

type SessionRow = Omit<SessionsTable, 'deleted' | 'created_at'> & { created_at: Date };

/** Sessions as the lists show them: whether each has ended is read from its current round's games. */
function listedSessions<R extends SessionRow>(
  rows: readonly R[],
  current: ReadonlyArray<{ sessionId: string | null; finished: boolean }>,
) {
  const gamesBySession = new Map<string, Array<{ finished: boolean }>>();
  for (const game of current) {
    if (game.sessionId === null) continue;
    const games = gamesBySession.get(game.sessionId) ?? [];
    games.push(game);
    gamesBySession.set(game.sessionId, games);
  }
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    code: row.code,
    published: row.published,
    rounds: row.rounds,
    teams: row.teams,
    currentRound: row.current_round,
    finished: sessionFinished(row.rounds, row.current_round, gamesBySession.get(row.id) ?? []),
    template: row.template,
    createdAt: row.created_at,
  }));
}

export const sessionRouter = router({
  /** The instructor's sessions, newest first. */
  list: instructorProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services.database;
    const [rows, current] = await Promise.all([
      sessionsByCreator(db, ctx.user.id),
      gamesOfCurrentRounds(db, ctx.user.id),
    ]);
    return listedSessions(rows, current);
  }),

  /**
   * The sessions of the caller's teammates (spec point 6), newest first: the caller administers
   * them (procedures.ts openSession), each with its creator's name (null: the client shows
   * 'Teammate'). Empty without a team.
   */
  teamSessions: instructorProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services.database;
    const teammateIds = await teammatesOf(db, ctx.user.id);
    const [rows, current] = await Promise.all([
      sessionsOfTeammates(db, teammateIds),
      gamesOfCurrentRounds(db, teammateIds),
    ]);
    const listed = listedSessions(rows, current);
    return listed.map((session, index) => ({
      ...session,
      creatorId: rows[index]!.creator_id,
      creatorName: creatorNameOf(rows[index]!.creatorName),
    }));
  }),

  /** Tick 0 once listening, then a tick whenever one of the instructor's sessions changes on the list. */
  watchList: instructorProcedure.subscription(async function* ({ ctx, signal }) {
    const subscription = openSubscription(ctx, signal);
    try {
      const wakeUps = ctx.services.store.wakeUpsOf(sessionsListKey(ctx.user.id), subscription.stop);
      let next = wakeUps.next();
      let tick = 0;
      yield tick;
      while (!(await next).done) {
        yield ++tick;
        next = wakeUps.next();
      }
    } finally {
      subscription.close();
    }
  }),

  /** A new session, from a default session template (round names in `locale`) or from a whole setup. */
  create: instructorProcedure.input(createSessionInput).mutation(async ({ ctx, input }) => {
    let setup: SessionSetup;
    const preset = input.template === undefined ? undefined : sessionTemplate(input.template);
    if (preset) {
      const messages = await messagesIn(input.locale ?? 'en');
      const fromTemplate = sessionSetupFromTemplate(preset, (id) => messages[id] ?? id, input.name);
      setup = sessionSetupSchema.parse({
        ...fromTemplate,
        teamCount: input.teamCount ?? fromTemplate.teamCount,
      });
    } else if (input.template !== undefined) {
      // The caller's own session template or a teammate's (spec point 6).
      const own = await usableTemplate(ctx.services.database.db, ctx.user.id, input.template, 'session');
      if (!own) throw appError('NOT_FOUND', 'templates.errNotFound');
      const saved = own.config as Omit<SessionSetup, 'name'>;
      setup = sessionSetupSchema.parse({
        ...saved,
        name: input.name,
        teamCount: input.teamCount ?? saved.teamCount,
      });
    } else if (input.setup) setup = sessionSetupSchema.parse({ ...input.setup, name: input.name });
    else throw appError('BAD_REQUEST', 'session.errTemplateOrSetup');
    setup = checkedSetup(setup);
    await rateLimit(ctx, `sessions:${ctx.user.id}`, ctx.services.limits.gameCreations);
    await requireGameType(
      ctx,
      setup.rounds.map((round) => round.gameType),
    );
    const sessionId = sessionIdFor(ctx.user.id, input.commandId);
    await runSession(
      ctx,
      sessionId,
      {
        type: 'CreateSession',
        sessionId,
        creatorId: ctx.user.id,
        template: input.template ?? null,
        setup,
        duplicateOf: null,
      },
      input.commandId,
    );
    return { sessionId };
  }),

  /** The caller's own session templates (games merged into one), newest first. */
  templates: instructorProcedure.query(async ({ ctx }) => {
    const own = await templatesByCreator(ctx.services.database.db, ctx.user.id, 'session');
    return own.map(({ config, ...template }) => {
      const saved = config as Omit<SessionSetup, 'name'>;
      return { ...template, rounds: saved.rounds.map((round) => round.name), teamCount: saved.teamCount };
    });
  }),

  /** The session templates of the caller's teammates (spec point 6), newest first, to make a session from. */
  teamTemplates: instructorProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services.database;
    const templates = await templatesOfTeammates(db, await teammatesOf(db, ctx.user.id), 'session');
    return templates.map(({ config, ...template }) => {
      const saved = config as Omit<SessionSetup, 'name'>;
      return { ...template, rounds: saved.rounds.map((round) => round.name), teamCount: saved.teamCount };
    });
  }),

  /** Deletes one of the caller's session templates (confirmed in the page). */
  deleteTemplate: instructorProcedure.input(sessionTemplateInput).mutation(async ({ ctx, input }) => {
    const deleted = await deleteTemplate(
      ctx.services.database.db,
      ctx.user.id,
      input.templateId,
      new Date(ctx.services.now()),
      'session',
    );
    if (!deleted) throw appError('NOT_FOUND', 'templates.errNotFound');
    return { ok: true };
  }),

  /** The whole setup, rounds' game configurations included, for the session's editor. */
  setup: sessionAdminProcedure.query(({ ctx }) => {
    const { state, version } = ctx.session;
    return { version, setup: state.setup, currentRound: currentRound(state), template: state.template };
  }),

  /**
   * The viewer's view of the session, live (its lobby, and for admins its follow-up): whole
   * first, then patches. Shared by every watcher of the session in this process.
   */
  watch: sessionProcedure.subscription(({ ctx, signal }) => watchSession(ctx, ctx.session, signal)),

  /** New settings (spec point 3): rounds with games and the number of teams stay as they are. */
  edit: sessionAdminProcedure.input(editSessionInput).mutation(async ({ ctx, input }) => {
    const setup = checkedSetup(sessionSetupSchema.parse(input.setup));
    const { version } = await runSession(
      ctx,
      input.sessionId,
      { type: 'EditSession', setup },
      input.commandId,
    );
    return { version };
  }),

  /** Visible to players, with its code and its first round's games. */
  publish: sessionAdminProcedure.input(sessionCommandInput).mutation(async ({ ctx, input }) => {
    await runSession(ctx, input.sessionId, { type: 'PublishSession' }, `${input.commandId}-publish`);
    await openToPlayers(ctx, input.commandId);
    return { ok: true };
  }),

  unpublish: sessionAdminProcedure.input(sessionCommandInput).mutation(async ({ ctx, input }) => {
    await runSession(ctx, input.sessionId, { type: 'UnpublishSession' }, input.commandId);
    return { ok: true };
  }),

  /** A copy of the session's setup (spec point 4): published, with no code, games or players. */
  duplicate: sessionAdminProcedure.input(duplicateSessionInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `sessions:${ctx.user.id}`, ctx.services.limits.gameCreations);
    const { state } = ctx.session;
    await requireGameType(
      ctx,
      state.setup.rounds.map((round) => round.gameType),
    );
    const suffix = (await messagesIn(input.locale ?? 'en'))['dashboard.copySuffix']!;
    const name = input.name ?? `${state.setup.name} ${suffix}`.slice(0, 120);
    const sessionId = sessionIdFor(ctx.user.id, input.commandId);
    await runSession(
      ctx,
      sessionId,
      {
        type: 'CreateSession',
        sessionId,
        creatorId: ctx.user.id,
        template: state.template,
        setup: { ...state.setup, name },
        duplicateOf: state.sessionId,
      },
      input.commandId,
    );
    return { sessionId };
  }),

  /** Deletes the session and its games, once the admin typed its name again. */
  delete: sessionAdminProcedure.input(deleteSessionInput).mutation(async ({ ctx, input }) => {
    const { state } = ctx.session;
    if (input.confirmName.trim() !== state.setup.name) throw appError('BAD_REQUEST', 'session.errDeleteName');
    await runSession(ctx, input.sessionId, { type: 'DeleteSession' }, input.commandId);
    await deleteGamesOf(ctx, input.commandId);
    return { ok: true };
  }),

  lockRound: sessionAdminProcedure.input(roundLockInput).mutation(async ({ ctx, input }) => {
    await runSession(ctx, input.sessionId, { type: 'LockRound', roundId: input.roundId }, input.commandId);
    return { ok: true };
  }),

  unlockRound: sessionAdminProcedure.input(roundLockInput).mutation(async ({ ctx, input }) => {
    await runSession(ctx, input.sessionId, { type: 'UnlockRound', roundId: input.roundId }, input.commandId);
    return { ok: true };
  }),

  /** Starts the round being played: every seat still empty goes to the computer. */
  startRound: sessionAdminProcedure
    .input(sessionCommandInput)
    .mutation(({ ctx, input }) => startCurrentRound(ctx, input.commandId)),

  /** Moves everyone to the next round: its games, the players carried over as `teamComposition` says. */
  nextRound: sessionAdminProcedure.input(sessionCommandInput).mutation(async ({ ctx, input }) => {
    await rateLimit(ctx, `games:${ctx.user.id}`, ctx.services.limits.gameCreations);
    return { roundNumber: await openNextRound(ctx, input.commandId) };
  }),

  /** The follow-up's actions on many teams' games of the round being played at once. */
  teamsAction: sessionAdminProcedure
    .input(teamsActionInput)
    .mutation(({ ctx, input }) => actOnTeams(ctx, input.gameIds, input.action, input.commandId)),

  /**
   * A player's seat in the round being played: the one they already hold (a rejoin from the same
   * device), else the one `seatFor` finds (late joiners take over roles the computer plays).
   */
  join: sessionSignedInProcedure.input(joinSessionInput).mutation(({ ctx, input }) => {
    requirePlayerName(ctx);
    if (ctx.session.isAdmin) throw appError('BAD_REQUEST', 'beergame.errCreatorCannotPlay');
    return seatPlayer(ctx, input);
  }),

  /** Every player's answers to the debrief's questions, checked by the tolerant rule (spec point 5). */
  responses: sessionAdminProcedure.query(async ({ ctx }) => {
    const responses = sessionResponses(await placedGames(ctx, ctx.session.state));
    const names = await displayNames(
      ctx.services.database.db,
      [...new Set(responses.map((r) => r.userId))],
      ctx.locale,
    );
    return responses.map(({ userId, ...response }) => ({ ...response, playerName: names[userId] ?? null }));
  }),

  /**
   * The teams compared within each round and across rounds: for admins always, for the session's
   * players when it lets them see their debrief (`debriefingMode`), each round once it is over
   * (`visibleResults`).
   */
  results: sessionProcedure.query(async ({ ctx }) => {
    const { state, isAdmin } = ctx.session;
    if (!isAdmin) {
      const userId = ctx.user?.id;
      if (!userId || !(await isPlayerOf(ctx, state, userId)))
        throw appError('FORBIDDEN', 'errors.membersOnly');
      if (state.setup.config.debriefingMode !== 'access')
        throw appError('FORBIDDEN', 'session.errResultsClosed');
    }
    return visibleResults(await placedGames(ctx, state), { isAdmin });
  }),

  /** A player starts their team's game of the round over, before it starts (`allowPlayerReset`). */
  resetOwnGame: sessionSignedInProcedure
    .input(sessionCommandInput)
    .mutation(({ ctx, input }) => resetOwnGame(ctx, input.commandId)),
});
