/** Spec rules of the lean game: distance (point 5), clock (point 4), copy, fields and constants. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  copyLeanGame,
  LEAN_CLOCK_REFRESH_MS,
  LEAN_COLOURS,
  LEAN_DEBRIEF_SECTIONS,
  LEAN_IMPROVEMENTS,
  LEAN_METRIC_RANKS,
  LEAN_SCENARIOS,
  LEAN_SHAPES,
  LEAN_TIME_CATEGORIES,
  type LeanPosition,
  leanClock,
  leanDebrief,
  leanMoveMinutes,
  leanParamsSchema,
  leanProductRecordSchema,
  leanSetupSchema,
  simulateLeanRound,
  viewLeanGame,
} from '../../../src-shared/leangame';
import { assertProperty } from '../../support/property';
import { alice, creator, Game, MIN, smallSetup, T0 } from './helpers';

/** The spec's lists, written out here so that no test compares a constant with itself. */
const SPEC_IMPROVEMENTS = [
  'movestations',
  'batch',
  'autoinspect',
  'balancestations',
  'heijunka',
  'pokayoke',
  'kanban',
  'smed',
];
const SPEC_DEBRIEF_SECTIONS = [
  'optionButtons',
  'teamPerformance',
  'individualPerformance',
  'pnl',
  'deliveries',
  'balance',
  'wip',
  'quality',
  'flowefficiency',
  'resefficiency',
];

describe('lean map distance (spec point 5)', () => {
  it('is the Manhattan distance minus one, not below zero, times the cell move time: worked cases', () => {
    const cases: [LeanPosition, LeanPosition, number, number][] = [
      // same cell: 0 cells, 0 - 1 is below zero, so 0
      [{ row: 1, column: 1 }, { row: 1, column: 1 }, 0.5, 0],
      // next door: 1 cell, 1 - 1 = 0
      [{ row: 0, column: 0 }, { row: 0, column: 1 }, 0.5, 0],
      [{ row: 2, column: 4 }, { row: 1, column: 4 }, 0.5, 0],
      // diagonal neighbour: 1 + 1 = 2 cells, (2 - 1) x 0.5 = 0.5
      [{ row: 0, column: 0 }, { row: 1, column: 1 }, 0.5, 0.5],
      // 2 rows + 3 columns = 5 cells, (5 - 1) x 0.5 = 2
      [{ row: 0, column: 0 }, { row: 2, column: 3 }, 0.5, 2],
      // 3 rows + 4 columns = 7 cells, (7 - 1) x 0.25 = 1.5
      [{ row: 3, column: 0 }, { row: 0, column: 4 }, 0.25, 1.5],
      // 11 + 11 = 22 cells, (22 - 1) x 0.1 = 2.1
      [{ row: 0, column: 0 }, { row: 11, column: 11 }, 0.1, 2.1],
      // no move time, no travel
      [{ row: 0, column: 0 }, { row: 5, column: 5 }, 0, 0],
    ];
    for (const [a, b, moveCellTime, minutes] of cases)
      expect(leanMoveMinutes(a, b, moveCellTime), `${JSON.stringify([a, b])} at ${moveCellTime}`).toBeCloseTo(
        minutes,
        9,
      );
  });

  it('is symmetric, the same wherever the pair is moved, and one cell longer costs one cell more', () => {
    const cell = fc.record({ row: fc.integer({ min: 0, max: 11 }), column: fc.integer({ min: 0, max: 11 }) });
    const shift = fc.record({
      row: fc.integer({ min: -11, max: 11 }),
      column: fc.integer({ min: -11, max: 11 }),
    });
    assertProperty(
      fc.property(cell, cell, shift, fc.double({ min: 0, max: 5, noNaN: true }), (a, b, d, moveCellTime) => {
        const minutes = leanMoveMinutes(a, b, moveCellTime);
        expect(minutes).toBeGreaterThanOrEqual(0);
        expect(leanMoveMinutes(b, a, moveCellTime)).toBe(minutes);
        const moved = (p: LeanPosition) => ({ row: p.row + d.row, column: p.column + d.column });
        expect(leanMoveMinutes(moved(a), moved(b), moveCellTime)).toBeCloseTo(minutes, 9);
        // Taking the lower cell one row further away adds one cell of travel, unless the two were one cell:
        // with the worked cases (0 for a cell and its neighbours) this fixes every distance.
        const [top, bottom] = a.row <= b.row ? [a, b] : [b, a];
        if (a.row !== b.row || a.column !== b.column)
          expect(
            leanMoveMinutes(top, { row: bottom.row + 1, column: bottom.column }, moveCellTime),
          ).toBeCloseTo(minutes + moveCellTime, 9);
      }),
      { numRuns: 100 },
    );
  });

  it('sets the travel time of a batch: it arrives after the distance, as move time', () => {
    const game = Game.create();
    game.run({ type: 'StartGame' }, creator, T0);
    game.run({ type: 'ReleaseSheet', facilityId: 'wh' }, { userId: 'system', role: 'system' }, T0 + 3000);
    const [sent] = game.run(
      { type: 'SendBatch', facilityId: 'wh' },
      { userId: 'system', role: 'system' },
      T0 + 5000,
    );
    // wh (0,0) to paint (0,3): 3 cells, minus one, times 0.1 minute = 12 s.
    expect(sent!.type === 'BatchSent' && sent.data.arrivesAt - sent.data.at).toBe(12_000);
  });
});

describe('lean game clock (spec point 4)', () => {
  it('before the start shows the earliest demand minute at which outstanding demand exceeds the products present', () => {
    const demand = [
      { created_min: 1, qty: 2, template_id: 'a' },
      { created_min: 3, qty: 2, template_id: 'a' },
      { created_min: 6.25, qty: 1, template_id: 'a' },
    ];
    expect(leanClock(Game.create(smallSetup({ consumerDemand: demand })).state, T0).minute).toBe(1);
    const stocked = Game.create(smallSetup({ consumerDemand: demand, initialStock: { a: 4 } })).state;
    expect(leanClock(stocked, T0)).toEqual({ active: false, started: false, ended: false, minute: 6.2 });
    const plenty = Game.create(smallSetup({ consumerDemand: demand, initialStock: { a: 9 } })).state;
    expect(leanClock(plenty, T0).minute).toBe(0);
  });

  it('runs in tenths of a minute from the start to now, is active while there is no end time, and stops at the end', () => {
    const game = Game.create();
    game.run({ type: 'StartGame' }, creator, T0);
    expect(leanClock(game.state, T0)).toEqual({ active: true, started: true, ended: false, minute: 0 });
    expect(leanClock(game.state, T0 + 5_999).minute).toBe(0);
    expect(leanClock(game.state, T0 + 6_000).minute).toBe(0.1);
    expect(leanClock(game.state, T0 + 2 * MIN + 59_000).minute).toBe(2.9);
    game.run({ type: 'EndGame' }, creator, T0 + 4 * MIN + 30_000);
    expect(leanClock(game.state, T0 + 60 * MIN)).toEqual({
      active: false,
      started: true,
      ended: true,
      minute: 4.5,
    });
    expect(LEAN_CLOCK_REFRESH_MS).toBe(1000);
  });

  it('shows demand once its minute is reached, or from the start when visibility is on', () => {
    const game = Game.create();
    expect(viewLeanGame(game.state, alice, T0)!.params.consumerDemand).toEqual([]);
    game.run({ type: 'StartGame' }, creator, T0);
    expect(viewLeanGame(game.state, alice, T0 + MIN)!.params.consumerDemand.map((d) => d.id)).toEqual(['d1']);
    expect(viewLeanGame(game.state, alice, T0 + 5 * MIN)!.params.consumerDemand.map((d) => d.id)).toEqual([
      'd1',
      'd2',
    ]);
    const open = Game.create(smallSetup({ consumerDemandParams: { totalDuration: 10, visibility: true } }));
    expect(viewLeanGame(open.state, alice, T0)!.params.consumerDemand).toHaveLength(2);
  });
});

describe('lean parameters (spec point 3) and constants (spec point 9)', () => {
  it('fills every lean field with its default', () => {
    const params = leanParamsSchema.parse({
      productsTemplates: [
        { id: 't', name: 'T', operations: [{ shape: 'circle', colour: 'green', target: 0 }] },
      ],
      consumerDemand: [{ created_min: 2, qty: 3, template_id: 't' }],
    });
    expect(params.consumerDemand[0]).toEqual({
      created_min: 2,
      qty: 3,
      template_id: 't',
      fulfilled_at: null,
      fulfilled_qty: 0,
      defectOpes: 0,
      defectProducts: 0,
      lateProducts: 0,
      otifProducts: 0,
      prod_started_qty: 0,
    });
    expect(params.consumerDemandParams).toEqual({ totalDuration: 15, visibility: false });
    expect(params).toMatchObject({
      game_start_at: null,
      game_end_at: null,
      nextRank: 0,
      moveCellTime: 0.1,
      batchSize: 4,
    });
    expect(params.improvements).toEqual({ available: SPEC_IMPROVEMENTS, enabled: [] });
    expect(
      leanProductRecordSchema.safeParse({
        id: 'p',
        template_id: 't',
        rank: 0,
        released_min: 0,
        delivered_min: null,
        faciGap: {},
      }).success,
    ).toBe(true);
  });

  it('refuses unknown shapes and colours, and inconsistent factories', () => {
    const bad = (patch: object) => leanSetupSchema.safeParse({ ...smallSetup(), ...patch }).success;
    expect(bad({})).toBe(true);
    const twoWarehouses = smallSetup().facilities.map((f) =>
      f.id === 'qc' ? { ...f, type: 'warehouse' } : f,
    );
    expect(bad({ facilities: twoWarehouses })).toBe(false);
    const sameCell = smallSetup().facilities.map((f) => ({ ...f, position: { row: 0, column: 0 } }));
    expect(bad({ facilities: sameCell })).toBe(false);
    const noTool = smallSetup().facilities.map((f) =>
      f.id === 'paint' ? { ...f, tools: ['circle:red'] } : f,
    );
    expect(bad({ facilities: noTool })).toBe(false);
    expect(
      leanParamsSchema.safeParse({
        productsTemplates: [
          { id: 't', name: 'T', operations: [{ shape: 'star', colour: 'green', target: 0 }] },
        ],
      }).success,
    ).toBe(false);
    expect(
      leanParamsSchema.safeParse({
        productsTemplates: [
          { id: 't', name: 'T', operations: [{ shape: 'circle', colour: 'pink', target: 0 }] },
        ],
      }).success,
    ).toBe(false);
  });

  it('names the shapes, colours, metric ranks, debrief sections and improvements of the spec', () => {
    expect(LEAN_SHAPES).toEqual(['circle', 'square', 'triangle', 'horizontalBar', 'verticalBar']);
    expect(LEAN_COLOURS).toEqual(['green', 'red', 'blue', 'yellow', 'grey']);
    expect(LEAN_METRIC_RANKS).toEqual({
      workdeskTime: 1,
      changeoverTime: 2,
      loadTime: 3,
      moveTime: 4,
      waitTime: 5,
    });
    expect(LEAN_TIME_CATEGORIES).toEqual([
      'workdeskTime',
      'changeoverTime',
      'loadTime',
      'moveTime',
      'waitTime',
    ]);
    expect(LEAN_DEBRIEF_SECTIONS).toEqual(SPEC_DEBRIEF_SECTIONS);
    expect(LEAN_IMPROVEMENTS).toEqual(SPEC_IMPROVEMENTS);
  });

  it('offers two factories of about 4 and 7 facilities, each built-in and player-chosen', () => {
    expect(LEAN_SCENARIOS.map((s) => [s.id, s.stations, s.mode])).toEqual([
      ['workshop4-choose', 4, 'choose'],
      ['workshop4-lean', 4, 'builtin'],
      ['factory7-choose', 7, 'choose'],
      ['factory7-lean', 7, 'builtin'],
    ]);
    for (const s of LEAN_SCENARIOS) {
      const types = s.setup.facilities.map((f) => f.type);
      expect(types).toContain('warehouse');
      expect(types).toContain('qualitycontrol');
      expect(s.setup.params.improvements.enabled).toEqual(s.mode === 'builtin' ? SPEC_IMPROVEMENTS : []);
      expect(s.setup.params.improvements.available).toEqual(s.mode === 'builtin' ? [] : SPEC_IMPROVEMENTS);
      expect(leanSetupSchema.safeParse(s.setup).success).toBe(true);
    }
  });
});

describe('debrief data', () => {
  it('has every section of spec point 9 in order, with time categories ranked', () => {
    const { state, endAt } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 6, seed: 1 });
    const debrief = leanDebrief(state, endAt);
    expect(debrief.sections).toEqual(SPEC_DEBRIEF_SECTIONS);
    for (const section of SPEC_DEBRIEF_SECTIONS)
      expect(debrief[section as keyof typeof debrief]).toBeDefined();
    const flow = debrief.flowefficiency as { timeByCategory: { rank: number }[] };
    expect(flow.timeByCategory.map((c) => c.rank)).toEqual([1, 2, 3, 4, 5]);
    expect((debrief.individualPerformance as unknown[]).length).toBe(4);
  });
});

describe('game copy (spec point 4)', () => {
  it('clears next rank, start and end times, the panel owner, demand counters and players', () => {
    const setup = smallSetup({ nextRank: 7, game_start_at: T0, game_end_at: T0 + MIN });
    const played = {
      name: 'Round 1',
      finished: true,
      archived: true,
      session: 's1',
      players: ['alice'],
      improvementsPanelBy: 'alice',
      params: {
        ...setup.params,
        consumerDemand: setup.params.consumerDemand.map((d) => ({
          ...d,
          fulfilled_at: T0,
          fulfilled_qty: 2,
          defectOpes: 1,
          defectProducts: 1,
          lateProducts: 1,
          otifProducts: 1,
          prod_started_qty: 2,
        })),
      },
      facilities: setup.facilities.map((f) => ({ ...f, user: 'alice', playerName: 'Alice' })),
    };
    const copy = copyLeanGame(played);
    expect(copy).toMatchObject({
      name: 'Round 1',
      finished: false,
      archived: false,
      session: null,
      players: [],
      improvementsPanelBy: null,
    });
    expect(copy.params).toMatchObject({ nextRank: 0, game_start_at: null, game_end_at: null });
    for (const d of copy.params.consumerDemand)
      expect(d).toMatchObject({
        fulfilled_at: null,
        fulfilled_qty: 0,
        defectOpes: 0,
        defectProducts: 0,
        lateProducts: 0,
        otifProducts: 0,
        prod_started_qty: 0,
      });
    expect(copy.params.consumerDemand.map((d) => d.qty)).toEqual([2, 1]);
    expect(copy.facilities.every((f) => f.user === null && f.playerName === null)).toBe(true);
    expect(played.players).toEqual(['alice']);
  });
});
