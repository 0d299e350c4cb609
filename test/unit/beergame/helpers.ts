/** Beer game fixtures on the generic decider harness (test/support/decider.ts). */
import {
  type BeerCommand,
  type BeerEvent,
  type BeerState,
  beergameDecider,
} from '../../../src-shared/beergame';
import type { CommandContext } from '../../../src-shared/eventsourcing';
import { given as givenEvents, Running } from '../../support/decider';

export { expectRefusal } from '../../support/decider';

export const CREATOR = 'teacher';
export const system: CommandContext = { now: 1_000, actor: { userId: 'system', role: 'system' } };
export const as = (userId: string, now = 1_000): CommandContext => ({
  now,
  actor: { userId, role: userId === CREATOR ? 'instructor' : 'player' },
});

export const created = (overrides: Record<string, unknown> = {}, seed = 42): BeerEvent =>
  beergameDecider.decide(
    {
      type: 'CreateGame',
      gameId: 'g1',
      name: 'Game',
      creatorId: CREATOR,
      seed,
      template: 'classic',
      overrides,
    },
    beergameDecider.initialState,
    as(CREATOR),
  )[0]!;

export const createdWith = (config: Record<string, unknown>, seed = 42): BeerEvent =>
  beergameDecider.decide(
    { type: 'CreateGame', gameId: 'g1', name: 'Game', creatorId: CREATOR, seed, config },
    beergameDecider.initialState,
    as(CREATOR),
  )[0]!;

/** `given(...events).when(command, ctx)` on the beer game. */
export const given = (...events: BeerEvent[]) => givenEvents(beergameDecider, ...events);

/** A beer game played command after command; commands default to the system's context. */
export class Game extends Running<BeerCommand, BeerEvent, BeerState> {
  constructor(...history: BeerEvent[]) {
    super(beergameDecider, ...history);
  }

  override decide(command: BeerCommand, ctx: CommandContext = system): BeerEvent[] {
    return super.decide(command, ctx);
  }

  override run(command: BeerCommand, ctx: CommandContext = system): BeerEvent[] {
    return super.run(command, ctx);
  }

  override when(command: BeerCommand, ctx: CommandContext = system) {
    return super.when(command, ctx);
  }

  facility(id: string) {
    return this.state.facilities.find((f) => f.id === id)!;
  }

  /** Hands every facility to the computer with `policy` and closes weeks until the end. */
  playOut(policy = 'passthrough'): this {
    for (const f of this.state.facilities)
      if (!f.computer) this.run({ type: 'HandToComputer', facilityId: f.id, policy });
    while (!this.state.finished) this.run({ type: 'CloseWeek', reason: 'instructor' });
    return this;
  }
}

export const CLASSIC = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;

/** Joins the four classic roles with users u-retailer, ... */
export function classicWithPlayers(overrides: Record<string, unknown> = {}): Game {
  const game = new Game(created(overrides));
  for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  return game;
}

/** A network with two shops, a hub making from components, and variable lead times. */
export const maltNetwork = (seed: number, weeks = 20, overrides: Record<string, unknown> = {}): BeerEvent =>
  createdWith(
    {
      ...overrides,
      weeks,
      productsTemplates: [
        { id: 'p1', name: 'Beer', productEmoji: '🍺' },
        { id: 'malt', name: 'Malt', productEmoji: '🌾' },
      ],
      consumerDemand: [3, 6, 9],
      facilities: [
        {
          id: 'a',
          name: 'A',
          capabilities: { A1: { from: 'hub', leadtimeVariability: 2, ordertime: 1, leadtime: 2 } },
        },
        {
          id: 'b',
          name: 'B',
          pdata: { p1: { allowBacklog: false, missedSaleCost: 1 } },
          capabilities: { A1: { from: 'hub' } },
        },
        {
          id: 'hub',
          name: 'Hub',
          pdata: { p1: { maxShipQty: 9 }, malt: { stock: 20 } },
          capabilities: {
            A1: { type: 'production', from: { malt: 2 }, leadtime: 2 },
            A2: { pid: 'malt', from: 'farm', startOrders: 6 },
          },
        },
        {
          id: 'farm',
          name: 'Farm',
          pdata: { malt: { stock: 30 } },
          capabilities: { A1: { pid: 'malt', type: 'production', from: {} } },
        },
      ],
    },
    seed,
  );
