/**
 * Sessions (issue 12): a class of several rounds played by many teams, from one join code. The
 * session's own decisions are events on its `session-<id>` stream; what it does to its games
 * (creating a round's games, seating players, starting a round, the follow-up's bulk actions) are
 * the games' own commands, run with deterministic command ids so that a retried call applies once.
 */
import { createHash, randomInt } from 'node:crypto';
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
import type { BeerCommand, BeerState } from '../../../src-shared/beergame';
import { type Actor, DomainError, gameStreamId } from '../../../src-shared/eventsourcing';
import type { Locale } from '../../../src-shared/rules/locale';
import {
  computerSeatForLateJoiner,
  currentRound,
  emptiestTeam,
  nextRoundSeats,
  type PlacedGame,
  type Round,
  type SessionCommand,
  type SessionSetup,
  type SessionState,
  sessionFinished,
  sessionResponses,
  sessionSetupFromTemplate,
  sessionSetupSchema,
  sessionStreamId,
  sessionTemplate,
  teamName,
  visibleResults,
} from '../../../src-shared/session';
import { displayNames } from '../../auth/auth';
import { messagesIn } from '../../messages';
import { copyGameIds } from '../../read-models/games';
import {
  freeSessionCode,
  gamesOfCurrentRounds,
  gamesOfRound,
  gamesOfSession,
  sessionsByCreator,
  sessionsListKey,
} from '../../read-models/sessions';
import { deleteTemplate, ownTemplate, templatesByCreator } from '../../read-models/templates';
import { beergameType } from '../../streams/beergame';
import { sessionStream } from '../../streams/session';
import type { Context } from '../context';
import { openSubscription } from '../live';
import {
  actorOf,
  instructorProcedure,
  type LoadedSession,
  rateLimit,
  requirePlayerName,
  sessionAdminProcedure,
  sessionProcedure,
  sessionSignedInProcedure,
} from '../procedures';
import { watchSession } from '../session-live';
import { resetOwnGame } from '../session-player-reset';
import { appError, router } from '../trpc';
import { checkedBeerConfig } from './template';

type SignedIn = Context & { user: NonNullable<Context['user']> };
type AdminContext = SignedIn & { session: LoadedSession };

const contextOf = (ctx: Context, commandId: string, actor: Actor = actorOf(ctx)) => ({
  now: ctx.services.now(),
  actor,
  commandId,
});

/** What the server does to a session's games for one of its admins, checked here first. */
const onBehalfOf = (ctx: SignedIn): Actor => ({ userId: ctx.user.id, role: 'system' });

function runSession(ctx: Context, sessionId: string, command: SessionCommand, commandId: string) {
  return ctx.services.commands.execute(
    sessionStream,
    sessionStreamId(sessionId),
    command,
    contextOf(ctx, commandId),
  );
}

function runGame(ctx: Context, gameId: string, command: BeerCommand, commandId: string, actor?: Actor) {
  return ctx.services.commands.execute(
    beergameType.stream,
    gameStreamId(gameId),
    command,
    contextOf(ctx, commandId, actor),
  );
}

const loadGame = async (ctx: Context, gameId: string) =>
  (await ctx.services.commands.load(beergameType.stream, gameStreamId(gameId))).state as BeerState;

/** A session's id from its creator's command: a retried creation finds the session it made. */
const sessionIdFor = (userId: string, commandId: string) =>
  createHash('sha256').update(`session/${userId}/${commandId}`).digest('base64url').slice(0, 12);

/** Rounds the server can play: beer games with a configuration the engine accepts (lean games come later). */
function checkedSetup(setup: SessionSetup): SessionSetup {
  const rounds = setup.rounds.map((round): Round => {
    if (round.gameType !== 'beergame') throw appError('BAD_REQUEST', 'session.errLeanNotServed');
    return { ...round, config: checkedBeerConfig(round.config) };
  });
  return { ...setup, rounds };
}

/**
 * Opens round `roundNumber`: its games, one per team, in one transaction (ids drawn from the
 * session and round, so a retry finds them), then the players carried over from the round before
 * (spec `teamComposition`), then the session's event. Seated before the round shows as open, a
 * player's pages find their seat in the same change that opens the round, and follow it at once.
 * A player whose seat cannot be had (another network) gets a free one of their team; a full team
 * leaves them to choose in the lobby.
 */
async function openRound(ctx: SignedIn, s: SessionState, roundNumber: number, commandId: string) {
  const { services } = ctx;
  const round = s.setup.rounds[roundNumber - 1];
  if (!round) throw appError('BAD_REQUEST', 'session.errLastRound');
  const { gameIds, existing } = await copyGameIds(
    services.database.db,
    `session/${s.sessionId}/round/${roundNumber}`,
    s.setup.teamCount,
  );
  const language = (round.config.language as Locale | null | undefined) ?? 'en';
  const defaultTeam = (await messagesIn(language))['session.teamLabel']!;
  if (!existing)
    await services.commands.createMany(
      beergameType.stream,
      gameIds.map((gameId, i) => ({
        streamId: gameStreamId(gameId),
        command: {
          type: 'CreateGame',
          gameId,
          name: `${round.name} · ${teamName(s.setup, i + 1, defaultTeam)}`.slice(0, 200),
          creatorId: s.creatorId,
          seed: randomInt(2 ** 31),
          config: round.config,
          session: { sessionId: s.sessionId, roundNumber, teamNumber: i + 1 },
        } satisfies BeerCommand,
      })),
      contextOf(ctx, `session-${s.sessionId}-round-${roundNumber}`, onBehalfOf(ctx)),
    );
  if (roundNumber > 1) await seatCarriedOver(ctx, s, roundNumber, gameIds);
  await runSession(ctx, s.sessionId, { type: 'OpenRound', roundNumber, gameIds }, `${commandId}-open`);
}

/** The players of round `roundNumber - 1` in the games of round `roundNumber`, as `teamComposition` says. */
async function seatCarriedOver(ctx: SignedIn, s: SessionState, roundNumber: number, gameIds: string[]) {
  const previous = await Promise.all((s.roundGames[roundNumber - 2] ?? []).map((id) => loadGame(ctx, id)));
  const seats = previous.flatMap((game, i) =>
    game.facilities.flatMap((f) =>
      f.userId === null ? [] : [{ userId: f.userId, teamNumber: i + 1, facilityId: f.id }],
    ),
  );
  const roles = previous[0]?.facilities.map((f) => f.id) ?? [];
  const next = nextRoundSeats(s.setup.config.teamComposition, seats, s.setup.teamCount, roles, roundNumber);
  for (const seat of next) {
    const gameId = gameIds[seat.teamNumber - 1]!;
    const actor: Actor = { userId: seat.userId, role: 'player' };
    const id = `session-${s.sessionId}-round-${roundNumber}-${seat.userId}`.slice(0, 120);
    try {
      await runGame(ctx, gameId, { type: 'JoinRole', facilityId: seat.facilityId }, id, actor);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      try {
        await runGame(ctx, gameId, { type: 'JoinRandomRole', seed: id.slice(0, 64) }, `${id}-any`, actor);
      } catch (again) {
        if (!(again instanceof DomainError)) throw again;
      }
    }
  }
}

/** The session's code (drawn once) and its first round's games: players can join from now on. */
async function openToPlayers(ctx: AdminContext, commandId: string) {
  let { state } = ctx.session;
  if (state.code === null) {
    const code = await freeSessionCode(ctx.services.database.db, state.sessionId);
    state = (await runSession(ctx, state.sessionId, { type: 'GenerateCode', code }, `${commandId}-code`))
      .state;
  }
  if (currentRound(state) === 0) await openRound(ctx, state, 1, commandId);
}

/** The games of the round being played among `gameIds`; any other id refuses the whole request. */
function gamesOfCurrentRound(s: SessionState, gameIds: readonly string[]): string[] {
  const current = s.roundGames[currentRound(s) - 1] ?? [];
  for (const gameId of gameIds)
    if (!current.includes(gameId)) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  return [...new Set(gameIds)];
}

/** Runs `commands(state)` on each game; a game that refuses (finished, say) is counted, not fatal. */
async function actOnGames(
  ctx: AdminContext,
  gameIds: readonly string[],
  commandId: string,
  commands: (game: BeerState) => BeerCommand[],
) {
  let done = 0;
  const refused: Array<{ gameId: string; messageId: string }> = [];
  for (const gameId of gameIds) {
    const game = await loadGame(ctx, gameId);
    try {
      for (const [i, command] of commands(game).entries())
        await runGame(ctx, gameId, command, `${commandId}-${gameId}-${i}`, onBehalfOf(ctx));
      done++;
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
      refused.push({ gameId, messageId: error.messageId });
    }
  }
  return { done, refused };
}

const freeSeatsToComputer = (game: BeerState): BeerCommand[] =>
  game.facilities
    .filter((f) => f.userId === null && !f.computer)
    .map((f) => ({ type: 'HandToComputer', facilityId: f.id }));

/** Every game of a session that still exists, with where it sits. */
async function placedGames(ctx: Context, sessionId: string): Promise<PlacedGame[]> {
  const rows = await gamesOfSession(ctx.services.database.db, sessionId);
  return Promise.all(
    rows.map(async (row) => ({
      roundNumber: row.round_number ?? 0,
      teamNumber: row.team_number ?? 0,
      state: await loadGame(ctx, row.id),
    })),
  );
}

/**
 * The seat a player joining the round being played asks for, and the game command that takes it:
 * the role they chose (a role the computer plays since the start is taken back), else a free seat
 * of the team they chose or of the emptiest team (`allowJoinRandom`), else, once the round started,
 * a role the computer plays in the team with the fewest players.
 */
async function seatFor(
  ctx: Context,
  state: SessionState,
  games: Awaited<ReturnType<typeof gamesOfRound>>,
  input: { teamNumber?: number | undefined; facilityId?: string | undefined; commandId: string },
): Promise<{ seat: { gameId: string; teamNumber: number }; command: BeerCommand }> {
  if (input.teamNumber === undefined && !state.setup.config.allowJoinRandom)
    throw appError('BAD_REQUEST', 'session.errPickTeam');
  const candidates =
    input.teamNumber === undefined ? games : games.filter((g) => g.team_number === input.teamNumber);
  if (candidates.length === 0) throw appError('BAD_REQUEST', 'session.errTeamUnknown');
  const seatIn = (game: (typeof games)[number]) => ({ gameId: game.id, teamNumber: game.team_number ?? 1 });
  if (input.facilityId !== undefined) {
    const game = candidates[0]!;
    const facility = (await loadGame(ctx, game.id)).facilities.find((f) => f.id === input.facilityId);
    const takeBack = facility?.computer === true && facility.userId === null;
    return {
      seat: seatIn(game),
      command: takeBack
        ? { type: 'TakeBackRole', facilityId: input.facilityId }
        : { type: 'JoinRole', facilityId: input.facilityId },
    };
  }
  const emptiest = emptiestTeam(
    candidates.map((game) => ({ game, teamNumber: game.team_number ?? 1, freeSeats: game.free_seats })),
  );
  if (emptiest)
    return { seat: seatIn(emptiest.game), command: { type: 'JoinRandomRole', seed: input.commandId } };
  const teams = await Promise.all(
    candidates.map(async (game) => ({
      teamNumber: game.team_number ?? 1,
      gameId: game.id,
      facilities: (await loadGame(ctx, game.id)).facilities,
    })),
  );
  const late = computerSeatForLateJoiner(teams);
  if (!late)
    throw appError(
      'CONFLICT',
      input.teamNumber === undefined ? 'session.errSessionFull' : 'beergame.errNoFreeRole',
    );
  const game = teams.find((team) => team.teamNumber === late.teamNumber)!;
  return {
    seat: { gameId: game.gameId, teamNumber: late.teamNumber },
    command: { type: 'TakeBackRole', facilityId: late.facilityId },
  };
}

export const sessionRouter = router({
  /** The instructor's sessions, newest first. */
  list: instructorProcedure.query(async ({ ctx }) => {
    const { db } = ctx.services.database;
    const [rows, current] = await Promise.all([
      sessionsByCreator(db, ctx.user.id),
      gamesOfCurrentRounds(db, ctx.user.id),
    ]);
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
      if (!preset.available) throw appError('BAD_REQUEST', 'session.errLeanNotServed');
      const messages = await messagesIn(input.locale ?? 'en');
      const fromTemplate = sessionSetupFromTemplate(preset, (id) => messages[id] ?? id, input.name);
      setup = sessionSetupSchema.parse({
        ...fromTemplate,
        teamCount: input.teamCount ?? fromTemplate.teamCount,
      });
    } else if (input.template !== undefined) {
      const own = await ownTemplate(ctx.services.database.db, ctx.user.id, input.template, 'session');
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
  watch: sessionProcedure.subscription(({ ctx, signal }) =>
    watchSession(ctx, ctx.session.sessionId, ctx.session.isAdmin, signal),
  ),

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
    await actOnGames(ctx, state.roundGames.flat(), input.commandId, () => [{ type: 'DeleteGame' }]);
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
  startRound: sessionAdminProcedure.input(sessionCommandInput).mutation(async ({ ctx, input }) => {
    const { state } = ctx.session;
    const round = currentRound(state);
    if (round === 0) throw appError('BAD_REQUEST', 'session.errNotOpen');
    await runSession(
      ctx,
      input.sessionId,
      { type: 'StartRound', roundNumber: round },
      `${input.commandId}-start`,
    );
    return actOnGames(ctx, state.roundGames[round - 1]!, input.commandId, freeSeatsToComputer);
  }),

  /** Moves everyone to the next round: its games, the players carried over as `teamComposition` says. */
  nextRound: sessionAdminProcedure.input(sessionCommandInput).mutation(async ({ ctx, input }) => {
    const { state } = ctx.session;
    const round = currentRound(state);
    if (round === 0) throw appError('BAD_REQUEST', 'session.errNotOpen');
    if (round >= state.setup.rounds.length) throw appError('BAD_REQUEST', 'session.errLastRound');
    await rateLimit(ctx, `games:${ctx.user.id}`, ctx.services.limits.gameCreations);
    await openRound(ctx, state, round + 1, input.commandId);
    return { roundNumber: round + 1 };
  }),

  /** The follow-up's actions on many teams' games of the round being played at once. */
  teamsAction: sessionAdminProcedure.input(teamsActionInput).mutation(({ ctx, input }) => {
    const gameIds = gamesOfCurrentRound(ctx.session.state, input.gameIds);
    const { action } = input;
    const commands = (game: BeerState): BeerCommand[] => {
      switch (action.type) {
        case 'closeWeek':
          return [{ type: 'CloseWeek', reason: 'instructor', week: game.week }];
        case 'startTimer':
          return [{ type: 'StartTimer', seconds: action.seconds }];
        case 'stopTimer':
          return [{ type: 'StopTimer' }];
        case 'message':
          return [{ type: 'SendMessage', to: 'all', text: action.text }];
        case 'handFreeSeatsToComputer':
          return freeSeatsToComputer(game);
        case 'endGame':
          return [{ type: 'EndGame' }];
      }
    };
    return actOnGames(ctx, gameIds, input.commandId, commands);
  }),

  /**
   * A player's seat in the round being played: the one they already hold (a rejoin from the same
   * device), else the one `seatFor` finds (late joiners take over roles the computer plays).
   */
  join: sessionSignedInProcedure.input(joinSessionInput).mutation(async ({ ctx, input }) => {
    const { state, isAdmin } = ctx.session;
    requirePlayerName(ctx);
    if (isAdmin) throw appError('BAD_REQUEST', 'beergame.errCreatorCannotPlay');
    const round = currentRound(state);
    if (round === 0 || !state.published) throw appError('BAD_REQUEST', 'session.errNotOpen');
    const games = await gamesOfRound(ctx.services.database.db, state.sessionId, round);
    const held = games.find((game) => game.player_ids.includes(ctx.user.id));
    const answer = async (gameId: string, teamNumber: number) => {
      const game = await loadGame(ctx, gameId);
      const seat = game.facilities.find((f) => f.userId === ctx.user.id);
      if (!seat) throw appError('CONFLICT', 'beergame.errNoFreeRole');
      return { gameId, teamNumber, facilityId: seat.id, roundNumber: round };
    };
    if (held) return answer(held.id, held.team_number ?? 0);
    const { seat, command } = await seatFor(ctx, state, games, input);
    await runGame(ctx, seat.gameId, command, input.commandId);
    return answer(seat.gameId, seat.teamNumber);
  }),

  /** Every player's answers to the debrief's questions, checked by the tolerant rule (spec point 5). */
  responses: sessionAdminProcedure.query(async ({ ctx }) => {
    const responses = sessionResponses(await placedGames(ctx, ctx.session.sessionId));
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
    const games = await placedGames(ctx, ctx.session.sessionId);
    if (!isAdmin) {
      const userId = ctx.user?.id;
      const isPlayer = games.some((game) => game.state.facilities.some((f) => f.userId === userId));
      if (!userId || !isPlayer) throw appError('FORBIDDEN', 'errors.membersOnly');
      if (state.setup.config.debriefingMode !== 'access')
        throw appError('FORBIDDEN', 'session.errResultsClosed');
    }
    return visibleResults(games, { isAdmin });
  }),

  /** A player starts their team's game of the round over, before it starts (`allowPlayerReset`). */
  resetOwnGame: sessionSignedInProcedure
    .input(sessionCommandInput)
    .mutation(({ ctx, input }) => resetOwnGame(ctx, input.commandId)),
});
