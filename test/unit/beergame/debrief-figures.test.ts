import { describe, expect, it } from 'vitest';
import { initialBeerState } from '../../../src-shared/beergame';
import { baseStockPolicy, beerDebriefFigures } from '../../../src-shared/beergame/debrief-figures';
import { as, CREATOR, created, createdWith, Game } from './helpers';

/**
 * A shop buying from a plant that makes the beer from nothing, order and delivery one week each,
 * two of everything in the pipes at the start, stock 4, stock cost 1, backlog cost 2.
 */
const twoStages = (consumerDemand = [2, 6, 6, 2]) =>
  createdWith({
    weeks: 4,
    productsTemplates: [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }],
    consumerDemand,
    facilities: [
      {
        id: 'shop',
        name: 'Shop',
        pdata: { p1: { stock: 4, stockCost: 1, backlogCost: 2 } },
        capabilities: { A1: { from: 'plant', ordertime: 1, leadtime: 1, startOrders: 2 } },
      },
      {
        id: 'plant',
        name: 'Plant',
        pdata: { p1: { stock: 4, stockCost: 1, backlogCost: 2 } },
        capabilities: {
          A1: { type: 'production', from: {}, ordertime: 1, leadtime: 1, startOrders: 2 },
        },
      },
    ],
  });

describe('the debrief figures of a two-stage game computed by hand', () => {
  // Pass-through, week by week (stock after shipping, cost = stock + 2 × backlog):
  //   shop:  receives 2, 2, 2, 6; demand 2, 6, 6, 2 (+4 owed in week 4); stock 4, 0, 0, 0;
  //          backlog 0, 0, 4, 0; cost 4, 0, 8, 0 = 12; orders what reached it: 2, 6, 6, 2.
  //   plant: makes what it ordered a week later (2, 2, 2, 2 come out); the shop's orders reach it a
  //          week late (2, 2, 6, 6); stock 4, 4, 0, 0; backlog 0, 0, 0, 4; cost 4, 4, 0, 8 = 16.
  const figures = beerDebriefFigures(new Game(twoStages()).playOut('passthrough').state);

  it('gives costs, orders and net inventory week by week', () => {
    expect(figures.teamCost).toBe(28);
    expect(figures.weeks).toBe(4);
    expect(figures.consumerDemand).toEqual([2, 6, 6, 2]);
    expect(figures.cumulativeTeamCost).toEqual([8, 12, 20, 28]);
    expect(figures.byFacility).toEqual({
      shop: {
        name: 'Shop',
        cost: 12,
        orders: [2, 6, 6, 2],
        incomingOrders: [2, 6, 6, 2],
        netInventory: [4, 0, -4, 0],
        stock: [4, 0, 0, 0],
        backlog: [0, 0, 4, 0],
        weekCost: [4, 0, 8, 0],
        cumulativeCost: [4, 4, 12, 12],
      },
      plant: {
        name: 'Plant',
        cost: 16,
        orders: [2, 2, 6, 6],
        incomingOrders: [2, 2, 6, 6],
        netInventory: [4, 4, 0, -4],
        stock: [4, 4, 0, 0],
        backlog: [0, 0, 0, 4],
        weekCost: [4, 4, 0, 8],
        cumulativeCost: [4, 8, 8, 16],
      },
    });
  });

  it('gives the bullwhip as order variance over demand variance', () => {
    // Demand 2, 6, 6, 2 and both order series have mean 4 and variance 4.
    expect(figures.amplification).toEqual({ shop: 1, plant: 1 });
  });

  it('gives the fill rate: 2 + 6 + 2 + 2 of 16 served in their week', () => {
    expect(figures.fillRate).toBe(0.75);
  });

  it('plays the same demand with pass-through and base-stock computers', () => {
    // Peak demand 6 × (1 week to order + 1 to deliver) = 12 for both. The shop orders
    // 12 − (4 + 2) = 6 in week 1, then 6 a week, and so does the plant: nobody runs short; the
    // only costs are week 1's stocks (4 + 4) and the shop's 4 left in week 4.
    expect(figures.benchmark).toEqual({
      passthrough: {
        policy: 'passthrough',
        teamCost: 28,
        byFacility: { shop: 12, plant: 16 },
        cumulativeTeamCost: [8, 12, 20, 28],
      },
      basestock: {
        policy: 'basestock:12,12',
        teamCost: 12,
        byFacility: { shop: 8, plant: 4 },
        cumulativeTeamCost: [8, 8, 8, 12],
      },
    });
  });

  it('gives no amplification when demand did not vary', () => {
    const flat = beerDebriefFigures(new Game(twoStages([3])).playOut('passthrough').state);
    expect(flat.amplification).toEqual({ shop: null, plant: null });
  });
});

describe('the debrief figures of any game', () => {
  it('benchmarks the classic game against the textbook base-stock targets', () => {
    const game = new Game(created({ weeks: 6 })).playOut('fixed:4');
    const figures = beerDebriefFigures(game.state);
    expect(figures.benchmark?.basestock.policy).toBe('basestock:32,32,32,24');
    // Weeks 1–4 are in equilibrium under any of these policies: 4 × 12 × 0.5 = 24 a week.
    expect(figures.benchmark?.passthrough.cumulativeTeamCost.slice(0, 4)).toEqual([24, 48, 72, 96]);
    expect(figures.cumulativeTeamCost.slice(0, 4)).toEqual([24, 48, 72, 96]);
  });

  it('benchmarks a game still running over the weeks played so far', () => {
    const game = new Game(created());
    for (const id of ['retailer', 'wholesaler', 'distributor', 'factory'])
      game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
    for (let w = 0; w < 5; w++) game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    const figures = beerDebriefFigures(game.state);
    // Week 6 is under way: not played yet.
    expect(figures.weeks).toBe(5);
    expect(figures.byFacility.retailer!.netInventory).toHaveLength(5);
    expect(figures.byFacility.retailer!.orders).toHaveLength(5);
    expect(figures.benchmark?.passthrough.cumulativeTeamCost).toHaveLength(5);
    // Nobody ordered: the empty seats got pass-through, the benchmark's own policy.
    expect(figures.benchmark?.passthrough.teamCost).toBe(figures.teamCost);
  });

  it('plays the benchmark on the demand as the instructor changed it during the game', () => {
    const game = new Game(twoStages([2]));
    game.run(
      { type: 'ScheduleChange', week: 3, facilityIds: ['shop'], field: 'consumerDemand', value: 6 },
      as(CREATOR),
    );
    game.playOut('passthrough');
    const figures = beerDebriefFigures(game.state);
    expect(figures.consumerDemand).toEqual([2, 2, 6, 6]);
    expect(figures.benchmark?.passthrough.teamCost).toBe(figures.teamCost);
    expect(figures.benchmark?.basestock.policy).toBe('basestock:12,12');
  });

  it('adds the lead-time variability to the base-stock delay', () => {
    const game = new Game(created({ consumerDemand: [4, 10] }));
    const state = { ...game.state };
    state.config = {
      ...state.config,
      facilities: state.config.facilities.map((f) => ({
        ...f,
        capabilities: { A1: { ...f.capabilities.A1!, leadtimeVariability: 1 } },
      })),
    };
    expect(baseStockPolicy(state, [4, 10])).toBe('basestock:50,50,50,40');
  });

  it('has nothing to show before a game exists', () => {
    expect(beerDebriefFigures(initialBeerState)).toEqual({
      teamCost: 0,
      weeks: 0,
      fillRate: 1,
      consumerDemand: [],
      cumulativeTeamCost: [],
      byFacility: {},
      amplification: {},
      leadTimes: [],
      benchmark: null,
    });
  });
});
