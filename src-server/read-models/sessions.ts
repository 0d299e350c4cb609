/**
 * The `sessions` read model: one row per session for the dashboard's list, the join codes and the
 * session pages' guards, kept current by the append transaction and rebuilt from the events by
 * `npm run projections:rebuild`. A session's games are the `games` rows naming it.
 */
import { createHash } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';
import { JOIN_CODE_ALPHABET, JOIN_CODE_LENGTH } from '../../src-shared/rules/join-code';
import { currentRound, type SessionState } from '../../src-shared/session';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

export interface SessionsTable {
  id: string;
  creator_id: string;
  name: string;
  /** The short code players type (null until generated). */
  code: string | null;
  published: boolean;
  deleted: ColumnType<boolean, boolean | undefined, boolean>;
  rounds: number;
  teams: number;
  /** The round players are in (0: none opened yet). */
  current_round: number;
  template: string | null;
  created_at: ColumnType<Date, Date, never>;
}

function rowOf(s: SessionState) {
  return {
    creator_id: s.creatorId,
    name: s.setup.name,
    code: s.code,
    published: s.published,
    deleted: s.deleted,
    rounds: s.setup.rounds.length,
    teams: s.setup.teamCount,
    current_round: currentRound(s),
    template: s.template,
  };
}

function sessionRowWrite(db: Kysely<Database>, s: SessionState) {
  const row = rowOf(s);
  return db
    .insertInto('sessions')
    .values({ id: s.sessionId, created_at: new Date(s.createdAt), ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row));
}

/** The row write a command calls for, or null when the row does not change. */
export function sessionsProjection(previous: SessionState, next: SessionState): ReadModelWrites | null {
  if (JSON.stringify(rowOf(previous)) === JSON.stringify(rowOf(next))) return null;
  return (db) => [sessionRowWrite(db, next)];
}

/** Writes the rows of the sessions folded from the events, replacing the whole table, in one transaction. */
export async function replaceSessionRows(
  db: Kysely<Database>,
  sessions: readonly SessionState[],
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('sessions').execute();
    for (const session of sessions) await sessionRowWrite(trx, session).execute();
  });
}

/** The wake-up key of an instructor's session list. */
export const sessionsListKey = (creatorId: string) => `sessions-of:${creatorId}`;

export function sessionRow(db: Kysely<Database>, sessionId: string) {
  return db.selectFrom('sessions').selectAll().where('id', '=', sessionId).executeTakeFirst();
}

/**
 * Whether an instructor has opened a session to a class (spec, onboarding flags): published, and
 * counted even if deleted since (they did run one).
 */
export async function hasPublishedSession(db: Kysely<Database>, creatorId: string): Promise<boolean> {
  const row = await db
    .selectFrom('sessions')
    .select('id')
    .where('creator_id', '=', creatorId)
    .where('published', '=', true)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

export function sessionRowByCode(db: Kysely<Database>, code: string) {
  return db.selectFrom('sessions').selectAll().where('code', '=', code).executeTakeFirst();
}

/** An instructor's sessions that are not deleted, newest first. */
export function sessionsByCreator(db: Kysely<Database>, creatorId: string) {
  return db
    .selectFrom('sessions')
    .selectAll()
    .where('creator_id', '=', creatorId)
    .where('deleted', '=', false)
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(500)
    .execute();
}

/**
 * The sessions of an instructor's teammates (spec point 6: a teammate administers them) that are
 * not deleted, newest first, with their creators' names (null: none, or gone).
 */
export function sessionsOfTeammates(db: Kysely<Database>, teammateIds: readonly string[]) {
  if (teammateIds.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('sessions')
    .leftJoin('user', 'user.id', 'sessions.creator_id')
    .selectAll('sessions')
    .select('user.name as creatorName')
    .where('sessions.creator_id', 'in', teammateIds)
    .where('sessions.deleted', '=', false)
    .orderBy('sessions.created_at', 'desc')
    .orderBy('sessions.id')
    .limit(500)
    .execute();
}

/**
 * The games of the round each of the sessions of an instructor (or of several) is on, with whether
 * each has ended (one query).
 */
export function gamesOfCurrentRounds(db: Kysely<Database>, creatorIds: string | readonly string[]) {
  const ids = typeof creatorIds === 'string' ? [creatorIds] : creatorIds;
  if (ids.length === 0) return Promise.resolve([]);
  return db
    .selectFrom('games')
    .innerJoin('sessions', 'sessions.id', 'games.session_id')
    .select(['games.session_id as sessionId', 'games.finished'])
    .where('sessions.creator_id', 'in', ids)
    .where('sessions.deleted', '=', false)
    .whereRef('games.round_number', '=', 'sessions.current_round')
    .where('games.deleted', '=', false)
    .execute();
}

/**
 * A session's join code drawn from `scope` (a keyed hash: a retried command draws the same), drawn
 * again while a session or a game holds it, so one code box on the join page finds either.
 */
export async function freeSessionCode(db: Kysely<Database>, scope: string): Promise<string> {
  for (let attempt = 0; ; attempt++) {
    const digest = createHash('sha256').update(`${scope}/${attempt}`).digest();
    let code = '';
    for (let i = 0; i < JOIN_CODE_LENGTH; i++)
      code += JOIN_CODE_ALPHABET[digest[i]! % JOIN_CODE_ALPHABET.length];
    const [session, game] = await Promise.all([
      db.selectFrom('sessions').select('id').where('code', '=', code).executeTakeFirst(),
      db.selectFrom('games').select('id').where('code', '=', code).executeTakeFirst(),
    ]);
    if (!session && !game) return code;
  }
}

/** The games of a session's round, by team (one query). */
export function gamesOfRound(db: Kysely<Database>, sessionId: string, roundNumber: number) {
  return db
    .selectFrom('games')
    .select(['id', 'team_number', 'player_ids', 'free_seats', 'week', 'weeks', 'finished'])
    .where('session_id', '=', sessionId)
    .where('round_number', '=', roundNumber)
    .where('deleted', '=', false)
    .orderBy('team_number')
    .execute();
}

/** Every game of a session: for results across rounds and the players' own rounds. */
export function gamesOfSession(db: Kysely<Database>, sessionId: string) {
  return db
    .selectFrom('games')
    .select(['id', 'round_number', 'team_number', 'player_ids', 'finished', 'week', 'weeks'])
    .where('session_id', '=', sessionId)
    .where('deleted', '=', false)
    .orderBy('round_number')
    .orderBy('team_number')
    .execute();
}
