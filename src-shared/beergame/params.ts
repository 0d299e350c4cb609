/**
 * Beer game parameters (spec point 3: game params, facility, pdata, capabilities) as zod schemas
 * with the spec's defaults, the default map layout and the built-in templates.
 */
import { z } from 'zod';

export const BEERGAME_RULES_VERSION = 1;

/** Spec point 9 and rules "Pipelines and delays": default facility values. */
export const FACILITY_DEFAULTS = {
  stock: 12,
  stockCost: 0.5,
  backlogCost: 1,
  leadtime: 3,
  ordertime: 1,
  startOrders: 4,
  visibleWeeks: 2,
} as const;

/** Spec point 9: defaults of the event editor. */
export const EVENT_EDITOR_DEFAULTS = {
  unitPrice: 10,
  stockCost: 0.5,
  backlogCost: 1,
  maxShipQty: 12,
  leadtime: 3,
  leadtimeVariability: 1,
  visibleWeeks: 2,
} as const;

/** Spec point 9: beergame debrief sections, in order. */
export const BEERGAME_DEBRIEF_SECTIONS = [
  'optionButtons',
  'teamPerformance',
  'individualPerformance',
  'supplychainEvolution',
  'stagesEvolution',
  'responseToDemand',
  'variability',
  'leadTimes',
  'toGoFurther',
] as const;

/** Fields the event editor can schedule (spec point 5 and rules "Scheduled changes"). */
export const CHANGE_FIELDS = [
  'consumerDemand',
  'unitPrice',
  'stockCost',
  'backlogCost',
  'maxShipQty',
  'leadtime',
  'leadtimeVariability',
  'visibleWeeks',
] as const;
export type ChangeField = (typeof CHANGE_FIELDS)[number];

/** Range and step of every event-editor field (spec point 5). */
export const CHANGE_RANGES: Record<ChangeField, { min: number; max: number; step: number }> = {
  consumerDemand: { min: 0, max: 999, step: 1 },
  unitPrice: { min: 0, max: 999, step: 0.5 },
  stockCost: { min: 0, max: 999, step: 0.5 },
  backlogCost: { min: 0, max: 999, step: 0.5 },
  maxShipQty: { min: 0, max: 999, step: 1 },
  leadtime: { min: 2, max: 6, step: 1 },
  leadtimeVariability: { min: 0, max: 6, step: 1 },
  visibleWeeks: { min: 0, max: 6, step: 1 },
};

/** Facility kinds suggested by the map pictures (spec point 3); `type` accepts any string. */
export const FACILITY_KINDS = [
  'airport',
  'distributor',
  'factory',
  'farm',
  'hospital',
  'mall',
  'pharmacy',
  'planehangar',
  'postoffice',
  'retailer',
  'supermarket',
  'supplier',
  'trainassembly',
  'warehouse',
  'wholesaler',
  'workshop',
] as const;

/** The client id of the end consumer in allocations and `backlogBy`. */
export const CONSUMER = 'consumer';

const qty = z.number().int().min(0);
const money = z.number().min(0).max(1_000_000);

export const pdataSchema = z.object({
  stock: qty.default(FACILITY_DEFAULTS.stock),
  backlog: qty.default(0),
  allowBacklog: z.boolean().default(true),
  /** Shipping capacity per week; null = no limit. */
  maxShipQty: qty.nullable().default(null),
  /** Price per unit shipped; 0 = no revenue. */
  unitPrice: money.default(0),
  stockCost: money.default(FACILITY_DEFAULTS.stockCost),
  backlogCost: money.default(FACILITY_DEFAULTS.backlogCost),
  missedSaleCost: money.default(0),
});
export type Pdata = z.infer<typeof pdataSchema>;

export const capabilitySchema = z.object({
  pid: z.string().min(1).default('p1'),
  type: z.enum(['purchase', 'production']).default('purchase'),
  /** purchase: the supplier facility id; production: the bill of materials (pid → units per unit made). */
  from: z
    .union([z.string().min(1), z.record(z.string(), z.number().int().positive()), z.null()])
    .default(null),
  leadtime: z.number().int().min(1).max(52).default(FACILITY_DEFAULTS.leadtime),
  ordertime: z.number().int().min(1).max(52).default(FACILITY_DEFAULTS.ordertime),
  startOrders: qty.default(FACILITY_DEFAULTS.startOrders),
  visibleWeeks: z.number().int().min(0).max(52).default(FACILITY_DEFAULTS.visibleWeeks),
  moq: qty.default(0),
  productionCost: money.default(0),
  leadtimeVariability: z.number().int().min(0).max(6).default(0),
  maxOrderQty: qty.default(0),
  batchSize: qty.default(0),
});
export type Capability = z.infer<typeof capabilitySchema>;

const positionSchema = z.object({ row: z.number().int().min(0), column: z.number().int().min(0) });
export type Position = z.infer<typeof positionSchema>;

export const facilityInputSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().min(1).max(100),
  type: z.string().min(1).max(40).default('retailer'),
  icon: z.string().max(200).nullable().default(null),
  visual: z.string().max(200).nullable().default(null),
  position: positionSchema.nullable().default(null),
  /** Informative: clients and suppliers are derived from the capabilities' `from`. */
  client_id: z.string().nullable().optional(),
  clients: z.array(z.string()).optional(),
  supplier_id: z.string().nullable().optional(),
  startMetrics: z
    .object({
      stock: qty.optional(),
      backlog: qty.optional(),
      cost: money.optional(),
      revenue: money.optional(),
    })
    .optional(),
  pdata: z.record(z.string(), pdataSchema).optional(),
  capabilities: z.record(z.string(), capabilitySchema).optional(),
  /** The computer policy used when the seat is handed to the computer or left empty at the timer. */
  policy: z.string().optional(),
});
export type FacilityInput = z.input<typeof facilityInputSchema>;

const recipientsSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1)]);
const thresholdMessageSchema = z
  .object({
    threshold: z.number().min(0),
    message: z.string().max(2000),
    sentTo: z.array(z.string()).default([]),
  })
  .nullable()
  .default(null);

export const scheduledChangeSchema = z.object({
  id: z.string().min(1).max(64),
  week: z.number().int().min(1),
  facilityIds: z.array(z.string().min(1)).min(1),
  field: z.enum(CHANGE_FIELDS),
  value: z.number(),
  /** Product concerned; default: every product of the facility (demand: its first product). */
  pid: z.string().optional(),
});
export type ScheduledChange = z.infer<typeof scheduledChangeSchema>;

/**
 * A decoration cell of the map (scenery such as `rock` or `tree`, or a picture): kept through copies
 * and shown in the view; it must lie inside the map.
 */
export const bckCellSchema = z.object({
  row: z.number().int().min(0),
  column: z.number().int().min(0),
  visual: z.string().max(200).nullable().default(null),
});
export type BckCell = z.infer<typeof bckCellSchema>;

/** A question of the debrief (`answer` null: an open question; the creator alone sees the answer). */
const debriefQuestionSchema = z.object({
  id: z.string().min(1).max(64),
  text: z.string().max(2000),
  answer: z
    .union([z.string().max(2000), z.number()])
    .nullable()
    .default(null),
});

/**
 * The debrief configuration (spec point 3, `configDebrief`): a thank-you section, the debrief
 * sections shown and their order (spec point 9), and questions for the players.
 */
export const configDebriefSchema = z.object({
  thankYouSection: z
    .object({ show: z.boolean().default(false), text: z.string().max(5000).default('') })
    .prefault({}),
  debriefContent: z
    .array(z.enum(BEERGAME_DEBRIEF_SECTIONS))
    .refine((list) => new Set(list).size === list.length, 'debrief sections repeated')
    .default([...BEERGAME_DEBRIEF_SECTIONS]),
  questionsSection: z
    .object({
      show: z.boolean().default(false),
      questions: z
        .array(debriefQuestionSchema)
        .max(50)
        .refine((list) => new Set(list.map((q) => q.id)).size === list.length, 'question ids repeated')
        .default([]),
    })
    .prefault({}),
});
export type ConfigDebrief = z.infer<typeof configDebriefSchema>;

export const productTemplateSchema = z.object({
  id: z.string().min(1).default('p1'),
  name: z.string().max(100).default('Beer'),
  productEmoji: z.string().max(20).default('🍺'),
});

export const beerConfigSchema = z.object({
  weeks: z.number().int().min(1).max(520).default(36),
  /** The game plays with a turn timer: it runs once every seat is filled (docs/beergame.md, "Timer"). */
  playTimer: z.boolean().default(false),
  /** Seconds per week when the timer runs. */
  timer: z.number().int().min(5).max(86_400).default(60),
  transparent: z.boolean().default(false),
  mapSize: z
    .object({ rows: z.number().int().min(1), columns: z.number().int().min(1) })
    .nullable()
    .default(null),
  /** Decoration cells of the map. */
  bckCells: z.array(bckCellSchema).max(100).default([]),
  /** A display choice: goods flow right to left on the map (the default layout is mirrored). */
  invertedFlows: z.boolean().default(false),
  /** Shortages among several clients are split by the player (ConfirmAllocations) instead of automatically. */
  manualAllocation: z.boolean().default(false),
  configMessages: z
    .object({
      scheduleList: z
        .array(
          z.object({ week: z.number().int().min(1), to: recipientsSchema, message: z.string().max(2000) }),
        )
        .default([]),
      backlogMessage: thresholdMessageSchema,
      stockMessage: thresholdMessageSchema,
    })
    .default({ scheduleList: [], backlogMessage: null, stockMessage: null }),
  configDebrief: configDebriefSchema.prefault({}),
  productsTemplates: z
    .array(productTemplateSchema)
    .min(1)
    .default([{ id: 'p1', name: 'Beer', productEmoji: '🍺' }]),
  /** Consumer demand per product and facility; `demand[i]` is week i+1, the last value repeats. */
  productsConsumerDemand: z
    .array(z.object({ pid: z.string(), fid: z.string(), demand: z.array(qty) }))
    .default([]),
  /** One-product demand of the facilities without clients; `[i]` is week i+1, the last value repeats. */
  consumerDemand: z.array(qty).default([4, 4, 4, 4, 8]),
  allEventTypes: z.array(z.enum(CHANGE_FIELDS)).default([...CHANGE_FIELDS]),
  scheduledChanges: z.array(scheduledChangeSchema).default([]),
  /** Policy for empty seats at the timer and for computer seats without their own policy. */
  defaultPolicy: z.string().default('passthrough'),
  facilities: z.union([
    z.array(facilityInputSchema).min(2).max(8),
    z.record(z.string(), facilityInputSchema.partial({ id: true })),
  ]),
});
export type BeerConfigInput = z.input<typeof beerConfigSchema>;

/** A facility once resolved: every default applied, clients and suppliers derived. */
export interface FacilityConfig {
  id: string;
  name: string;
  type: string;
  icon: string | null;
  visual: string | null;
  position: Position | null;
  client_id: string | null;
  clients: string[];
  supplier_id: string | null;
  startMetrics: { stock: number; backlog: number; cost: number; revenue: number };
  pdata: Record<string, Pdata>;
  capabilities: Record<string, Capability>;
  policy: string | null;
}

/** The resolved configuration carried by `GameCreated`: plain JSON, facilities in network order. */
export interface BeerConfig extends Omit<z.infer<typeof beerConfigSchema>, 'facilities' | 'mapSize'> {
  mapSize: { rows: number; columns: number } | null;
  facilities: FacilityConfig[];
  /** Consumer demand resolved per facility and product. */
  demand: Array<{ fid: string; pid: string; demand: number[] }>;
}

/** Default map size for n facilities (spec point 9): null below 2 or above 8. */
export function defaultMapSize(n: number): { rows: number; columns: number } | null {
  if (n < 2 || n > 8) return null;
  if (n <= 4) return { rows: 3, columns: 3 };
  if (n <= 6) return { rows: 3, columns: 5 };
  return { rows: 3, columns: 7 };
}

/**
 * Default layout: facilities on every other column of the top row, left to right, then of the bottom
 * row, right to left (a U, so neighbours in the chain are neighbours on the map). `invertedFlows`
 * mirrors it left-right. Null for fewer than 2 or more than 8 facilities.
 */
export function defaultMapLayout(
  n: number,
  invertedFlows = false,
): { rows: number; columns: number; positions: Position[] } | null {
  const size = defaultMapSize(n);
  if (!size) return null;
  const perRow = (size.columns + 1) / 2;
  const positions: Position[] = [];
  for (let i = 0; i < n; i++) {
    const top = i < perRow;
    const k = top ? i : i - perRow;
    let column = top ? 2 * k : size.columns - 1 - 2 * k;
    if (invertedFlows) column = size.columns - 1 - column;
    positions.push({ row: top ? 0 : 2, column });
  }
  return { ...size, positions };
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

export class ConfigError extends Error {}

/** Parses and resolves a configuration; throws `ConfigError` (or a zod error) when it is inconsistent. */
export function resolveConfig(input: unknown): BeerConfig {
  const parsed = beerConfigSchema.parse(input);
  const rawFacilities = Array.isArray(parsed.facilities)
    ? parsed.facilities
    : Object.entries(parsed.facilities).map(([id, f]) => ({ ...f, id: f.id ?? id }));
  if (rawFacilities.length < 2 || rawFacilities.length > 8) throw new ConfigError('2 to 8 facilities');
  const firstPid = parsed.productsTemplates[0]!.id;
  const ids = new Set<string>();
  const pids = new Set(parsed.productsTemplates.map((p) => p.id));
  let facilities: FacilityConfig[] = rawFacilities.map((f) => {
    if (ids.has(f.id) || f.id === CONSUMER)
      throw new ConfigError(`duplicate or reserved facility id ${f.id}`);
    ids.add(f.id);
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
    for (const pid of Object.keys(pdata)) pids.add(pid);
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
      startMetrics: {
        stock,
        backlog,
        cost: f.startMetrics?.cost ?? 0,
        revenue: f.startMetrics?.revenue ?? 0,
      },
      pdata,
      capabilities,
      policy: f.policy ?? null,
    };
  });
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
  for (const f of facilities) f.client_id = f.clients[0] ?? null;
  facilities = networkOrder(facilities);
  const demand: BeerConfig['demand'] = [];
  if (parsed.productsConsumerDemand.length > 0) {
    for (const d of parsed.productsConsumerDemand) {
      const f = facilities.find((x) => x.id === d.fid);
      if (!f) throw new ConfigError(`consumer demand for unknown facility ${d.fid}`);
      if (!f.pdata[d.pid]) f.pdata[d.pid] = pdataSchema.parse({});
      demand.push({ fid: d.fid, pid: d.pid, demand: d.demand });
    }
  } else {
    for (const f of facilities) {
      if (f.clients.length === 0) {
        const pid = f.pdata[firstPid] ? firstPid : Object.keys(f.pdata)[0]!;
        demand.push({ fid: f.id, pid, demand: parsed.consumerDemand });
      }
    }
  }
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
  for (const ch of parsed.scheduledChanges) {
    for (const fid of ch.facilityIds)
      if (!ids.has(fid)) throw new ConfigError(`scheduled change for unknown facility ${fid}`);
  }
  const { facilities: _f, ...rest } = parsed;
  return { ...rest, mapSize, facilities, demand };
}

/** The classic game as published (Sterman 1989): rules "The classic game". */
export function classicConfigInput(): BeerConfigInput {
  const stage = (id: string, name: string, from: string) => ({
    id,
    name,
    type: id,
    pdata: { p1: { stock: 12, stockCost: 0.5, backlogCost: 1 } },
    capabilities: {
      A1: {
        pid: 'p1',
        type: 'purchase' as const,
        from,
        ordertime: 2,
        leadtime: 2,
        startOrders: 4,
        visibleWeeks: 2,
      },
    },
  });
  return {
    weeks: 36,
    productsTemplates: [{ id: 'p1', name: 'Beer', productEmoji: '🍺' }],
    consumerDemand: [4, 4, 4, 4, 8],
    facilities: [
      stage('retailer', 'Retailer', 'wholesaler'),
      stage('wholesaler', 'Wholesaler', 'distributor'),
      stage('distributor', 'Distributor', 'factory'),
      {
        id: 'factory',
        name: 'Factory',
        type: 'factory',
        pdata: { p1: { stock: 12, stockCost: 0.5, backlogCost: 1 } },
        capabilities: {
          A1: {
            pid: 'p1',
            type: 'production',
            from: {},
            ordertime: 1,
            leadtime: 2,
            startOrders: 4,
            visibleWeeks: 2,
          },
        },
      },
    ],
  };
}

export const BEERGAME_TEMPLATES = {
  classic: classicConfigInput,
} as const;
export type BeerTemplateId = keyof typeof BEERGAME_TEMPLATES;
export const BEERGAME_TEMPLATE_IDS = Object.keys(BEERGAME_TEMPLATES) as BeerTemplateId[];
