/**
 * What the week's steps derive once per configuration and look up every week: who buys what from
 * whom (routes), each facility's capabilities by product and suppliers (plans), and the consumer
 * demand of each week (demand plans). Configurations are never mutated (a scheduled change builds
 * new objects), so every cache is keyed by identity.
 */
import { CONSUMER } from '../constants';
import type { BeerConfig, FacilityConfig } from '../schemas';

/** Clients of a facility for a product, end consumer first, then in configuration order, with their capability. */
export interface Route {
  client: string;
  /** The client's capability that buys the product (null for the end consumer). */
  capId: string | null;
}
export type Routes = Record<string, Record<string, Route[]>>;

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
    const byPid: Record<string, Route[]> = {};
    for (const pid of Object.keys(f.pdata)) byPid[pid] = [{ client: CONSUMER, capId: null }];
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
export interface DemandPlan {
  pairs: Array<{ fid: string; pid: string; byWeek: number[] }>;
}

const demandPlans = new WeakMap<BeerConfig, DemandPlan>();
let lastDemand: { of: BeerConfig; plan: DemandPlan } | undefined;

export function demandPlanOf(config: BeerConfig): DemandPlan {
  if (lastDemand?.of === config) return lastDemand.plan;
  let plan = demandPlans.get(config);
  if (!plan) {
    plan = { pairs: consumerPairsOf(config).map(({ fid, pid }) => ({ fid, pid, byWeek: [] })) };
    demandPlans.set(config, plan);
  }
  lastDemand = { of: config, plan };
  return plan;
}
