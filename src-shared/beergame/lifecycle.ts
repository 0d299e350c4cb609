/**
 * What an instructor does to a game from the dashboard, outside play (spec point 2, "Actions"):
 * archive, unarchive, delete, disconnect the players. Each is an event on the game's stream, so a
 * game's lists and pages follow from its history like everything else. Asking for what already
 * holds (archiving an archived game) records nothing.
 */
import type { CommandContext } from '../eventsourcing/decider';
import type { BeerEvent, BeerEventOf } from './events';
import { requireAdmin, requireGame } from './guards';
import type { BeerState } from './state';
import { setupGame } from './week';

type Ctx = CommandContext;

export function archiveGame(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  return s.archived ? [] : [{ type: 'GameArchived', data: { at: ctx.now } }];
}

export function unarchiveGame(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  return s.archived ? [{ type: 'GameUnarchived', data: { at: ctx.now } }] : [];
}

export function deleteGame(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  return [{ type: 'GameDeleted', data: { at: ctx.now } }];
}

/** Every seat a player holds becomes free, as if each had left: the game and its orders stay. */
export function disconnectPlayers(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  return s.facilities.flatMap((f) =>
    f.userId === null ? [] : [{ type: 'RoleLeft' as const, data: { facilityId: f.id, userId: f.userId } }],
  );
}

/** The state after an event of the game's life as a whole; its timer stops on a reset, an end or a deletion. */
export function lifecycleChanged(
  s: BeerState,
  event: BeerEventOf<'GameReset' | 'GameEnded' | 'GameArchived' | 'GameUnarchived' | 'GameDeleted'>,
): BeerState {
  switch (event.type) {
    case 'GameReset':
      return { ...setupGame(s), deadline: null, pausedMs: null };
    case 'GameEnded':
      return { ...s, finished: true, endedAt: event.data.at, deadline: null, pausedMs: null };
    case 'GameDeleted':
      return { ...s, deleted: true, deadline: null, pausedMs: null };
    default:
      return { ...s, archived: event.type === 'GameArchived' };
  }
}
