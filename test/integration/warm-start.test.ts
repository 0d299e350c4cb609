/**
 * A process warming up before it serves (issue 29, item 9): the games played lately are folded
 * into the command handler's cache in a few queries, so a class reconnecting after a restart opens
 * them without a read each. Deleted, archived and ended games, and games idle for longer than
 * the window, are left to be read when asked for.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CommandHandler } from '../../src-server/eventstore/command-handler';
import { EventStore } from '../../src-server/eventstore/event-store';
import { InProcessFeed } from '../../src-server/eventstore/live-feed';
import { gameStreamId, gameTypes } from '../../src-server/streams';
import { warmGamesInPlay } from '../../src-server/streams/warm-start';
import { beer, classicGame } from '../bench/timers-due-at-once';
import {
  type Backend,
  databaseBackends,
  freshDatabase,
  itOnPostgres,
  type TestDatabase,
} from '../support/database';
import { startTestServer } from '../support/server';

const CREATOR = 'teacher-warm';
const HOUR_MS = 60 * 60_000;

describe.each(databaseBackends())('warm start on $name', (backend: Backend) => {
  let database: TestDatabase;
  let store: EventStore;
  let writer: CommandHandler;
  /** Created in the order deleted, archived, ended, first, second: the second is the one played last. */
  const games: Record<'first' | 'second' | 'deleted' | 'archived' | 'ended', string> = {
    first: '',
    second: '',
    deleted: '',
    archived: '',
    ended: '',
  };

  beforeAll(async () => {
    database = await backend.open();
    store = new EventStore(database.handle.db, new InProcessFeed());
    writer = new CommandHandler(store);
    for (const name of ['deleted', 'archived', 'ended', 'first', 'second'] as const)
      games[name] = await classicGame(writer, CREATOR, { humans: ['retailer', 'factory'] });
    await beer(writer, games.deleted, { type: 'DeleteGame' }, CREATOR, { creator: true });
    await beer(writer, games.archived, { type: 'ArchiveGame' }, CREATOR, { creator: true });
    await beer(writer, games.ended, { type: 'EndGame' }, CREATOR, { creator: true });
  });
  afterAll(() => database.drop());

  it('folds the games being played into the cache, as a read of each would', async () => {
    const commands = new CommandHandler(store);
    const warmed = await warmGamesInPlay(store, commands, { withinMs: HOUR_MS, maxGames: 100 });
    expect(warmed.games).toBe(2);
    expect(warmed.playerIds.sort()).toEqual(['p-factory', 'p-retailer']);
    for (const gameId of [games.first, games.second]) {
      const cached = commands.cached(gameStreamId(gameId));
      const read = await new CommandHandler(store).load(gameTypes.beergame.stream, gameStreamId(gameId));
      expect(cached?.version).toBe(read.version);
      expect(cached?.state).toEqual(read.state);
      expect(cached?.type).toBe(gameTypes.beergame.stream);
    }
    for (const gameId of [games.deleted, games.archived, games.ended])
      expect(commands.cached(gameStreamId(gameId))).toBeUndefined();
  });

  it('takes the games played most recently first, up to its bound', async () => {
    const commands = new CommandHandler(store);
    const warmed = await warmGamesInPlay(store, commands, { withinMs: HOUR_MS, maxGames: 1 });
    expect(warmed.games).toBe(1);
    expect(commands.cached(gameStreamId(games.second))).toBeDefined();
    expect(commands.cached(gameStreamId(games.first))).toBeUndefined();
  });

  it('leaves games idle for longer than its window', async () => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    const commands = new CommandHandler(store);
    const warmed = await warmGamesInPlay(store, commands, { withinMs: 10, maxGames: 100 });
    expect(warmed).toEqual({ games: 0, playerIds: [] });
    expect(commands.cached(gameStreamId(games.second))).toBeUndefined();
  });
});

describe('a server starting', () => {
  itOnPostgres('has the games in play folded before it serves', async () => {
    const database = await freshDatabase();
    try {
      const store = new EventStore(database.handle.db, new InProcessFeed());
      const gameId = await classicGame(new CommandHandler(store), CREATOR, { humans: ['retailer'] });
      const server = await startTestServer({ databaseUrl: database.url! });
      try {
        expect(server.services.commands.cached(gameStreamId(gameId))?.version).toBe(
          (await store.readStream(gameStreamId(gameId))).length,
        );
      } finally {
        await server.close();
      }
    } finally {
      await database.drop();
    }
  });
});
