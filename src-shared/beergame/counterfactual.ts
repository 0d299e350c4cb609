/**
 * "What if the retailer had followed base-stock?": a recorded game played again through the
 * decider, on its configuration as it stands (the demand changes scheduled during play included)
 * and its lead-time seed, with some facilities handed to computer policies and the others placing,
 * week by week, exactly the orders they placed in the recording. Manual allocations are not
 * replayed: shortages are split by the automatic rule.
 */
import type { BeerEvent } from './events';
import { parsePolicy } from './policies';
import { DecidedGame } from './simulate';
import type { BeerState } from './state';
import { weeksPlayed } from './weeks-played';

/** A counterfactual that cannot be played; its message says why (shown on the command line). */
export class CounterfactualError extends Error {}

/** The game id of the counterfactual of `gameId` (its events' stream is `game-<that id>`). */
export const counterfactualGameId = (gameId: string) => `${gameId}-counterfactual`;

/**
 * Replays `recorded` with the facilities of `replaced` (facility id → policy string) played by the
 * computer; up to the week the recording reached, ended early if it was. With nothing replaced it
 * gives the recorded figures back.
 */
export function counterfactual(
  recorded: BeerState,
  replaced: Readonly<Record<string, string>>,
): { state: BeerState; events: BeerEvent[] } {
  if (!recorded.exists) throw new CounterfactualError('the log has no game');
  const ids = recorded.facilities.map((f) => f.id);
  for (const [id, policy] of Object.entries(replaced)) {
    if (!ids.includes(id))
      throw new CounterfactualError(`unknown facility "${id}" (the game has ${ids.join(', ')})`);
    if (!parsePolicy(policy)) throw new CounterfactualError(`unknown policy "${policy}" for ${id}`);
  }
  const game = new DecidedGame({
    type: 'GameCreated',
    data: {
      gameId: counterfactualGameId(recorded.gameId),
      name: recorded.name,
      creatorId: recorded.creatorId,
      seed: recorded.seed,
      rulesVersion: recorded.rulesVersion,
      template: recorded.template,
      createdAt: recorded.createdAt,
      config: recorded.config,
    },
  });
  const player = (id: string) => ({ userId: `replay-${id}`, role: 'player' as const });
  const kept = recorded.facilities.filter((f) => replaced[f.id] === undefined);
  for (const id of ids)
    if (replaced[id] !== undefined)
      game.run({ type: 'HandToComputer', facilityId: id, policy: replaced[id] });
  for (const f of kept) game.run({ type: 'JoinRole', facilityId: f.id }, player(f.id));
  const weeks = weeksPlayed(recorded);
  for (let k = 0; k < weeks; k++) {
    for (const f of kept)
      for (const [capabilityId, quantity] of Object.entries(f.history[k]!.orders ?? {}))
        game.run({ type: 'PlaceOrder', facilityId: f.id, capabilityId, quantity }, player(f.id));
    // The last order of the week closes it; a game of computers only waits for the instructor.
    if (game.state.week === k + 1 && !game.state.finished)
      game.run({ type: 'CloseWeek', reason: 'instructor' });
  }
  if (recorded.finished && !game.state.finished) game.run({ type: 'EndGame' });
  return { state: game.state, events: game.events };
}
