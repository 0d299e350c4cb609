/**
 * Step 6 of a week, when it closes: a facility's shipments filled in step 3 leave for its clients
 * (each with a transit time drawn around its lead time), and its orders enter the order pipeline.
 */
import { nextRandom } from '../../eventsourcing/random';
import type { ComputerOrder } from '../events';
import {
  type BeerState,
  type FacilityState,
  type InTransit,
  type OrderInMail,
  type ProductState,
  type Shipment,
  type WeekRow,
  withFacility,
} from '../state';
import type { FacilityPlan, Routes } from './plans';

/** What every facility's step 6 shares in one week: where things go, and what it reads. */
export interface Sending {
  week: number;
  last: boolean;
  routes: Routes;
  plans: FacilityPlan[];
  transit: InTransit[];
  mail: OrderInMail[];
  /** The generator state of the transit-time draws. */
  draw: { rng: number };
  /** The facilities' products of the next week, whose supply lines follow what is sent. */
  nextProducts: Array<Record<string, ProductState>>;
  /** The orders of the week-closing event, for the capabilities nobody ordered for. */
  computerOrders: readonly ComputerOrder[];
}

/**
 * Sends facility `i`'s shipments and orders of the week; returns the facility for the next week,
 * its week row completed. One function, called once per facility: a call that V8 does not inline
 * is a measurable share of a week (docs/benchmarks.md).
 */
export function sendFacility(s: BeerState, i: number, out: Sending): FacilityState {
  const f = s.facilities[i]!;
  const w = out.week;
  const shipments: Shipment[] = [];
  for (const pid in f.products) {
    const p = f.products[pid]!;
    if (p.shipped === 0) continue;
    const list = out.routes[f.id]![pid]!;
    for (let k = 1; k < list.length; k++) {
      const { client, capId } = list[k]!;
      const q = p.shippedBy[client];
      if (!q) continue;
      const j = s.index[client]!;
      // On order, a shipment replaces the client's share of `shippedBy`, which the next week
      // clears (the last week keeps it).
      const onOrder = out.nextProducts[j]![pid];
      if (onOrder && out.last) onOrder.onOrder += q;
      const cap = s.live[j]!.capabilities[capId!]!;
      const drawn = drawLeadtime(out.draw, cap.leadtime, cap.leadtimeVariability);
      const leadtime = cap.leadtime;
      out.transit.push({ due: w + drawn, week: w, from: f.id, to: client, pid, qty: q, leadtime, drawn });
      shipments.push({ from: f.id, to: client, pid, qty: q, leadtime, drawn });
    }
  }
  const fc = s.live[i]!;
  const products = out.nextProducts[i]!;
  const orders: Record<string, number> = {};
  let total = 0;
  let byComputer = false;
  for (const capId of out.plans[i]!.capIds) {
    const cap = fc.capabilities[capId]!;
    let q = f.orders[capId];
    if (q === undefined) {
      q = computerOrderOf(out.computerOrders, f.id, capId);
      byComputer = true;
    }
    orders[capId] = q;
    total += q;
    if (q <= 0) continue;
    const to = cap.type === 'purchase' ? (cap.from as string) : f.id;
    out.mail.push({ due: w + cap.ordertime, fid: f.id, capId, pid: cap.pid, to, qty: q, week: w });
    const p = products[cap.pid];
    if (p) p.onOrder += q;
  }
  const history = f.history.slice();
  history[history.length - 1] = closedRow(history[history.length - 1]!, orders, total, byComputer, shipments);
  return out.last
    ? withFacility(f, { orders: {}, validated: false, products, history })
    : withFacility(f, { orders: {}, validated: false, products, weekCost: 0, weekRevenue: 0, history });
}

/** The week's row completed with its orders and shipments (a fixed shape, for a fast fold). */
function closedRow(
  row: WeekRow,
  orders: Record<string, number>,
  total: number,
  byComputer: boolean,
  shipments: Shipment[],
): WeekRow {
  return {
    week: row.week,
    received: row.received,
    incomingOrder: row.incomingOrder,
    shipped: row.shipped,
    stock: row.stock,
    backlog: row.backlog,
    netInventory: row.netInventory,
    missed: row.missed,
    order: total,
    orders,
    orderBy: byComputer ? 'computer' : 'player',
    cost: row.cost,
    cumulativeCost: row.cumulativeCost,
    revenue: row.revenue,
    cumulativeRevenue: row.cumulativeRevenue,
    products: row.products,
    shipments,
  };
}

/** Draws a transit time around `leadtime` (uniform in ±variability, never below 1 week). */
function drawLeadtime(d: { rng: number }, leadtime: number, variability: number): number {
  if (variability <= 0) return leadtime;
  const r = nextRandom(d.rng);
  d.rng = r.state;
  const delta = Math.floor(r.value * (2 * variability + 1)) - variability;
  return Math.max(1, leadtime + delta);
}

/** The computer's order for a facility's capability: the last one the event gives, else 0. */
function computerOrderOf(orders: readonly ComputerOrder[], fid: string, capId: string): number {
  for (let k = orders.length - 1; k >= 0; k--) {
    const o = orders[k]!;
    if (o.facilityId === fid && o.capabilityId === capId) return o.quantity ?? 0;
  }
  return 0;
}
