import { GAMES_PAGE_SIZE, listGamesInput } from '../../../src-shared/api/game';
import { instructorProcedure, router } from '../trpc';

export const dashboardRouter = router({
  /** The instructor's games, newest first, a page of 40 (from the read model). */
  games: instructorProcedure.input(listGamesInput).query(async ({ ctx, input }) => {
    const offset = input.cursor ?? 0;
    const rows = await ctx.services.database.db
      .selectFrom('games')
      .select(['id', 'type', 'name', 'week', 'weeks', 'finished', 'archived', 'player_ids', 'created_at'])
      .where('creator_id', '=', ctx.user.id)
      .where('deleted', '=', false)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .limit(GAMES_PAGE_SIZE + 1)
      .offset(offset)
      .execute();
    return {
      games: rows.slice(0, GAMES_PAGE_SIZE).map((row) => ({
        id: row.id,
        type: row.type,
        name: row.name,
        week: row.week,
        weeks: row.weeks,
        finished: row.finished,
        archived: row.archived,
        players: row.player_ids.length,
        createdAt: row.created_at,
      })),
      nextCursor: rows.length > GAMES_PAGE_SIZE ? offset + GAMES_PAGE_SIZE : null,
    };
  }),
});
