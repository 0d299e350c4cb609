/**
 * Configuration resolution: a configuration as an instructor or a template writes it becomes the
 * complete, consistent configuration that `GameCreated` records (defaults applied, clients and
 * suppliers derived, facilities in network order, consumer demand per facility, a map).
 */
import { defaultMapLayout } from '../rules/map-layout';
import { CONSUMER } from './constants';
import {
  type BeerConfig,
  beerConfigInputSchema,
  type Capability,
  type FacilityConfig,
  type Pdata,
  pdataSchema,
} from './schemas';

/** A configuration that cannot be played; its message says why (shown to the instructor). */
export class ConfigError extends Error {}

type ParsedInput = ReturnType<typeof beerConfigInputSchema.parse>;
type FacilityInput = Extract<ParsedInput['facilities'], unknown[]>[number];

/** Parses and resolves a configuration; throws `ConfigError` (or a zod error) when it is inconsistent. */
export function resolveConfig(input: unknown): BeerConfig {
  const parsed = beerConfigInputSchema.parse(input);
  const rawFacilities: FacilityInput[] = Array.isArray(parsed.facilities)
    ? parsed.facilities
    : Object.entries(parsed.facilities).map(([id, f]) => ({ ...f, id: f.id ?? id }));
  if (rawFacilities.length < 2 || rawFacilities.length > 8) throw new ConfigError('2 to 8 facilities');
  const firstPid = parsed.productsTemplates[0]!.id;
  const ids = new Set<string>();
  const resolved = rawFacilities.map((f) => {
    if (ids.has(f.id) || f.id === CONSUMER)
      throw new ConfigError(`duplicate or reserved facility id ${f.id}`);
    ids.add(f.id);
    return resolveFacility(f, firstPid);
  });
  linkSuppliers(resolved);
  for (const f of resolved) f.client_id = f.clients[0] ?? null;
  const facilities = networkOrder(resolved);
  const demand = resolveDemand(parsed, facilities, firstPid);
  const mapSize = placeOnMap(parsed, facilities);
  for (const ch of parsed.scheduledChanges) {
    for (const fid of ch.facilityIds)
      if (!ids.has(fid)) throw new ConfigError(`scheduled change for unknown facility ${fid}`);
  }
  const { facilities: _facilities, ...rest } = parsed;
  return { ...rest, mapSize, facilities, demand };
}

/** One facility with its products completed from its capabilities and its start metrics. */
function resolveFacility(f: FacilityInput, firstPid: string): FacilityConfig {
  const pdata: Record<string, Pdata> = { ...(f.pdata ?? {}) };
  const capabilities: Record<string, Capability> = { ...(f.capabilities ?? {}) };
  if (Object.keys(pdata).length === 0) pdata[firstPid] = pdataSchema.parse({});
  const mainPid = Object.keys(pdata)[0]!;
  if (f.startMetrics?.stock !== undefined)
    pdata[mainPid] = { ...pdata[mainPid]!, stock: f.startMetrics.stock };
  if (f.startMetrics?.backlog !== undefined)
    pdata[mainPid] = { ...pdata[mainPid]!, backlog: f.startMetrics.backlog };
  for (const cap of Object.values(capabilities)) {
    if (!pdata[cap.pid]) pdata[cap.pid] = pdataSchema.parse({});
    if (cap.type === 'purchase' && typeof cap.from !== 'string')
      throw new ConfigError(`facility ${f.id}: a purchase capability needs a supplier in from`);
    if (cap.type === 'production') {
      if (typeof cap.from === 'string')
        throw new ConfigError(`facility ${f.id}: production takes a bill of materials`);
      for (const component of Object.keys(cap.from ?? {})) {
        if (!pdata[component]) pdata[component] = pdataSchema.parse({ stock: 0 });
      }
    }
  }
  let stock = 0;
  let backlog = 0;
  for (const p of Object.values(pdata)) {
    stock += p.stock;
    backlog += p.backlog;
  }
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    icon: f.icon,
    visual: f.visual,
    position: f.position,
    client_id: null,
    clients: [],
    supplier_id: null,
    startMetrics: { stock, backlog, cost: f.startMetrics?.cost ?? 0, revenue: f.startMetrics?.revenue ?? 0 },
    pdata,
    capabilities,
    policy: f.policy ?? null,
  };
}

/** Derives clients and suppliers from the purchase capabilities (in place). */
function linkSuppliers(facilities: FacilityConfig[]): void {
  for (const f of facilities) {
    const purchases = new Set<string>();
    for (const cap of Object.values(f.capabilities)) {
      if (cap.type !== 'purchase') continue;
      const supplier = facilities.find((s) => s.id === cap.from);
      if (!supplier || supplier.id === f.id)
        throw new ConfigError(`facility ${f.id}: unknown supplier ${cap.from}`);
      // A supplier fills and ships each client's orders of a product as one flow, so a second
      // capability for the same product and supplier would receive the same shipments twice.
      const route = `${cap.pid}\u0000${supplier.id}`;
      if (purchases.has(route))
        throw new ConfigError(`facility ${f.id}: two capabilities buy ${cap.pid} from ${supplier.id}`);
      purchases.add(route);
      if (!supplier.pdata[cap.pid]) supplier.pdata[cap.pid] = pdataSchema.parse({});
      if (!supplier.clients.includes(f.id)) supplier.clients.push(f.id);
      f.supplier_id ??= supplier.id;
    }
  }
}

/**
 * Network order: facilities selling to the end consumer (or to nobody) first, then their suppliers,
 * and so on; ties keep the configuration's order.
 */
function networkOrder(facilities: FacilityConfig[]): FacilityConfig[] {
  const depth = new Map<string, number>();
  const byId = new Map(facilities.map((f) => [f.id, f]));
  const compute = (f: FacilityConfig, seen: Set<string>): number => {
    const known = depth.get(f.id);
    if (known !== undefined) return known;
    if (seen.has(f.id)) return 0;
    seen.add(f.id);
    let d = 0;
    if (f.clients.length > 0) {
      d = Number.POSITIVE_INFINITY;
      for (const c of f.clients) {
        const client = byId.get(c);
        if (client) d = Math.min(d, compute(client, seen) + 1);
      }
      if (!Number.isFinite(d)) d = 0;
    }
    depth.set(f.id, d);
    return d;
  };
  for (const f of facilities) compute(f, new Set());
  return facilities
    .map((f, i) => ({ f, i }))
    .sort((a, b) => (depth.get(a.f.id) ?? 0) - (depth.get(b.f.id) ?? 0) || a.i - b.i)
    .map(({ f }) => f);
}

/** Consumer demand per facility and product: as given per product, else at the facilities without clients. */
function resolveDemand(
  parsed: ParsedInput,
  facilities: FacilityConfig[],
  firstPid: string,
): BeerConfig['demand'] {
  const demand: BeerConfig['demand'] = [];
  if (parsed.productsConsumerDemand.length > 0) {
    for (const d of parsed.productsConsumerDemand) {
      const f = facilities.find((x) => x.id === d.fid);
      if (!f) throw new ConfigError(`consumer demand for unknown facility ${d.fid}`);
      if (!f.pdata[d.pid]) f.pdata[d.pid] = pdataSchema.parse({});
      demand.push({ fid: d.fid, pid: d.pid, demand: d.demand });
    }
    return demand;
  }
  for (const f of facilities) {
    if (f.clients.length === 0) {
      const pid = f.pdata[firstPid] ? firstPid : Object.keys(f.pdata)[0]!;
      demand.push({ fid: f.id, pid, demand: parsed.consumerDemand });
    }
  }
  return demand;
}

/** The map's size, with the default layout for facilities without a position; decorations must lie inside. */
function placeOnMap(parsed: ParsedInput, facilities: FacilityConfig[]): BeerConfig['mapSize'] {
  let mapSize = parsed.mapSize;
  const layout = defaultMapLayout(facilities.length, parsed.invertedFlows);
  if (layout) {
    mapSize ??= { rows: layout.rows, columns: layout.columns };
    facilities.forEach((f, i) => {
      f.position ??= layout.positions[i]!;
    });
  }
  for (const cell of parsed.bckCells) {
    if (mapSize && (cell.row >= mapSize.rows || cell.column >= mapSize.columns))
      throw new ConfigError(`map cell ${cell.row},${cell.column} outside the map`);
  }
  return mapSize;
}
