/**
 * The lean game's wide research layout (issue 23): one row per facility and minute of each round,
 * whose sums are the engine's own figures and whose WIP is the fold's at each minute's end.
 */
import { describe, expect, it } from 'vitest';
import {
  leanDebrief,
  leanMinuteRows,
  leanStateAt,
  leanWip,
  MINUTE_MS,
  simulateLeanRound,
} from '../../../src-shared/leangame';
import { alice, creator, MIN, played, T0 } from './helpers';

describe('the lean wide layout', () => {
  it('has a row per facility and minute, adding up to the debrief’s figures', () => {
    const { events, state, endAt } = simulateLeanRound({
      scenarioId: 'workshop4-choose',
      minutes: 6,
      seed: 1,
    });
    const rows = leanMinuteRows(events);
    expect(rows).toHaveLength(6 * 4);
    expect(rows.slice(0, 4).map((r) => [r.round, r.minute, r.facilityId])).toEqual([
      [1, 1, 'warehouse'],
      [1, 1, 'paint1'],
      [1, 1, 'paint2'],
      [1, 1, 'qc'],
    ]);
    expect(rows.every((r) => r.computer && r.userId === null)).toBe(true);
    const debrief = leanDebrief(state, endAt);
    for (const f of debrief.individualPerformance) {
      const mine = rows.filter((r) => r.facilityId === f.id);
      const sum = (key: 'actions' | 'operations' | 'defectiveOperations' | 'busyMinutes') =>
        mine.reduce((s, r) => s + r[key], 0);
      expect(sum('actions'), f.id).toBe(f.actions);
      expect(sum('operations'), f.id).toBe(f.operations);
      expect(sum('defectiveOperations'), f.id).toBe(f.defects);
      expect(Math.abs(sum('busyMinutes') - f.busyMinutes), f.id).toBeLessThan(0.01);
      expect(mine.every((r) => r.busyMinutes >= 0 && r.busyMinutes <= 1)).toBe(true);
    }
    const delivered = rows.reduce((s, r) => s + r.delivered, 0);
    expect(delivered).toBe(debrief.teamPerformance.deliveries);
    // WIP at each minute's end is the fold's at that instant.
    for (const minute of [1, 3, 6]) {
      const at = state.startAt! + minute * MINUTE_MS;
      const row = rows.find((r) => r.minute === minute)!;
      expect(row.wip, `minute ${minute}`).toBe(leanWip(leanStateAt(events, at), at).final);
    }
  });

  it('names who held each facility at the minute’s end, and numbers the rounds across a reset', () => {
    const game = played();
    game.run({ type: 'ReleaseSheet', facilityId: 'wh' }, alice, T0 + 30_000);
    game.run({ type: 'LeaveFacility', facilityId: 'wh' }, alice, T0 + 90_000);
    game.run({ type: 'EndGame' }, creator, T0 + 2.5 * MIN);
    game.run({ type: 'ResetLeanGame' }, creator, T0 + 3 * MIN);
    game.run({ type: 'StartGame' }, creator, T0 + 4 * MIN);
    game.run({ type: 'EndGame' }, creator, T0 + 4.5 * MIN);
    const rows = leanMinuteRows(game.events);
    const warehouse = rows.filter((r) => r.facilityId === 'wh');
    // Alice left in minute 2: the computer played the warehouse from then on, in round 2 too.
    expect(warehouse.map((r) => [r.round, r.minute, r.userId, r.computer])).toEqual([
      [1, 1, 'alice', false],
      [1, 2, null, true],
      [1, 3, null, true],
      [2, 1, null, true],
    ]);
    expect(rows.filter((r) => r.facilityId === 'paint').every((r) => r.userId === 'bob')).toBe(true);
    // Alice's release, still in the factory at the end of minute 1.
    expect(warehouse[0]).toMatchObject({ actions: 1, released: 1, wip: 1 });
  });

  it('has no row for a round that never started', () => {
    const game = played();
    game.run({ type: 'EndGame' }, creator, T0 + 0.5 * MIN);
    game.run({ type: 'ResetLeanGame' }, creator, T0 + MIN);
    expect(new Set(leanMinuteRows(game.events).map((r) => r.round))).toEqual(new Set([1]));
  });
});
