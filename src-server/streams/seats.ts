/**
 * Seats of people who go away: a user about to be deleted (an anonymous player who signs up, an
 * account deleted) first leaves every seat they hold in a game still being played, so that no seat
 * is ever held by a user who no longer exists (issue 25, item 7; docs/accounts.md, "Your data").
 */
import { randomUUID } from 'node:crypto';
import { type Kysely, sql } from 'kysely';
import { type Actor, gameStreamId } from '../../src-shared/eventsourcing';
import type { Database } from '../db/schema';
import type { CommandHandler } from '../eventstore/command-handler';
import { type AnyGameType, gameTypeNamed } from './index';

export interface SeatDeps {
  db: Kysely<Database>;
  commands: CommandHandler;
  now: () => number;
}

/**
 * Frees every seat `userId` holds in games not finished, each by that user's own leave command
 * through the ordinary command path (events, read models and live views follow; a running game
 * does with the seat what its decider does when a player leaves). Finished games keep their seats:
 * they are the record of who played (shown under a pseudonym once the account is gone).
 */
export async function vacateSeats(deps: SeatDeps, userId: string): Promise<number> {
  const games = await deps.db
    .selectFrom('games')
    .select(['id', 'type'])
    .where(sql<boolean>`${userId} = any(player_ids)`)
    .where('finished', '=', false)
    .where('deleted', '=', false)
    .execute();
  let left = 0;
  for (const game of games) {
    const type = gameTypeNamed(game.type);
    if (!type) continue;
    const { state } = await deps.commands.load(type.stream, gameStreamId(game.id));
    left += await leaveGame(
      deps,
      { type, gameId: game.id, state },
      { userId, role: 'player' },
      `vacate-${randomUUID()}`,
    );
  }
  return left;
}

/**
 * Frees every seat `actor` holds in one game (spec `quitGame`), each by the type's leave command,
 * under `commandId` and the seat's rank (a retried quit is applied once). Answers how many it left.
 */
export async function leaveGame(
  deps: Pick<SeatDeps, 'commands' | 'now'>,
  game: { type: AnyGameType; gameId: string; state: unknown },
  actor: Actor,
  commandId: string,
): Promise<number> {
  const { type, gameId, state } = game;
  const seats = type.seats.of(state, actor.userId);
  for (const [i, seat] of seats.entries())
    await deps.commands.execute(type.stream, gameStreamId(gameId), type.seats.leave(seat.facilityId), {
      now: deps.now(),
      actor,
      commandId: `${commandId}:${i}`,
    });
  return seats.length;
}
