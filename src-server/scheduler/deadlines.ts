/**
 * The `deadlines` table: the timers games' states call for (a beer game's turn deadline, later the
 * lean game's computer actions). A row is a function of its stream's state, written in the append
 * transaction of the event that sets, moves or clears it, so a timer is never lost nor left over.
 * The scheduler (scheduler.ts) claims due rows with a lease and runs their command.
 */
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

export interface DeadlinesTable {
  stream_id: string;
  /** What the timer is for, one row per kind and stream (`turn`, ...). */
  kind: string;
  /** The game type whose timers set it: which stream type runs its command. */
  game_type: string;
  due_at: Date;
  /** What the command needs beyond the stream (the week a turn timer closes, ...). */
  payload: ColumnType<Record<string, unknown>, string, string>;
  /** A claimer's lease: until then no other process runs it; a crashed claimer's lease runs out. */
  claimed_until: Date | null;
  claimed_by: string | null;
}

/** A timer a state calls for: at most one of each kind per stream. */
export interface Deadline {
  kind: string;
  /** Server time (ms epoch) at which its command runs. */
  dueAt: number;
  payload: Record<string, unknown>;
}

/** What a game type tells the scheduler: the timers of a state, and the command each runs. */
export interface GameTimers<Command, State> {
  due(state: State): Deadline[];
  command(deadline: Deadline): Command;
}

/** A claimed row, as the scheduler runs it. */
export interface DueDeadline extends Deadline {
  streamId: string;
  gameType: string;
}

type Projection<S> = (previous: S, next: S, at: Date) => ReadModelWrites | null;

const sameDeadline = (a: Deadline, b: Deadline) =>
  a.dueAt === b.dueAt && JSON.stringify(a.payload) === JSON.stringify(b.payload);

/**
 * The row writes that take a stream's deadlines from `before` to `after`: delete the cleared,
 * upsert the set or moved (a moved deadline is unclaimed: its old claim was for the old time).
 */
export function deadlineWrites(before: Deadline[], after: Deadline[]) {
  const upserts = after.filter((d) => {
    const old = before.find((b) => b.kind === d.kind);
    return !old || !sameDeadline(old, d);
  });
  const deletes = before.filter((b) => !after.some((d) => d.kind === b.kind)).map((b) => b.kind);
  return { upserts, deletes };
}

function deadlineUpsert(db: Kysely<Database>, streamId: string, gameType: string, d: Deadline) {
  const row = {
    game_type: gameType,
    due_at: new Date(d.dueAt),
    payload: JSON.stringify(d.payload),
    claimed_until: null,
    claimed_by: null,
  };
  return db
    .insertInto('deadlines')
    .values({ stream_id: streamId, kind: d.kind, ...row })
    .onConflict((oc) => oc.columns(['stream_id', 'kind']).doUpdateSet(row));
}

/**
 * `rows` (the projection of another read model) composed with the stream's deadlines: still null
 * when neither changes, so an ordinary order stays a single INSERT.
 */
export function withDeadlines<S>(
  rows: Projection<S>,
  deadlines: { gameType: string; timers: GameTimers<unknown, S>; streamIdOf: (state: S) => string },
): Projection<S> {
  return (previous, next, at) => {
    const rowWrites = rows(previous, next, at);
    const { upserts, deletes } = deadlineWrites(deadlines.timers.due(previous), deadlines.timers.due(next));
    if (upserts.length === 0 && deletes.length === 0) return rowWrites;
    const streamId = deadlines.streamIdOf(next);
    return (db) => [
      ...(rowWrites?.(db) ?? []),
      ...upserts.map((d) => deadlineUpsert(db, streamId, deadlines.gameType, d)),
      ...(deletes.length > 0
        ? [db.deleteFrom('deadlines').where('stream_id', '=', streamId).where('kind', 'in', deletes)]
        : []),
    ];
  };
}

/** Replaces every deadline with those of `streams` (a projections rebuild), in one transaction. */
export async function replaceDeadlines(
  db: Kysely<Database>,
  streams: Array<{ streamId: string; gameType: string; deadlines: Deadline[] }>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('deadlines').execute();
    for (const stream of streams)
      for (const d of stream.deadlines)
        await deadlineUpsert(trx, stream.streamId, stream.gameType, d).execute();
  });
}

/**
 * Claims up to `limit` rows due at `now` (the process's clock) that nobody holds, earliest first,
 * leasing them to `owner` until `leaseUntil`. `SKIP LOCKED`: two processes claiming at once take
 * different rows; the lock lasts only this statement, the lease keeps them apart afterwards.
 */
export async function claimDue(
  db: Kysely<Database>,
  options: { now: number; leaseUntil: number; owner: string; limit: number },
): Promise<DueDeadline[]> {
  const now = new Date(options.now);
  const { rows } = await sql<
    Pick<DeadlinesTable, 'stream_id' | 'kind' | 'game_type' | 'due_at'> & {
      payload: Record<string, unknown>;
    }
  >`
    update deadlines as d
    set claimed_until = ${new Date(options.leaseUntil)}, claimed_by = ${options.owner}
    from (
      select stream_id, kind from deadlines
      where due_at <= ${now} and (claimed_until is null or claimed_until < ${now})
      order by due_at
      limit ${options.limit}
      for update skip locked
    ) as due
    where d.stream_id = due.stream_id and d.kind = due.kind
    returning d.stream_id, d.kind, d.game_type, d.due_at, d.payload`.execute(db);
  return rows.map((row) => ({
    streamId: row.stream_id,
    kind: row.kind,
    gameType: row.game_type,
    dueAt: new Date(row.due_at).getTime(),
    payload: row.payload,
  }));
}

/**
 * Holds the rows that fell due while no process could run them (before `dueBefore`: while no
 * process ran, or while the database was away) until `until`, with a lease of `owner`'s that it
 * does not act on: they then fire as any other. The rows leased until before `now` are held too
 * (unclaimed or their claim run out; after an outage, `now` is `until`: a claim whose command the
 * outage cut off waits as well). The players whose page waited for the server meanwhile have that
 * long to send what they typed.
 */
export async function holdOverdue(
  db: Kysely<Database>,
  options: { dueBefore: number; now: number; until: number; owner: string },
): Promise<number> {
  const now = new Date(options.now);
  const result = await db
    .updateTable('deadlines')
    .set({ claimed_until: new Date(options.until), claimed_by: options.owner })
    .where('due_at', '<', new Date(options.dueBefore))
    .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<', now)]))
    .executeTakeFirst();
  return Number(result.numUpdatedRows);
}

/** Deletes a row run to its end, unless its event moved it meanwhile (then it is a new timer). */
export async function dropIfUnchanged(db: Kysely<Database>, d: DueDeadline): Promise<void> {
  await db
    .deleteFrom('deadlines')
    .where('stream_id', '=', d.streamId)
    .where('kind', '=', d.kind)
    .where('due_at', '=', new Date(d.dueAt))
    .execute();
}

/** When the next row falls due (a leased row: when its lease runs out), or null when none waits. */
export async function nextDueAt(db: Kysely<Database>): Promise<number | null> {
  const { rows } = await sql<{ next: Date | null }>`
    select min(greatest(due_at, coalesce(claimed_until, due_at))) as next from deadlines`.execute(db);
  const next = rows[0]?.next;
  return next ? new Date(next).getTime() : null;
}
