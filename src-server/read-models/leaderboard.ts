/**
 * The `leaderboard` read model: one row per finished beer game that counts on the leaderboard
 * (src-shared/beergame/leaderboard.ts), written in the append transaction of the event that makes
 * it count or stop counting (a game deleted later leaves the board), rebuilt from the events by
 * `npm run projections:rebuild`.
 */
import type { ColumnType, Kysely } from 'kysely';
import {
  BEERGAME_TEMPLATE_IDS,
  type BeerState,
  type LeaderboardEntry,
  leaderboardEntry,
  type RankedEntry,
  rankLeaderboard,
} from '../../src-shared/beergame';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

export interface LeaderboardTable {
  game_id: string;
  template: string;
  team_cost: number;
  weeks: number;
  ended_at: ColumnType<Date, Date, Date>;
}

/** The lines each template's board shows. */
export const LEADERBOARD_SIZE = 10;

type Projection<S> = (previous: S, next: S, at: Date) => ReadModelWrites | null;

function entryWrites(db: Kysely<Database>, gameId: string, entry: LeaderboardEntry | null) {
  if (!entry) return db.deleteFrom('leaderboard').where('game_id', '=', gameId);
  const row = {
    template: entry.template,
    team_cost: entry.teamCost,
    weeks: entry.weeks,
    ended_at: new Date(entry.endedAt),
  };
  return db
    .insertInto('leaderboard')
    .values({ game_id: gameId, ...row })
    .onConflict((oc) => oc.column('game_id').doUpdateSet(row));
}

/**
 * `rows` composed with the game's leaderboard line: a write only when the line changes (a game
 * finishes, is deleted), so an ordinary order stays a single INSERT. Only a finished game has a
 * line, so a game in play never computes one.
 */
export function withLeaderboard(rows: Projection<BeerState>): Projection<BeerState> {
  return (previous, next, at) => {
    const rowWrites = rows(previous, next, at);
    if (!previous.finished && !next.finished) return rowWrites;
    const before = leaderboardEntry(previous);
    const after = leaderboardEntry(next);
    if (JSON.stringify(before) === JSON.stringify(after)) return rowWrites;
    return (db) => [...(rowWrites?.(db) ?? []), entryWrites(db, next.gameId, after)];
  };
}

/** Replaces every line with those of `states` (a projections rebuild), in one transaction. */
export async function replaceLeaderboardRows(db: Kysely<Database>, states: BeerState[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('leaderboard').execute();
    for (const state of states) {
      const entry = leaderboardEntry(state);
      if (entry) await entryWrites(trx, state.gameId, entry).execute();
    }
  });
}

export interface LeaderboardBoard {
  template: string;
  entries: RankedEntry[];
}

/** Each built-in template's best lines, in the templates' order; a template nobody finished has none. */
export async function leaderboardBoards(db: Kysely<Database>): Promise<LeaderboardBoard[]> {
  return Promise.all(
    BEERGAME_TEMPLATE_IDS.map(async (template) => {
      const rows = await db
        .selectFrom('leaderboard')
        .select(['team_cost', 'weeks', 'ended_at'])
        .where('template', '=', template)
        .orderBy('team_cost')
        .orderBy('ended_at')
        .limit(LEADERBOARD_SIZE)
        .execute();
      const entries = rankLeaderboard(
        rows.map((r) => ({
          teamCost: Number(r.team_cost),
          weeks: r.weeks,
          endedAt: new Date(r.ended_at).getTime(),
        })),
      );
      return { template, entries };
    }),
  );
}
