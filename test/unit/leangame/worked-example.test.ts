/**
 * The lean game's metrics against a worked example: a tiny factory played by hand at known
 * instants, every figure computed on paper below (seconds after the start unless noted).
 *
 * Warehouse W at (0,0), station S1 at (0,2) holding circle:red, S2 at (0,3) holding square:blue;
 * a cell costs 6 s (0.1 min), less one: W→S1 6 s, S1→S2 0 s, S2→W 12 s. Template `a`: circle:red
 * on target 0, then square:blue on target 4; price 20, material 2. Batch of 1, no quality control.
 * Orders: d1 = 2 units due at minute 3, d2 = 1 unit due at minute 1, both placed at minute 0.
 *
 * A human action starts when its facility was free (and the unit had arrived) and ends when it
 * is recorded. Per unit (load = release, pick-up and delivery; desk = painting):
 *   p0: release 0→10 | move 10→16 | pick-up 16→18 | paint 18→24 | pick-up 24→25 | paint 25→33
 *       | move 33→45 | deliver 45→50. desk 14 (all right), load 18, move 18, wait 0: flow 50.
 *   p1: release 10→20 | move 20→26 | pick-up 26→28 | paint 28→33 WRONG TARGET | pick-up 33→35
 *       | paint 35→41 | move 41→53 | deliver 53→60. desk 11 (5 of it a defect), load 21, move 18.
 *   p2: release 20→30 | move 30→36 | pick-up 36→38 | paint 38→44 | pick-up 44→46 | paint 46→52
 *       | move 52→64 | deliver 64→70. desk 12, load 20, move 18.
 * The round ends at 200 s.
 */
import { describe, expect, it } from 'vitest';
import { type Actor, type CommandContext, handle } from '../../../src-shared/eventsourcing';
import {
  type LeanCommand,
  type LeanEvent,
  type LeanState,
  leanDebrief,
  leangameDecider,
  leanMetrics,
  leanSetupSchema,
  leanStateAt,
  leanWip,
} from '../../../src-shared/leangame';

const T0 = Date.UTC(2025, 2, 3, 10, 0, 0);
const at = (seconds: number) => T0 + seconds * 1000;
const teacher: Actor = { userId: 'teacher', role: 'instructor' };
const alice: Actor = { userId: 'alice', role: 'player' };
const bob: Actor = { userId: 'bob', role: 'player' };
const carol: Actor = { userId: 'carol', role: 'player' };

const setup = leanSetupSchema.parse({
  params: {
    mapSize: { rows: 2, columns: 4 },
    moveCellTime: 0.1,
    batchSize: 1,
    productsTemplates: [
      {
        id: 'a',
        name: 'A',
        price: 20,
        materialCost: 2,
        operations: [
          { shape: 'circle', colour: 'red', target: 0 },
          { shape: 'square', colour: 'blue', target: 4 },
        ],
      },
    ],
    consumerDemand: [
      { id: 'd1', created_min: 0, due_min: 3, qty: 2, template_id: 'a' },
      { id: 'd2', created_min: 0, due_min: 1, qty: 1, template_id: 'a' },
    ],
    consumerDemandParams: { totalDuration: 10, visibility: true },
    // A release takes up to 10 s: the warehouse's releases below start when it was free.
    times: { release: 10 / 60 },
  },
  facilities: [
    { id: 'W', name: 'Warehouse', type: 'warehouse', position: { row: 0, column: 0 } },
    { id: 'S1', name: 'Station 1', type: 'station', position: { row: 0, column: 2 }, tools: ['circle:red'] },
    { id: 'S2', name: 'Station 2', type: 'station', position: { row: 0, column: 3 }, tools: ['square:blue'] },
  ],
});

function play(): { state: LeanState; events: LeanEvent[] } {
  let state = leangameDecider.initialState;
  const events: LeanEvent[] = [];
  const run = (command: LeanCommand, actor: Actor, seconds: number) => {
    const context: CommandContext = { now: at(seconds), actor };
    const result = handle(leangameDecider, state, command, context);
    state = result.state;
    events.push(...result.events);
  };
  run({ type: 'CreateLeanGame', gameId: 'g', name: 'Worked example', seed: 1, setup }, teacher, -60);
  run({ type: 'JoinFacility', facilityId: 'W' }, alice, -30);
  run({ type: 'JoinFacility', facilityId: 'S1' }, bob, -30);
  run({ type: 'JoinFacility', facilityId: 'S2' }, carol, -30);
  run({ type: 'StartGame' }, teacher, 0);
  const steps: Array<[number, Actor, LeanCommand]> = [
    [10, alice, { type: 'ReleaseSheet', facilityId: 'W' }],
    [10, alice, { type: 'SendBatch', facilityId: 'W' }],
    [18, bob, { type: 'PickUpBatch', facilityId: 'S1' }],
    [20, alice, { type: 'ReleaseSheet', facilityId: 'W' }],
    [20, alice, { type: 'SendBatch', facilityId: 'W' }],
    [24, bob, { type: 'PerformOperation', facilityId: 'S1', productId: 'p0', target: 0 }],
    [24, bob, { type: 'SendBatch', facilityId: 'S1' }],
    [25, carol, { type: 'PickUpBatch', facilityId: 'S2' }],
    [28, bob, { type: 'PickUpBatch', facilityId: 'S1' }],
    [30, alice, { type: 'ReleaseSheet', facilityId: 'W' }],
    [30, alice, { type: 'SendBatch', facilityId: 'W' }],
    [33, carol, { type: 'PerformOperation', facilityId: 'S2', productId: 'p0', target: 4 }],
    [33, carol, { type: 'SendBatch', facilityId: 'S2' }],
    // Bob paints p1's circle on target 1 instead of 0: a defect, which no one inspects.
    [33, bob, { type: 'PerformOperation', facilityId: 'S1', productId: 'p1', target: 1 }],
    [33, bob, { type: 'SendBatch', facilityId: 'S1' }],
    [35, carol, { type: 'PickUpBatch', facilityId: 'S2' }],
    [38, bob, { type: 'PickUpBatch', facilityId: 'S1' }],
    [41, carol, { type: 'PerformOperation', facilityId: 'S2', productId: 'p1', target: 4 }],
    [41, carol, { type: 'SendBatch', facilityId: 'S2' }],
    [44, bob, { type: 'PerformOperation', facilityId: 'S1', productId: 'p2', target: 0 }],
    [44, bob, { type: 'SendBatch', facilityId: 'S1' }],
    [46, carol, { type: 'PickUpBatch', facilityId: 'S2' }],
    [50, alice, { type: 'DeliverProduct', facilityId: 'W', productId: 'p0' }],
    [52, carol, { type: 'PerformOperation', facilityId: 'S2', productId: 'p2', target: 4 }],
    [52, carol, { type: 'SendBatch', facilityId: 'S2' }],
    [60, alice, { type: 'DeliverProduct', facilityId: 'W', productId: 'p1' }],
    [70, alice, { type: 'DeliverProduct', facilityId: 'W', productId: 'p2' }],
  ];
  for (const [seconds, actor, command] of steps) run(command, actor, seconds);
  run({ type: 'EndGame' }, teacher, 200);
  return { state, events };
}

const { state, events } = play();
const end = at(200);
const m = leanMetrics(state, end);

describe('lean metrics, worked by hand', () => {
  it('times each unit by category, as the paper timeline says', () => {
    const seconds = (ms: number) => ms / 1000;
    const byUnit = state.products.map((p) => ({
      desk: seconds(p.times.workdeskTime),
      load: seconds(p.times.loadTime),
      move: seconds(p.times.moveTime),
      wait: seconds(p.times.waitTime),
      changeover: seconds(p.times.changeoverTime),
    }));
    expect(byUnit).toEqual([
      { desk: 14, load: 18, move: 18, wait: 0, changeover: 0 },
      { desk: 11, load: 21, move: 18, wait: 0, changeover: 0 },
      { desk: 12, load: 20, move: 18, wait: 0, changeover: 0 },
    ]);
    // Means per delivered unit, in minutes: desk 37/3 s, load 59/3 s, move 18 s.
    expect(m.timeByCategory).toEqual({
      workdeskTime: 0.206,
      changeoverTime: 0,
      loadTime: 0.328,
      moveTime: 0.3,
      waitTime: 0,
    });
  });

  it('flow time, lead time, throughput and WIP, and Little’s law holding once every unit is out', () => {
    // Flow: 50 s each. Lead time from the order minute (0): 50, 60, 70 s.
    expect(m.flowTime).toEqual({ mean: 0.833, p90: 0.833, count: 3 });
    expect(m.leadTime).toEqual({ mean: 1, p90: 1.167, count: 3 });
    // WIP: 1 unit 0–10, 2 units 10–20, 3 units 20–50, 2 units 50–60, 1 unit 60–70: 150 unit-seconds over 200 s.
    expect(m.wip).toEqual({ mean: 0.75, max: 3, final: 0 });
    expect(leanWip(state, end).unitMinutes).toBeCloseTo(2.5, 9);
    // 3 units in 200 s = 0.9 a minute; 0.9 × 0.8333 min = 0.75: equal to the mean WIP.
    expect(m.throughput).toBe(0.9);
    expect(m.littlesLaw).toEqual({ wip: 0.75, throughputTimesFlowTime: 0.75 });
  });

  it('Little’s law does not hold over a window that ends with units inside', () => {
    // At 40 s: three units released, none delivered, so throughput is 0 while WIP is not.
    const early = leanMetrics(leanStateAt(events, at(40)), at(40));
    expect(early.wip.mean).toBe(2.25); // (10 + 20 + 3 × 20) unit-seconds over 40 s
    expect(early.littlesLaw.throughputTimesFlowTime).toBe(0);
  });

  it('flow efficiency counts only the paint that stays right', () => {
    // Right paint: p0 6 + 8, p1 6 (its 5 s defect is waste), p2 6 + 6 = 32 s over 150 s of flow.
    expect(m.flowEfficiency).toBe(0.213);
    expect(m.valueAddedMinutes).toBe(0.178); // 32/3 s
  });

  it('OTIF, first-pass yield, defects and lateness', () => {
    // Due by 200 s: d1 (2 units, p0 right and on time, p1 defective) and d2 (p2, due at 60 s, late).
    expect(m.demandDue).toBe(3);
    expect(m.otif).toBe(0.333);
    expect(m.firstPassYield).toBe(0.667); // p1 had a defect: 2 of 3 right the first time
    expect([m.defects, m.defectProducts, m.lateProducts]).toEqual([1, 1, 1]);
  });

  it('line balance and resource efficiency from the busy time', () => {
    // S1 busy 2+6+2+5+2+6 = 23 s; S2 1+8+2+6+2+6 = 25 s; W 10+10+10+5+7+6 = 48 s; 200 s elapsed.
    expect(m.lineBalance).toBe(0.96); // (23 + 25) / (2 × 25)
    expect(m.resourceEfficiency).toEqual({ W: 0.24, S1: 0.115, S2: 0.125 });
  });

  it('profit and loss', () => {
    // 2 good units × 20; 3 released × 2; labour 0.5 × 3 facilities × 3.333 min; WIP 0.1 × 2.5
    // unit-minutes; one defective (10) and one late (5) delivery.
    expect(m.pnlDetail).toEqual({
      revenue: 40,
      materials: 6,
      labour: 5,
      wipHolding: 0.25,
      defects: 10,
      lateness: 5,
      profit: 13.75,
    });
  });

  it('shows the same figures in the debrief', () => {
    const debrief = leanDebrief(state, end);
    expect(debrief.flowefficiency).toMatchObject({ flowEfficiency: 0.213, valueAddedMinutes: 0.178 });
    expect(debrief.balance.lineBalance).toBe(0.96);
    expect(debrief.quality.firstPassYield).toBe(0.667);
  });
});
