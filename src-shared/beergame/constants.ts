/** Named constants of the beer game (spec points 3, 5 and 9; rules/beergame.md). */

/** Bump when a rule changes the outcome of the same events (recorded in every game). */
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

/** Seconds a week may last when the turn timer runs. */
export const TIMER_SECONDS = { min: 5, max: 86_400 } as const;

/** The longest message the instructor may send (characters). */
export const MESSAGE_MAX = 2000;
/** The longest answer to a debrief question, in characters. */
export const DEBRIEF_ANSWER_MAX = 2000;

/** The largest quantity one order (or one proposal) may ask for: a whole number, six digits. */
export const MAX_ORDER_QUANTITY = 999_999;

/** The client id of the end consumer in allocations and `backlogBy`. */
export const CONSUMER = 'consumer';

/** The policy of seats without a player unless the game says otherwise: order what was ordered from you. */
export const DEFAULT_POLICY = 'passthrough';

/** Sterman's (1989) mean fitted parameters. */
export const STERMAN_MEAN = { theta: 0.36, alpha: 0.26, beta: 0.34, target: 17 } as const;
