/**
 * The `games` read model: one row per game for the dashboard's lists and the game guards, kept
 * current by the append transaction (a game's row is a function of its state and its creation
 * time) and rebuilt from the events by `npm run projections:rebuild`.
 */
import { randomBytes } from 'node:crypto';
import type { ColumnType, Generated, Kysely, Transaction } from 'kysely';
import { GAMES_PAGE_SIZE } from '../../src-shared/api/game';
import { joinCodeOf } from '../../src-shared/rules/join-code';
import type { Database } from '../db/schema';

export interface GamesTable {
  id: string;
  /** The game type (`beergame`, `leangame`): which stream type folds its events. */
  type: string;
  name: string;
  creator_id: string;
  /** The week being played and the number of weeks (turn-based games only). */
  week: number | null;
  weeks: number | null;
  finished: boolean;
  archived: Generated<boolean>;
  deleted: Generated<boolean>;
  draft: Generated<boolean>;
  player_ids: ColumnType<string[], string[], string[]>;
  /** Seats waiting for a player (the dashboard's "waiting for players"). */
  free_seats: Generated<number>;
  /** The short code players type to join (a function of the id: src-shared/rules/join-code.ts). */
  code: ColumnType<string, string, never>;
  created_at: ColumnType<Date, Date, never>;
}

/** What a game's state says of it, whatever its type: the row's columns that its events decide. */
export interface GameSummary {
  gameId: string;
  name: string;
  creatorId: string;
  week: number | null;
  weeks: number | null;
  finished: boolean;
  archived: boolean;
  deleted: boolean;
  playerIds: string[];
  freeSeats: number;
}

function rowOf(type: string, summary: GameSummary) {
  return {
    type,
    name: summary.name,
    creator_id: summary.creatorId,
    week: summary.week,
    weeks: summary.weeks,
    finished: summary.finished,
    archived: summary.archived,
    deleted: summary.deleted,
    player_ids: summary.playerIds,
    free_seats: summary.freeSeats,
  };
}

/**
 * The projection of a game type: the row write a command calls for, or null when the row does not
 * change (then an ordinary order needs no transaction and stays a single INSERT).
 */
export function gamesProjection<S>(type: string, summaryOf: (state: S) => GameSummary) {
  return (previous: S, next: S, at: Date) => {
    const before = rowOf(type, summaryOf(previous));
    const after = rowOf(type, summaryOf(next));
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    return (trx: Transaction<Database>) => writeGameRow(trx, summaryOf(next).gameId, after, at);
  };
}

export async function writeGameRow(
  db: Kysely<Database>,
  gameId: string,
  row: ReturnType<typeof rowOf>,
  createdAt: Date,
): Promise<void> {
  await db
    .insertInto('games')
    .values({ id: gameId, code: joinCodeOf(gameId), created_at: createdAt, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

/** Writes the rows of summarised games, replacing the whole table, in one transaction. */
export async function replaceGameRows(
  db: Kysely<Database>,
  games: Array<{ type: string; summary: GameSummary; createdAt: Date }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('games').execute();
    for (const game of games)
      await writeGameRow(trx, game.summary.gameId, rowOf(game.type, game.summary), game.createdAt);
  });
}

/** A game's row: its type and what decides who may open it. */
export type GameRow = NonNullable<Awaited<ReturnType<typeof gameRow>>>;

export function gameRow(db: Kysely<Database>, gameId: string) {
  return db
    .selectFrom('games')
    .select(['type', 'creator_id', 'deleted', 'archived', 'draft'])
    .where('id', '=', gameId)
    .executeTakeFirst();
}

/**
 * A new game's id, drawn again until no game holds its join code (a code is a function of the id,
 * so two games never share one and the code stays rebuildable from the events).
 */
export async function freshGameId(db: Kysely<Database>): Promise<string> {
  for (;;) {
    const gameId = randomBytes(9).toString('base64url');
    const taken = await db
      .selectFrom('games')
      .select('id')
      .where('code', '=', joinCodeOf(gameId))
      .executeTakeFirst();
    if (!taken) return gameId;
  }
}

/** The game a join code names, with what decides who may open it; undefined for no game. */
export function gameRowByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('games')
    .select(['id', 'creator_id', 'deleted', 'archived', 'draft'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** An instructor's games, newest first, a page of `GAMES_PAGE_SIZE` from `offset`. */
export async function gamesByCreator(db: Kysely<Database>, creatorId: string, offset: number) {
  const rows = await db
    .selectFrom('games')
    .select(['id', 'type', 'name', 'week', 'weeks', 'finished', 'archived', 'player_ids', 'created_at'])
    .where('creator_id', '=', creatorId)
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
}
