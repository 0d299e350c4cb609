/** A join code, typed or scanned: what it leads to, found in one call. */
import { joinByCodeInput } from '../../../src-shared/api/game';
import { normaliseJoinCode } from '../../../src-shared/rules/join-code';
import { gamePageRefusal } from '../../../src-shared/rules/permissions';
import { gameRowByCode } from '../../read-models/games';
import { sessionRowByCode } from '../../read-models/sessions';
import type { Context } from '../context';
import { publicProcedure } from '../procedures';
import { appError, router } from '../trpc';

export type JoinTarget = { kind: 'session'; sessionId: string } | { kind: 'game'; gameId: string };

/** What a look-up that names nothing counts, against both limits. */
export const FAILED_LOOKUP_COST = 5;

/**
 * Counts `cost` join-code look-ups of the caller: per client address in every process
 * (CODE_LOOKUP_LIMIT: a class of 500 behind one address joins within a minute) and per WebSocket
 * (CODE_LOOKUP_SOCKET_LIMIT); refused with the seconds to wait.
 */
async function admitLookup(ctx: Context, cost: number) {
  const { limiter, limits } = ctx.services;
  const bySocket = ctx.socket?.codeLookups.hit(cost);
  const byAddress = await limiter.hit(`code-lookups:${ctx.clientAddress}`, limits.codeLookups, cost);
  const refused = [bySocket, byAddress].find((decision) => decision && !decision.allowed);
  if (refused)
    throw appError('TOO_MANY_REQUESTS', 'errors.tooManyRequests', { seconds: refused.retryAfterSeconds });
}

export const joinRouter = router({
  /**
   * What a join code names for the caller: a session that is published (or theirs), else a game
   * they may open (as the game page decides); any other code, well formed or not, is unknown. Both
   * are looked up in this one call: a game's code asked of sessions first was a refusal, which the
   * browser logs as an error.
   */
  byCode: publicProcedure.input(joinByCodeInput).query(async ({ ctx, input }): Promise<JoinTarget> => {
    await admitLookup(ctx, 1);
    const code = normaliseJoinCode(input.code);
    const db = ctx.services.database.db;
    const viewer = ctx.user?.id ?? null;
    const session = code ? await sessionRowByCode(db, code) : undefined;
    if (session && !session.deleted && (session.published || session.creator_id === viewer))
      return { kind: 'session', sessionId: session.id };
    const game = code ? await gameRowByCode(db, code) : undefined;
    const refusal =
      game &&
      gamePageRefusal({ ...game, exists: true, hasFacilities: true, creatorId: game.creator_id }, viewer);
    if (game && !refusal) return { kind: 'game', gameId: game.id };
    // A guess costs more than a code a class types from the projector (docs/architecture.md, "Join codes").
    await admitLookup(ctx, FAILED_LOOKUP_COST - 1);
    throw appError('NOT_FOUND', 'game.errCodeUnknown');
  }),
});
