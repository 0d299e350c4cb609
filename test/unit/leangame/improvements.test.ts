/**
 * rules/leangame.md's improvement table: each improvement alone, against the baseline of the same
 * scenario and seed, moves the metric the table names, the right way. The figures come from the
 * simulation (nothing is hard-coded); docs/leangame.md shows them.
 */
import { describe, expect, it } from 'vitest';
import {
  LEAN_IMPROVEMENTS,
  type LeanImprovement,
  type LeanMetrics,
  simulateLeanMetrics,
} from '../../../src-shared/leangame';

const table: Record<
  LeanImprovement,
  { metric: string; get: (m: LeanMetrics) => number; better: 'down' | 'up' }
> = {
  movestations: { metric: 'move time', get: (m) => m.timeByCategory.moveTime, better: 'down' },
  batch: { metric: 'mean WIP', get: (m) => m.wip.mean, better: 'down' },
  autoinspect: { metric: 'OTIF', get: (m) => m.otif, better: 'up' },
  balancestations: { metric: 'line balance', get: (m) => m.lineBalance, better: 'up' },
  heijunka: { metric: 'wait time', get: (m) => m.timeByCategory.waitTime, better: 'down' },
  pokayoke: { metric: 'first-pass yield', get: (m) => m.firstPassYield, better: 'up' },
  kanban: { metric: 'mean WIP', get: (m) => m.wip.mean, better: 'down' },
  smed: { metric: 'changeover time', get: (m) => m.timeByCategory.changeoverTime, better: 'down' },
};

const cases = ['workshop4-choose', 'factory7-choose'].flatMap((scenarioId) =>
  [1, 2].flatMap((seed) => LEAN_IMPROVEMENTS.map((improvement) => ({ scenarioId, seed, improvement }))),
);
const baselines = new Map<string, LeanMetrics>();
const baseline = (scenarioId: string, seed: number) => {
  const key = `${scenarioId}/${seed}`;
  if (!baselines.has(key))
    baselines.set(key, simulateLeanMetrics({ scenarioId, seed, improvements: [], minutes: 15 }));
  return baselines.get(key)!;
};

describe('each improvement alone moves its metric against the baseline (15-minute computer round)', () => {
  it.each(cases)('$improvement in $scenarioId, seed $seed', ({ scenarioId, seed, improvement }) => {
    const before = baseline(scenarioId, seed);
    const after = simulateLeanMetrics({ scenarioId, seed, improvements: [improvement], minutes: 15 });
    const row = table[improvement];
    const [b, a] = [row.get(before), row.get(after)];
    if (row.better === 'down') expect(a, `${row.metric} ${b} -> ${a}`).toBeLessThan(b);
    else expect(a, `${row.metric} ${b} -> ${a}`).toBeGreaterThan(b);
  });

  it.each(['workshop4-choose', 'factory7-choose'])(
    'one-piece flow also cuts order lead time, kanban cuts flow time (%s)',
    (scenarioId) => {
      const before = baseline(scenarioId, 1);
      const batch = simulateLeanMetrics({ scenarioId, seed: 1, improvements: ['batch'], minutes: 15 });
      const kanban = simulateLeanMetrics({ scenarioId, seed: 1, improvements: ['kanban'], minutes: 15 });
      expect(batch.leadTime.mean).toBeLessThan(before.leadTime.mean);
      expect(kanban.flowTime.mean).toBeLessThan(before.flowTime.mean);
    },
  );

  it('the factory with every improvement built in beats its baseline on every headline metric', () => {
    for (const scenarioId of ['workshop4', 'factory7']) {
      const base = simulateLeanMetrics({ scenarioId: `${scenarioId}-choose`, seed: 3, minutes: 15 });
      const lean = simulateLeanMetrics({ scenarioId: `${scenarioId}-lean`, seed: 3, minutes: 15 });
      expect(lean.wip.mean).toBeLessThan(base.wip.mean / 2);
      expect(lean.leadTime.mean).toBeLessThan(base.leadTime.mean);
      expect(lean.otif).toBeGreaterThanOrEqual(base.otif);
      expect(lean.flowEfficiency).toBeGreaterThan(base.flowEfficiency);
      expect(lean.firstPassYield).toBe(1);
      expect(lean.pnl).toBeGreaterThan(base.pnl);
    }
  });
});
