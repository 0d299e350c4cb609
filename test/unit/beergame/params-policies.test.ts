import { describe, expect, it } from 'vitest';
import {
  BEERGAME_DEBRIEF_SECTIONS,
  beergameKpis,
  computerOrders,
  FACILITY_DEFAULTS,
  fitConstraints,
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

  it('computer orders respect the order constraints', () => {
    expect(fitConstraints(3, { moq: 5, maxOrderQty: 0, batchSize: 0 })).toBe(5);
    expect(fitConstraints(7, { moq: 0, maxOrderQty: 0, batchSize: 5 })).toBe(10);
    expect(fitConstraints(52, { moq: 0, maxOrderQty: 48, batchSize: 5 })).toBe(45);
    expect(fitConstraints(0, { moq: 5, maxOrderQty: 0, batchSize: 5 })).toBe(0);
    expect(computerOrders(new Game(created()).state, 'retailer', 'fixed:9')).toEqual({ A1: 9 });
  });
});

describe('KPIs and the bullwhip', () => {
  it('the classic game with pass-through ordering shows order variance growing from retailer to factory', () => {
    const k = beergameKpis(new Game(created()).playOut('passthrough').state);
    const v = k.byFacility.map((f) => f.orderVariance);
    for (let i = 1; i < v.length; i++) expect(v[i]!).toBeGreaterThan(v[i - 1]!);
    expect(k.byFacility[3]!.amplification!).toBeGreaterThan(1);
  });

  it('the Sterman policy amplifies orders upstream', () => {
    const k = beergameKpis(new Game(created()).playOut('sterman:0.36,0.26,0.34,17').state);
    const v = k.byFacility.map((f) => f.orderVariance);
    expect(v[3]!).toBeGreaterThan(v[0]!);
  });

  it('team cost, fill rate, average stock, weeks with a backorder, per facility figures and per week series', () => {
    const game = new Game(created()).playOut('fixed:4');
    const k = beergameKpis(game.state);
    expect(k.weeks).toBe(36);
    expect(k.teamCost).toBe(game.state.facilities.reduce((a, f) => a + f.cost, 0));
    expect(k.consumerDemand.slice(0, 6)).toEqual([4, 4, 4, 4, 8, 8]);
    // The retailer gets 4 a week: weeks 1-4 served, week 5: 8 from 12+4-... every later week short.
    expect(k.fillRate).toBeGreaterThan(0);
    expect(k.fillRate).toBeLessThan(1);
    expect(k.weeksWithBackorder).toBeGreaterThan(0);
    expect(k.perWeek).toHaveLength(36);
    expect(k.perWeek[35]!.cumulativeTeamCost).toBeCloseTo(k.teamCost);
    const r = k.byFacility[0]!;
    expect(r.averageOrder).toBe(4);
    expect(r.orderVariance).toBe(0);
    expect(r.onTimeRate).toBeLessThan(1);
    expect(k.byFacility[3]!.onTimeRate).toBe(1);
    expect(k.averageStock).toBeGreaterThan(0);
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
    expect(result.totals.teamCost).toBe(Object.values(result.totals.byFacility).reduce((a, b) => a + b, 0));
  });

  it('one policy per facility in network order', () => {
    const result = simulateBeerGameRun({ policies: ['fixed:1', 'fixed:2', 'fixed:3', 'fixed:4'], weeks: 3 });
    expect(result.weeks[0]!.facilities.map((f) => f.order)).toEqual([1, 2, 3, 4]);
    expect(() => simulateBeerGameRun({ policies: ['fixed:1', 'fixed:2'] })).toThrow();
    expect(() => simulateBeerGameRun({ policies: ['basestock:1,2'] })).toThrow();
  });
});
