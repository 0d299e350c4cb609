/**
 * The pure helpers of the lean debrief page (src-client/features/leangame/debrief): the reference
 * a round is compared with, the comparison rows and their verdicts, the improvements that differ,
 * and the replay's steps in tenths of a minute with the minute in the URL.
 */
import { describe, expect, it } from 'vitest';
import {
  leanReplaySteps,
  minuteParam,
  stepFromSearch,
} from '../../../src-client/features/leangame/debrief/replay-steps';
import {
  COMPARISON_KEYS,
  compareFigure,
  comparisonRows,
  improvementChanges,
  leanReference,
  leanRoundBaseline,
  TEAM_KEYS,
} from '../../../src-shared/leangame/comparison';
import { LEAN_IMPROVEMENTS, MINUTE_MS } from '../../../src-shared/leangame/constants';
import { leanStateAt } from '../../../src-shared/leangame/copy';
import {
  leanBaselineMetrics,
  simulateLeanMetrics,
  simulateLeanRound,
} from '../../../src-shared/leangame/simulate';

const baseline = simulateLeanMetrics({
  scenarioId: 'workshop4-choose',
  improvements: [],
  minutes: 10,
  seed: 1,
});
const all = simulateLeanMetrics({
  scenarioId: 'workshop4-choose',
  improvements: LEAN_IMPROVEMENTS,
  minutes: 10,
  seed: 1,
});

describe('the reference of the comparison', () => {
  it('is the last round before a reset when there is one, without computing the baseline', () => {
    let computed = false;
    const rounds = [
      { improvements: [], batchSize: 4, startAt: 0, endAt: 1, metrics: baseline },
      { improvements: ['batch' as const], batchSize: 1, startAt: 2, endAt: 3, metrics: all },
    ];
    const reference = leanReference(rounds, () => {
      computed = true;
      return { metrics: baseline, batchSize: 4 };
    });
    expect(computed).toBe(false);
    expect(reference).toMatchObject({ kind: 'previous', round: 2, improvements: ['batch'], batchSize: 1 });
    expect(reference.metrics).toBe(all);
  });

  it("is else the computer's round of the same factory with no improvement", () => {
    const reference = leanReference([], () => ({ metrics: baseline, batchSize: 4 }));
    expect(reference).toMatchObject({ kind: 'baseline', round: null, improvements: [], batchSize: 4 });
  });

  it("the baseline of a played round is the engine's: the same factory, no improvement, the game's seed", () => {
    const { state } = simulateLeanRound({
      scenarioId: 'workshop4-choose',
      improvements: ['smed'],
      minutes: 10,
      seed: 1,
    });
    expect(leanBaselineMetrics(state)).toEqual(baseline);
  });
});

describe("a round's baseline", () => {
  it('is the same factory with no improvement over the round as played, its set-up batch size', () => {
    const { state } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 10, seed: 1 });
    // As the panel leaves it: one-piece flow turned on after the game was created.
    const improved = { ...state, improvements: ['batch' as const], batchSize: 1 };
    const baseline = leanRoundBaseline(improved);
    expect(baseline.batchSize).toBe(4);
    expect(baseline.metrics).toEqual(leanBaselineMetrics(state));
    expect(baseline.metrics.minutes).toBe(10);
  });

  it('a round ended early is compared with the computer over the same minutes', () => {
    const { state } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 10, seed: 1 });
    const early = { ...state, endAt: state.startAt! + 6 * MINUTE_MS };
    const baseline = leanRoundBaseline(early).metrics;
    expect(baseline.minutes).toBe(6);
    expect(baseline).toEqual(
      simulateLeanMetrics({ scenarioId: 'workshop4-choose', improvements: [], minutes: 6, seed: 1 }),
    );
  });

  it('a round ended within its first minute is compared with the computer over those seconds', () => {
    const { state } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 10, seed: 1 });
    const seconds = { ...state, endAt: state.startAt! + 15_000 };
    const baseline = leanRoundBaseline(seconds).metrics;
    expect(baseline.minutes).toBe(0.25);
    expect(baseline.deliveries).toBeGreaterThanOrEqual(0);
  });
});

describe('the comparison rows', () => {
  it('lists flow time, WIP, OTIF, first-pass yield, line balance and deliveries, in that order', () => {
    const rows = comparisonRows(all, baseline);
    expect(rows.map((r) => r.key)).toEqual([...COMPARISON_KEYS]);
    expect(rows.map((r) => r.key)).toEqual([
      'flowTime',
      'wip',
      'otif',
      'firstPassYield',
      'lineBalance',
      'deliveries',
    ]);
    expect(rows[0]).toMatchObject({
      current: all.flowTime.mean,
      reference: baseline.flowTime.mean,
      better: 'lower',
    });
    expect(rows[1]).toMatchObject({ current: all.wip.mean, reference: baseline.wip.mean });
  });

  it('says every improvement together did better on flow time, WIP and first-pass yield', () => {
    const verdicts = Object.fromEntries(comparisonRows(all, baseline).map((r) => [r.key, r.verdict]));
    expect(verdicts.flowTime).toBe('better');
    expect(verdicts.wip).toBe('better');
    expect(verdicts.firstPassYield).toBe('better');
    // And the other way round: the baseline against the lean factory is worse.
    expect(comparisonRows(baseline, all).find((r) => r.key === 'wip')!.verdict).toBe('worse');
  });

  it('calls a round against itself the same, and reads the team figures', () => {
    expect(comparisonRows(all, all).every((r) => r.verdict === 'same')).toBe(true);
    expect(comparisonRows(all, baseline, TEAM_KEYS).map((r) => r.key)).toEqual([
      'deliveries',
      'otif',
      'leadTime',
      'profit',
      'throughput',
    ]);
    expect(compareFigure('profit', all, baseline)).toMatchObject({ current: all.pnl, format: 'money' });
  });

  it('lists the improvements turned on and off, in the panel order', () => {
    expect(improvementChanges(['smed', 'batch'], ['kanban', 'batch'], LEAN_IMPROVEMENTS)).toEqual({
      added: ['smed'],
      removed: ['kanban'],
    });
    expect(improvementChanges([], [], LEAN_IMPROVEMENTS)).toEqual({ added: [], removed: [] });
  });
});

describe('the replay steps', () => {
  const start = Date.UTC(2025, 0, 6, 9);
  const steps = leanReplaySteps(start, start + 15 * MINUTE_MS + 1234);

  it('are tenths of a minute from the start to the end, the end included', () => {
    expect(steps.last).toBe(151);
    expect(steps.instantAt(0)).toBe(start);
    expect(steps.instantAt(34)).toBe(start + 3.4 * MINUTE_MS);
    expect(steps.instantAt(151)).toBe(start + 15 * MINUTE_MS + 1234);
    expect(steps.instantAt(999)).toBe(start + 15 * MINUTE_MS + 1234);
    expect(steps.minuteAt(34)).toBe(3.4);
    expect(steps.minuteAt(151)).toBe(15);
    expect(steps.minutes).toBe(15);
  });

  it('move by whole minutes and stay inside the round', () => {
    expect(steps.previousMinute(34)).toBe(30);
    expect(steps.previousMinute(30)).toBe(20);
    expect(steps.previousMinute(3)).toBe(0);
    expect(steps.nextMinute(34)).toBe(40);
    expect(steps.nextMinute(30)).toBe(40);
    expect(steps.nextMinute(148)).toBe(150);
    expect(steps.nextMinute(150)).toBe(151);
  });

  it('read and write the minute of the URL; the end is the page without it', () => {
    expect(stepFromSearch(new URLSearchParams('minute=3.4'), steps)).toBe(34);
    expect(stepFromSearch(new URLSearchParams('minute=0'), steps)).toBe(0);
    expect(stepFromSearch(new URLSearchParams('minute=99'), steps)).toBe(151);
    expect(stepFromSearch(new URLSearchParams('minute=abc'), steps)).toBe(151);
    expect(stepFromSearch(new URLSearchParams(''), steps)).toBe(151);
    expect(minuteParam(34, steps)).toBe('3.4');
    expect(minuteParam(0, steps)).toBe('0');
    expect(minuteParam(151, steps)).toBeNull();
  });

  it('fold the events up to a step into the state of that instant', () => {
    const { events, state } = simulateLeanRound({ scenarioId: 'workshop4-choose', minutes: 6, seed: 1 });
    const round = leanReplaySteps(state.startAt!, state.endAt!);
    const atStart = leanStateAt(events, round.instantAt(0));
    const atEnd = leanStateAt(events, round.instantAt(round.last));
    expect(atStart.startAt).toBe(state.startAt);
    expect(atStart.products.filter((p) => p.deliveredAt !== null && !p.initial)).toHaveLength(0);
    expect(atEnd.endAt).toBe(state.endAt);
    expect(atEnd.products.filter((p) => p.deliveredAt !== null)).toHaveLength(
      state.products.filter((p) => p.deliveredAt !== null).length,
    );
  });
});
