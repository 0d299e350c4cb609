/**
 * Steps 3 and 4 of a week. Fill: each facility ships `min(stock, maxShipQty, backlog + incoming
 * orders)` of each product; a shortage among several clients is split in proportion to what each
 * asked (kept for the player to change when the game asks for manual allocation); what is not
 * shipped becomes backlog, or a missed sale where backlog is not allowed. Account: costs and
 * revenue (stock, backlog and missed-sale costs, production cost from step 2, unit price of what
 * was shipped) and the facility's week row. One pass over the products does both: this is the
 * week's hot path (docs/benchmarks.md).
 */
import type { Pdata } from '../schemas';
import type { BeerState, FacilityState, ProductState, WeekRow } from '../state';
import { allocateProportionally } from './allocation';
import { sendAutomaticMessages } from './messages';
import { type Route, routesOf } from './plans';

/** Fills and accounts every facility's week `w`, in place on the draft. */
export function fillAndAccount(d: BeerState, w: number): void {
  const routes = routesOf(d.config);
  const messages = d.config.configMessages.backlogMessage ?? d.config.configMessages.stockMessage;
  for (let i = 0; i < d.facilities.length; i++) {
    const f = d.facilities[i]!;
    const pdata = d.live[i]!.pdata;
    const byPid = routes[f.id]!;
    const row = emptyRow(w, f.weekCost);
    for (const pid in f.products) {
      const p = f.products[pid]!;
      const pd = pdata[pid]!;
      const list = byPid[pid]!;
      // What each client asks for (backlog plus this week's orders). The end consumer is always
      // the first client (routesOf): its figures go into the week row.
      const wants = new Array<number>(list.length);
      let total = 0;
      for (let k = 0; k < list.length; k++) {
        const c = list[k]!.client;
        const want = (p.backlogBy[c] ?? 0) + (p.incomingBy[c] ?? 0);
        wants[k] = want;
        total += want;
      }
      let consumerShipped = 0;
      let consumerBacklog = 0;
      if (total > 0) {
        let can = Math.min(p.stock, total);
        if (pd.maxShipQty !== null && pd.maxShipQty < can) can = pd.maxShipQty;
        if (can === total) {
          for (let k = 0; k < list.length; k++) if (wants[k]! > 0) p.shippedBy[list[k]!.client] = wants[k]!;
          consumerShipped = wants[0]!;
          p.backlogBy = {};
          p.backlog = 0;
        } else {
          consumerShipped = shareShortage(d, f, pid, pd, list, wants, can, w);
          if (pd.allowBacklog && wants[0]! > consumerShipped) consumerBacklog = wants[0]! - consumerShipped;
        }
        p.stock -= can;
        p.shipped = can;
      } else if (p.backlog !== 0) {
        p.backlog = 0;
        p.backlogBy = {};
      }
      addProduct(row, p, pd);
      row.products[pid] = productRow(p, p.incomingBy[list[0]!.client] ?? 0, consumerShipped, consumerBacklog);
    }
    recordWeek(f, row);
    if (messages) sendAutomaticMessages(d, f.id, row.backlog, row.stock, w);
  }
}

/** A week row before its products are added; the cost starts with the production cost of step 2. */
function emptyRow(week: number, productionCost: number): WeekRow {
  return {
    week,
    received: 0,
    incomingOrder: 0,
    shipped: 0,
    stock: 0,
    backlog: 0,
    netInventory: 0,
    missed: 0,
    order: null,
    orders: null,
    orderBy: null,
    cost: productionCost,
    cumulativeCost: 0,
    revenue: 0,
    cumulativeRevenue: 0,
    products: {},
    shipments: [],
  };
}

/** Step 4 for one product: its costs, revenue and flows join the facility's week row. */
function addProduct(row: WeekRow, p: ProductState, pd: Pdata): void {
  row.cost += pd.stockCost * p.stock + pd.backlogCost * p.backlog + pd.missedSaleCost * p.missed;
  row.revenue += pd.unitPrice * p.shipped;
  row.received += p.received;
  row.incomingOrder += p.incoming;
  row.shipped += p.shipped;
  row.stock += p.stock;
  row.backlog += p.backlog;
  row.missed += p.missed;
}

/** Step 4 for the facility: the week's cost and revenue accumulate; the row joins its history. */
function recordWeek(f: FacilityState, row: WeekRow): void {
  f.weekCost = row.cost;
  f.weekRevenue = row.revenue;
  f.cost += row.cost;
  f.revenue += row.revenue;
  row.netInventory = row.stock - row.backlog;
  row.cumulativeCost = f.cost;
  row.cumulativeRevenue = f.revenue;
  // The caller gives fresh history arrays (setupGame, closeWeek): push in place.
  f.history.push(row);
}

function productRow(
  p: ProductState,
  consumerDemand: number,
  consumerShipped: number,
  consumerBacklog: number,
) {
  return {
    received: p.received,
    incoming: p.incoming,
    demand: p.incoming + p.internal,
    shipped: p.shipped,
    stock: p.stock,
    backlog: p.backlog,
    produced: p.produced,
    consumerDemand,
    consumerShipped,
    consumerBacklog,
  };
}

/**
 * Ships `can` units (less than asked) in proportion to `wants`, sets the backlog or the missed
 * sales, and keeps the clients' supply lines. Returns the end consumer's share.
 */
function shareShortage(
  d: BeerState,
  f: FacilityState,
  pid: string,
  pd: Pdata,
  list: Route[],
  wants: number[],
  can: number,
  w: number,
): number {
  const p: ProductState = f.products[pid]!;
  const shares = allocateProportionally(can, wants);
  // Only a manual allocation keeps the requests and the automatic split.
  const manual = d.config.manualAllocation;
  const requests: Record<string, number> = {};
  const allocation: Record<string, number> = {};
  const backlogBy: Record<string, number> = {};
  let askers = 0;
  let newBacklog = 0;
  for (let k = 0; k < list.length; k++) {
    const c = list[k]!.client;
    const want = wants[k]!;
    if (want <= 0) continue;
    askers++;
    if (manual) {
      requests[c] = want;
      allocation[c] = shares[k]!;
    }
    if (shares[k]! > 0) p.shippedBy[c] = shares[k]!;
    const left = want - shares[k]!;
    if (left <= 0) continue;
    if (pd.allowBacklog) {
      backlogBy[c] = left;
      newBacklog += left;
    } else p.missed += left;
  }
  // On order, a client's backlog and shipment here replace its former backlog and the orders
  // that arrived (`wants`); what is lost (no backlog) leaves it.
  for (let k = 1; k < list.length; k++) {
    const c = list[k]!.client;
    const cp = d.facilities[d.index[c]!]!.products[pid];
    if (!cp) continue;
    cp.onOrder += (backlogBy[c] ?? 0) + (p.shippedBy[c] ?? 0) - wants[k]!;
  }
  if (manual && askers >= 2)
    d.allocations = [
      ...d.allocations,
      { fid: f.id, pid, week: w, available: can, requests, allocation, isResolved: false },
    ];
  p.backlogBy = backlogBy;
  p.backlog = newBacklog;
  return shares[0]!;
}
