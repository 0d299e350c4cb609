import { describe, expect, it } from 'vitest';
import { allocateProportionally, viewGame } from '../../../src-shared/beergame';
import { as, CREATOR, createdWith, Game } from './helpers';

/** A supplier with two shops (a small network); shops buy from `hub`, hub makes from nothing. */
const twoShops = (hub: Record<string, unknown> = {}, extra: Record<string, unknown> = {}) =>
  createdWith({
    consumerDemand: [10],
    ...extra,
    facilities: [
      {
        id: 'north',
        name: 'North',
        capabilities: { A1: { from: 'hub', ordertime: 1, leadtime: 1, startOrders: 0 } },
      },
      {
        id: 'south',
        name: 'South',
        capabilities: { A1: { from: 'hub', ordertime: 1, leadtime: 1, startOrders: 0 } },
      },
      {
        id: 'hub',
        name: 'Hub',
        type: 'distributor',
        pdata: { p1: { stock: 10, ...hub } },
        capabilities: { A1: { type: 'production', from: {}, startOrders: 0 } },
      },
    ],
  });

describe('allocation of shortages', () => {
  it('proportional in whole units, largest remainders first, ties to the first client', () => {
    expect(allocateProportionally(10, [6, 14])).toEqual([3, 7]);
    expect(allocateProportionally(5, [3, 3])).toEqual([3, 2]);
    expect(allocateProportionally(7, [1, 1, 1, 10])).toEqual([1, 1, 0, 5]);
    expect(allocateProportionally(20, [6, 14])).toEqual([6, 14]);
  });

  it('given two clients asking more than the stock, when the week runs, then the stock is shared in proportion and the rest is backlog per client', () => {
    const game = new Game(twoShops());
    game.run({ type: 'JoinRole', facilityId: 'north' }, as('n'));
    game.run({ type: 'JoinRole', facilityId: 'south' }, as('s'));
    game.run({ type: 'PlaceOrder', facilityId: 'north', quantity: 6 }, as('n'));
    game.run({ type: 'PlaceOrder', facilityId: 'south', quantity: 14 }, as('s'));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    const hub = game.facility('hub').products.p1!;
    expect(hub.shippedBy).toEqual({ north: 3, south: 7 });
    expect(hub.backlogBy).toEqual({ north: 3, south: 7 });
    expect(hub.backlog).toBe(10);
    expect(hub.stock).toBe(0);
  });

  it('given manual allocation, the player confirms another split during the turn and it is what leaves', () => {
    const game = new Game(twoShops({}, { manualAllocation: true }));
    for (const [id, user, q] of [
      ['north', 'n', 6],
      ['south', 's', 14],
    ] as const) {
      game.run({ type: 'JoinRole', facilityId: id }, as(user));
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: q }, as(user));
    }
    game.run({ type: 'JoinRole', facilityId: 'hub' }, as('h'));
    game.run({ type: 'PlaceOrder', facilityId: 'hub', quantity: 0 }, as('h'));
    // Week 2: the hub has 10 for 20 asked.
    expect(game.state.allocations).toEqual([
      {
        fid: 'hub',
        pid: 'p1',
        week: 2,
        available: 10,
        requests: { north: 6, south: 14 },
        allocation: { north: 3, south: 7 },
        isResolved: false,
      },
    ]);
    game
      .when({ type: 'ConfirmAllocations', facilityId: 'hub', allocation: { north: 6, south: 5 } }, as('h'))
      .thenRefused('beergame.errAllocationInvalid', { available: 10 });
    game
      .when({ type: 'ConfirmAllocations', facilityId: 'hub', allocation: { north: 7, south: 3 } }, as('h'))
      .thenRefused('beergame.errAllocationInvalid');
    game
      .when({ type: 'ConfirmAllocations', facilityId: 'hub', allocation: { north: 6, south: 4 } }, as('n'))
      .thenRefused('beergame.errNotYourFacility');
    game.run({ type: 'ConfirmAllocations', facilityId: 'hub', allocation: { north: 6, south: 4 } }, as('h'));
    expect(game.state.allocations[0]!.isResolved).toBe(true);
    expect(game.facility('hub').products.p1!.backlogBy).toEqual({ south: 10 });
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(game.facility('north').history[2]!.received).toBe(6);
    expect(game.facility('south').history[2]!.received).toBe(4);
  });

  it('without a shortage there is nothing to allocate', () => {
    const game = new Game(twoShops({ stock: 100 }, { manualAllocation: true }));
    game
      .when({ type: 'ConfirmAllocations', facilityId: 'hub', allocation: {} }, as(CREATOR))
      .thenRefused('beergame.errNoAllocation');
  });
});

describe('capacity, missed sales, prices', () => {
  it('maxShipQty caps what leaves in a week', () => {
    const game = new Game(twoShops({ maxShipQty: 4, stock: 100 }));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    // Passthrough shops order 10 each (their consumer demand); the hub ships at most 4.
    expect(game.facility('hub').history[1]).toMatchObject({ incomingOrder: 20, shipped: 4, backlog: 16 });
  });

  it('allowBacklog false turns unmet demand into missed sales with their cost', () => {
    const game = new Game(
      createdWith({
        consumerDemand: [10],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            pdata: { p1: { stock: 4, allowBacklog: false, missedSaleCost: 2, stockCost: 0.5 } },
            capabilities: { A1: { from: 'plant', startOrders: 0 } },
          },
          { id: 'plant', name: 'Plant', capabilities: { A1: { type: 'production', from: {} } } },
        ],
      }),
    );
    const row = game.facility('shop').history[0]!;
    expect(row).toMatchObject({ shipped: 4, backlog: 0, missed: 6, stock: 0 });
    expect(row.cost).toBe(12);
  });

  it('unitPrice gives revenue on shipped units; productionCost costs each unit started', () => {
    const game = new Game(
      createdWith({
        consumerDemand: [5],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            pdata: { p1: { stock: 20, unitPrice: 10, stockCost: 0 } },
            capabilities: { A1: { from: 'plant' } },
          },
          {
            id: 'plant',
            name: 'Plant',
            pdata: { p1: { stock: 0, stockCost: 0, backlogCost: 0 } },
            capabilities: {
              A1: { type: 'production', from: {}, productionCost: 1.5, startOrders: 2, ordertime: 1 },
            },
          },
        ],
      }),
    );
    const shop = game.facility('shop');
    expect(shop.history[0]!.revenue).toBe(50);
    expect(shop.revenue).toBe(50);
    // Week 1: the start slot of 2 production requests arrives and starts.
    expect(game.facility('plant').history[0]!.cost).toBe(3);
  });
});

describe('production from a bill of materials', () => {
  const bom = () =>
    new Game(
      createdWith({
        productsTemplates: [
          { id: 'bike', name: 'Bike', productEmoji: '🚲' },
          { id: 'wheel', name: 'Wheel', productEmoji: '🛞' },
        ],
        productsConsumerDemand: [{ pid: 'bike', fid: 'shop', demand: [0] }],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            pdata: { bike: { stock: 0 } },
            capabilities: { A1: { pid: 'bike', from: 'plant', startOrders: 0 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            type: 'factory',
            pdata: { bike: { stock: 0 }, wheel: { stock: 5 } },
            capabilities: {
              A1: {
                pid: 'bike',
                type: 'production',
                from: { wheel: 2 },
                ordertime: 1,
                leadtime: 2,
                startOrders: 0,
              },
              A2: { pid: 'wheel', type: 'purchase', from: 'rims', startOrders: 0 },
            },
          },
          {
            id: 'rims',
            name: 'Rims',
            type: 'supplier',
            pdata: { wheel: { stock: 100 } },
            capabilities: { A1: { pid: 'wheel', type: 'production', from: {} } },
          },
        ],
      }),
    );

  it('a production request starts only with its components, consumes them, and waits for the rest', () => {
    const game = bom();
    game.run({ type: 'JoinRole', facilityId: 'plant' }, as('p'));
    game.run({ type: 'PlaceOrder', facilityId: 'plant', capabilityId: 'A1', quantity: 4 }, as('p'));
    game.run({ type: 'PlaceOrder', facilityId: 'plant', capabilityId: 'A2', quantity: 0 }, as('p'));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    // Week 2: the request for 4 bikes arrives; 5 wheels make 2 bikes; 2 wait.
    const plant = game.facility('plant');
    expect(plant.products.wheel).toMatchObject({ stock: 1, consumed: 4, internal: 8 });
    expect(plant.products.bike!.produced).toBe(2);
    expect(game.state.waiting).toEqual([{ fid: 'plant', capId: 'A1', pid: 'bike', qty: 2, week: 2 }]);
    expect(game.state.production.filter((j) => j.fid === 'plant')).toEqual([
      { fid: 'plant', capId: 'A1', pid: 'bike', qty: 2, week: 2, due: 4 },
    ]);
  });

  it('several products are kept apart, each with its own history', () => {
    const game = bom();
    expect(Object.keys(game.facility('plant').products).sort()).toEqual(['bike', 'wheel']);
    const view = viewGame(game.state, { userId: CREATOR });
    expect(view.facilities[1]!.numbers!.products.map((p) => p.pid)).toEqual(['bike', 'wheel']);
  });
});

describe('lead-time variability', () => {
  const variable = (seed: number) =>
    new Game(
      createdWith(
        {
          consumerDemand: [4],
          weeks: 30,
          facilities: [
            {
              id: 'shop',
              name: 'Shop',
              capabilities: { A1: { from: 'dc', leadtime: 3, leadtimeVariability: 2 } },
            },
            {
              id: 'dc',
              name: 'DC',
              pdata: { p1: { stock: 1000 } },
              capabilities: { A1: { type: 'production', from: {} } },
            },
          ],
        },
        seed,
      ),
    ).playOut('fixed:4');

  it('draws each transit time around the lead time, never below 1, from the seed', () => {
    const game = variable(7);
    const drawn = game.facility('dc').history.flatMap((r) => r.shipments.map((s) => s.drawn));
    expect(drawn.length).toBe(30);
    for (const d of drawn) expect(d).toBeGreaterThanOrEqual(1);
    for (const d of drawn) expect(d).toBeLessThanOrEqual(5);
    expect(new Set(drawn).size).toBeGreaterThan(1);
    expect(variable(7).facility('dc').history).toEqual(game.facility('dc').history);
    expect(game.refold()).toEqual(game.state);
  });

  it('another seed draws other lead times', () => {
    const a = variable(1)
      .facility('dc')
      .history.flatMap((r) => r.shipments.map((s) => s.drawn));
    const b = variable(2)
      .facility('dc')
      .history.flatMap((r) => r.shipments.map((s) => s.drawn));
    expect(a).not.toEqual(b);
  });
});

describe('visibility limit', () => {
  it('the view shows the pipeline visibleWeeks ahead and nothing beyond', () => {
    const game = new Game(
      createdWith({
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            capabilities: { A1: { from: 'dc', leadtime: 5, visibleWeeks: 3, startOrders: 2 } },
          },
          { id: 'dc', name: 'DC', capabilities: { A1: { type: 'production', from: {} } } },
        ],
      }),
    );
    const numbers = viewGame(game.state, { userId: CREATOR }).facilities[0]!.numbers!;
    expect(numbers.arriving).toEqual([2, 2, 2]);
    const none = new Game(
      createdWith({
        facilities: [
          { id: 'shop', name: 'Shop', capabilities: { A1: { from: 'dc', visibleWeeks: 0 } } },
          { id: 'dc', name: 'DC', capabilities: { A1: { type: 'production', from: {} } } },
        ],
      }),
    );
    expect(viewGame(none.state, { userId: CREATOR }).facilities[0]!.numbers!.arriving).toEqual([]);
  });
});
