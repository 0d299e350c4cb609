/**
 * The `games` read model: one row per game for the dashboard's lists and the game guards, kept
 * current by the append transaction (a game's row is a function of its state and its creation
 * time) and rebuilt from the events by `npm run projections:rebuild`.
 */
import { createHash, randomBytes } from 'node:crypto';
import { type ColumnType, type Generated, type Kysely, sql } from 'kysely';
import { GAMES_PAGE_SIZE } from '../../src-shared/api/game';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { joinCodeOf } from '../../src-shared/rules/join-code';
import { batchedLoader, type Loader } from '../db/batched-loader';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

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
  /** The game's session, round and team (null: a game of its own). */
  session_id: string | null;
  round_number: number | null;
  team_number: number | null;
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
  /** Games without drafts (the lean game) leave it out: never a draft. */
  draft?: boolean;
  playerIds: string[];
  freeSeats: number;
  /** The game's session, round and team; absent or null: a game of its own. */
  session?: { sessionId: string; roundNumber: number; teamNumber: number } | null;
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
    draft: summary.draft ?? false,
    player_ids: summary.playerIds,
    free_seats: summary.freeSeats,
    session_id: summary.session?.sessionId ?? null,
    round_number: summary.session?.roundNumber ?? null,
    team_number: summary.session?.teamNumber ?? null,
  };
}

/**
 * The projection of a game type: the row write a command calls for, or null when the row does not
 * change (then an ordinary order stays a single INSERT of its event).
 */
export function gamesProjection<S>(type: string, summaryOf: (state: S) => GameSummary) {
  return (previous: S, next: S, at: Date): ReadModelWrites | null => {
    const before = rowOf(type, summaryOf(previous));
    const after = rowOf(type, summaryOf(next));
    if (JSON.stringify(before) === JSON.stringify(after)) return null;
    return (db) => [gameRowWrite(db, summaryOf(next).gameId, after, at)];
  };
}

function gameRowWrite(db: Kysely<Database>, gameId: string, row: ReturnType<typeof rowOf>, createdAt: Date) {
  return db
    .insertInto('games')
    .values({ id: gameId, code: joinCodeOf(gameId), created_at: createdAt, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row));
}

export async function writeGameRow(
  db: Kysely<Database>,
  gameId: string,
  row: ReturnType<typeof rowOf>,
  createdAt: Date,
): Promise<void> {
  await gameRowWrite(db, gameId, row, createdAt).execute();
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

/**
 * The games being played lately: not finished, deleted, archived or a draft, with an event within
 * the last `withinMs`, the most recent first. One probe of the events' index per unfinished game.
 */
export async function gamesPlayedLately(
  db: Kysely<Database>,
  options: { withinMs: number; max: number },
): Promise<string[]> {
  const { rows } = await sql<{ id: string }>`
    select g.id from games g
     cross join lateral (
       select recorded_at from events e
        where e.stream_id = ${gameStreamId('')} || g.id order by e.stream_version desc limit 1
     ) latest
     where not g.finished and not g.deleted and not g.archived and not g.draft
       and latest.recorded_at > now() - make_interval(secs => ${options.withinMs / 1000})
     order by latest.recorded_at desc
     limit ${options.max}`.execute(db);
  return rows.map((row) => row.id);
}

/** The wake-up key of an instructor's game lists: woken after a change of one of their games' rows. */
export const gamesListKey = (creatorId: string) => `games-of:${creatorId}`;

/**
 * Game types found, per database: a game's type is set when it is created and never changes, so
 * it is read once per process (a class reconnecting after a restart asked once per player), and
 * the games first asked for in one turn are read in one query.
 */
const knownGameTypes = new WeakMap<
  Kysely<Database>,
  { known: Map<string, string>; read: Loader<string, string> }
>();
/** Types remembered per database at most; the oldest go first. */
const MAX_KNOWN_GAME_TYPES = 50_000;

/** A game's type (which stream type folds its events), or undefined for an unknown game. */
export async function gameTypeOfRow(db: Kysely<Database>, gameId: string): Promise<string | undefined> {
  let types = knownGameTypes.get(db);
  if (!types) {
    const read = batchedLoader(async (gameIds: string[]) => {
      const rows = await db.selectFrom('games').select(['id', 'type']).where('id', 'in', gameIds).execute();
      return new Map(rows.map((row) => [row.id, row.type]));
    });
    types = { known: new Map(), read };
    knownGameTypes.set(db, types);
  }
  const { known } = types;
  const type = known.get(gameId);
  if (type !== undefined) return type;
  const found = await types.read(gameId);
  if (found !== undefined) {
    known.set(gameId, found);
    if (known.size > MAX_KNOWN_GAME_TYPES) known.delete(known.keys().next().value!);
  }
  return found;
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

/**
 * The ids of `count` copies made by one command: drawn from the command (a keyed hash), so that a
 * retried command finds the games it made the first time (`existing`) instead of making more.
 * Like `freshGameId`, a draw whose join code another game holds is drawn again, in the same order
 * each time.
 */
export async function copyGameIds(
  db: Kysely<Database>,
  scope: string,
  count: number,
): Promise<{ gameIds: string[]; existing: boolean }> {
  const draw = (index: number, attempt: number) =>
    createHash('sha256').update(`${scope}/${index}/${attempt}`).digest('base64url').slice(0, 12);
  /** The holders of the join codes of `ids`, by code (one query). */
  const holders = async (ids: string[]) => {
    const rows = await db
      .selectFrom('games')
      .select(['id', 'code'])
      .where('code', 'in', ids.map(joinCodeOf))
      .execute();
    return new Map(rows.map((row) => [row.code, row.id]));
  };
  const gameIds = Array.from({ length: count }, (_, index) => draw(index, 0));
  let held = await holders(gameIds);
  let existing = 0;
  for (let index = 0; index < count; index++) {
    for (let attempt = 1; ; attempt++) {
      const holder = held.get(joinCodeOf(gameIds[index]!));
      if (holder === undefined) break;
      if (holder === gameIds[index]) {
        existing++;
        break;
      }
      // Rare: another game holds this code. Draw again, and look that one up.
      gameIds[index] = draw(index, attempt);
      held = new Map([...held, ...(await holders([gameIds[index]!]))]);
    }
  }
  return { gameIds, existing: existing === count };
}

/** The game a join code names, with what decides who may open it; undefined for no game. */
export function gameRowByCode(db: Kysely<Database>, code: string) {
  return db
    .selectFrom('games')
    .select(['id', 'creator_id', 'deleted', 'archived', 'draft'])
    .where('code', '=', code)
    .executeTakeFirst();
}

/** Which of an instructor's games a list shows (the dashboard's filters). */
export interface GamesFilter {
  /** The archives (true) or the others (false, the default). */
  archived?: boolean;
  type?: string;
  /** Part of the name, in any case. */
  search?: string;
}

/** `text` matched literally by LIKE: its wildcards and the escape character escaped. */
const likeLiteral = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`);

/**
 * An instructor's games that are not deleted, newest first, a page of `GAMES_PAGE_SIZE` from
 * `offset`: the archives or the others, of a type, by part of the name.
 */
/** A games-list row as the dashboard lists show it (the instructor's own, and the teammates'). */
function listedGameOf(row: {
  id: string;
  type: string;
  name: string;
  week: number | null;
  weeks: number | null;
  finished: boolean;
  archived: boolean;
  draft: boolean;
  player_ids: string[];
  free_seats: number;
  created_at: Date;
}) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    week: row.week,
    weeks: row.weeks,
    finished: row.finished,
    archived: row.archived,
    draft: row.draft,
    players: row.player_ids.length,
    freeSeats: row.free_seats,
    createdAt: row.created_at,
  };
}

export async function gamesByCreator(
  db: Kysely<Database>,
  creatorId: string,
  offset: number,
  filter: GamesFilter = {},
) {
  let query = db
    .selectFrom('games')
    .select([
      'id',
      'type',
      'name',
      'week',
      'weeks',
      'finished',
      'archived',
      'draft',
      'player_ids',
      'free_seats',
      'created_at',
    ])
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .where('archived', '=', filter.archived ?? false)
    // A session's games are listed with their session (the sessions tab), not one by one.
    .where('session_id', 'is', null);
  if (filter.type) query = query.where('type', '=', filter.type);
  if (filter.search) query = query.where('name', 'ilike', `%${likeLiteral(filter.search)}%`);
  // Copies made together share their time: their numbers then read in order.
  const rows = await query
    .orderBy('created_at', 'desc')
    .orderBy('name')
    .orderBy('id')
    .limit(GAMES_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  return {
    games: rows.slice(0, GAMES_PAGE_SIZE).map(listedGameOf),
    nextCursor: rows.length > GAMES_PAGE_SIZE ? offset + GAMES_PAGE_SIZE : null,
  };
}

/** The games among `gameIds` that `creatorId` created and did not delete, with their type. */
export function ownGames(db: Kysely<Database>, creatorId: string, gameIds: readonly string[]) {
  return db
    .selectFrom('games')
    .select(['id', 'type'])
    .where('id', 'in', gameIds)
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .execute();
}

/**
 * What an instructor's games say of their first steps (spec, onboarding flags): whether they
 * created a game (a deleted one counts: they did create it), whether one of their games that is
 * still there has a player (so its join link was shared), and whether one of those is finished (so
 * it can be debriefed); with their newest game that is still there, where the next step is done.
 */
export async function onboardingOf(db: Kysely<Database>, creatorId: string) {
  const counts = await db
    .selectFrom('games')
    .select((eb) => [
      eb.fn.countAll<string>().as('created'),
      eb.fn
        .countAll<string>()
        .filterWhere(sql<boolean>`cardinality(player_ids) > 0 and not deleted`)
        .as('shared'),
      eb.fn.countAll<string>().filterWhere(sql<boolean>`finished and not deleted`).as('finished'),
    ])
    .where('creator_id', '=', creatorId)
    .executeTakeFirstOrThrow();
  const newest = await db
    .selectFrom('games')
    .select('id')
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return {
    hasCreated: Number(counts.created) > 0,
    hasSharedGames: Number(counts.shared) > 0,
    hasFinishedGames: Number(counts.finished) > 0,
    newestGameId: newest?.id ?? null,
  };
}

/** A creator's name as the team lists show it: null when they have none or are gone ('Teammate'). */
export const creatorNameOf = (name: string | null | undefined): string | null => name?.trim() || null;

/**
 * The games of an instructor's teammates (spec point 6), newest first, a page of `GAMES_PAGE_SIZE`
 * from `offset`: neither deleted, archived nor draft (only a game's creator sees those, spec point
 * 4), nor a session's (listed with their session), each with its creator's name.
 */
export async function gamesOfTeammates(db: Kysely<Database>, teammateIds: readonly string[], offset: number) {
  if (teammateIds.length === 0) return { games: [], nextCursor: null };
  const rows = await db
    .selectFrom('games')
    .leftJoin('user', 'user.id', 'games.creator_id')
    .select([
      'games.id',
      'games.type',
      'games.name',
      'games.week',
      'games.weeks',
      'games.finished',
      'games.archived',
      'games.draft',
      'games.player_ids',
      'games.free_seats',
      'games.created_at',
      'games.creator_id',
      'user.name as creatorName',
    ])
    .where('games.creator_id', 'in', teammateIds)
    .where('games.deleted', '=', false)
    .where('games.archived', '=', false)
    .where('games.draft', '=', false)
    .where('games.session_id', 'is', null)
    .orderBy('games.created_at', 'desc')
    .orderBy('games.name')
    .orderBy('games.id')
    .limit(GAMES_PAGE_SIZE + 1)
    .offset(offset)
    .execute();
  return {
    games: rows.slice(0, GAMES_PAGE_SIZE).map((row) => ({
      ...listedGameOf(row),
      creatorId: row.creator_id,
      creatorName: creatorNameOf(row.creatorName),
    })),
    nextCursor: rows.length > GAMES_PAGE_SIZE ? offset + GAMES_PAGE_SIZE : null,
  };
}
