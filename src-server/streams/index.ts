/**
 * The one place that maps streams to their types: `game-<id>` streams hold games, dispatched by
 * the game type recorded in their dashboard row (or, when rebuilding, by their first event).
 */
import { gameStreamId, type RecordedEvent } from '../../src-shared/eventsourcing';
import { foldRecorded } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { replaceGameRows } from '../read-models/games';
import { replaceInvoiceRows } from '../read-models/invoices';
import { replaceLeaderboardRows } from '../read-models/leaderboard';
import { replaceSessionRows } from '../read-models/sessions';
import { replaceTeamRows } from '../read-models/teams';
import { replaceDeadlines } from '../scheduler/deadlines';
import { beergameType } from './beergame';
import type { GameType } from './game-type';
import { leangameType } from './leangame';
import { SESSION_STREAM_PREFIX, sessionStream } from './session';
import { LEDGER_STREAM_PREFIX, ledgerStream, TEAM_STREAM_PREFIX, teamStream } from './team';

export const GAME_STREAM_PREFIX = 'game-';
export { gameStreamId };

export const gameTypes = { beergame: beergameType, leangame: leangameType } as const;
export type GameTypeName = keyof typeof gameTypes;
// biome-ignore lint/suspicious/noExplicitAny: the registry holds game types of different commands, events and states
export type AnyGameType = GameType<any, any, any, unknown>;
/** The state a game type folds its events into. */
export type StateOf<Name extends GameTypeName> =
  (typeof gameTypes)[Name]['stream']['decider']['initialState'];

export function gameTypeNamed(name: string): AnyGameType | undefined {
  return (gameTypes as Record<string, AnyGameType>)[name];
}

/** The game type whose streams `stream` folds (none: a session's stream type). */
export function gameTypeFolding(stream: unknown): AnyGameType | undefined {
  return Object.values(gameTypes).find((t) => t.stream === stream);
}

/** The game type of a recorded stream, from the event that opened it. */
export function gameTypeOpenedBy(first: RecordedEvent): AnyGameType | undefined {
  return Object.values(gameTypes).find((t) => t.createdBy === first.type);
}

/**
 * Rebuilds every read model of the games (their rows, deadlines and leaderboard lines), sessions, teams and invoices from the events, each table in one
 * transaction: the dashboard never sees a half-rebuilt table, and the deadlines are those the
 * states call for (a deadline that passed while no server ran fires at once). Returns the number
 * of games projected.
 */
export async function rebuildProjections(store: EventStore): Promise<number> {
  const streamIds = await store.streamIds(GAME_STREAM_PREFIX);
  const histories = await Promise.all(streamIds.map((id) => store.readStream(id)));
  const games = histories.map((events) => {
    const type = gameTypeOpenedBy(events[0]!);
    if (!type)
      throw new Error(`${events[0]!.streamId} opens with ${events[0]!.type}, which no game type creates`);
    const state = foldRecorded(type.stream, events);
    return {
      type: type.name,
      summary: type.summary(state),
      createdAt: new Date(events[0]!.metadata.serverTime),
      streamId: events[0]!.streamId,
      deadlines: type.timers?.due(state) ?? [],
      state,
    };
  });
  await replaceGameRows(store.db, games);
  await replaceLeaderboardRows(
    store.db,
    games.filter((game) => game.type === beergameType.name).map((game) => game.state),
  );
  await replaceDeadlines(
    store.db,
    games.map((game) => ({ streamId: game.streamId, gameType: game.type, deadlines: game.deadlines })),
  );
  const sessionIds = await store.streamIds(SESSION_STREAM_PREFIX);
  const sessions = await Promise.all(
    sessionIds.map(async (id) => foldRecorded(sessionStream, await store.readStream(id))),
  );
  await replaceSessionRows(store.db, sessions);
  const teamIds = await store.streamIds(TEAM_STREAM_PREFIX);
  const teams = await Promise.all(
    teamIds.map(async (id) => foldRecorded(teamStream, await store.readStream(id))),
  );
  await replaceTeamRows(store.db, teams);
  // Every document each year's ledger issued, in the order issued (a credit note after its invoice).
  const ledgers = await store.streamIds(LEDGER_STREAM_PREFIX);
  const documents = (await Promise.all(ledgers.sort().map((id) => store.readStream(id))))
    .flat()
    .map((event) => foldRecorded(ledgerStream, [event]).last!);
  await replaceInvoiceRows(store.db, documents);
  return games.length;
}
