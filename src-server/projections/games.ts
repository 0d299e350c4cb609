import { type Kysely, sql, type Transaction } from 'kysely';
import {
  BEERGAME_RULES_VERSION,
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beergameDecider,
  beergameSummary,
} from '../../src-shared/beergame';
import { fold, type RecordedEvent } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';
import type { StreamType } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

const GAME_STREAM_PREFIX = 'game-';

/** Keeps the dashboard's row of a game current; runs inside the append transaction. */
async function projectBeerGame(trx: Kysely<Database>, state: BeerState, appended: RecordedEvent[]) {
  const summary = beergameSummary(state);
  const last = appended[appended.length - 1]!;
  const row = {
    type: 'beergame',
    name: summary.name,
    creator_id: summary.creatorId,
    week: summary.week,
    weeks: summary.weeks,
    finished: summary.finished,
    player_ids: summary.playerIds,
    version: last.streamVersion,
    updated_at: last.recordedAt,
  };
  await trx
    .insertInto('games')
    .values({ id: summary.gameId, created_at: appended[0]!.recordedAt, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export const beergameStream: StreamType<BeerCommand, BeerEvent, BeerState> = {
  decider: beergameDecider,
  rulesVersion: BEERGAME_RULES_VERSION,
  project: (trx: Transaction<Database>, state, appended) => projectBeerGame(trx, state, appended),
};

/**
 * Rebuilds every read model from the events, in one transaction: the dashboard never sees a
 * half-rebuilt table. Returns the number of games projected.
 */
export async function rebuildProjections(store: EventStore): Promise<number> {
  const streamIds = await store.streamIds(GAME_STREAM_PREFIX);
  const histories = await Promise.all(streamIds.map((id) => store.readStream(id)));
  await store.db.transaction().execute(async (trx) => {
    await sql`delete from games`.execute(trx);
    for (const events of histories) {
      const state = fold(beergameDecider, events as unknown as BeerEvent[]);
      await projectBeerGame(trx, state, events);
    }
  });
  return histories.length;
}
