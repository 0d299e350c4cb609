/**
 * Metrics of a lean game at an instant: pure functions of the state and `now`.
 * Definitions (rules/leangame.md): order lead time = delivery minute − created minute of the
 * demand item served; a unit's flow time = delivery − release; WIP = units released and not yet
 * delivered, averaged over the elapsed time (checked against Little's law: WIP = throughput ×
 * flow time); flow efficiency = value-adding time (the desk time of the operations painted right,
 * not inspection, defect removal or defective paint) ÷ flow time; resource efficiency = busy ÷ elapsed
 * time; line balance = total station time ÷ (stations × longest station time); first-pass yield =
 * share of painted units on which no defective operation was ever made; OTIF = units delivered on
 * time and without defect ÷ units of the demand items due.
 */
import { LEAN_TIME_CATEGORIES, MINUTE_MS } from './constants';
import { templateOf } from './rules';
import type { LeanProductRecord, LeanTimeByCategory } from './schemas';
import { type LeanDemandState, type LeanProduct, type LeanState, type TimeMs, zeroTime } from './state';

/** Rounds to `digits` decimals (figures are shown and exported rounded). */
export const round = (x: number, digits = 3) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};
export const minutes = (ms: number) => ms / MINUTE_MS;

export interface LeanDistribution {
  mean: number;
  p90: number;
  count: number;
}

function distribution(values: number[]): LeanDistribution {
  if (values.length === 0) return { mean: 0, p90: 0, count: 0 };
  const sorted = [...values].sort((a, b) => a - b);
  const mean = sorted.reduce((a, b) => a + b, 0) / sorted.length;
  const p90 = sorted[Math.min(sorted.length - 1, Math.ceil(0.9 * sorted.length) - 1)]!;
  return { mean: round(mean), p90: round(p90), count: sorted.length };
}

/** The end of the observed window: the end time, else now. */
export function leanWindow(state: LeanState, now: number): { start: number; end: number } {
  const start = state.startAt ?? now;
  return { start, end: Math.max(start, state.endAt ?? now) };
}

/**
 * The customers' orders of the round observed until `now`: those due within it (what OTIF and the
 * debrief's deliveries count), and those placed within it but due after its end.
 */
export function leanOrdersOfRound(
  state: LeanState,
  now: number,
): { due: LeanDemandState[]; dueLater: LeanDemandState[] } {
  const { start, end } = leanWindow(state, now);
  const by = (minute: number) => start + minute * MINUTE_MS <= end;
  return {
    due: state.demand.filter((d) => by(d.due_min)),
    dueLater: state.demand.filter((d) => by(d.created_min) && !by(d.due_min)),
  };
}

/** The units of the orders due by `now` within the round, and those of them delivered on time and right. */
export function leanUnitsDue(state: LeanState, now: number): { unitsDue: number; otifUnits: number } {
  const { due } = leanOrdersOfRound(state, now);
  return {
    unitsDue: due.reduce((s, d) => s + d.qty, 0),
    otifUnits: due.reduce((s, d) => s + d.otifProducts, 0),
  };
}

/** A unit's time by category up to `now` (the open interval is move time, then wait time). */
export function unitTimes(p: LeanProduct, now: number): TimeMs {
  const end = p.deliveredAt ?? now;
  if (p.deliveredAt !== null || end <= p.mark) return p.times;
  const times = { ...p.times };
  const arrived = Math.min(Math.max(p.arrivesAt, p.mark), end);
  times.moveTime += arrived - p.mark;
  times.waitTime += end - arrived;
  return times;
}

const toMinutes = (t: TimeMs): LeanTimeByCategory => ({
  workdeskTime: round(minutes(t.workdeskTime)),
  changeoverTime: round(minutes(t.changeoverTime)),
  loadTime: round(minutes(t.loadTime)),
  moveTime: round(minutes(t.moveTime)),
  waitTime: round(minutes(t.waitTime)),
});

/** The Products records of the spec: each unit's `faciGap` per facility, in minutes. */
export function leanProductRecords(state: LeanState, now: number): LeanProductRecord[] {
  const start = state.startAt ?? 0;
  return state.products
    .filter((p) => !p.initial)
    .map((p) => {
      const faciGap: Record<string, LeanTimeByCategory> = {};
      for (const [fid, gap] of Object.entries(p.faciGap)) faciGap[fid] = toMinutes(gap);
      if (p.deliveredAt === null) {
        const open = unitTimes({ ...p, times: zeroTime() }, now);
        const here = p.faciGap[p.at] ?? zeroTime();
        const sum = { ...here };
        for (const c of LEAN_TIME_CATEGORIES) sum[c] += open[c];
        faciGap[p.at] = toMinutes(sum);
      }
      return {
        id: p.id,
        template_id: p.templateId,
        rank: p.rank,
        released_min: p.releasedAt === null ? null : round(minutes(p.releasedAt - start)),
        delivered_min: p.deliveredAt === null ? null : round(minutes(p.deliveredAt - start)),
        faciGap,
      };
    });
}

/** WIP at each step change, and its time average over the window. */
export function leanWip(state: LeanState, now: number) {
  const { start, end } = leanWindow(state, now);
  const changes: { t: number; d: number }[] = [];
  for (const p of state.products) {
    if (p.initial || p.releasedAt === null || p.releasedAt > end) continue;
    changes.push({ t: Math.max(start, p.releasedAt), d: 1 });
    if (p.deliveredAt !== null && p.deliveredAt <= end) changes.push({ t: p.deliveredAt, d: -1 });
  }
  changes.sort((a, b) => a.t - b.t || a.d - b.d);
  let wip = 0;
  let area = 0;
  let last = start;
  let max = 0;
  const series: { minute: number; wip: number }[] = [{ minute: 0, wip: 0 }];
  for (const c of changes) {
    area += wip * (c.t - last);
    last = c.t;
    wip += c.d;
    max = Math.max(max, wip);
    series.push({ minute: round(minutes(c.t - start)), wip });
  }
  area += wip * (end - last);
  const span = end - start;
  return { mean: span > 0 ? round(area / span) : 0, max, final: wip, series, unitMinutes: minutes(area) };
}

export interface LeanMetrics {
  minutes: number;
  released: number;
  deliveries: number;
  demandDue: number;
  otif: number;
  leadTime: LeanDistribution;
  flowTime: LeanDistribution;
  wip: { mean: number; max: number; final: number };
  throughput: number;
  littlesLaw: { wip: number; throughputTimesFlowTime: number };
  /** Value-adding time ÷ flow time, over the delivered units. */
  flowEfficiency: number;
  /** Mean value-adding minutes per delivered unit (the right operations' desk time). */
  valueAddedMinutes: number;
  resourceEfficiency: Record<string, number>;
  lineBalance: number;
  firstPassYield: number;
  defects: number;
  defectProducts: number;
  lateProducts: number;
  pnl: number;
  pnlDetail: {
    revenue: number;
    materials: number;
    labour: number;
    wipHolding: number;
    defects: number;
    lateness: number;
    profit: number;
  };
  /** Mean minutes per delivered unit in each category, in rank order. */
  timeByCategory: LeanTimeByCategory;
  changeovers: number;
}

export function leanMetrics(state: LeanState, now: number): LeanMetrics {
  const { start, end } = leanWindow(state, now);
  const elapsed = minutes(end - start);
  const delivered = state.products.filter((p) => p.deliveredAt !== null && p.deliveredAt <= end);
  const flowed = delivered.filter((p) => !p.initial && p.releasedAt !== null);
  const released = state.products.filter((p) => !p.initial && p.releasedAt !== null && p.releasedAt <= end);
  const demandById = new Map(state.demand.map((d) => [d.id, d]));
  const leadTimes = delivered.map((p) => {
    const d = demandById.get(p.deliveredFor ?? '');
    return minutes(p.deliveredAt! - start) - (d?.created_min ?? 0);
  });
  const { unitsDue: demandDue, otifUnits } = leanUnitsDue(state, now);
  const wip = leanWip(state, now);
  const flow = flowOf(flowed, end, elapsed);
  const painted = released.filter((p) => p.inspections > 0 || p.deliveredAt !== null);
  const firstPass = painted.filter((p) => !p.everDefective).length;
  const pnlDetail = pnlOf(state, delivered, released, elapsed, wip.unitMinutes);
  return {
    minutes: round(elapsed),
    released: released.length,
    deliveries: delivered.length,
    demandDue,
    otif: demandDue > 0 ? round(otifUnits / demandDue) : 0,
    leadTime: distribution(leadTimes),
    flowTime: flow.flowTime,
    wip: { mean: wip.mean, max: wip.max, final: wip.final },
    throughput: round(flow.throughput),
    littlesLaw: { wip: wip.mean, throughputTimesFlowTime: round(flow.throughput * flow.flowTime.mean) },
    flowEfficiency: flow.flowEfficiency,
    valueAddedMinutes: flow.valueAddedMinutes,
    resourceEfficiency: Object.fromEntries(
      state.facilities.map((f) => [f.id, end > start ? round(f.busyMs / (end - start)) : 0]),
    ),
    lineBalance: lineBalanceOf(state),
    firstPassYield: painted.length > 0 ? round(firstPass / painted.length) : 1,
    defects: state.facilities.reduce((s, f) => s + f.defectsMade, 0),
    defectProducts: delivered.filter((p) => p.defectiveAtDelivery).length,
    lateProducts: delivered.filter((p) => p.late).length,
    pnl: pnlDetail.profit,
    pnlDetail,
    timeByCategory: flow.timeByCategory,
    changeovers: state.facilities.reduce((s, f) => s + f.changeovers, 0),
  };
}

/** Flow of the delivered units: flow time, throughput, flow efficiency and time by category per unit. */
function flowOf(flowed: LeanProduct[], end: number, elapsed: number) {
  const totals = zeroTime();
  for (const p of flowed) {
    const t = unitTimes(p, end);
    for (const c of LEAN_TIME_CATEGORIES) totals[c] += t[c];
  }
  const n = Math.max(1, flowed.length);
  const timeByCategory = toMinutes({
    workdeskTime: totals.workdeskTime / n,
    changeoverTime: totals.changeoverTime / n,
    loadTime: totals.loadTime / n,
    moveTime: totals.moveTime / n,
    waitTime: totals.waitTime / n,
  });
  const flowSum = flowed.reduce((s, p) => s + (p.deliveredAt! - p.releasedAt!), 0);
  const valueAdded = flowed.reduce((s, p) => s + valueAddedMs(p), 0);
  return {
    flowTime: distribution(flowed.map((p) => minutes(p.deliveredAt! - p.releasedAt!))),
    throughput: elapsed > 0 ? flowed.length / elapsed : 0,
    flowEfficiency: flowSum > 0 ? round(valueAdded / flowSum) : 0,
    valueAddedMinutes: round(minutes(valueAdded / n)),
    timeByCategory,
  };
}

/**
 * A unit's value-adding time: the desk time of the operations that are right on it. Inspection,
 * defect removal and defective paint are desk time too, but no customer pays for them.
 */
export function valueAddedMs(p: LeanProduct): number {
  let ms = 0;
  for (const op of p.ops) if (op.status === 'ok') ms += op.paintMs;
  return ms;
}

/** Line balance: total station busy time ÷ (stations × the busiest station's). */
function lineBalanceOf(state: LeanState): number {
  const stations = state.facilities.filter((f) => f.type === 'station');
  const busiest = Math.max(0, ...stations.map((f) => f.busyMs));
  return busiest > 0 ? round(stations.reduce((s, f) => s + f.busyMs, 0) / (stations.length * busiest)) : 0;
}

/** Profit and loss: good units sold, less materials, labour, WIP holding and penalties. */
function pnlOf(
  state: LeanState,
  delivered: LeanProduct[],
  released: LeanProduct[],
  elapsed: number,
  wipUnitMinutes: number,
): LeanMetrics['pnlDetail'] {
  const { economics } = state.setup!.params;
  const price = (templateId: string) => templateOf(state, templateId)?.price ?? 0;
  const revenue = delivered
    .filter((p) => !p.defectiveAtDelivery)
    .reduce((s, p) => s + price(p.templateId), 0);
  const materials = released.reduce((s, p) => s + (templateOf(state, p.templateId)?.materialCost ?? 0), 0);
  const labour = economics.labourPerMinute * state.facilities.length * elapsed;
  const wipHolding = economics.holdingPerUnitMinute * wipUnitMinutes;
  const defects = economics.defectPenalty * delivered.filter((p) => p.defectiveAtDelivery).length;
  const lateness = economics.latePenalty * delivered.filter((p) => p.late).length;
  const profit = revenue - materials - labour - wipHolding - defects - lateness;
  return {
    revenue: round(revenue, 2),
    materials: round(materials, 2),
    labour: round(labour, 2),
    wipHolding: round(wipHolding, 2),
    defects: round(defects, 2),
    lateness: round(lateness, 2),
    profit: round(profit, 2),
  };
}
