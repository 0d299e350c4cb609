/**
 * Zod schemas of the beer game: the game parameters as an instructor writes them (spec point 3:
 * game params, facility, pdata, capabilities, with the spec's defaults), the configuration once
 * resolved (what `GameCreated` records), and the commands (shared with the server and the forms).
 */
import { z } from 'zod';
import { debriefConfigSchema } from '../rules/debrief-config';
import { LOCALES } from '../rules/locale';
import {
  BEERGAME_DEBRIEF_SECTIONS,
  CHANGE_FIELDS,
  DEBRIEF_ANSWER_MAX,
  DEFAULT_POLICY,
  FACILITY_DEFAULTS,
  MAX_ORDER_QUANTITY,
  MESSAGE_MAX,
  TIMER_SECONDS,
} from './constants';
import { BEERGAME_TEMPLATE_IDS } from './templates';

const qty = z.number().int().min(0).max(MAX_ORDER_QUANTITY);
const money = z.number().min(0).max(1_000_000);
/** A series of weeks (consumer demand): at most the longest game. */
const weekly = z.array(qty).max(520);
/** A facility's or product's id; the engine keys plain objects by it, so `constructor`, `toString`... are refused. */
export const networkId = z
  .string()
  .min(1)
  .max(64)
  .refine((id) => !(id in Object.prototype), 'reserved id');
/** A record with at most `max` keys (products or capabilities of one facility). */
const boundedRecord = <T extends z.ZodType>(value: T, max: number) =>
  z.record(networkId, value).refine((record) => Object.keys(record).length <= max, {
    message: `at most ${max} entries`,
  });

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
  pid: networkId.default('p1'),
  type: z.enum(['purchase', 'production']).default('purchase'),
  /** purchase: the supplier facility id; production: the bill of materials (pid → units per unit made). */
  from: z.union([networkId, z.record(networkId, z.number().int().positive()), z.null()]).default(null),
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

export const facilityInputSchema = z.object({
  id: networkId,
  name: z.string().min(1).max(100),
  type: z.string().min(1).max(40).default('retailer'),
  icon: z.string().max(200).nullable().default(null),
  visual: z.string().max(200).nullable().default(null),
  position: positionSchema.nullable().default(null),
  /** Informative: clients and suppliers are derived from the capabilities' `from`. */
  client_id: networkId.nullable().optional(),
  clients: z.array(networkId).max(8).optional(),
  supplier_id: networkId.nullable().optional(),
  startMetrics: z
    .object({
      stock: qty.optional(),
      backlog: qty.optional(),
      cost: money.optional(),
      revenue: money.optional(),
    })
    .optional(),
  pdata: boundedRecord(pdataSchema, 20).optional(),
  capabilities: boundedRecord(capabilitySchema, 20).optional(),
  /** The computer policy used when the seat is handed to the computer or left empty at the timer. */
  policy: z.string().optional(),
});
export type FacilityInput = z.input<typeof facilityInputSchema>;

const recipientsSchema = z.union([z.literal('all'), z.array(z.string().min(1)).min(1).max(8)]);
const thresholdMessageSchema = z
  .object({
    threshold: z.number().min(0),
    message: z.string().max(MESSAGE_MAX),
    sentTo: z.array(z.string()).max(8).default([]),
  })
  .nullable()
  .default(null);

export const scheduledChangeSchema = z.object({
  id: z.string().min(1).max(64),
  week: z.number().int().min(1),
  facilityIds: z.array(networkId).min(1).max(8),
  field: z.enum(CHANGE_FIELDS),
  value: z.number(),
  /** Product concerned; default: every product of the facility (demand: its first product). */
  pid: networkId.optional(),
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

/**
 * The debrief configuration (spec point 3, `configDebrief`): a thank-you section, the debrief
 * sections shown and their order (spec point 9), the instructor's text between them, and questions
 * for the players (rules/debrief-config.ts, shared with the lean game).
 */
export const configDebriefSchema = debriefConfigSchema(BEERGAME_DEBRIEF_SECTIONS);
export type ConfigDebrief = z.infer<typeof configDebriefSchema>;

export const productTemplateSchema = z.object({
  id: networkId.default('p1'),
  name: z.string().max(100).default('Beer'),
  productEmoji: z.string().max(20).default('🍺'),
});

/** A consumer demand drawn at random: each week a whole number from `min` to `max`, from `seed`. */
export const demandPatternSchema = z.object({
  kind: z.literal('random'),
  min: z.number().int().min(0).max(999),
  max: z.number().int().min(0).max(999),
  seed: z
    .number()
    .int()
    .min(0)
    .max(2 ** 31 - 1),
});
export type DemandPattern = z.infer<typeof demandPatternSchema>;

export const beerConfigInputSchema = z.object({
  weeks: z.number().int().min(1).max(520).default(36),
  /** The game plays with a turn timer: it runs once every seat is filled (docs/beergame.md, "Timer"). */
  playTimer: z.boolean().default(false),
  /** Seconds per week when the timer runs. */
  timer: z.number().int().min(TIMER_SECONDS.min).max(TIMER_SECONDS.max).default(60),
  transparent: z.boolean().default(false),
  /** The game's language (its pages open in it); null: each person's own. */
  language: z.enum(LOCALES).nullable().default(null),
  /** A draft is seen by its creator only (spec point 2) until it is published. */
  draft: z.boolean().default(false),
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
          z.object({
            week: z.number().int().min(1),
            to: recipientsSchema,
            message: z.string().max(MESSAGE_MAX),
          }),
        )
        .max(500)
        .default([]),
      backlogMessage: thresholdMessageSchema,
      stockMessage: thresholdMessageSchema,
    })
    .default({ scheduleList: [], backlogMessage: null, stockMessage: null }),
  configDebrief: configDebriefSchema.prefault({}),
  productsTemplates: z
    .array(productTemplateSchema)
    .min(1)
    .max(20)
    .default([{ id: 'p1', name: 'Beer', productEmoji: '🍺' }]),
  /** Consumer demand per product and facility; `demand[i]` is week i+1, the last value repeats. */
  productsConsumerDemand: z
    .array(z.object({ pid: networkId, fid: networkId, demand: weekly }))
    .max(64)
    .default([]),
  /** One-product demand of the facilities without clients; `[i]` is week i+1, the last value repeats. */
  consumerDemand: weekly.default([4, 4, 4, 4, 8]),
  /**
   * How the settings form drew `consumerDemand` at random (settings.ts, `randomDemand`), kept so
   * that the form shows it as such again; the engine plays the list, never this.
   */
  demandPattern: demandPatternSchema.optional(),
  allEventTypes: z.array(z.enum(CHANGE_FIELDS)).default([...CHANGE_FIELDS]),
  scheduledChanges: z.array(scheduledChangeSchema).max(500).default([]),
  /** Policy for empty seats at the timer and for computer seats without their own policy. */
  defaultPolicy: z.string().default(DEFAULT_POLICY),
  facilities: z.union([
    z.array(facilityInputSchema).min(2).max(8),
    z.record(networkId, facilityInputSchema.partial({ id: true })),
  ]),
});
export type BeerConfigInput = z.input<typeof beerConfigInputSchema>;

/** A facility once resolved: every default applied, clients and suppliers derived. */
export const facilityConfigSchema = z.object({
  id: z.string(),
  name: z.string(),
  type: z.string(),
  icon: z.string().nullable(),
  visual: z.string().nullable(),
  position: positionSchema.nullable(),
  client_id: z.string().nullable(),
  clients: z.array(z.string()),
  supplier_id: z.string().nullable(),
  startMetrics: z.object({ stock: z.number(), backlog: z.number(), cost: z.number(), revenue: z.number() }),
  pdata: z.record(z.string(), pdataSchema),
  capabilities: z.record(z.string(), capabilitySchema),
  policy: z.string().nullable(),
});
export type FacilityConfig = z.infer<typeof facilityConfigSchema>;

/** The resolved configuration carried by `GameCreated`: plain JSON, facilities in network order. */
export const beerConfigSchema = beerConfigInputSchema.extend({
  mapSize: z.object({ rows: z.number(), columns: z.number() }).nullable(),
  facilities: z.array(facilityConfigSchema),
  /** Consumer demand resolved per facility and product. */
  demand: z.array(z.object({ fid: z.string(), pid: z.string(), demand: z.array(z.number()) })),
});
export type BeerConfig = z.infer<typeof beerConfigSchema>;

const id = z.string().min(1).max(64);
export const sessionPlaceSchema = z.object({
  sessionId: id,
  roundNumber: z.number().int().min(1),
  teamNumber: z.number().int().min(1),
});
export type SessionPlace = z.infer<typeof sessionPlaceSchema>;
const recipients = z.union([z.literal('all'), z.array(id).min(1).max(8)]);

const createBase = {
  type: z.literal('CreateGame'),
  gameId: id,
  name: z.string().min(1).max(200),
  creatorId: z.string().min(1),
  seed: z.number().int(),
  /** The game's place in a session (spec point 3, "Game": session, roundNumber, teamNumber). */
  session: sessionPlaceSchema.optional(),
};

export const createFromTemplateSchema = z.object({
  ...createBase,
  template: z.enum(BEERGAME_TEMPLATE_IDS),
  /** Game params to override in the template (weeks, transparent, timer, ...). */
  overrides: z.record(z.string(), z.unknown()).optional(),
});
export const createFromConfigSchema = z.object({
  ...createBase,
  /** A `BeerConfigInput`; checked by `resolveConfig`. */
  config: z.record(z.string(), z.unknown()),
});

/** The commands of the beer game. */
export const beerCommandSchema = z.union([
  createFromTemplateSchema,
  createFromConfigSchema,
  z.object({ type: z.literal('JoinRole'), facilityId: id }),
  /** Joins a free seat drawn with `seed` (the server passes the command id: a retry draws the same). */
  z.object({ type: z.literal('JoinRandomRole'), seed: z.string().min(1).max(64) }),
  z.object({ type: z.literal('LeaveRole'), facilityId: id }),
  z.object({ type: z.literal('HandToComputer'), facilityId: id, policy: z.string().max(200).optional() }),
  /** A computer seat back to a human: the creator frees it, a player without a seat takes it. */
  z.object({ type: z.literal('TakeBackRole'), facilityId: id }),
  z.object({
    type: z.literal('PlaceOrder'),
    facilityId: id,
    capabilityId: id.optional(),
    quantity: z.number(),
    /** The week the player ordered for, when they say: a later week refuses it. */
    week: z.number().optional(),
  }),
  z.object({
    type: z.literal('ProposeOrder'),
    facilityId: id,
    capabilityId: id.optional(),
    quantity: z.number().optional(),
    policy: z.string().max(200).optional(),
  }),
  z.object({
    type: z.literal('ConfirmAllocations'),
    facilityId: id,
    productId: id.optional(),
    allocation: z.record(z.string(), z.number()),
  }),
  z.object({
    type: z.literal('CloseWeek'),
    reason: z.enum(['instructor', 'timer']),
    week: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('StartTimer'),
    seconds: z.number().int().min(TIMER_SECONDS.min).max(TIMER_SECONDS.max).optional(),
  }),
  z.object({ type: z.literal('StopTimer') }),
  /** Holds the countdown with the time left; `ResumeTimer` gives that time back. */
  z.object({ type: z.literal('PauseTimer') }),
  z.object({ type: z.literal('ResumeTimer') }),
  z.object({
    type: z.literal('SendMessage'),
    to: recipients,
    text: z.string().max(MESSAGE_MAX),
    /** The week it appears (`show_at`): this week (default) or a later one (a scheduled message). */
    showAt: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('ScheduleChange'),
    changeId: id.optional(),
    week: z.number().int(),
    facilityIds: z.array(id).min(1).max(8),
    field: z.enum(CHANGE_FIELDS),
    value: z.number(),
    pid: id.optional(),
  }),
  z.object({ type: z.literal('CancelChange'), changeId: id }),
  /** New settings before the first week closes (docs/beergame.md, "Changing the settings"). */
  z.object({
    type: z.literal('ConfigureGame'),
    name: z.string().min(1).max(200),
    /** A `BeerConfigInput`; checked by `resolveConfig`. */
    config: z.record(z.string(), z.unknown()),
  }),
  z.object({
    type: z.literal('ResetStartingOrders'),
    startOrders: z.number(),
    facilityId: id.optional(),
    capabilityId: id.optional(),
  }),
  z.object({ type: z.literal('ResetGame') }),
  z.object({ type: z.literal('ArchiveGame') }),
  z.object({ type: z.literal('UnarchiveGame') }),
  z.object({ type: z.literal('DeleteGame') }),
  /** Frees every seat held by a player (computer seats stay with the computer). */
  z.object({ type: z.literal('DisconnectPlayers') }),
  z.object({ type: z.literal('EndGame') }),
  z.object({ type: z.literal('SetTransparent'), transparent: z.boolean() }),
  /** A player's answer to a question of the debrief, once the game is over; a new answer replaces theirs. */
  z.object({
    type: z.literal('AnswerDebriefQuestion'),
    questionId: z.string().min(1).max(64),
    answer: z.string().max(DEBRIEF_ANSWER_MAX),
  }),
  /** A player opens the results of the finished game: their answers become final. */
  z.object({ type: z.literal('SeeResults') }),
  /** The creator writes the debrief (`configDebrief`), before, during or after the game. */
  z.object({ type: z.literal('ConfigureDebrief'), configDebrief: z.unknown() }),
]);

export type BeerCommand = z.infer<typeof beerCommandSchema>;
