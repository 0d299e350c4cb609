/** Week 0, the set-up (rules "Pipelines and delays"), then steps 1–4 of week 1. */
import type { BeerConfig, FacilityConfig } from '../schemas';
import type { BeerState, FacilityState, InTransit, OrderInMail, ProductionJob, ProductState } from '../state';
import { beginWeek } from './begin';
import { routesOf } from './plans';
import { freshProduct, supplyLine } from './product';

/** The pipelines of week 0: every order, shipment and production slot holds `startOrders`. */
interface Pipelines {
  mail: OrderInMail[];
  transit: InTransit[];
  production: ProductionJob[];
}

/** Lays out week 0 (every pipeline slot holding `startOrders`) and runs steps 1–4 of week 1. */
export function setupGame(base: BeerState): BeerState {
  const config = base.config;
  const seats = new Map(base.facilities.map((f) => [f.id, f]));
  const pipelines: Pipelines = { mail: [], transit: [], production: [] };
  const index: Record<string, number> = {};
  const facilities: FacilityState[] = config.facilities.map((f, i) => {
    index[f.id] = i;
    const seat = seats.get(f.id);
    fillStartingPipelines(f, pipelines);
    return {
      id: f.id,
      userId: seat?.userId ?? null,
      computer: seat?.computer ?? false,
      policy: seat?.policy ?? null,
      orders: {},
      validated: false,
      products: startingProducts(config, f),
      weekCost: 0,
      weekRevenue: 0,
      cost: f.startMetrics.cost,
      revenue: f.startMetrics.revenue,
      history: [],
    };
  });
  const draft: BeerState = {
    ...base,
    live: config.facilities,
    index,
    week: 1,
    finished: false,
    endedAt: null,
    rng: base.seed | 0,
    facilities,
    mail: pipelines.mail,
    transit: pipelines.transit,
    production: pipelines.production,
    waiting: [],
    messages: [],
    sentTo: { backlog: [], stock: [] },
    proposals: [],
    allocations: [],
    demandLog: [],
    answers: [],
    resultsSeen: [],
  };
  for (const f of facilities)
    for (const pid in f.products) f.products[pid]!.onOrder = supplyLine(draft, f.id, pid);
  beginWeek(draft, 1);
  return draft;
}

/**
 * A facility's products at week 0. A starting backlog is owed to its main client: the end consumer
 * where it sells to them, else its first client.
 */
function startingProducts(config: BeerConfig, f: FacilityConfig): Record<string, ProductState> {
  const products: Record<string, ProductState> = {};
  const routes = routesOf(config)[f.id]!;
  for (const [pid, p] of Object.entries(f.pdata)) {
    const backlogBy: Record<string, number> = {};
    if (p.backlog > 0) {
      const list = routes[pid]!;
      const first =
        list.length > 1 && !config.demand.some((d) => d.fid === f.id && d.pid === pid) ? list[1]! : list[0]!;
      backlogBy[first.client] = p.backlog;
    }
    products[pid] = freshProduct(p.stock, p.backlog, backlogBy, 0);
  }
  return products;
}

/** Adds a facility's week-0 orders in the mail, shipments in transit and production in progress. */
function fillStartingPipelines(f: FacilityConfig, pipelines: Pipelines): void {
  for (const [capId, cap] of Object.entries(f.capabilities)) {
    if (cap.startOrders <= 0) continue;
    const to = cap.type === 'purchase' ? (cap.from as string) : f.id;
    const qty = cap.startOrders;
    for (let k = 1; k <= cap.ordertime; k++)
      pipelines.mail.push({ due: k, fid: f.id, capId, pid: cap.pid, to, qty, week: k - cap.ordertime });
    for (let k = 1; k <= cap.leadtime; k++) {
      const week = k - cap.leadtime;
      if (cap.type === 'purchase')
        pipelines.transit.push({
          due: k,
          week,
          from: to,
          to: f.id,
          pid: cap.pid,
          qty,
          leadtime: cap.leadtime,
          drawn: cap.leadtime,
        });
      else pipelines.production.push({ due: k, fid: f.id, capId, pid: cap.pid, qty, week });
    }
  }
}
