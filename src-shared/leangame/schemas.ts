/**
 * Zod schemas of the lean game's parameters (spec point 3, "Game params, leangame"), its
 * facilities, its Products records (`faciGap`) and its commands. Every field has a default, so a
 * scenario only states what differs.
 */

import { z } from 'zod';
import { sessionPlaceSchema } from '../beergame/schemas';
import {
  LEAN_COLOURS,
  LEAN_CREATE_MINUTES,
  LEAN_DEBRIEF_ANSWER_MAX,
  LEAN_DEFAULT_BATCH_SIZE,
  LEAN_FACILITY_TYPES,
  LEAN_IMPROVEMENTS,
  LEAN_MAX_BATCH_SIZE,
  LEAN_MAX_KANBAN_CAP,
  LEAN_MAX_ROUND_MINUTES,
  LEAN_SHAPES,
  LEAN_SHEET_TARGETS,
  toolOf,
} from './constants';
import { leanConfigDebriefSchema } from './debrief-config';

export const leanShapeSchema = z.enum(LEAN_SHAPES);
export const leanColourSchema = z.enum(LEAN_COLOURS);
export const leanImprovementSchema = z.enum(LEAN_IMPROVEMENTS);
export const leanFacilityTypeSchema = z.enum(LEAN_FACILITY_TYPES);

/** A tool is a shape in a colour, written `shape:colour` (e.g. `circle:red`). */
export const leanToolSchema = z.string().refine((tool) => {
  const [shape, colour, ...rest] = tool.split(':');
  return (
    rest.length === 0 &&
    (LEAN_SHAPES as readonly string[]).includes(shape ?? '') &&
    (LEAN_COLOURS as readonly string[]).includes(colour ?? '')
  );
}, 'a tool is shape:colour');

export const leanOperationSchema = z.object({
  shape: leanShapeSchema,
  colour: leanColourSchema,
  /** The target cell on the sheet, 0 to 8 row by row. */
  target: z
    .number()
    .int()
    .min(0)
    .max(LEAN_SHEET_TARGETS - 1),
});
export type LeanOperation = z.infer<typeof leanOperationSchema>;

/** A product template: the ordered operations a sheet needs, its price and its material cost. */
export const leanProductTemplateSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  operations: z.array(leanOperationSchema).min(1).max(LEAN_SHEET_TARGETS),
  price: z.number().min(0).default(20),
  materialCost: z.number().min(0).default(2),
});
export type LeanProductTemplate = z.infer<typeof leanProductTemplateSchema>;

/**
 * A customer demand item (spec point 3) with its tracking fields, which a game's events fill in:
 * `fulfilled_at` is the server time (epoch ms) at which the item was delivered in full.
 */
export const leanDemandItemSchema = z.object({
  id: z.string().min(1).optional(),
  created_min: z.number().min(0),
  qty: z.number().int().min(1),
  template_id: z.string().min(1),
  /** Due minute; by default `created_min` + the customer lead time. */
  due_min: z.number().min(0).optional(),
  fulfilled_at: z.number().nullable().default(null),
  fulfilled_qty: z.number().int().min(0).default(0),
  defectOpes: z.number().int().min(0).default(0),
  defectProducts: z.number().int().min(0).default(0),
  lateProducts: z.number().int().min(0).default(0),
  otifProducts: z.number().int().min(0).default(0),
  prod_started_qty: z.number().int().min(0).default(0),
});
export type LeanDemandItem = z.infer<typeof leanDemandItemSchema>;

export const leanConsumerDemandParamsSchema = z.object({
  /** Minutes of the round (classroom rounds are 5 to 20; longer for simulated runs). */
  totalDuration: z.number().min(1).max(LEAN_MAX_ROUND_MINUTES).default(15),
  /** true: every demand item shows from the start; false: each once its minute is reached. */
  visibility: z.boolean().default(false),
});

/** Standard times in minutes: the computer's mean, a human's target. */
export const leanTimesSchema = z.object({
  operation: z.number().min(0).default(0.1),
  changeover: z.number().min(0).default(0.15),
  load: z.number().min(0).default(0.05),
  release: z.number().min(0).default(0.04),
  deliver: z.number().min(0).default(0.03),
  inspect: z.number().min(0).default(0.06),
  removeDefect: z.number().min(0).default(0.05),
  /**
   * Added to each operation when autoinspect is on (the station checks its own work). 0 by
   * default: auto-inspection then costs no time, only the fixes of what it finds.
   */
  selfCheck: z.number().min(0).default(0),
});

export const leanEconomicsSchema = z.object({
  /** Cost of each labour minute of each facility. */
  labourPerMinute: z.number().min(0).default(0.5),
  /** Holding cost of one unit of WIP for one minute. */
  holdingPerUnitMinute: z.number().min(0).default(0.1),
  /** Penalty per defective product delivered. */
  defectPenalty: z.number().min(0).default(10),
  /** Penalty per product delivered late. */
  latePenalty: z.number().min(0).default(5),
});

export const leanImprovementsSchema = z.object({
  /** The improvements players may enable in the improvements panel. */
  available: z.array(leanImprovementSchema).default([...LEAN_IMPROVEMENTS]),
  /** The improvements on from the start (built-in scenarios). */
  enabled: z.array(leanImprovementSchema).default([]),
});

export const leanMapSizeSchema = z.object({
  rows: z.number().int().min(2).max(12).default(5),
  columns: z.number().int().min(2).max(12).default(7),
});

/** Game params, leangame (spec point 3), plus the standard times and costs of rules/leangame.md. */
export const leanParamsSchema = z.object({
  mapSize: leanMapSizeSchema.prefault({}),
  /** Minutes to move a batch one cell (spec point 5). */
  moveCellTime: z.number().min(0).default(0.1),
  batchSize: z.number().int().min(1).max(LEAN_MAX_BATCH_SIZE).default(LEAN_DEFAULT_BATCH_SIZE),
  /** Kanban WIP cap before each station (units in its inbox and on their way), at least the batch size; 0: 4 units. */
  kanbanCap: z.number().int().min(0).max(100).default(0),
  productsTemplates: z.array(leanProductTemplateSchema).min(1),
  consumerDemand: z.array(leanDemandItemSchema).default([]),
  consumerDemandParams: leanConsumerDemandParamsSchema.prefault({}),
  /** Minutes a customer gives from an item's creation to its due minute. */
  customerLeadTime: z.number().min(0).default(4),
  game_start_at: z.number().nullable().default(null),
  game_end_at: z.number().nullable().default(null),
  nextRank: z.number().int().min(0).default(0),
  times: leanTimesSchema.prefault({}),
  /** Relative noise of the computer's times: each lasts standard × (1 ± noise). */
  noise: z.number().min(0).max(0.9).default(0.15),
  /** Probability that a computer operation is defective (wrong target, shape or colour). */
  errorRate: z.number().min(0).max(1).default(0.08),
  /** Probability that quality control spots a defective operation. */
  qcDetectRate: z.number().min(0).max(1).default(0.7),
  /**
   * Under poka-yoke a computer slip is caught instead of painted: that operation takes this many
   * times its standard time (the wrong tool or target refused, then the right one).
   */
  pokayokeSlipFactor: z.number().min(1).max(5).default(1.5),
  /** Probability that a station with autoinspect spots its own defective operation. */
  selfDetectRate: z.number().min(0).max(1).default(0.95),
  /** Changeover time is multiplied by this factor under smed. */
  smedFactor: z.number().min(0).max(1).default(0.2),
  economics: leanEconomicsSchema.prefault({}),
  /** Players see every facility's work (true) or only their own facility's. */
  transparent: z.boolean().default(true),
  /** Finished products of each template in the warehouse before the start. */
  initialStock: z.record(z.string(), z.number().int().min(0)).default({}),
  improvements: leanImprovementsSchema.prefault({}),
  /** The debrief as the instructor writes it (debrief-config.ts): every section in order by default. */
  configDebrief: leanConfigDebriefSchema.prefault({}),
});
export type LeanParams = z.infer<typeof leanParamsSchema>;
export type LeanParamsInput = z.input<typeof leanParamsSchema>;

export const leanPositionSchema = z.object({
  row: z.number().int().min(0),
  column: z.number().int().min(0),
});
export type LeanPosition = z.infer<typeof leanPositionSchema>;

/** A facility of the lean factory, on one cell of the map, played by a person or the computer. */
export const leanFacilitySchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  type: leanFacilityTypeSchema,
  position: leanPositionSchema,
  /** Operation stations: the tools (`shape:colour`) whose operations they perform. */
  tools: z.array(leanToolSchema).default([]),
  user: z.string().nullable().default(null),
  playerName: z.string().nullable().default(null),
  icon: z.string().optional(),
});
export type LeanFacility = z.infer<typeof leanFacilitySchema>;

/** A whole game set-up: params and facilities in line order (warehouse first). */
export const leanSetupSchema = z
  .object({
    params: leanParamsSchema,
    facilities: z.array(leanFacilitySchema).min(2).max(16),
  })
  .superRefine((setup, ctx) => {
    const issue = (message: string) => ctx.addIssue({ code: 'custom', message });
    const { params, facilities } = setup;
    const ids = new Set(facilities.map((f) => f.id));
    if (ids.size !== facilities.length) issue('facility ids must be unique');
    const count = (type: string) => facilities.filter((f) => f.type === type).length;
    if (count('warehouse') !== 1) issue('exactly one warehouse');
    if (count('station') < 1) issue('at least one operation station');
    if (count('qualitycontrol') > 1 || count('rework') > 1)
      issue('at most one quality control and one rework');
    if (count('rework') === 1 && count('qualitycontrol') === 0) issue('rework needs quality control');
    const cells = new Set<string>();
    for (const f of facilities) {
      const { row, column } = f.position;
      if (row >= params.mapSize.rows || column >= params.mapSize.columns) issue(`${f.id} is outside the map`);
      const key = `${row},${column}`;
      if (cells.has(key)) issue(`two facilities on cell ${key}`);
      cells.add(key);
    }
    const owners = new Map<string, string>();
    for (const f of facilities) {
      if (f.type !== 'station' && f.tools.length > 0) issue(`${f.id}: only operation stations hold tools`);
      for (const tool of f.tools) {
        if (owners.has(tool)) issue(`tool ${tool} is held by two stations`);
        owners.set(tool, f.id);
      }
    }
    const templateIds = new Set(params.productsTemplates.map((t) => t.id));
    if (templateIds.size !== params.productsTemplates.length) issue('template ids must be unique');
    for (const template of params.productsTemplates) {
      for (const op of template.operations) {
        if (!owners.has(toolOf(op))) issue(`no station holds ${toolOf(op)} (template ${template.id})`);
      }
      if (new Set(template.operations.map((op) => op.target)).size !== template.operations.length)
        issue(`template ${template.id}: two operations on one target`);
    }
    for (const item of params.consumerDemand) {
      if (!templateIds.has(item.template_id)) issue(`demand for unknown template ${item.template_id}`);
    }
    for (const templateId of Object.keys(params.initialStock)) {
      if (!templateIds.has(templateId)) issue(`initial stock of unknown template ${templateId}`);
    }
  });
export type LeanSetup = z.infer<typeof leanSetupSchema>;
export type LeanSetupInput = z.input<typeof leanSetupSchema>;

/** Time of a unit by category, in minutes. */
export const leanTimeByCategorySchema = z.object({
  workdeskTime: z.number(),
  changeoverTime: z.number(),
  loadTime: z.number(),
  moveTime: z.number(),
  waitTime: z.number(),
});
export type LeanTimeByCategory = z.infer<typeof leanTimeByCategorySchema>;

/** A Products record of the spec (subcollection of a lean game): `faciGap` per facility. */
export const leanProductRecordSchema = z.object({
  id: z.string(),
  template_id: z.string(),
  rank: z.number().int(),
  released_min: z.number().nullable(),
  delivered_min: z.number().nullable(),
  /** The unit's time at each facility, by category, in minutes. */
  faciGap: z.record(z.string(), leanTimeByCategorySchema),
});
export type LeanProductRecord = z.infer<typeof leanProductRecordSchema>;

const facilityId = z.string().min(1);
const productId = z.string().min(1);

/** Commands of the lean game (validated by the server before `decide`). */
export const leanCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreateLeanGame'),
    gameId: z.string().min(1),
    name: z.string().min(1).max(200),
    seed: z.number().int(),
    scenarioId: z.string().optional(),
    setup: z.unknown().optional(),
    /** A session's round game: its creator is the session's, named by the server acting for an admin. */
    creatorId: z.string().min(1).max(64).optional(),
    session: sessionPlaceSchema.optional(),
    /** A draft: seen by its creator only, and joined by nobody else, until published (spec point 2). */
    draft: z.boolean().optional(),
  }),
  z.object({ type: z.literal('PublishLeanGame') }),
  z.object({
    type: z.literal('JoinFacility'),
    facilityId,
    playerName: z.string().max(80).nullable().default(null),
  }),
  z.object({ type: z.literal('LeaveFacility'), facilityId }),
  z.object({ type: z.literal('OpenImprovementsPanel') }),
  z.object({ type: z.literal('CloseImprovementsPanel') }),
  z.object({
    type: z.literal('EnableImprovement'),
    improvement: leanImprovementSchema,
    /** Apply the improvement's suggested setting (layout, balanced tools, batch of one, cap). */
    apply: z.boolean().default(true),
  }),
  z.object({ type: z.literal('DisableImprovement'), improvement: leanImprovementSchema }),
  z.object({ type: z.literal('MoveStation'), facilityId, position: leanPositionSchema }),
  z.object({ type: z.literal('ReassignOperation'), tool: leanToolSchema, facilityId }),
  z.object({ type: z.literal('SetBatchSize'), batchSize: z.number().int().min(1).max(LEAN_MAX_BATCH_SIZE) }),
  z.object({ type: z.literal('SetKanbanCap'), cap: z.number().int().min(1).max(LEAN_MAX_KANBAN_CAP) }),
  z.object({
    type: z.literal('SetRoundLength'),
    minutes: z.number().int().min(LEAN_CREATE_MINUTES.min).max(LEAN_CREATE_MINUTES.max),
  }),
  z.object({ type: z.literal('StartGame') }),
  z.object({
    type: z.literal('ScheduleComputerActions'),
    totalDurationMin: z.number().min(1).max(LEAN_MAX_ROUND_MINUTES),
  }),
  z.object({ type: z.literal('RunComputerActions') }),
  z.object({ type: z.literal('ReleaseSheet'), facilityId, templateId: z.string().optional() }),
  z.object({ type: z.literal('SendBatch'), facilityId, productIds: z.array(productId).optional() }),
  z.object({ type: z.literal('PickUpBatch'), facilityId }),
  z.object({ type: z.literal('ChangeTool'), facilityId, tool: leanToolSchema }),
  z.object({
    type: z.literal('PerformOperation'),
    facilityId,
    productId,
    target: z
      .number()
      .int()
      .min(0)
      .max(LEAN_SHEET_TARGETS - 1),
  }),
  z.object({ type: z.literal('InspectSheet'), facilityId, productId }),
  z.object({ type: z.literal('RemoveDefect'), facilityId, productId, opIndex: z.number().int().min(0) }),
  z.object({ type: z.literal('DeliverProduct'), facilityId, productId: productId.optional() }),
  z.object({ type: z.literal('EndGame') }),
  z.object({ type: z.literal('ResetLeanGame') }),
  z.object({ type: z.literal('ArchiveLeanGame'), archived: z.boolean() }),
  z.object({ type: z.literal('DeleteLeanGame') }),
  z.object({ type: z.literal('DisconnectPlayers') }),
  /** The creator writes the debrief (`configDebrief`): before, during or after the round. */
  z.object({ type: z.literal('ConfigureLeanDebrief'), configDebrief: z.unknown() }),
  /** A player answers a question of the debrief once the round is over; a new answer replaces theirs. */
  z.object({
    type: z.literal('AnswerLeanDebriefQuestion'),
    questionId: z.string().min(1).max(64),
    answer: z.string().max(LEAN_DEBRIEF_ANSWER_MAX),
  }),
]);
export type LeanCommand = z.input<typeof leanCommandSchema>;
