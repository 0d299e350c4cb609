/**
 * The week engine (rules "One week, in this order"). `setupGame` lays out week 0 and runs steps 1–4
 * of week 1; `closeWeek` runs step 6 of week w with the orders of step 5, then steps 1–4 of week w+1.
 * Pure: every call returns fresh objects for what changes and shares the rest.
 */
import { nextRandom } from '../eventsourcing/random';
import type { ComputerOrder } from './commands';
import { type BeerConfig, CONSUMER, type FacilityConfig, type ScheduledChange } from './params';
import type {
  Allocation,
  BeerMessage,
  BeerState,
  FacilityState,
  InTransit,
  OrderInMail,
  ProductionJob,
  ProductState,
  Shipment,
  WeekRow,
} from './state';
import { cloneState, withFacility } from './state';

// tsx runs these modules as CommonJS, where each use of an imported binding is a getter call on
// the exporting module's object (a measurable cost in the week loop): the hot ones are read once.
const consumerId = CONSUMER;
const copyState = cloneState;
const copyFacility = withFacility;
const random = nextRandom;

/** Clients of a facility for a product, end consumer first, then in configuration order, with their capability. */
export type Routes = Record<string, Record<string, Array<{ client: string; capId: string | null }>>>;

const routesCache = new WeakMap<FacilityConfig[], Routes>();
/**
 * The configurations' derived data below is looked up several times per week: the last one used is
 * checked by identity first, since a WeakMap lookup each time shows in the profile.
 */
let lastRoutes: { of: FacilityConfig[]; routes: Routes } | undefined;

/** Who buys what from whom, derived once per configuration. */
export function routesOf(config: BeerConfig): Routes {
  if (lastRoutes?.of === config.facilities) return lastRoutes.routes;
  let routes = routesCache.get(config.facilities);
  if (routes) {
    lastRoutes = { of: config.facilities, routes };
    return routes;
  }
  routes = {};
  for (const f of config.facilities) {
    const byPid: Record<string, Array<{ client: string; capId: string | null }>> = {};
    for (const pid of Object.keys(f.pdata)) byPid[pid] = [{ client: consumerId, capId: null }];
    routes[f.id] = byPid;
  }
  for (const f of config.facilities) {
    for (const [capId, cap] of Object.entries(f.capabilities)) {
      if (cap.type !== 'purchase' || typeof cap.from !== 'string') continue;
      const list = routes[cap.from]?.[cap.pid];
      if (list) list.push({ client: f.id, capId });
    }
  }
  routesCache.set(config.facilities, routes);
  lastRoutes = { of: config.facilities, routes };
  return routes;
}

/**
 * What the week's hot paths need of one facility's parameters, derived once per `FacilityConfig`
 * object (never mutated: a scheduled change replaces the facility's object, so the cache follows).
 */
export interface FacilityPlan {
  /** Capability ids in configuration order. */
  capIds: string[];
  /** Capability ids by product, products in the order a `for...in` over them would give. */
  byPid: Array<{ pid: string; capIds: string[] }>;
  /** Distinct suppliers of each product bought by the facility, in capability order. */
  suppliers: Record<string, string[]>;
}

const facilityPlans = new WeakMap<FacilityConfig, FacilityPlan>();

function facilityPlanOf(fc: FacilityConfig): FacilityPlan {
  let plan = facilityPlans.get(fc);
  if (plan) return plan;
  const capIds: string[] = [];
  const byPid: Record<string, string[]> = {};
  const suppliers: Record<string, string[]> = {};
  for (const capId in fc.capabilities) {
    const cap = fc.capabilities[capId]!;
    capIds.push(capId);
    const list = byPid[cap.pid];
    if (list) list.push(capId);
    else byPid[cap.pid] = [capId];
    if (cap.type === 'purchase') {
      const from = cap.from as string;
      const bought = suppliers[cap.pid];
      if (!bought) suppliers[cap.pid] = [from];
      else if (!bought.includes(from)) bought.push(from);
    }
  }
  plan = { capIds, byPid: Object.keys(byPid).map((pid) => ({ pid, capIds: byPid[pid]! })), suppliers };
  facilityPlans.set(fc, plan);
  return plan;
}

const planLists = new WeakMap<FacilityConfig[], FacilityPlan[]>();
let lastPlans: { of: FacilityConfig[]; plans: FacilityPlan[] } | undefined;

/** The plans of every facility in force (`state.live`), by facility index. */
export function facilityPlansOf(live: FacilityConfig[]): FacilityPlan[] {
  if (lastPlans?.of === live) return lastPlans.plans;
  let plans = planLists.get(live);
  if (!plans) {
    plans = live.map(facilityPlanOf);
    planLists.set(live, plans);
  }
  lastPlans = { of: live, plans };
  return plans;
}

function freshProduct(
  stock: number,
  backlog: number,
  backlogBy: Record<string, number>,
  onOrder: number,
): ProductState {
  return {
    stock,
    backlog,
    backlogBy,
    received: 0,
    incoming: 0,
    incomingBy: {},
    internal: 0,
    shipped: 0,
    shippedBy: {},
    missed: 0,
    produced: 0,
    consumed: 0,
    onOrder,
  };
}

/**
 * Units ordered by facility `fid` for `pid` and not yet received, after this week's receipt: the
 * definition of `ProductState.onOrder`, which the engine keeps up to date instead of running this
 * count over the pipelines (used to start a game, and by the tests as the reference).
 */
export function supplyLine(s: BeerState, fid: string, pid: string): number {
  let total = 0;
  for (const o of s.mail) if (o.fid === fid && o.pid === pid) total += o.qty;
  for (const t of s.transit) if (t.to === fid && t.pid === pid) total += t.qty;
  for (const j of s.waiting) if (j.fid === fid && j.pid === pid) total += j.qty;
  for (const j of s.production) if (j.fid === fid && j.pid === pid) total += j.qty;
  const suppliers = facilityPlansOf(s.live)[s.index[fid]!]!.suppliers[pid];
  if (suppliers)
    for (const sid of suppliers) {
      const p = s.facilities[s.index[sid]!]!.products[pid];
      if (!p) continue;
      total += (p.backlogBy[fid] ?? 0) + (p.shippedBy[fid] ?? 0);
    }
  return total;
}

/** Consumer demand of facility `fid` for `pid` in week `w`: scheduled changes override the configured series. */
export function consumerDemandAt(config: BeerConfig, fid: string, pid: string, w: number): number {
  let value: number | null = null;
  let from = 0;
  for (const ch of config.scheduledChanges) {
    if (ch.field !== 'consumerDemand' || ch.week > w || ch.week < from) continue;
    if (!ch.facilityIds.includes(fid)) continue;
    if (ch.pid !== undefined && ch.pid !== pid) continue;
    if (ch.pid === undefined && demandPid(config, fid) !== pid) continue;
    value = ch.value;
    from = ch.week;
  }
  if (value !== null) return value;
  for (const d of config.demand) {
    if (d.fid === fid && d.pid === pid) {
      if (d.demand.length === 0) return 0;
      return d.demand[Math.min(w - 1, d.demand.length - 1)]!;
    }
  }
  return 0;
}

/** The product a demand change without product id applies to: the facility's consumer product, else its first. */
function demandPid(config: BeerConfig, fid: string): string {
  for (const d of config.demand) if (d.fid === fid) return d.pid;
  const f = config.facilities.find((x) => x.id === fid);
  return f ? Object.keys(f.pdata)[0]! : '';
}

/** Pairs (facility, product) that can see consumer demand. */
function consumerPairsOf(config: BeerConfig): Array<{ fid: string; pid: string }> {
  const pairs = config.demand.map((d) => ({ fid: d.fid, pid: d.pid }));
  for (const ch of config.scheduledChanges) {
    if (ch.field !== 'consumerDemand') continue;
    for (const fid of ch.facilityIds) {
      const pid = ch.pid ?? demandPid(config, fid);
      if (!pairs.some((p) => p.fid === fid && p.pid === pid)) pairs.push({ fid, pid });
    }
  }
  return pairs;
}

/**
 * Consumer demand of one configuration, derived once: the pairs that see it and, per pair, the
 * demand of each week as `consumerDemandAt` gives it (filled as weeks are played). Keyed by the
 * configuration object, which is never mutated (scheduling a change builds a new one).
 */
interface DemandPlan {
  pairs: Array<{ fid: string; pid: string; byWeek: number[] }>;
}

const demandPlans = new WeakMap<BeerConfig, DemandPlan>();
let lastDemand: { of: BeerConfig; plan: DemandPlan } | undefined;

function demandPlanOf(config: BeerConfig): DemandPlan {
  if (lastDemand?.of === config) return lastDemand.plan;
  let plan = demandPlans.get(config);
  if (!plan) {
    plan = { pairs: consumerPairsOf(config).map(({ fid, pid }) => ({ fid, pid, byWeek: [] })) };
    demandPlans.set(config, plan);
  }
  lastDemand = { of: config, plan };
  return plan;
}

function applyChange(live: FacilityConfig[], index: Record<string, number>, ch: ScheduledChange): void {
  if (ch.field === 'consumerDemand') return;
  for (const fid of ch.facilityIds) {
    const i = index[fid];
    if (i === undefined) continue;
    const f = live[i]!;
    if (ch.field === 'leadtime' || ch.field === 'leadtimeVariability' || ch.field === 'visibleWeeks') {
      const capabilities = { ...f.capabilities };
      for (const [capId, cap] of Object.entries(capabilities)) {
        if (ch.pid === undefined || cap.pid === ch.pid)
          capabilities[capId] = { ...cap, [ch.field]: ch.value };
      }
      live[i] = { ...f, capabilities };
    } else {
      const pdata = { ...f.pdata };
      for (const [pid, p] of Object.entries(pdata)) {
        if (ch.pid === undefined || pid === ch.pid) pdata[pid] = { ...p, [ch.field]: ch.value };
      }
      live[i] = { ...f, pdata };
    }
  }
}

/**
 * Splits `available` among `requests` in proportion, in whole units (largest remainders; ties go
 * to the first in order). Exact integer arithmetic.
 */
export function allocateProportionally(available: number, requests: number[]): number[] {
  let total = 0;
  for (const r of requests) total += r;
  if (total <= available) return requests.slice();
  const shares = new Array<number>(requests.length);
  const rests = new Array<number>(requests.length);
  let given = 0;
  for (let i = 0; i < requests.length; i++) {
    const product = available * requests[i]!;
    const share = Math.floor(product / total);
    shares[i] = share;
    rests[i] = product - share * total;
    given += share;
  }
  let left = available - given;
  while (left > 0) {
    let best = -1;
    for (let i = 0; i < requests.length; i++) {
      if (shares[i]! >= requests[i]!) continue;
      if (best < 0 || rests[i]! > rests[best]!) best = i;
    }
    if (best < 0) break;
    shares[best]! += 1;
    rests[best] = -1;
    left--;
  }
  return shares;
}

/** Lays out week 0 (every pipeline slot holding `startOrders`) and runs steps 1–4 of week 1. */
export function setupGame(base: BeerState): BeerState {
  const config = base.config;
  const seats = new Map(base.facilities.map((f) => [f.id, f]));
  const mail: OrderInMail[] = [];
  const transit: InTransit[] = [];
  const production: ProductionJob[] = [];
  const index: Record<string, number> = {};
  const facilities: FacilityState[] = config.facilities.map((f, i) => {
    index[f.id] = i;
    const seat = seats.get(f.id);
    const products: Record<string, ProductState> = {};
    const routes = routesOf(config)[f.id]!;
    for (const [pid, p] of Object.entries(f.pdata)) {
      const backlogBy: Record<string, number> = {};
      if (p.backlog > 0) {
        const list = routes[pid]!;
        const first =
          list.length > 1 && !config.demand.some((d) => d.fid === f.id && d.pid === pid)
            ? list[1]!
            : list[0]!;
        backlogBy[first.client] = p.backlog;
      }
      products[pid] = freshProduct(p.stock, p.backlog, backlogBy, 0);
    }
    for (const [capId, cap] of Object.entries(f.capabilities)) {
      if (cap.startOrders <= 0) continue;
      const to = cap.type === 'purchase' ? (cap.from as string) : f.id;
      for (let k = 1; k <= cap.ordertime; k++)
        mail.push({
          due: k,
          fid: f.id,
          capId,
          pid: cap.pid,
          to,
          qty: cap.startOrders,
          week: k - cap.ordertime,
        });
      for (let k = 1; k <= cap.leadtime; k++) {
        if (cap.type === 'purchase')
          transit.push({
            due: k,
            week: k - cap.leadtime,
            from: to,
            to: f.id,
            pid: cap.pid,
            qty: cap.startOrders,
            leadtime: cap.leadtime,
            drawn: cap.leadtime,
          });
        else
          production.push({
            due: k,
            fid: f.id,
            capId,
            pid: cap.pid,
            qty: cap.startOrders,
            week: k - cap.leadtime,
          });
      }
    }
    return {
      id: f.id,
      userId: seat?.userId ?? null,
      computer: seat?.computer ?? false,
      policy: seat?.policy ?? null,
      orders: {},
      validated: false,
      products,
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
    mail,
    transit,
    production,
    waiting: [],
    messages: [],
    sentTo: { backlog: [], stock: [] },
    proposals: [],
    allocations: [],
    demandLog: [],
  };
  for (const f of facilities)
    for (const pid in f.products) f.products[pid]!.onOrder = supplyLine(draft, f.id, pid);
  beginWeek(draft, 1);
  return draft;
}

const NO_COMPONENTS: Readonly<Record<string, number>> = {};

/** Steps 0–4 of week `w`, in place on a draft whose facilities and products are fresh copies. */
function beginWeek(d: BeerState, w: number): void {
  const config = d.config;
  // 0. Scheduled changes and scheduled messages due this week.
  let live = d.live;
  for (const ch of config.scheduledChanges) {
    if (ch.week !== w || ch.field === 'consumerDemand') continue;
    if (live === d.live) live = live.slice();
    applyChange(live, d.index, ch);
  }
  d.live = live;
  const schedule = config.configMessages.scheduleList;
  for (let i = 0; i < schedule.length; i++) {
    const m = schedule[i]!;
    if (m.week === w) {
      d.messages = [
        ...d.messages,
        { id: `s${i}`, to: m.to, text: m.message, week: w, kind: 'scheduled', at: null },
      ];
    }
  }
  const facilities = d.facilities;
  const index = d.index;
  // 1. Receive.
  const transit: InTransit[] = [];
  for (const t of d.transit) {
    if (t.due === w) {
      const p = facilities[index[t.to]!]!.products[t.pid]!;
      p.stock += t.qty;
      p.received += t.qty;
      p.onOrder -= t.qty;
    } else transit.push(t);
  }
  d.transit = transit;
  const production: ProductionJob[] = [];
  for (const job of d.production) {
    if (job.due === w) {
      const p = facilities[index[job.fid]!]!.products[job.pid]!;
      p.stock += job.qty;
      p.received += job.qty;
      p.onOrder -= job.qty;
    } else production.push(job);
  }
  // 2. Orders arrive; production requests start when their components are there.
  const mail: OrderInMail[] = [];
  let waiting = d.waiting;
  for (const o of d.mail) {
    if (o.due !== w) {
      mail.push(o);
      continue;
    }
    if (o.to !== o.fid) {
      const p = facilities[index[o.to]!]!.products[o.pid]!;
      p.incoming += o.qty;
      p.incomingBy[o.fid] = (p.incomingBy[o.fid] ?? 0) + o.qty;
    } else {
      if (waiting === d.waiting) waiting = waiting.slice();
      waiting.push({ fid: o.fid, capId: o.capId, pid: o.pid, qty: o.qty, week: w });
      const f = facilities[index[o.fid]!]!;
      const bom = live[index[o.fid]!]!.capabilities[o.capId]?.from;
      // for...in rather than Object.entries: no arrays to allocate every week (same key order).
      if (bom && typeof bom === 'object') for (const c in bom) f.products[c]!.internal += o.qty * bom[c]!;
    }
  }
  d.mail = mail;
  if (waiting.length > 0) {
    const still: ProductionJob[] = [];
    for (const job of waiting) {
      const i = index[job.fid]!;
      const f = facilities[i]!;
      const cap = live[i]!.capabilities[job.capId];
      if (!cap) {
        // The request is dropped: no longer on order.
        const p = f.products[job.pid];
        if (p) p.onOrder -= job.qty;
        continue;
      }
      const bom = cap.from && typeof cap.from === 'object' ? cap.from : NO_COMPONENTS;
      let possible = job.qty;
      for (const c in bom) possible = Math.min(possible, Math.floor(f.products[c]!.stock / bom[c]!));
      if (possible > 0) {
        for (const c in bom) {
          const n = bom[c]!;
          const p = f.products[c]!;
          p.stock -= possible * n;
          p.consumed += possible * n;
        }
        f.products[job.pid]!.produced += possible;
        f.weekCost += possible * cap.productionCost;
        production.push({
          fid: job.fid,
          capId: job.capId,
          pid: job.pid,
          qty: possible,
          week: w,
          due: w + cap.leadtime,
        });
      }
      if (possible < job.qty) still.push({ ...job, qty: job.qty - possible });
    }
    waiting = still;
  }
  d.waiting = waiting;
  d.production = production;
  let demandTotal = 0;
  for (const pair of demandPlanOf(config).pairs) {
    let q = pair.byWeek[w];
    if (q === undefined) {
      q = consumerDemandAt(config, pair.fid, pair.pid, w);
      pair.byWeek[w] = q;
    }
    const p = facilities[index[pair.fid]!]!.products[pair.pid];
    if (!p) continue;
    demandTotal += q;
    p.incoming += q;
    p.incomingBy[consumerId] = (p.incomingBy[consumerId] ?? 0) + q;
  }
  d.demandLog.push({ week: w, total: demandTotal });
  // 3. Fill, 4. Account.
  const routes = routesOf(config);
  const bm = config.configMessages.backlogMessage;
  const sm = config.configMessages.stockMessage;
  let allocations: Allocation[] | null = null;
  for (let i = 0; i < facilities.length; i++) {
    const f = facilities[i]!;
    const fc = live[i]!;
    const byPid = routes[f.id]!;
    let weekCost = f.weekCost;
    let weekRevenue = 0;
    let received = 0;
    let incoming = 0;
    let shipped = 0;
    let stock = 0;
    let backlog = 0;
    let missed = 0;
    const rowProducts: WeekRow['products'] = {};
    for (const pid in f.products) {
      const p = f.products[pid]!;
      const pd = fc.pdata[pid]!;
      const list = byPid[pid]!;
      // What each client asks for (backlog plus this week's orders), read once. The end consumer
      // is always the first client (routesOf), so its figures for the week row are kept on the way.
      const wants = new Array<number>(list.length);
      let total = 0;
      let consumerDemand = 0;
      let consumerShipped = 0;
      let consumerBacklog = 0;
      for (let k = 0; k < list.length; k++) {
        const c = list[k]!.client;
        const incoming = p.incomingBy[c] ?? 0;
        if (k === 0) consumerDemand = incoming;
        const want = (p.backlogBy[c] ?? 0) + incoming;
        wants[k] = want;
        total += want;
      }
      if (total > 0) {
        let can = Math.min(p.stock, total);
        if (pd.maxShipQty !== null && pd.maxShipQty < can) can = pd.maxShipQty;
        const backlogBy: Record<string, number> = {};
        let newBacklog = 0;
        if (can === total) {
          for (let k = 0; k < list.length; k++) if (wants[k]! > 0) p.shippedBy[list[k]!.client] = wants[k]!;
          consumerShipped = wants[0]!;
        } else {
          const shares = allocateProportionally(can, wants);
          // Only a manual allocation keeps the requests and the automatic split.
          const manual = config.manualAllocation;
          let askers = 0;
          const requests: Record<string, number> = {};
          const allocation: Record<string, number> = {};
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
            if (k === 0) consumerShipped = shares[0]!;
            const left = want - shares[k]!;
            if (left > 0) {
              if (pd.allowBacklog) {
                backlogBy[c] = left;
                newBacklog += left;
                if (k === 0) consumerBacklog = left;
              } else p.missed += left;
            }
          }
          // On order, a client's backlog and shipment here replace its former backlog and the
          // orders that arrived (`wants`); what is lost (no backlog) leaves it. When everything
          // is shipped, the two are equal.
          for (let k = 1; k < list.length; k++) {
            const c = list[k]!.client;
            const cp = facilities[index[c]!]!.products[pid];
            if (!cp) continue;
            cp.onOrder += (backlogBy[c] ?? 0) + (p.shippedBy[c] ?? 0) - wants[k]!;
          }
          if (manual && askers >= 2) {
            allocations ??= d.allocations.slice();
            allocations.push({
              fid: f.id,
              pid,
              week: w,
              available: can,
              requests,
              allocation,
              isResolved: false,
            });
          }
        }
        p.backlogBy = backlogBy;
        p.backlog = newBacklog;
        p.stock -= can;
        p.shipped = can;
      } else if (p.backlog !== 0) {
        p.backlog = 0;
        p.backlogBy = {};
      }
      weekCost += pd.stockCost * p.stock + pd.backlogCost * p.backlog + pd.missedSaleCost * p.missed;
      weekRevenue += pd.unitPrice * p.shipped;
      received += p.received;
      incoming += p.incoming;
      shipped += p.shipped;
      stock += p.stock;
      backlog += p.backlog;
      missed += p.missed;
      rowProducts[pid] = {
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
    f.weekCost = weekCost;
    f.weekRevenue = weekRevenue;
    f.cost += weekCost;
    f.revenue += weekRevenue;
    // The caller gives fresh history arrays (setupGame, closeWeek): push in place.
    f.history.push({
      week: w,
      received,
      incomingOrder: incoming,
      shipped,
      stock,
      backlog,
      netInventory: stock - backlog,
      missed,
      order: null,
      orders: null,
      orderBy: null,
      cost: weekCost,
      cumulativeCost: f.cost,
      revenue: weekRevenue,
      cumulativeRevenue: f.revenue,
      products: rowProducts,
      shipments: [],
    });
    // Automatic messages, sent once per facility.
    if (bm && backlog > bm.threshold && !d.sentTo.backlog.includes(f.id)) {
      d.sentTo = { ...d.sentTo, backlog: [...d.sentTo.backlog, f.id] };
      d.messages = [...d.messages, autoMessage('backlog', f.id, bm.message, w)];
    }
    if (sm && stock > sm.threshold && !d.sentTo.stock.includes(f.id)) {
      d.sentTo = { ...d.sentTo, stock: [...d.sentTo.stock, f.id] };
      d.messages = [...d.messages, autoMessage('stock', f.id, sm.message, w)];
    }
  }
  if (allocations) d.allocations = allocations;
}

function autoMessage(kind: 'backlog' | 'stock', fid: string, text: string, week: number): BeerMessage {
  return { id: `${kind[0]}-${fid}`, to: [fid], text, week, kind, at: null };
}

/** Draws a transit time around `leadtime` (uniform in ±variability, never below 1 week). */
function drawLeadtime(d: { rng: number }, leadtime: number, variability: number): number {
  if (variability <= 0) return leadtime;
  const r = random(d.rng);
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

/**
 * Closes week `s.week`: step 6 (send this week's shipments and orders; `computerOrders` are the
 * orders of the week-closing event for the capabilities nobody ordered for), then steps 1–4 of the
 * next week, or the end.
 */
export function closeWeek(
  s: BeerState,
  computerOrders: readonly ComputerOrder[],
  deadline: number | null,
): BeerState {
  const w = s.week;
  const config = s.config;
  const routes = routesOf(config);
  const plans = facilityPlansOf(s.live);
  const draw = { rng: s.rng };
  const transit = s.transit.slice();
  const mail = s.mail.slice();
  const last = w >= config.weeks;
  const facilities: FacilityState[] = new Array(s.facilities.length);
  // The facilities' products for the next week, fresh objects since shipments and orders change
  // what is on order (the last week's are copies that keep the week's flows, for the final state).
  const nextProducts: Array<Record<string, ProductState>> = new Array(s.facilities.length);
  for (let i = 0; i < s.facilities.length; i++) {
    const products: Record<string, ProductState> = {};
    const current = s.facilities[i]!.products;
    for (const pid in current) {
      const p = current[pid]!;
      products[pid] = last ? { ...p } : freshProduct(p.stock, p.backlog, p.backlogBy, p.onOrder);
    }
    nextProducts[i] = products;
  }
  for (let i = 0; i < s.facilities.length; i++) {
    const f = s.facilities[i]!;
    const fc = s.live[i]!;
    const products = nextProducts[i]!;
    // 6. Send: shipments filled in step 3 leave now.
    const shipments: Shipment[] = [];
    for (const pid in f.products) {
      const p = f.products[pid]!;
      if (p.shipped === 0) continue;
      const list = routes[f.id]![pid]!;
      for (let k = 1; k < list.length; k++) {
        const { client, capId } = list[k]!;
        const q = p.shippedBy[client];
        if (!q) continue;
        const j = s.index[client]!;
        // On order, a shipment replaces the client's share of `shippedBy`, which the next week
        // clears (the last week keeps it).
        const onOrder = nextProducts[j]![pid];
        if (onOrder && last) onOrder.onOrder += q;
        const cap = s.live[j]!.capabilities[capId!]!;
        const drawn = drawLeadtime(draw, cap.leadtime, cap.leadtimeVariability);
        const t: InTransit = {
          due: w + drawn,
          week: w,
          from: f.id,
          to: client,
          pid,
          qty: q,
          leadtime: cap.leadtime,
          drawn,
        };
        transit.push(t);
        shipments.push({ from: t.from, to: t.to, pid, qty: q, leadtime: t.leadtime, drawn });
      }
    }
    // 6. Send: orders enter the order pipeline.
    const orders: Record<string, number> = {};
    let total = 0;
    let byComputer = false;
    for (const capId of plans[i]!.capIds) {
      const cap = fc.capabilities[capId]!;
      let q = f.orders[capId];
      if (q === undefined) {
        q = computerOrderOf(computerOrders, f.id, capId);
        byComputer = true;
      }
      orders[capId] = q;
      total += q;
      if (q > 0) {
        mail.push({
          due: w + cap.ordertime,
          fid: f.id,
          capId,
          pid: cap.pid,
          to: cap.type === 'purchase' ? (cap.from as string) : f.id,
          qty: q,
          week: w,
        });
        const p = products[cap.pid];
        if (p) p.onOrder += q;
      }
    }
    const history = f.history.slice();
    const row = history[history.length - 1]!;
    history[history.length - 1] = {
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
    if (last) {
      facilities[i] = copyFacility(f, { orders: {}, validated: false, products, history });
    } else {
      facilities[i] = copyFacility(f, {
        orders: {},
        validated: false,
        products,
        weekCost: 0,
        weekRevenue: 0,
        history,
      });
    }
  }
  const next = copyState(s);
  next.rng = draw.rng;
  next.facilities = facilities;
  next.transit = transit;
  next.mail = mail;
  next.proposals = [];
  next.allocations = [];
  next.deadline = deadline;
  next.demandLog = last ? s.demandLog : s.demandLog.slice();
  if (last) {
    next.finished = true;
    next.deadline = null;
    return next;
  }
  next.week = w + 1;
  beginWeek(next, w + 1);
  return next;
}
