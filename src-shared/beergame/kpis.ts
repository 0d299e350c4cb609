/**
 * KPIs as pure functions of the state (issue 3 point 6), over the weeks played (`weeksPlayed`: the
 * weeks closed). Per week series serve charts and replay.
 */
import type { BeerState, FacilityState, WeekRow } from './state';
import { totalsOver, weeksPlayed } from './weeks-played';

const mean = (xs: number[]) => (xs.length === 0 ? 0 : xs.reduce((a, b) => a + b, 0) / xs.length);
/** Population variance. */
export const variance = (xs: number[]) => {
  if (xs.length === 0) return 0;
  const m = mean(xs);
  return xs.reduce((a, x) => a + (x - m) ** 2, 0) / xs.length;
};

/**
 * Units of a week's new orders shipped in that same week: shipments serve the backlog first, so
 * on time = min(new orders, max(0, shipped − backlog carried in)).
 */
function onTime(rows: WeekRow[]): { onTime: number; asked: number } {
  let prevBacklog = 0;
  let ok = 0;
  let asked = 0;
  for (const r of rows) {
    ok += Math.min(r.incomingOrder, Math.max(0, r.shipped - prevBacklog));
    asked += r.incomingOrder;
    prevBacklog = r.backlog;
  }
  return { onTime: ok, asked };
}

export interface FacilityKpis {
  id: string;
  name: string;
  cost: number;
  revenue: number;
  /** Share of new orders shipped in the week they arrived (1 when nothing was ordered). */
  onTimeRate: number;
  averageStock: number;
  averageBacklog: number;
  averageOrder: number;
  orderVariance: number;
  /** Order variance over consumer demand variance (null when demand did not vary). */
  amplification: number | null;
  weeksWithBacklog: number;
}

export interface BeerKpis {
  /** The weeks played (`weeksPlayed`): every figure and series counts these. */
  weeks: number;
  teamCost: number;
  teamRevenue: number;
  /** Consumer demand served in the week it arose, over consumer demand. */
  fillRate: number;
  /** Mean over weeks of the total stock of the chain. */
  averageStock: number;
  /** Weeks in which some facility had a backlog. */
  weeksWithBackorder: number;
  consumerDemand: number[];
  demandVariance: number;
  byFacility: FacilityKpis[];
  /** Per week, for charts and replay. */
  perWeek: Array<{
    week: number;
    consumerDemand: number;
    teamCost: number;
    cumulativeTeamCost: number;
    facilities: Array<{
      id: string;
      stock: number;
      backlog: number;
      netInventory: number;
      order: number | null;
      incomingOrder: number;
      received: number;
      shipped: number;
      cost: number;
      cumulativeCost: number;
    }>;
  }>;
  /** Every shipment's planned and drawn transit time (debrief "leadTimes"). */
  leadTimes: Array<{
    week: number;
    from: string;
    to: string;
    pid: string;
    qty: number;
    planned: number;
    drawn: number;
  }>;
}

/** End-consumer service at one facility: demand served in the week it arose (backlog served first). */
function consumerFill(rows: WeekRow[]): { onTime: number; asked: number } {
  let ok = 0;
  let asked = 0;
  let prev: Record<string, number> = {};
  for (const r of rows) {
    const next: Record<string, number> = {};
    for (const [pid, p] of Object.entries(r.products)) {
      ok += Math.min(p.consumerDemand, Math.max(0, p.consumerShipped - (prev[pid] ?? 0)));
      asked += p.consumerDemand;
      next[pid] = p.consumerBacklog;
    }
    prev = next;
  }
  return { onTime: ok, asked };
}

export function beergameKpis(s: BeerState): BeerKpis {
  const weeks = weeksPlayed(s);
  const consumerDemand = s.demandLog.slice(0, weeks).map((d) => d.total);
  const demandVariance = variance(consumerDemand);
  const consumerFacing = new Set(s.config.demand.map((d) => d.fid));
  for (const ch of s.config.scheduledChanges)
    if (ch.field === 'consumerDemand') for (const fid of ch.facilityIds) consumerFacing.add(fid);
  let served = 0;
  let asked = 0;
  for (const f of s.facilities) {
    if (!consumerFacing.has(f.id)) continue;
    const c = consumerFill(f.history.slice(0, weeks));
    served += c.onTime;
    asked += c.asked;
  }
  const perWeek = perWeekSeries(s, weeks, consumerDemand);
  let stockSum = 0;
  for (const week of perWeek) for (const f of week.facilities) stockSum += f.stock;
  const byFacility = s.facilities.map((f, i) => facilityKpis(f, s.live[i]!.name, weeks, demandVariance));
  return {
    weeks,
    teamCost: byFacility.reduce((a, f) => a + f.cost, 0),
    teamRevenue: byFacility.reduce((a, f) => a + f.revenue, 0),
    fillRate: asked === 0 ? 1 : served / asked,
    averageStock: weeks === 0 ? 0 : stockSum / weeks,
    weeksWithBackorder: perWeek.filter((week) => week.facilities.some((f) => f.backlog > 0)).length,
    consumerDemand,
    demandVariance,
    byFacility,
    perWeek,
    leadTimes: leadTimesOf(s, weeks),
  };
}

function facilityKpis(f: FacilityState, name: string, weeks: number, demandVariance: number): FacilityKpis {
  const rows = f.history.slice(0, weeks);
  const orders = rows.map((r) => r.order as number);
  const orderVariance = variance(orders);
  const t = onTime(rows);
  return {
    id: f.id,
    name,
    ...totalsOver(f, weeks),
    onTimeRate: t.asked === 0 ? 1 : t.onTime / t.asked,
    averageStock: mean(rows.map((r) => r.stock)),
    averageBacklog: mean(rows.map((r) => r.backlog)),
    averageOrder: mean(orders),
    orderVariance,
    amplification: demandVariance > 0 ? orderVariance / demandVariance : null,
    weeksWithBacklog: rows.filter((r) => r.backlog > 0).length,
  };
}

/** Each week's team cost (and its running total) and every facility's figures, for charts and replay. */
function perWeekSeries(s: BeerState, weeks: number, consumerDemand: number[]): BeerKpis['perWeek'] {
  const perWeek: BeerKpis['perWeek'] = [];
  let cumulative = 0;
  for (let k = 0; k < weeks; k++) {
    let teamCost = 0;
    const facilities = s.facilities.map((f) => {
      const r = f.history[k]!;
      teamCost += r.cost;
      return {
        id: f.id,
        stock: r.stock,
        backlog: r.backlog,
        netInventory: r.netInventory,
        order: r.order,
        incomingOrder: r.incomingOrder,
        received: r.received,
        shipped: r.shipped,
        cost: r.cost,
        cumulativeCost: r.cumulativeCost,
      };
    });
    cumulative += teamCost;
    perWeek.push({
      week: k + 1,
      consumerDemand: consumerDemand[k] ?? 0,
      teamCost,
      cumulativeTeamCost: cumulative,
      facilities,
    });
  }
  return perWeek;
}

/** Every shipment's planned and drawn transit time, by week (debrief "leadTimes"). */
function leadTimesOf(s: BeerState, weeks: number): BeerKpis['leadTimes'] {
  const leadTimes: BeerKpis['leadTimes'] = [];
  for (const f of s.facilities)
    for (const r of f.history.slice(0, weeks))
      for (const sh of r.shipments)
        leadTimes.push({
          week: r.week,
          from: sh.from,
          to: sh.to,
          pid: sh.pid,
          qty: sh.qty,
          planned: sh.leadtime,
          drawn: sh.drawn,
        });
  return leadTimes.sort((a, b) => a.week - b.week);
}

/** One product's weeks: its consumer demand, and each facility handling it (stock − backlog, order). */
export interface ProductSeries {
  pid: string;
  name: string;
  weeks: Array<{
    week: number;
    consumerDemand: number;
    facilities: Record<string, { netInventory: number; order: number | null }>;
  }>;
}

/**
 * The debrief's series product by product (issue 10: several products side by side), from the
 * facilities' weekly rows: a facility appears under the products it stocks, its order for a
 * product being the sum of its capabilities for it. Empty when the game has a single product.
 */
export function productSeries(s: BeerState): ProductSeries[] {
  const products = s.config.productsTemplates;
  if (products.length < 2) return [];
  const weeks = weeksPlayed(s);
  return products.map((product) => {
    const handling = s.facilities.filter((f) => f.history[0]?.products[product.id] !== undefined);
    const series: ProductSeries['weeks'] = [];
    for (let k = 0; k < weeks; k++) {
      let consumerDemand = 0;
      const facilities: ProductSeries['weeks'][number]['facilities'] = {};
      for (const f of handling) {
        const row = f.history[k]!;
        const p = row.products[product.id]!;
        consumerDemand += p.consumerDemand;
        const capabilities = s.live[s.index[f.id]!]!.capabilities;
        let order: number | null = null;
        if (row.orders)
          for (const [capabilityId, quantity] of Object.entries(row.orders))
            if (capabilities[capabilityId]?.pid === product.id) order = (order ?? 0) + quantity;
        facilities[f.id] = { netInventory: p.stock - p.backlog, order };
      }
      series.push({ week: k + 1, consumerDemand, facilities });
    }
    return { pid: product.id, name: product.name, weeks: series };
  });
}
