/** A join code, typed or scanned: what it leads to, found in one call. */
import { joinByCodeInput } from '../../../src-shared/api/game';
import { normaliseJoinCode } from '../../../src-shared/rules/join-code';
import { gamePageRefusal } from '../../../src-shared/rules/permissions';
import { gameRowByCode } from '../../read-models/games';
import { sessionRowByCode } from '../../read-models/sessions';
import { publicProcedure } from '../procedures';
import { appError, router } from '../trpc';

export type JoinTarget = { kind: 'session'; sessionId: string } | { kind: 'game'; gameId: string };

export const joinRouter = router({
  /**
   * What a join code names for the caller: a session that is published (or theirs), else a game
   * they may open (as the game page decides); any other code, well formed or not, is unknown. Both
   * are looked up in this one call: a game's code asked of sessions first was a refusal, which the
   * browser logs as an error.
   */
  byCode: publicProcedure.input(joinByCodeInput).query(async ({ ctx, input }): Promise<JoinTarget> => {
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
    throw appError('NOT_FOUND', 'game.errCodeUnknown');
  }),
});
