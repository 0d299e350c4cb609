/**
 * What the lean debrief compares a round with (spec point 9, "a round compared with the same round
 * before improvements"): the round played before the last reset when there is one, else the same
 * factory played by the computer with no improvement (the engine's baseline). Pure.
 */
import { type LeanImprovement, MINUTE_MS } from './constants';
import type { LeanMetrics } from './metrics';
import { withImprovements } from './rules';
import { leanBaselineMetrics } from './simulate';
import type { LeanRoundRecord, LeanState } from './state';

export interface LeanReference {
  /** previous: the round before the last reset; baseline: the computer, no improvement. */
  kind: 'previous' | 'baseline';
  /** The previous round's number (1 for the first round played), or null for the baseline. */
  round: number | null;
  improvements: readonly LeanImprovement[];
  batchSize: number;
  metrics: LeanMetrics;
}

/** The last round before a reset, else the baseline (computed only when needed). */
export function leanReference(
  previousRounds: readonly LeanRoundRecord[],
  baseline: () => { metrics: LeanMetrics; batchSize: number },
): LeanReference {
  const last = previousRounds.at(-1);
  if (last) {
    return {
      kind: 'previous',
      round: previousRounds.length,
      improvements: last.improvements,
      batchSize: last.batchSize,
      metrics: last.metrics,
    };
  }
  const { metrics, batchSize } = baseline();
  return { kind: 'baseline', round: null, improvements: [], batchSize, metrics };
}

/**
 * The engine's baseline of a played round, over the round's own length: a round ended early (or
 * late) is compared with the computer playing the same minutes, not the set-up's whole length.
 */
export function leanRoundBaseline(state: LeanState): { metrics: LeanMetrics; batchSize: number } {
  const setup = state.setup!;
  const played =
    state.startAt !== null && state.endAt !== null ? (state.endAt - state.startAt) / MINUTE_MS : null;
  const params = setup.params;
  const sameLength =
    played === null || played <= 0
      ? state
      : {
          ...state,
          setup: {
            ...setup,
            params: {
              ...params,
              // A set-up lasts a minute at least: a round ended sooner is simulated over its
              // first minute and stopped where it stopped.
              consumerDemandParams: { ...params.consumerDemandParams, totalDuration: Math.max(1, played) },
            },
          },
        };
  return {
    metrics: leanBaselineMetrics(
      sameLength,
      played !== null && played > 0 && played < 1 ? played : undefined,
    ),
    batchSize: withImprovements(setup, []).params.batchSize,
  };
}

export type LeanFigureFormat = 'count' | 'percent' | 'minutes' | 'units' | 'money' | 'ratio' | 'perMinute';

export interface LeanComparisonRow {
  key:
    | 'flowTime'
    | 'wip'
    | 'otif'
    | 'firstPassYield'
    | 'lineBalance'
    | 'deliveries'
    | 'leadTime'
    | 'profit'
    | 'throughput';
  format: LeanFigureFormat;
  current: number;
  reference: number;
  /** Which way is better for this metric. */
  better: 'lower' | 'higher';
  /** How this round did against the reference. */
  verdict: 'better' | 'worse' | 'same';
}

const FIGURES: Record<
  LeanComparisonRow['key'],
  { format: LeanFigureFormat; better: 'lower' | 'higher'; of: (m: LeanMetrics) => number }
> = {
  flowTime: { format: 'minutes', better: 'lower', of: (m) => m.flowTime.mean },
  wip: { format: 'units', better: 'lower', of: (m) => m.wip.mean },
  otif: { format: 'percent', better: 'higher', of: (m) => m.otif },
  firstPassYield: { format: 'percent', better: 'higher', of: (m) => m.firstPassYield },
  lineBalance: { format: 'percent', better: 'higher', of: (m) => m.lineBalance },
  deliveries: { format: 'count', better: 'higher', of: (m) => m.deliveries },
  leadTime: { format: 'minutes', better: 'lower', of: (m) => m.leadTime.mean },
  profit: { format: 'money', better: 'higher', of: (m) => m.pnl },
  throughput: { format: 'perMinute', better: 'higher', of: (m) => m.throughput },
};

/** The compact comparison table's rows, in the order a lean trainer reads them. */
export const COMPARISON_KEYS = [
  'flowTime',
  'wip',
  'otif',
  'firstPassYield',
  'lineBalance',
  'deliveries',
] as const;
/** The team's headline figures (spec point 9, teamPerformance). */
export const TEAM_KEYS = ['deliveries', 'otif', 'leadTime', 'profit', 'throughput'] as const;

/** Differences smaller than this share of the larger value are "the same". */
const SAME = 0.005;

export function compareFigure(
  key: LeanComparisonRow['key'],
  current: LeanMetrics,
  reference: LeanMetrics,
): LeanComparisonRow {
  const { format, better, of } = FIGURES[key];
  const now = of(current);
  const before = of(reference);
  const scale = Math.max(Math.abs(now), Math.abs(before));
  const verdict =
    scale === 0 || Math.abs(now - before) <= SAME * scale
      ? 'same'
      : now < before === (better === 'lower')
        ? 'better'
        : 'worse';
  return { key, format, current: now, reference: before, better, verdict };
}

export function comparisonRows(
  current: LeanMetrics,
  reference: LeanMetrics,
  keys: readonly LeanComparisonRow['key'][] = COMPARISON_KEYS,
): LeanComparisonRow[] {
  return keys.map((key) => compareFigure(key, current, reference));
}

/** The improvements turned on and off since the reference, in the panel's order. */
export function improvementChanges(
  current: readonly LeanImprovement[],
  reference: readonly LeanImprovement[],
  order: readonly LeanImprovement[],
): { added: LeanImprovement[]; removed: LeanImprovement[] } {
  return {
    added: order.filter((i) => current.includes(i) && !reference.includes(i)),
    removed: order.filter((i) => reference.includes(i) && !current.includes(i)),
  };
}
