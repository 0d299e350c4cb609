/**
 * Every base and resource procedure: who may call what is decided here, once, and every router
 * builds on these. A refused call carries a translated message id (errors.*, dashboard.*).
 */
import { TRPCError } from '@trpc/server';
import type { Logger } from 'pino';
import { z } from 'zod';
import { idInput, playerNameInput } from '../../src-shared/api/inputs';
import { type Actor, DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import { gamePageRefusal, isInstructor } from '../../src-shared/rules/permissions';
import { isSessionAdmin, sessionPageRefusal } from '../../src-shared/rules/session-admin';
import { type SessionState, sessionStreamId } from '../../src-shared/session';
import type { SessionUser } from '../auth/auth';
import type { RateLimit } from '../config';
import { isDatabaseUnreachable } from '../db/unreachable';
import { everyMinuteAtMost } from '../http/errors';
import { type GameSummary, gameTypeOfRow } from '../read-models/games';
import { teammatesOf } from '../read-models/teams';
import {
  type AnyGameType,
  type GameTypeName,
  gameTypeFolding,
  gameTypeNamed,
  gameTypes,
  type StateOf,
} from '../streams';
import { sessionStream } from '../streams/session';
import type { Context } from './context';
import { appError, t } from './trpc';

/** The actor of a command: the signed-in user as an instructor or a player. */
export const actorOf = (ctx: Context): Actor =>
  ctx.user
    ? { userId: ctx.user.id, role: isInstructor(ctx.user) ? 'instructor' : 'player' }
    : { userId: 'anonymous', role: 'player' };

/** Warnings that the database is away, once a minute at most (a class keeps sending meanwhile). */
const databaseAwayWarnings = new WeakMap<object, ReturnType<typeof everyMinuteAtMost>>();

/**
 * A call that met a database it cannot reach (a restart): refused with a message the player's page
 * translates, nothing saved, so it may be sent again; not a server failure.
 */
function databaseReconnecting(ctx: { services: { log: Logger } }) {
  let warn = databaseAwayWarnings.get(ctx.services.log);
  if (!warn) {
    warn = everyMinuteAtMost(ctx.services.log);
    databaseAwayWarnings.set(ctx.services.log, warn);
  }
  warn('the database cannot be reached: calls are refused until it is back', {});
  return appError('SERVICE_UNAVAILABLE', 'errors.databaseReconnecting');
}

/**
 * What every call goes through, in one middleware (each level costs every call its context's copy):
 * - a WebSocket's context is made once, at its handshake: each call on it looks the sign-in up
 *   again from the handshake's cookie (remembered briefly, forgotten on sign-out:
 *   auth/session-cache.ts), so a command sent on a socket sees a sign-out or a new name as one
 *   sent over HTTP would;
 * - a WebSocket's calls are counted, in memory, against CALLS_PER_SOCKET_LIMIT;
 * - a refused command (`DomainError` from a decider) is a client error, not a server failure;
 * - so is a call that met an unreachable database (`errors.databaseReconnecting`).
 */
const everyCall = t.middleware(async ({ ctx, next }) => {
  let result: Awaited<ReturnType<typeof next>>;
  if (ctx.socket) {
    // A socket's calls are limited like an address's requests (CALLS_PER_SOCKET_LIMIT).
    const decision = ctx.socket.calls.hit();
    if (!decision.allowed)
      throw appError('TOO_MANY_REQUESTS', 'errors.tooManyRequests', { seconds: decision.retryAfterSeconds });
    const signedIn = await ctx.services.sessions.signedIn(ctx.socket.headers).catch((error: unknown) => {
      throw isDatabaseUnreachable(error) ? databaseReconnecting(ctx) : error;
    });
    result = await next({
      ctx: { user: signedIn?.user ?? null, sessionToken: signedIn?.sessionToken ?? null },
    });
  } else result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw appError('BAD_REQUEST', cause.messageId, cause.values);
    if (isDatabaseUnreachable(cause)) throw databaseReconnecting(ctx);
    ctx.services.log.error({ err: result.error }, 'procedure failed');
  }
  return result;
});

export const publicProcedure = t.procedure.use(everyCall);

/** Any signed-in user: an anonymous player or an instructor. */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw appError('UNAUTHORIZED', 'errors.signInRequired');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** An instructor: a signed-in user with an e-mail account. */
export const instructorProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!isInstructor(ctx.user)) throw appError('FORBIDDEN', 'dashboard.messLoginToAccess');
  return next();
});

/**
 * An instructor whose address is verified: what an action that reaches other people by e-mail
 * needs (team invitations, purchases: docs/accounts.md), so that nobody mails others under an
 * address they do not own. An unverified instructor may still prepare games.
 */
export const verifiedInstructorProcedure = instructorProcedure.use(({ ctx, next }) => {
  if (!ctx.user.emailVerified) throw appError('FORBIDDEN', 'account.errEmailNotVerified');
  return next();
});

/**
 * Someone who runs this installation: a verified instructor whose address is one of
 * OPERATOR_EMAILS. Anyone else is told the page does not exist for them.
 */
export const operatorProcedure = verifiedInstructorProcedure.use(({ ctx, next }) => {
  if (!ctx.services.operatorEmails.includes(ctx.user.email?.toLowerCase() ?? ''))
    throw appError('FORBIDDEN', 'errors.operatorOnly');
  return next();
});

/** A seat shows the user's name, so a player needs one (it stays in their user record). */
export function requirePlayerName(ctx: Context): void {
  if (!playerNameInput.safeParse(ctx.user?.name).success)
    throw appError('BAD_REQUEST', 'game.errNameRequired');
}

/**
 * Counts one more action under `key` and refuses it (429, with the seconds to wait) beyond
 * `limit`: a bulk action calls this once, whatever its size.
 */
export async function rateLimit(ctx: Context, key: string, limit: RateLimit): Promise<void> {
  const decision = await ctx.services.limiter.hit(key, limit);
  if (!decision.allowed)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManyRequests', { seconds: decision.retryAfterSeconds });
}

/**
 * Admits `count` games about to be created by the caller for `creatorId` (issue 29, item 3): what
 * is counted is games, not actions (a copy of 200 is 200, a session's round one per team), per
 * account and hour (GAMES_PER_HOUR_LIMIT), and the games `creatorId` holds live (neither finished,
 * archived nor deleted) may not pass LIVE_GAMES_LIMIT. A refusal counts nothing: a smaller copy
 * may follow at once.
 */
export async function admitNewGames(ctx: Context & { user: SessionUser }, creatorId: string, count: number) {
  const { limiter, limits, database } = ctx.services;
  const key = `games-created:${ctx.user.id}`;
  const decision = await limiter.hit(key, limits.gamesCreated, count);
  if (!decision.allowed) {
    await limiter.giveBack(key, count);
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManyGamesCreated', {
      max: limits.gamesCreated.max,
      minutes: Math.ceil(decision.retryAfterSeconds / 60),
    });
  }
  const { live } = await database.db
    .selectFrom('games')
    .select((eb) => eb.fn.countAll<string>().as('live'))
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .where('finished', '=', false)
    .where('archived', '=', false)
    .executeTakeFirstOrThrow();
  if (Number(live) + count > limits.liveGames) {
    await limiter.giveBack(key, count);
    throw appError('FORBIDDEN', 'errors.tooManyLiveGames', { max: limits.liveGames, live: Number(live) });
  }
}

/**
 * A team's game of a session is joined through the session (its lobby, the session's own seating), whose
 * seating rules (teams, players carried from the round before) a seat taken by the game's own id
 * would bypass: the game ids show in the lobby to anyone (issue 29, item 1).
 */
export function refuseSeatOutsideSession(game: { summary: GameSummary }): void {
  if (game.summary.session) throw appError('FORBIDDEN', 'session.errJoinInLobby');
}

/** A game the viewer may open, loaded with its type, version, state and summary. */
export interface LoadedGame<State = unknown> {
  gameId: string;
  type: AnyGameType;
  version: number;
  state: State;
  summary: GameSummary;
}

/**
 * Loads a game of any type and refuses it (with the spec's message) to a viewer who may not
 * open it: an unknown, deleted or facility-less game to everyone, a draft or archived one to all
 * but its creator (src-shared/rules/permissions.ts). The state this process folded last serves
 * when it lets the viewer in, without a database read (commands are decided again against the
 * stored stream, and a watch catches up from its version); a refusal is only ever given on the
 * stream as stored, whose type the game's dashboard row names.
 */
export async function openGame(ctx: Context, gameId: string, requirement?: Requirement): Promise<LoadedGame> {
  const streamId = gameStreamId(gameId);
  const cached = ctx.services.commands.cached(streamId);
  const cachedType = cached && gameTypeFolding(cached.type);
  if (cached && cachedType) {
    const game = admitted(ctx, cachedType, gameId, cached, requirement);
    if (!(game instanceof TRPCError)) return game;
  }
  const typeName = await gameTypeOfRow(ctx.services.database.db, gameId);
  const type = typeName ? gameTypeNamed(typeName) : undefined;
  if (!type) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  const game = admitted(
    ctx,
    type,
    gameId,
    await ctx.services.commands.load(type.stream, streamId),
    requirement,
  );
  if (game instanceof TRPCError) throw game;
  return game;
}

/** The game as loaded, or the refusal its viewer gets (the page's, then the procedure's). */
function admitted(
  ctx: Context,
  type: AnyGameType,
  gameId: string,
  loaded: { version: number; state: unknown },
  requirement: Requirement | undefined,
): LoadedGame | TRPCError {
  const facilities = (loaded.state as { facilities?: unknown[] }).facilities;
  const summary = type.summary(loaded.state);
  // The state, not the row: another process's row may lag behind what this one folded.
  const refusal = gamePageRefusal(
    {
      exists: loaded.version > 0,
      deleted: summary.deleted,
      draft: summary.draft ?? false,
      archived: summary.archived,
      hasFacilities: (facilities?.length ?? 0) > 0,
      creatorId: summary.creatorId,
    },
    ctx.user?.id ?? null,
  );
  if (refusal === 'dashboard.messGameNotPublished') return appError('FORBIDDEN', refusal);
  if (refusal) return appError('NOT_FOUND', 'dashboard.messGameUnknown');
  const game = {
    gameId,
    type,
    version: loaded.version,
    state: loaded.state,
    summary,
  };
  return requirement?.(game, ctx.user) ?? game;
}

/** What a procedure asks of its viewer on a loaded game: null when met, else the refusal. */
export type Requirement = (game: LoadedGame, user: SessionUser | null) => TRPCError | null;

export const creatorOnly: Requirement = (game, user) =>
  user && user.id === game.summary.creatorId ? null : appError('FORBIDDEN', 'errors.creatorOnly');

export const membersOnly: Requirement = (game, user) =>
  user && game.summary.playerIds.includes(user.id) ? null : appError('FORBIDDEN', 'errors.membersOnly');

export const membersOrCreatorOnly: Requirement = (game, user) =>
  user && (user.id === game.summary.creatorId || game.summary.playerIds.includes(user.id))
    ? null
    : appError('FORBIDDEN', 'errors.membersOrCreatorOnly');

/** The game as one of its type: another type's game is unknown to that type's procedures. */
function requireType<Name extends GameTypeName>(game: LoadedGame, name: Name): LoadedGame<StateOf<Name>> {
  if (game.type !== gameTypes[name]) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  return game as LoadedGame<StateOf<Name>>;
}

const gameIdInput = z.object({ gameId: idInput });

/** Procedures on one game, of any type, that the viewer may open (and, given one, whose requirement they meet). */
const onGame = (requirement?: Requirement) =>
  publicProcedure
    .input(gameIdInput)
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { ...ctx, game: await openGame(ctx, input.gameId, requirement) } }),
    );

/** Procedures on one game of type `name` whose viewer meets `requirement`, which names a user. */
const onGameOfTypeAs = <Name extends GameTypeName>(name: Name, requirement: Requirement) =>
  publicProcedure.input(gameIdInput).use(async ({ ctx, input, next }) => {
    const game = await openGame(ctx, input.gameId, (loaded, user) =>
      loaded.type === gameTypes[name]
        ? requirement(loaded, user)
        : appError('NOT_FOUND', 'dashboard.messGameUnknown'),
    );
    // The requirement was met by a signed-in user, on a game of this type.
    return next({ ctx: { user: ctx.user!, game: game as LoadedGame<StateOf<Name>> } });
  });

/** A signed-in user acting on a game of type `name` they may open (a player taking a seat). */
const signedInOnGameOfType = <Name extends GameTypeName>(name: Name) =>
  signedInProcedure
    .input(gameIdInput)
    .use(async ({ ctx, input, next }) =>
      next({ ctx: { ...ctx, game: requireType(await openGame(ctx, input.gameId), name) } }),
    );

/** Procedures on one game, of any type, that the viewer may open. */
export const gameProcedure = onGame();

/** A signed-in user acting on a beer game they may open (a player taking a seat). */
export const beergameSignedInProcedure = signedInOnGameOfType('beergame');
/** The beer game's creator. */
export const beergameCreatorProcedure = onGameOfTypeAs('beergame', creatorOnly);
/** A player holding a seat in the beer game. */
export const beergameMemberProcedure = onGameOfTypeAs('beergame', membersOnly);
/** A player of the beer game or its creator (leaving or freeing a seat, a shortage's split). */
export const beergameMemberOrCreatorProcedure = onGameOfTypeAs('beergame', membersOrCreatorOnly);
/** The beer game's debrief: its creator at any time, its players once the game is over. */
export const beergameDebriefProcedure = onGameOfTypeAs(
  'beergame',
  (game, user) =>
    membersOrCreatorOnly(game, user) ??
    (user?.id === game.summary.creatorId || (game.state as StateOf<'beergame'>).finished
      ? null
      : appError('FORBIDDEN', 'beergame.errHistoryAfterEnd')),
);

/** A signed-in user acting on a lean game they may open (a player taking a station). */
export const leangameSignedInProcedure = signedInOnGameOfType('leangame');
/** The lean game's creator. */
export const leangameCreatorProcedure = onGameOfTypeAs('leangame', creatorOnly);
/** A player holding a facility in the lean game (its work on the floor). */
export const leangameMemberProcedure = onGameOfTypeAs('leangame', membersOnly);
/** A player of the lean game or its creator (leaving or freeing a station, the improvements panel). */
export const leangameMemberOrCreatorProcedure = onGameOfTypeAs('leangame', membersOrCreatorOnly);

/** A session the viewer may open, with its version and state, and whether the viewer administers it. */
export interface LoadedSession {
  sessionId: string;
  version: number;
  state: SessionState;
  isAdmin: boolean;
  /** The viewer's teammates (read for an instructor who did not create the session). */
  teammateIds: readonly string[];
}

/** Loads a session, refusing an unknown or deleted one, and an unpublished one to a non-admin (spec point 2). */
export async function openSession(ctx: Context, sessionId: string): Promise<LoadedSession> {
  const { version, state } = await ctx.services.commands.load(sessionStream, sessionStreamId(sessionId));
  const userId = ctx.user?.id ?? null;
  const teammateIds =
    ctx.user && isInstructor(ctx.user) && state.exists && userId !== state.creatorId
      ? await teammatesOf(ctx.services.database.db, ctx.user.id)
      : [];
  const viewer = { userId, teammateIds };
  const refusal = sessionPageRefusal(state.exists ? state : null, viewer);
  if (refusal) throw appError('NOT_FOUND', refusal);
  return { sessionId, version, state, isAdmin: isSessionAdmin(state, viewer), teammateIds };
}

const sessionIdInput = z.object({ sessionId: idInput });

/** Procedures on one session the viewer may open (its lobby, its results). */
export const sessionProcedure = publicProcedure
  .input(sessionIdInput)
  .use(async ({ ctx, input, next }) =>
    next({ ctx: { ...ctx, session: await openSession(ctx, input.sessionId) } }),
  );

/** A signed-in user on a session they may open (a player joining it). */
export const sessionSignedInProcedure = signedInProcedure
  .input(sessionIdInput)
  .use(async ({ ctx, input, next }) =>
    next({ ctx: { ...ctx, session: await openSession(ctx, input.sessionId) } }),
  );

/** A session admin (spec point 6): its creator, or a member of its team. */
export const sessionAdminProcedure = instructorProcedure
  .input(sessionIdInput)
  .use(async ({ ctx, input, next }) => {
    const session = await openSession(ctx, input.sessionId);
    if (!session.isAdmin) throw appError('FORBIDDEN', 'errors.sessionAdminOnly');
    return next({ ctx: { ...ctx, session } });
  });
