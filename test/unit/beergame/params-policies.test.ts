import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  BEERGAME_DEBRIEF_SECTIONS,
  beergameKpis,
  classicConfigInput,
  computerOrders,
  describePolicy,
  FACILITY_DEFAULTS,
  fitConstraints,
  isValidPolicy,
  MAX_ORDER_QUANTITY,
  parsePolicy,
  policyOrder,
  resolveConfig,
  simulateBeerGameRun,
  supplyLine,
} from '../../../src-shared/beergame';
import { defaultMapLayout, defaultMapSize } from '../../../src-shared/rules/map-layout';
import { created, createdWith, expectRefusal, Game } from './helpers';

describe('params', () => {
  it('facility defaults follow the spec: stock 12, costs 0.5 and 1, lead 3, order 1, start 4, visible 2', () => {
    const config = resolveConfig({
      facilities: [
        { id: 'a', name: 'A', capabilities: { A1: { from: 'b' } } },
        { id: 'b', name: 'B', capabilities: { A1: { type: 'production', from: {} } } },
      ],
    });
    const a = config.facilities[0]!;
    expect(a.pdata.p1).toMatchObject({
      stock: 12,
      stockCost: 0.5,
      backlogCost: 1,
      backlog: 0,
      allowBacklog: true,
    });
    expect(a.capabilities.A1).toMatchObject({
      leadtime: 3,
      ordertime: 1,
      startOrders: 4,
      visibleWeeks: 2,
      moq: 0,
      maxOrderQty: 0,
      batchSize: 0,
    });
    expect(FACILITY_DEFAULTS).toEqual({
      stock: 12,
      stockCost: 0.5,
      backlogCost: 1,
      leadtime: 3,
      ordertime: 1,
      startOrders: 4,
      visibleWeeks: 2,
    });
    expect(a.clients).toEqual([]);
    expect(config.facilities[1]!.clients).toEqual(['a']);
    expect(config.facilities[1]!.client_id).toBe('a');
    expect(a.supplier_id).toBe('b');
    expect(config.demand).toEqual([{ fid: 'a', pid: 'p1', demand: [4, 4, 4, 4, 8] }]);
  });

  it('map sizes: 3x3 for 2-4 facilities, 3x5 for 5-6, 3x7 for 7-8, none outside', () => {
    expect([1, 2, 4, 5, 6, 7, 8, 9].map((n) => defaultMapSize(n))).toEqual([
      null,
      { rows: 3, columns: 3 },
      { rows: 3, columns: 3 },
      { rows: 3, columns: 5 },
      { rows: 3, columns: 5 },
      { rows: 3, columns: 7 },
      { rows: 3, columns: 7 },
      null,
    ]);
    const layout = defaultMapLayout(4)!;
    expect(layout.positions).toEqual([
      { row: 0, column: 0 },
      { row: 0, column: 2 },
      { row: 2, column: 2 },
      { row: 2, column: 0 },
    ]);
    expect(defaultMapLayout(4, true)!.positions[0]).toEqual({ row: 0, column: 2 });
    for (let n = 2; n <= 8; n++) {
      const l = defaultMapLayout(n)!;
      const keys = l.positions.map((p) => `${p.row},${p.column}`);
      expect(new Set(keys).size).toBe(n);
      for (const p of l.positions) expect(p.column).toBeLessThan(l.columns);
    }
  });

  it('the classic game gets positions on its map and facilities in network order', () => {
    const s = new Game(created()).state;
    expect(s.config.mapSize).toEqual({ rows: 3, columns: 3 });
    expect(s.config.facilities.map((f) => f.position)).toEqual(defaultMapLayout(4)!.positions);
    const reversed = resolveConfig({
      facilities: [
        { id: 'f', name: 'F', capabilities: { A1: { type: 'production', from: {} } } },
        { id: 'w', name: 'W', capabilities: { A1: { from: 'f' } } },
        { id: 'r', name: 'R', capabilities: { A1: { from: 'w' } } },
      ],
    });
    expect(reversed.facilities.map((f) => f.id)).toEqual(['r', 'w', 'f']);
  });

  it('facilities can be given as a map keyed by id', () => {
    const config = resolveConfig({
      facilities: {
        shop: { name: 'Shop', capabilities: { A1: { from: 'plant' } } },
        plant: { name: 'Plant', capabilities: { A1: { type: 'production', from: {} } } },
      },
    });
    expect(config.facilities.map((f) => f.id)).toEqual(['shop', 'plant']);
  });

  it('an inconsistent configuration is refused with errInvalidConfig', () => {
    expectRefusal(() => createdWith({ facilities: [{ id: 'a', name: 'A' }] }), 'beergame.errInvalidConfig');
    expectRefusal(
      () =>
        createdWith({
          facilities: [
            { id: 'a', name: 'A', capabilities: { A1: { from: 'zzz' } } },
            { id: 'b', name: 'B' },
          ],
        }),
      'beergame.errInvalidConfig',
    );
    // One product from one supplier is one flow of shipments: a second capability would receive it twice.
    expectRefusal(
      () =>
        createdWith({
          facilities: [
            { id: 'a', name: 'A', capabilities: { A1: { from: 'b' }, A2: { from: 'b', leadtime: 2 } } },
            { id: 'b', name: 'B' },
          ],
        }),
      'beergame.errInvalidConfig',
    );
  });

  it('debrief sections of the spec', () => {
    expect(BEERGAME_DEBRIEF_SECTIONS).toEqual([
      'optionButtons',
      'teamPerformance',
      'individualPerformance',
      'supplychainEvolution',
      'stagesEvolution',
      'responseToDemand',
      'variability',
      'leadTimes',
      'toGoFurther',
    ]);
  });
});

describe('ids the engine keys objects by', () => {
  // A product called `constructor` or `toString` used to reach the week's plan, where the engine
  // keeps products as keys of plain objects, and crash it: "list.push is not a function".
  it.each(['constructor', 'toString', 'valueOf', 'hasOwnProperty', '__proto__'])(
    'refuses %s as a product or facility id, and the game is never created',
    (name) => {
      const classic = JSON.stringify(classicConfigInput());
      const asProduct = JSON.parse(classic.replaceAll('"p1"', JSON.stringify(name)));
      const asFacility = JSON.parse(classic.replaceAll('"retailer"', JSON.stringify(name)));
      expect(() => resolveConfig(asProduct)).toThrow(/reserved id/);
      expect(() => resolveConfig(asFacility)).toThrow(/reserved id/);
      expect(() =>
        simulateBeerGameRun({ config: asProduct, weeks: 5, policies: ['passthrough'] }),
      ).toThrowError(expect.objectContaining({ messageId: 'beergame.errInvalidConfig' }));
    },
  );

  it('keeps ids that merely contain such a name', () => {
    const config = JSON.parse(JSON.stringify(classicConfigInput()).replaceAll('"p1"', '"constructors"'));
    expect(resolveConfig(config).facilities[0]!.pdata).toHaveProperty('constructors');
  });
});

describe('policies', () => {
  const input = { facilityIndex: 1, demand: 8, demandHistory: [4, 4, 8], netInventory: 10, supplyLine: 12 };

  it('parses the four policies and refuses the rest', () => {
    expect(parsePolicy('passthrough')).toEqual({ kind: 'passthrough' });
    expect(parsePolicy('fixed:4')).toEqual({ kind: 'fixed', quantity: 4 });
    expect(parsePolicy('basestock:32,32,32,24')).toEqual({ kind: 'basestock', targets: [32, 32, 32, 24] });
    expect(parsePolicy('sterman:0.36,0.26,0.34,17')).toEqual({
      kind: 'sterman',
      theta: 0.36,
      alpha: 0.26,
      beta: 0.34,
      target: 17,
    });
    for (const bad of [
      '',
      'fixed',
      'fixed:-1',
      'fixed:1.5',
      'basestock:',
      'sterman:1,2',
      'sterman:2,0.2,0.3,17',
      'passthrough:1',
      'x',
    ])
      expect(parsePolicy(bad)).toBeNull();
  });

  it('passthrough orders this week demand; fixed always N', () => {
    expect(policyOrder({ kind: 'passthrough' }, input)).toBe(8);
    expect(policyOrder({ kind: 'fixed', quantity: 3 }, input)).toBe(3);
  });

  it('basestock orders max(0, f - (net inventory + supply line)) with the facility target', () => {
    expect(policyOrder(parsePolicy('basestock:40,30,20')!, input)).toBe(8);
    expect(policyOrder(parsePolicy('basestock:15')!, input)).toBe(0);
  });

  it('sterman: exponential smoothing from the initial demand, then anchoring and adjustment, halves up', () => {
    const p = parsePolicy('sterman:0.5,0.25,0.5,20')!;
    // L^ = 4, 4, then 0.5 x 8 + 0.5 x 4 = 6; order = 6 + 0.25 x (20 - 10 - 0.5 x 12) = 7.
    expect(policyOrder(p, input)).toBe(7);
    // 6 + 0.25 x (20 - 10 - 0.5 x 10) = 7.25 -> 7; with supply line 8: 6 + 0.25 x 6 = 7.5 -> 8.
    expect(policyOrder(p, { ...input, supplyLine: 8 })).toBe(8);
    expect(policyOrder(p, { ...input, netInventory: 100 })).toBe(0);
  });

  it('the supply line counts orders in the mail, the supplier backlog and this week shipments, and goods in transit', () => {
    const s = new Game(created()).state;
    // Retailer in week 1: 4 in the mail (due week 2), 4 in transit (due week 2), 4 shipped this week.
    expect(supplyLine(s, 'retailer', 'p1')).toBe(12);
    // Factory: 4 production requests in the mail... none (order time 1), 4 in production (due week 2), 4 started this week.
    expect(supplyLine(s, 'factory', 'p1')).toBe(8);
  });

  it('a policy given to a game has its numbers checked like an order, and the engine caps every order', () => {
    // Issue 29: `basestock:1e308` was accepted and its orders passed the 999,999 cap.
    for (const tooBig of ['basestock:1e308', 'fixed:1000000', 'basestock:32,1e7', 'sterman:0.36,2,0.34,17'])
      expect(isValidPolicy(tooBig), tooBig).toBe(false);
    for (const fine of ['fixed:999999', 'basestock:32,32,32,24', 'sterman:0.36,1,1,999999'])
      expect(isValidPolicy(fine), fine).toBe(true);
    // A game saved before the bounds still folds the same: its policy parses, its orders are capped.
    const huge = parsePolicy('basestock:1e308')!;
    expect(fitConstraints(policyOrder(huge, input), { moq: 0, maxOrderQty: 0, batchSize: 0 })).toBe(
      MAX_ORDER_QUANTITY,
    );
    expect(fitConstraints(Number.POSITIVE_INFINITY, { moq: 0, maxOrderQty: 0, batchSize: 7 })).toBe(999_999);
    expect(fitConstraints(Number.NaN, { moq: 5, maxOrderQty: 0, batchSize: 0 })).toBe(0);
    fc.assert(
      fc.property(fc.double({ min: 0, noNaN: true }), fc.integer({ min: 0, max: 2_000_000 }), (q, max) => {
        const fitted = fitConstraints(q, { moq: 0, maxOrderQty: max, batchSize: 0 });
        return Number.isInteger(fitted) && fitted >= 0 && fitted <= MAX_ORDER_QUANTITY;
      }),
    );
  });

  it('computer orders respect the order constraints', () => {
    expect(fitConstraints(3, { moq: 5, maxOrderQty: 0, batchSize: 0 })).toBe(5);
    expect(fitConstraints(7, { moq: 0, maxOrderQty: 0, batchSize: 5 })).toBe(10);
    expect(fitConstraints(52, { moq: 0, maxOrderQty: 48, batchSize: 5 })).toBe(45);
    expect(fitConstraints(0, { moq: 5, maxOrderQty: 0, batchSize: 5 })).toBe(0);
    expect(computerOrders(new Game(created()).state, 'retailer', 'fixed:9')).toEqual({ A1: 9 });
  });
});

describe('KPIs and the bullwhip', () => {
  /** Closes every week of `game` with every seat on the computer (`policies` by facility id). */
  const playOut = (game: Game, policies: Record<string, string>) => {
    for (const [facilityId, policy] of Object.entries(policies))
      game.run({ type: 'HandToComputer', facilityId, policy });
    while (!game.state.finished) game.run({ type: 'CloseWeek', reason: 'instructor' });
    return game;
  };
  const ordersOf = (game: Game, id: string) => game.facility(id).history.map((r) => r.order);

  it('pass-through only copies demand upstream, two weeks later per stage: no amplification (8 weeks, by hand)', () => {
    const game = new Game(created({ weeks: 8 })).playOut('passthrough');
    // Demand 4, 4, 4, 4, 8, 8, 8, 8. The retailer orders what it is asked; its order reaches the
    // wholesaler two weeks later (order time 2; the start slots bring 4 in weeks 1 and 2), and so on.
    expect(ordersOf(game, 'retailer')).toEqual([4, 4, 4, 4, 8, 8, 8, 8]);
    expect(ordersOf(game, 'wholesaler')).toEqual([4, 4, 4, 4, 4, 4, 8, 8]);
    expect(ordersOf(game, 'distributor')).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    expect(ordersOf(game, 'factory')).toEqual([4, 4, 4, 4, 4, 4, 4, 4]);
    const k = beergameKpis(game.state);
    // Demand and retailer: mean 6, every week 2 away from it: variance 4.
    // Wholesaler: mean (6 x 4 + 2 x 8) / 8 = 5; (6 x 1 + 2 x 9) / 8 = 3. Distributor, factory: 0.
    expect(k.demandVariance).toBe(4);
    expect(k.byFacility.map((f) => f.orderVariance)).toEqual([4, 3, 0, 0]);
    expect(k.byFacility.map((f) => f.amplification)).toEqual([1, 0.75, 0, 0]);
  });

  it('a Sterman player facing a demand step orders with more variance than the demand (by hand)', () => {
    // A shop (stock 8) buys from a plant with 100 in stock: an order placed in week t reaches the
    // plant in t + 1, leaves it that week and arrives in t + 2. Demand steps from 4 to 8 in week 3.
    const game = new Game(
      createdWith({
        weeks: 8,
        consumerDemand: [4, 4, 8],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            pdata: { p1: { stock: 8 } },
            capabilities: { A1: { from: 'plant', ordertime: 1, leadtime: 1, startOrders: 4 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            pdata: { p1: { stock: 100 } },
            capabilities: { A1: { type: 'production', from: {}, ordertime: 1, leadtime: 1, startOrders: 4 } },
          },
        ],
      }),
    );
    // sterman:1,0.5,0,8 — expected demand = this week's (theta 1), order = round(L + 0.5 x (8 - S)),
    // S = stock after the fill, supply line ignored (beta 0):
    // week  received  stock after demand  order
    //   1   4 (start)  8 + 4 - 4 = 8      4 + 0.5 x 0    = 4
    //   2   4 (start)  8 + 4 - 4 = 8      4 + 0          = 4
    //   3   4 (wk 1)   8 + 4 - 8 = 4      8 + 0.5 x 4    = 10
    //   4   4 (wk 2)   4 + 4 - 8 = 0      8 + 0.5 x 8    = 12
    //   5  10 (wk 3)   0 + 10 - 8 = 2     8 + 0.5 x 6    = 11
    //   6  12 (wk 4)   2 + 12 - 8 = 6     8 + 0.5 x 2    = 9
    //   7  11 (wk 5)   6 + 11 - 8 = 9     8 - 0.5 = 7.5, halves up: 8
    //   8   9 (wk 6)   9 + 9 - 8 = 10     8 - 0.5 x 2    = 7
    playOut(game, { shop: 'sterman:1,0.5,0,8', plant: 'passthrough' });
    expect(ordersOf(game, 'shop')).toEqual([4, 4, 10, 12, 11, 9, 8, 7]);
    expect(game.facility('shop').history.map((r) => r.stock)).toEqual([8, 8, 4, 0, 2, 6, 9, 10]);
    const k = beergameKpis(game.state);
    // Demand 4, 4, 8 x 6: mean 7, variance (9 + 9 + 6 x 1) / 8 = 3.
    // Orders: sum 65, mean 8.125; sum of squares 16 + 16 + 100 + 144 + 121 + 81 + 64 + 49 = 591;
    // variance 591 / 8 - 8.125^2 = 73.875 - 66.015625 = 7.859375; amplification 7.859375 / 3.
    expect(k.demandVariance).toBe(3);
    expect(k.byFacility[0]!.orderVariance).toBe(7.859375);
    expect(k.byFacility[0]!.amplification).toBeCloseTo(2.6197916667, 9);
  });

  it('the Sterman policy amplifies orders upstream', () => {
    const k = beergameKpis(new Game(created()).playOut('sterman:0.36,0.26,0.34,17').state);
    const v = k.byFacility.map((f) => f.orderVariance);
    expect(v[3]!).toBeGreaterThan(v[0]!);
  });

  it('team cost, fill rate, average stock, weeks with a backorder, per facility figures and per week series (8 weeks, by hand)', () => {
    const game = new Game(created({ weeks: 8 })).playOut('fixed:4');
    const k = beergameKpis(game.state);
    // Everyone orders 4, so the wholesaler, distributor and factory receive 4, ship 4 and keep 12:
    // 12 x 0.5 = 6 a week, 48 over 8 weeks. The retailer receives 4 a week against demand
    // 4, 4, 4, 4, 8, 8, 8, 8: stock 12, 12, 12, 12, 8, 4, 0, 0 and in week 8 it ships 4 of 8,
    // backlog 4. Its cost: 6 x 4 + 4 + 2 + 0 + 4 (backlog 4 x 1) = 34. Team: 34 + 3 x 48 = 178.
    expect(k.weeks).toBe(8);
    expect(k.teamCost).toBe(178);
    expect(k.byFacility.map((f) => f.cost)).toEqual([34, 48, 48, 48]);
    expect(k.consumerDemand).toEqual([4, 4, 4, 4, 8, 8, 8, 8]);
    // Served in its week: 4 x 4 + 3 x 8 + 4 = 44 of 48.
    expect(k.fillRate).toBe(44 / 48);
    expect(k.weeksWithBackorder).toBe(1);
    // Chain stock per week: 48, 48, 48, 48, 44, 40, 36, 36: 348 / 8 = 43.5.
    expect(k.averageStock).toBe(43.5);
    expect(k.perWeek.map((w) => w.teamCost)).toEqual([24, 24, 24, 24, 22, 20, 18, 22]);
    expect(k.perWeek.map((w) => w.cumulativeTeamCost)).toEqual([24, 48, 72, 96, 118, 138, 156, 178]);
    expect(k.byFacility[0]).toMatchObject({
      averageOrder: 4,
      orderVariance: 0,
      onTimeRate: 44 / 48,
      averageStock: 60 / 8,
      averageBacklog: 4 / 8,
      weeksWithBacklog: 1,
    });
    expect(k.byFacility[3]!.onTimeRate).toBe(1);
    expect(k.leadTimes.length).toBeGreaterThan(0);
    expect(k.leadTimes.every((l) => l.drawn === 2 && l.planned === 2)).toBe(true);
  });

  it('the fill rate is 1 when demand is always met', () => {
    const k = beergameKpis(new Game(created({ consumerDemand: [4] })).playOut('passthrough').state);
    expect(k.fillRate).toBe(1);
    expect(k.weeksWithBackorder).toBe(0);
  });
});

describe('simulation', () => {
  it('gives the trajectory in the documented shape, facilities in network order', () => {
    const result = simulateBeerGameRun({ template: 'classic', weeks: 36, policies: ['passthrough'] });
    expect(result.weeks).toHaveLength(36);
    expect(result.weeks[0]!.facilities.map((f) => f.id)).toEqual([
      'retailer',
      'wholesaler',
      'distributor',
      'factory',
    ]);
    expect(Object.keys(result.weeks[0]!.facilities[0]!)).toEqual([
      'id',
      'name',
      'received',
      'incomingOrder',
      'shipped',
      'stock',
      'backlog',
      'netInventory',
      'order',
      'cost',
      'cumulativeCost',
    ]);
    // Weeks 1-3 of the classic game are in equilibrium: every stage keeps 12 at 0.5, 6 a week.
    const short = simulateBeerGameRun({ template: 'classic', weeks: 3, policies: ['passthrough'] });
    expect(short.totals).toEqual({
      teamCost: 72,
      byFacility: { retailer: 18, wholesaler: 18, distributor: 18, factory: 18 },
    });
  });

  it('one policy per facility in network order', () => {
    const result = simulateBeerGameRun({ policies: ['fixed:1', 'fixed:2', 'fixed:3', 'fixed:4'], weeks: 3 });
    expect(result.weeks[0]!.facilities.map((f) => f.order)).toEqual([1, 2, 3, 4]);
    expect(() => simulateBeerGameRun({ policies: ['fixed:1', 'fixed:2'] })).toThrow();
    expect(() => simulateBeerGameRun({ policies: ['basestock:1,2'] })).toThrow();
  });
});

describe('how a policy is said to people', () => {
  it.each([
    ['passthrough', 0, 'policy.passthrough', {}],
    ['fixed:8', 0, 'policy.fixed', { quantity: 8 }],
    ['basestock:20,30,40', 1, 'policy.basestock', { target: 30 }],
    ['basestock:20,30', 3, 'policy.basestock', { target: 30 }],
    ['sterman:0.36,0.26,0.34,17', 0, 'policy.sterman', { theta: 0.36, alpha: 0.26, beta: 0.34, target: 17 }],
    ['nonsense', 0, 'policy.unknown', {}],
  ])('%s (facility %d) reads %s', (text, index, messageId, values) => {
    expect(describePolicy(text, index)).toEqual({ messageId, values });
  });
});
