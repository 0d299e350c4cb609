/**
 * Named constants of the lean game (spec point 9 and rules/leangame.md). The rules version is
 * recorded in each game's creation event so a later change of rules never rewrites an old game.
 */

/** Bump when a rule changes the outcome of the same events (recorded in every game). */
export const LEANGAME_RULES_VERSION = 1;

/** Spec point 9: lean shapes. */
export const LEAN_SHAPES = ['circle', 'square', 'triangle', 'horizontalBar', 'verticalBar'] as const;
export type LeanShape = (typeof LEAN_SHAPES)[number];

/** Spec point 9: lean colours. */
export const LEAN_COLOURS = ['green', 'red', 'blue', 'yellow', 'grey'] as const;
export type LeanColour = (typeof LEAN_COLOURS)[number];

/** Spec point 2: the improvements of the improvements panel, in the panel's order. */
export const LEAN_IMPROVEMENTS = [
  'movestations',
  'batch',
  'autoinspect',
  'balancestations',
  'heijunka',
  'pokayoke',
  'kanban',
  'smed',
] as const;
export type LeanImprovement = (typeof LEAN_IMPROVEMENTS)[number];

/** Spec point 9: the categories of a unit's time, ranked (1 is value-adding). */
export const LEAN_METRIC_RANKS = {
  workdeskTime: 1,
  changeoverTime: 2,
  loadTime: 3,
  moveTime: 4,
  waitTime: 5,
} as const;
export type LeanTimeCategory = keyof typeof LEAN_METRIC_RANKS;
/** The categories in rank order. */
export const LEAN_TIME_CATEGORIES = (Object.keys(LEAN_METRIC_RANKS) as LeanTimeCategory[]).sort(
  (a, b) => LEAN_METRIC_RANKS[a] - LEAN_METRIC_RANKS[b],
);

/** Spec point 9: the sections of the lean debrief, in order. */
export const LEAN_DEBRIEF_SECTIONS = [
  'optionButtons',
  'teamPerformance',
  'individualPerformance',
  'pnl',
  'deliveries',
  'balance',
  'wip',
  'quality',
  'flowefficiency',
  'resefficiency',
] as const;
export type LeanDebriefSection = (typeof LEAN_DEBRIEF_SECTIONS)[number];

/** The longest answer a player may give to a debrief question (as in the beer game). */
export const LEAN_DEBRIEF_ANSWER_MAX = 2000;

/** Spec point 9: the lean minute timer refreshes every second. */
export const LEAN_CLOCK_REFRESH_MS = 1000;

/** rules/leangame.md: a classroom round lasts 5 to 20 minutes (the schema allows longer simulated runs). */
export const LEAN_ROUND_MINUTES = { min: 5, max: 20 } as const;

/**
 * The lengths of a round, in whole minutes, a game is created with or set to before its start
 * (classroom rounds are 5 to 20).
 */
export const LEAN_CREATE_MINUTES = { min: 1, max: 60 } as const;

/** rules/leangame.md: units travel in batches of the batch size, 4 by default. */
export const LEAN_DEFAULT_BATCH_SIZE = 4;

/** Facility kinds of the lean factory. */
export const LEAN_FACILITY_TYPES = ['warehouse', 'station', 'qualitycontrol', 'rework'] as const;
export type LeanFacilityType = (typeof LEAN_FACILITY_TYPES)[number];

/** Bounds of the numbers the panel and the creator may set. */
export const LEAN_MAX_BATCH_SIZE = 20;
export const LEAN_MAX_KANBAN_CAP = 100;
export const LEAN_MAX_ROUND_MINUTES = 240;

/** A sheet has 3 × 3 target cells, numbered 0 to 8 row by row. */
export const LEAN_SHEET_TARGETS = 9;

export const MINUTE_MS = 60_000;

/**
 * The tool an operation needs: its shape in its colour. Here rather than with the schemas, so that
 * the lean game's pages read it without loading zod.
 */
export const toolOf = (operation: { shape: string; colour: string }) =>
  `${operation.shape}:${operation.colour}`;
