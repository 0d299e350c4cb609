/**
 * The computer-only simulation: Little's law on a long round, determinism and exact replay, and
 * the accounting identities the metrics rest on.
 */
import { describe, expect, it } from 'vitest';
import { fold, handle } from '../../../src-shared/eventsourcing';
import {
  LEAN_TIME_CATEGORIES,
  leangameDecider,
  leanMetrics,
  leanProductRecords,
  leanScheduleComputerActions,
  leanStateAt,
  nextComputerActionAt,
  simulateLeanRound,
  unitTimes,
} from '../../../src-shared/leangame';

describe("Little's law", () => {
  // Over a long round the start-up and the units still inside at the end weigh little:
  // mean WIP = throughput × mean flow time, within 5 %.
  it.each(['workshop4-lean', 'factory7-lean', 'workshop4-choose'])(
    'holds within 5 percent over 120 minutes (%s)',
    (scenarioId) => {
      const { state, endAt } = simulateLeanRound({ scenarioId, minutes: 120, seed: 11 });
      const m = leanMetrics(state, endAt);
      expect(m.deliveries).toBeGreaterThan(300);
      const ratio = m.littlesLaw.throughputTimesFlowTime / m.littlesLaw.wip;
      expect(ratio).toBeGreaterThan(0.95);
      expect(ratio).toBeLessThan(1.05);
    },
  );
});

describe('determinism and replay', () => {
  const options = {
    scenarioId: 'factory7-choose',
    minutes: 12,
    seed: 5,
    improvements: ['kanban', 'smed'],
  } as const;

  it('gives the same events for the same scenario, improvements and seed, and others for another seed', () => {
    const a = simulateLeanRound(options);
    const b = simulateLeanRound(options);
    expect(JSON.stringify(b.events)).toBe(JSON.stringify(a.events));
    const c = simulateLeanRound({ ...options, seed: 6 });
    expect(JSON.stringify(c.events)).not.toBe(JSON.stringify(a.events));
  });

  it('replays exactly from the stored events, even after a JSON round trip', () => {
    const { events, state, endAt } = simulateLeanRound(options);
    const stored = JSON.parse(JSON.stringify(events));
    const replayed = fold(leangameDecider, stored);
    expect(replayed).toEqual(state);
    expect(leanMetrics(replayed, endAt)).toEqual(leanMetrics(state, endAt));
  });

  it('does not depend on how often the scheduler wakes: one late wake-up gives the same events', () => {
    const { events } = simulateLeanRound(options);
    // Create and start, then a single RunComputerActions at the round's end.
    let state = fold(leangameDecider, events.slice(0, 3));
    const startAt = state.startAt!;
    const started = events.slice(0, 3).length;
    const computed = events.slice(started, -1).filter((e) => e.data.at <= startAt);
    state = fold(leangameDecider, computed, state);
    const end = startAt + 12 * 60_000;
    const once = handle(
      leangameDecider,
      state,
      { type: 'RunComputerActions' },
      {
        now: end,
        actor: { userId: 'scheduler', role: 'system' },
      },
    );
    expect(JSON.stringify([...events.slice(0, started), ...computed, ...once.events])).toBe(
      JSON.stringify(events.slice(0, -1)),
    );
    expect(nextComputerActionAt(once.state)).toBeNull();
  });

  it('leanScheduleComputerActions forecasts the same timed actions the round then records', () => {
    const { events } = simulateLeanRound(options);
    const started = fold(leangameDecider, events.slice(0, 2));
    const plan = leanScheduleComputerActions(started, 12);
    const recorded = events.slice(3, -1).map((e) => ({ at: e.data.at, type: e.type }));
    expect(plan.map(({ at, type }) => ({ at, type }))).toEqual(recorded);
    expect(new Set(plan.map((a) => a.facilityId))).toContain('cut');
  });

  it('stamps events in time order and the state at an instant is the fold of the events up to it', () => {
    const { events, state } = simulateLeanRound(options);
    for (let i = 1; i < events.length; i += 1)
      expect(events[i]!.data.at).toBeGreaterThanOrEqual(events[i - 1]!.data.at);
    const mid = state.startAt! + 6 * 60_000;
    const at = leanStateAt(events, mid);
    expect(at.lastAt).toBeLessThanOrEqual(mid);
    expect(at.products.length).toBeLessThan(state.products.length);
    expect(leanMetrics(at, mid).minutes).toBe(6);
  });
});

describe('accounting', () => {
  const { state, endAt } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 15, seed: 2 });

  it("splits each delivered unit's flow time exactly into the five ranked categories", () => {
    const delivered = state.products.filter((p) => !p.initial && p.deliveredAt !== null);
    expect(delivered.length).toBeGreaterThan(30);
    for (const p of delivered) {
      const total = LEAN_TIME_CATEGORIES.reduce((s, c) => s + p.times[c], 0);
      expect(total).toBe(p.deliveredAt! - p.releasedAt!);
      const byFacility = Object.values(p.faciGap).reduce(
        (s, gap) => s + LEAN_TIME_CATEGORIES.reduce((t, c) => t + gap[c], 0),
        0,
      );
      expect(byFacility).toBe(total);
    }
  });

  it('gives units still inside their time up to now, and Products records with faciGap per facility', () => {
    const inside = state.products.find((p) => p.deliveredAt === null && !p.initial)!;
    const times = unitTimes(inside, endAt);
    expect(LEAN_TIME_CATEGORIES.reduce((s, c) => s + times[c], 0)).toBe(endAt - inside.releasedAt!);
    const records = leanProductRecords(state, endAt);
    const record = records.find((r) => r.id === inside.id)!;
    expect(record.delivered_min).toBeNull();
    expect(Object.keys(record.faciGap)).toContain(inside.at);
    const done = records.find((r) => r.delivered_min !== null)!;
    expect(Object.keys(done.faciGap).sort()).toEqual(['paint1', 'paint2', 'qc', 'warehouse']);
  });

  it('keeps the metrics in their ranges and consistent with the demand tracking fields', () => {
    const m = leanMetrics(state, endAt);
    for (const x of [m.otif, m.flowEfficiency, m.lineBalance, m.firstPassYield]) {
      expect(x).toBeGreaterThan(0);
      expect(x).toBeLessThanOrEqual(1);
    }
    for (const value of Object.values(m.resourceEfficiency)) expect(value).toBeLessThanOrEqual(1);
    expect(m.deliveries).toBe(state.demand.reduce((s, d) => s + d.fulfilled_qty, 0));
    expect(m.lateProducts).toBe(state.demand.reduce((s, d) => s + d.lateProducts, 0));
    expect(m.defectProducts).toBe(state.demand.reduce((s, d) => s + d.defectProducts, 0));
    expect(m.released).toBe(state.demand.reduce((s, d) => s + d.prod_started_qty, 0));
    expect(state.nextRank).toBe(m.released);
    expect(m.leadTime.p90).toBeGreaterThanOrEqual(m.leadTime.mean);
    const { revenue, materials, labour, wipHolding, defects, lateness, profit } = m.pnlDetail;
    expect(profit).toBeCloseTo(revenue - materials - labour - wipHolding - defects - lateness, 1);
  });
});
