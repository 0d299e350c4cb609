/**
 * Every base and resource procedure: who may call what is decided here, once, and every router
 * builds on these. A refused call carries a translated message id (errors.*, dashboard.*).
 */
import { z } from 'zod';
import { idInput } from '../../src-shared/api/inputs';
import { type Actor, DomainError, gameStreamId } from '../../src-shared/eventsourcing';
import { gamePageRefusal, isInstructor } from '../../src-shared/rules/permissions';
import type { SessionUser } from '../auth/auth';
import type { RateLimit } from '../config';
import { type GameSummary, gameRow } from '../read-models/games';
import { type AnyGameType, type GameTypeName, gameTypeNamed, gameTypes, type StateOf } from '../streams';
import type { Context } from './context';
import { appError, t } from './trpc';

/** The actor of a command: the signed-in user as an instructor or a player. */
export const actorOf = (ctx: Context): Actor =>
  ctx.user
    ? { userId: ctx.user.id, role: isInstructor(ctx.user) ? 'instructor' : 'player' }
    : { userId: 'anonymous', role: 'player' };

/** A refused command (`DomainError` from a decider) is a client error, not a server failure. */
const domainErrorsAreBadRequests = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw appError('BAD_REQUEST', cause.messageId, cause.values);
    ctx.services.log.error({ err: result.error }, 'procedure failed');
  }
  return result;
});

export const publicProcedure = t.procedure.use(domainErrorsAreBadRequests);

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
 * Counts one more action under `key` and refuses it (429, with the seconds to wait) beyond
 * `limit`: a bulk action calls this once, whatever its size.
 */
export async function rateLimit(ctx: Context, key: string, limit: RateLimit): Promise<void> {
  const decision = await ctx.services.limiter.hit(key, limit);
  if (!decision.allowed)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManyRequests', { seconds: decision.retryAfterSeconds });
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
 * but its creator (src-shared/rules/permissions.ts).
 */
async function openGame(ctx: Context, gameId: string): Promise<LoadedGame> {
  const row = await gameRow(ctx.services.database.db, gameId);
  const type = row ? gameTypeNamed(row.type) : undefined;
  const loaded = type ? await ctx.services.commands.load(type.stream, gameStreamId(gameId)) : undefined;
  const facilities = (loaded?.state as { facilities?: unknown[] } | undefined)?.facilities;
  const refusal = gamePageRefusal(
    {
      exists: (loaded?.version ?? 0) > 0,
      deleted: row?.deleted ?? false,
      draft: row?.draft ?? false,
      archived: row?.archived ?? false,
      hasFacilities: (facilities?.length ?? 0) > 0,
      creatorId: row?.creator_id ?? '',
    },
    ctx.user?.id ?? null,
  );
  if (refusal === 'dashboard.messGameNotPublished') throw appError('FORBIDDEN', refusal);
  if (refusal || !type || !loaded) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  return { gameId, type, version: loaded.version, state: loaded.state, summary: type.summary(loaded.state) };
}

function requireCreator(game: LoadedGame, user: SessionUser | null): SessionUser {
  if (!user || user.id !== game.summary.creatorId) throw appError('FORBIDDEN', 'errors.creatorOnly');
  return user;
}

function requireMember(game: LoadedGame, user: SessionUser | null): SessionUser {
  if (!user || !game.summary.playerIds.includes(user.id)) throw appError('FORBIDDEN', 'errors.membersOnly');
  return user;
}

function requireMemberOrCreator(game: LoadedGame, user: SessionUser | null): SessionUser {
  if (!user || (user.id !== game.summary.creatorId && !game.summary.playerIds.includes(user.id)))
    throw appError('FORBIDDEN', 'errors.membersOrCreatorOnly');
  return user;
}

/** The game as one of its type: another type's game is unknown to that type's procedures. */
function requireType<Name extends GameTypeName>(game: LoadedGame, name: Name): LoadedGame<StateOf<Name>> {
  if (game.type !== gameTypes[name]) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
  return game as LoadedGame<StateOf<Name>>;
}

/** Procedures on one game, of any type, that the viewer may open. */
export const gameProcedure = publicProcedure
  .input(z.object({ gameId: idInput }))
  .use(async ({ ctx, input, next }) => next({ ctx: { ...ctx, game: await openGame(ctx, input.gameId) } }));

/** The game's creator. */
export const gameCreatorProcedure = gameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireCreator(ctx.game, ctx.user) } }),
);

/** A player holding a seat in the game. */
export const gameMemberProcedure = gameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireMember(ctx.game, ctx.user) } }),
);

/** A beer game the viewer may open, and its creator or players. */
export const beergameProcedure = gameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, game: requireType(ctx.game, 'beergame') } }),
);
/** A signed-in user acting on a beer game they may open (a player taking a seat). */
export const beergameSignedInProcedure = signedInProcedure
  .input(z.object({ gameId: idInput }))
  .use(async ({ ctx, input, next }) =>
    next({ ctx: { ...ctx, game: requireType(await openGame(ctx, input.gameId), 'beergame') } }),
  );
export const beergameCreatorProcedure = beergameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireCreator(ctx.game, ctx.user) } }),
);
export const beergameMemberProcedure = beergameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireMember(ctx.game, ctx.user) } }),
);
/** A player of the beer game or its creator (leaving or freeing a seat, a shortage's split). */
export const beergameMemberOrCreatorProcedure = beergameProcedure.use(({ ctx, next }) =>
  next({ ctx: { ...ctx, user: requireMemberOrCreator(ctx.game, ctx.user) } }),
);
