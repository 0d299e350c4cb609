/**
 * The lean game's state: the fold of its events. Times are server epoch milliseconds; a unit's
 * time by category is kept in milliseconds and shown in minutes.
 */
import type { SessionPlace } from '../beergame/schemas';
import type { LeanImprovement, LeanTimeCategory } from './constants';
import type { LeanMetrics } from './metrics';
import type { LeanFacility, LeanOperation, LeanSetup } from './schemas';

export type TimeMs = Record<LeanTimeCategory, number>;
export const zeroTime = (): TimeMs => ({
  workdeskTime: 0,
  changeoverTime: 0,
  loadTime: 0,
  moveTime: 0,
  waitTime: 0,
});

export interface LeanOpState {
  status: 'todo' | 'ok' | 'defect';
  /** The facility that painted it. */
  by: string | null;
  /** A defect that someone has spotted and will remove (computer QC, autoinspect). */
  spotted: boolean;
  /** What was actually painted when defective. */
  painted: LeanOperation | null;
  /**
   * Milliseconds of desk time its last paint took: value-adding time while the operation is right
   * (`ok`), waste once it is defective or removed (flow efficiency counts only the former).
   */
  paintMs: number;
}

export interface LeanProduct {
  id: string;
  templateId: string;
  /** Release rank (`nextRank` at release); -1 for initial stock. */
  rank: number;
  /** The demand item it was released for. */
  startedFor: string | null;
  deliveredFor: string | null;
  ops: LeanOpState[];
  /** The facility it is at, or travelling to. */
  at: string;
  place: 'inbox' | 'hand' | 'delivered';
  /** When it reaches `at` (in transit before). */
  arrivesAt: number;
  /** Passed quality control since its last paint. */
  inspected: boolean;
  /** Quality control removed operations: it goes to rework. */
  reworkNeeded: boolean;
  inspections: number;
  /** Whether its first inspection spotted nothing (null before any inspection). */
  firstInspectionGood: boolean | null;
  /** A defective operation was ever painted on it (first-pass yield). */
  everDefective: boolean;
  initial: boolean;
  releasedAt: number | null;
  deliveredAt: number | null;
  late: boolean;
  defectiveAtDelivery: boolean;
  /** Time accounted up to this instant. */
  mark: number;
  times: TimeMs;
  faciGap: Record<string, TimeMs>;
}

export interface LeanFacilityState extends LeanFacility {
  index: number;
  /** Products (indices) arrived or travelling here, in arrival order. */
  inbox: number[];
  /** Products picked up (stations) or released and not yet sent (warehouse). */
  hand: number[];
  tool: string | null;
  toolReadyAt: number;
  /** End of its last action. */
  freeAt: number;
  busyMs: number;
  /** Action counter: the computer's random draws are keyed by it. */
  actions: number;
  /** Last time a batch left its inbox (kanban: room appeared). */
  lastFreedAt: number;
  lastSentAt: number;
  /** Warehouse: when the batch in hand began to be released (heijunka pitch). */
  batchStartedAt: number;
  lastTemplate: string | null;
  opsDone: number;
  defectsMade: number;
  changeovers: number;
}

export interface LeanDemandState {
  id: string;
  created_min: number;
  due_min: number;
  qty: number;
  template_id: string;
  fulfilled_at: number | null;
  fulfilled_qty: number;
  defectOpes: number;
  defectProducts: number;
  lateProducts: number;
  otifProducts: number;
  prod_started_qty: number;
}

/** A demand item's tracking fields before any play: what a new game and a copy start from. */
export const UNTOUCHED_DEMAND = {
  fulfilled_at: null,
  fulfilled_qty: 0,
  defectOpes: 0,
  defectProducts: 0,
  lateProducts: 0,
  otifProducts: 0,
  prod_started_qty: 0,
} as const satisfies Partial<LeanDemandState>;

export interface LeanState {
  exists: boolean;
  gameId: string;
  name: string;
  creatorId: string;
  scenarioId: string | null;
  seed: number;
  rulesVersion: number;
  createdAt: number;
  /**
   * The set-up as created (params and facilities before any improvement setting), with the round's
   * length and orders as last set before the start.
   */
  setup: LeanSetup | null;
  batchSize: number;
  kanbanCap: number;
  facilities: LeanFacilityState[];
  facilityIndex: Record<string, number>;
  /** Which facility (index) performs each tool's operations. */
  toolOwner: Record<string, number>;
  products: LeanProduct[];
  demand: LeanDemandState[];
  nextRank: number;
  startAt: number | null;
  endAt: number | null;
  improvementsPanelBy: string | null;
  improvements: LeanImprovement[];
  computer: { facilityIds: string[]; until: number } | null;
  archived: boolean;
  /** A draft is seen by its creator only, and joined by nobody else, until published (spec point 2). */
  draft: boolean;
  deleted: boolean;
  /** The rounds played before the last reset, oldest first: what the debrief compares this one with. */
  previousRounds: LeanRoundRecord[];
  /** The players' answers to the debrief's questions, the latest per player and question (kept by a reset). */
  answers: LeanDebriefAnswer[];
  /** Time of the last event. */
  lastAt: number;
  /** The game's session, round and team; null: a game of its own. */
  session: SessionPlace | null;
}

/** A player's answer to a question of the debrief; checked on reading (the expected answer may change). */
export interface LeanDebriefAnswer {
  questionId: string;
  userId: string;
  facilityId: string;
  answer: string;
  at: number;
}

/** A round played before a reset: its improvements and settings, and its metrics at its end. */
export interface LeanRoundRecord {
  improvements: LeanImprovement[];
  batchSize: number;
  startAt: number;
  endAt: number;
  metrics: LeanMetrics;
}

export const initialLeanState: LeanState = {
  exists: false,
  gameId: '',
  name: '',
  creatorId: '',
  scenarioId: null,
  seed: 0,
  rulesVersion: 0,
  createdAt: 0,
  setup: null,
  batchSize: 4,
  kanbanCap: 0,
  facilities: [],
  facilityIndex: {},
  toolOwner: {},
  products: [],
  demand: [],
  nextRank: 0,
  startAt: null,
  endAt: null,
  improvementsPanelBy: null,
  improvements: [],
  computer: null,
  archived: false,
  draft: false,
  deleted: false,
  previousRounds: [],
  answers: [],
  lastAt: 0,
  session: null,
};

/** The index of a unit from its id (`p0`, `p1`...): NaN for anything else, which finds no unit. */
export const productIndex = (productId: string) =>
  /^p(0|[1-9]\d{0,8})$/.test(productId) ? Number(productId.slice(1)) : Number.NaN;
export const productIdOf = (index: number) => `p${index}`;
