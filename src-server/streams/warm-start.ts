/**
 * A process warming up before it serves (issue 29, item 9): the games played lately are read in a
 * few queries and folded into the command handler's cache. A class coming back after a restart
 * then opens its games from the cache: before, each game was read and folded on its first
 * reconnection, one query per game among a thousand handshakes.
 */
import type { CommandHandler } from '../eventstore/command-handler';
import type { EventStore } from '../eventstore/event-store';
import { gamesPlayedLately } from '../read-models/games';
import { gameStreamId, gameTypeOpenedBy } from './index';

export interface WarmStart {
  /** Games folded into the cache. */
  games: number;
  /** Their players: the class that may be reconnecting. */
  playerIds: string[];
}

export async function warmGamesInPlay(
  store: EventStore,
  commands: CommandHandler,
  options: { withinMs: number; maxGames: number },
): Promise<WarmStart> {
  const gameIds = await gamesPlayedLately(store.db, { withinMs: options.withinMs, max: options.maxGames });
  const streams = await store.readStreams(gameIds.map(gameStreamId));
  const playerIds = new Set<string>();
  for (const [streamId, events] of streams) {
    const type = gameTypeOpenedBy(events[0]!);
    if (!type) continue;
    for (const id of type.summary(commands.warm(type.stream, streamId, events)).playerIds) playerIds.add(id);
  }
  return { games: streams.size, playerIds: [...playerIds] };
}
