import { type Kysely, sql } from 'kysely';
import {
  BEERGAME_RULES_VERSION,
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beergameDecider,
  beergameSummary,
} from '../../src-shared/beergame';
import { fold } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';
import type { StreamType } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';

const GAME_STREAM_PREFIX = 'game-';

/** The dashboard's row of a game: a function of the game's state alone (and of its creation time). */
function gameRow(state: BeerState) {
  const summary = beergameSummary(state);
  return {
    type: 'beergame',
    name: summary.name,
    creator_id: summary.creatorId,
    week: summary.week,
    weeks: summary.weeks,
    finished: summary.finished,
    player_ids: summary.playerIds,
  };
}

async function writeGameRow(db: Kysely<Database>, gameId: string, state: BeerState, createdAt: Date) {
  const row = gameRow(state);
  await db
    .insertInto('games')
    .values({ id: gameId, created_at: createdAt, ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row))
    .execute();
}

export const beergameStream: StreamType<BeerCommand, BeerEvent, BeerState> = {
  decider: beergameDecider,
  rulesVersion: BEERGAME_RULES_VERSION,
  // Most commands (an order that does not close the week) leave the row as it is: then the append
  // needs no transaction and stays a single INSERT.
  project: (previous, next, at) => {
    if (JSON.stringify(gameRow(previous)) === JSON.stringify(gameRow(next))) return null;
    return (trx) => writeGameRow(trx, next.gameId, next, at);
  },
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
      await writeGameRow(trx, state.gameId, state, new Date(events[0]!.metadata.serverTime));
    }
  });
  return histories.length;
}
