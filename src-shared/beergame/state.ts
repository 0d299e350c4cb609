/**
 * The beer game state: what `evolve` builds from the events. Plain objects and arrays only; every
 * `evolve` returns new objects for what changed and shares the rest (structural sharing).
 */
import { DEFAULT_POLICY } from './constants';
import type { BeerConfig, FacilityConfig, SessionPlace } from './schemas';

/** One product at one facility: balances and this week's flows (after steps 1 to 4). */
export interface ProductState {
  stock: number;
  backlog: number;
  /** Backlog per client id (`consumer` for the end consumer). */
  backlogBy: Record<string, number>;
  received: number;
  /** New orders that reached the facility this week (clients and end consumer). */
  incoming: number;
  incomingBy: Record<string, number>;
  /** Components needed by the production requests that arrived this week. */
  internal: number;
  shipped: number;
  /** This week's shipments per client; they leave at the close of the week (step 6). */
  shippedBy: Record<string, number>;
  /** Demand lost this week when backlog is not allowed. */
  missed: number;
  /** Units produced (production started) this week. */
  produced: number;
  /** Components consumed by production this week. */
  consumed: number;
  /**
   * Derived (a pure function of the events, kept for the policies): the units of this product the
   * facility ordered and has not received, i.e. `supplyLine` (policies.ts) of this state: orders in
   * the mail, in a supplier's backlog or this week's shipments, in transit, production waiting or
   * in progress. The engine keeps it as orders are sent (+), received or lost (-); replaying the
   * events gives the same value as any incremental fold.
   */
  onOrder: number;
}

export interface Shipment {
  from: string;
  to: string;
  pid: string;
  qty: number;
  /** Planned and drawn transit time. */
  leadtime: number;
  drawn: number;
}

/** One week of one facility, for charts, replay and the simulation command. */
export interface WeekRow {
  week: number;
  received: number;
  incomingOrder: number;
  shipped: number;
  stock: number;
  backlog: number;
  netInventory: number;
  missed: number;
  /** What the facility ordered that week (all capabilities); null until the week closes. */
  order: number | null;
  orders: Record<string, number> | null;
  /** Who decided the order: the player, or the computer (computer seat or latecomer). */
  orderBy: 'player' | 'computer' | null;
  cost: number;
  cumulativeCost: number;
  revenue: number;
  cumulativeRevenue: number;
  /** Per product when the facility handles several. */
  products: Record<
    string,
    {
      received: number;
      incoming: number;
      demand: number;
      shipped: number;
      stock: number;
      backlog: number;
      produced: number;
      consumerDemand: number;
      consumerShipped: number;
      consumerBacklog: number;
    }
  >;
  /** Shipments sent at the close of the week, with their drawn transit time. */
  shipments: Shipment[];
}

export interface FacilityState {
  id: string;
  userId: string | null;
  computer: boolean;
  policy: string | null;
  /** This week's orders by capability (a player may change them until the week closes). */
  orders: Record<string, number>;
  validated: boolean;
  products: Record<string, ProductState>;
  weekCost: number;
  weekRevenue: number;
  cost: number;
  revenue: number;
  history: WeekRow[];
}

export interface OrderInMail {
  due: number;
  fid: string;
  capId: string;
  pid: string;
  /** The supplier, or the facility itself for a production request. */
  to: string;
  qty: number;
  week: number;
}

export interface InTransit extends Shipment {
  due: number;
  week: number;
}

export interface ProductionJob {
  fid: string;
  capId: string;
  pid: string;
  qty: number;
  week: number;
  /** Week the production completes (production in progress); absent while waiting for components. */
  due?: number;
}

export interface BeerMessage {
  id: string;
  to: 'all' | string[];
  text: string;
  /** The week it is shown from (`show_at`). */
  week: number;
  kind: 'instructor' | 'scheduled' | 'backlog' | 'stock';
  at: number | null;
}

export interface Proposal {
  facilityId: string;
  capabilityId: string;
  quantity: number;
  week: number;
}

export interface Allocation {
  fid: string;
  pid: string;
  week: number;
  available: number;
  requests: Record<string, number>;
  allocation: Record<string, number>;
  isResolved: boolean;
}

export interface DebriefAnswer {
  questionId: string;
  userId: string;
  answer: string;
  at: number;
}

export interface BeerState {
  exists: boolean;
  gameId: string;
  name: string;
  creatorId: string;
  createdAt: number;
  /** The game's session, round and team; null: a game of its own. */
  session: SessionPlace | null;
  rulesVersion: number;
  template: string | null;
  seed: number;
  /** The generator state (see eventsourcing/random): lead-time draws. */
  rng: number;
  /** The configuration as created (with scheduled changes added or cancelled since). */
  config: BeerConfig;
  /** Facility parameters in force this week (scheduled changes applied). */
  live: FacilityConfig[];
  /** Facility index by id, into `live` and `facilities`. */
  index: Record<string, number>;
  week: number;
  finished: boolean;
  endedAt: number | null;
  /** Kept out of the instructor's lists until unarchived; only its creator may open it. */
  archived: boolean;
  /** Gone for everyone: every command and page answers that the game is unknown. */
  deleted: boolean;
  transparent: boolean;
  playTimer: boolean;
  timerSeconds: number;
  deadline: number | null;
  /** Milliseconds left on a paused turn timer (`deadline` is null meanwhile); null when not paused. */
  pausedMs: number | null;
  facilities: FacilityState[];
  mail: OrderInMail[];
  transit: InTransit[];
  production: ProductionJob[];
  waiting: ProductionJob[];
  messages: BeerMessage[];
  /** Who got the automatic messages already (`sentTo`). */
  sentTo: { backlog: string[]; stock: string[] };
  proposals: Proposal[];
  allocations: Allocation[];
  /** Consumer demand per facility and product per week, as it happened. */
  demandLog: Array<{ week: number; total: number }>;
  /** The players' answers to the debrief's questions, the latest per player and question. */
  answers: DebriefAnswer[];
  /** The players (user ids) who opened the results: their answers are final (`ResultsSeen`). */
  resultsSeen: string[];
}

export const emptyConfig: BeerConfig = {
  weeks: 0,
  playTimer: false,
  timer: 60,
  transparent: false,
  language: null,
  draft: false,
  mapSize: null,
  bckCells: [],
  invertedFlows: false,
  manualAllocation: false,
  configMessages: { scheduleList: [], backlogMessage: null, stockMessage: null },
  configDebrief: {
    thankYouSection: { show: false, text: '' },
    debriefContent: [],
    questionsSection: { show: false, questions: [] },
    textBlocks: [],
  },
  productsTemplates: [],
  productsConsumerDemand: [],
  consumerDemand: [],
  allEventTypes: [],
  scheduledChanges: [],
  defaultPolicy: DEFAULT_POLICY,
  facilities: [],
  demand: [],
};

export const initialBeerState: BeerState = {
  exists: false,
  gameId: '',
  name: '',
  creatorId: '',
  createdAt: 0,
  session: null,
  rulesVersion: 0,
  template: null,
  seed: 0,
  rng: 0,
  config: emptyConfig,
  live: [],
  index: {},
  week: 0,
  finished: false,
  endedAt: null,
  archived: false,
  deleted: false,
  transparent: false,
  playTimer: false,
  timerSeconds: 60,
  deadline: null,
  pausedMs: null,
  facilities: [],
  mail: [],
  transit: [],
  production: [],
  waiting: [],
  messages: [],
  sentTo: { backlog: [], stock: [] },
  proposals: [],
  allocations: [],
  demandLog: [],
  answers: [],
  resultsSeen: [],
};

/**
 * A facility with some fields replaced. Always builds the same object shape (fast property access
 * and cheap copies in the fold, unlike spreading objects of varying shapes).
 */
export function withFacility(f: FacilityState, o: Partial<FacilityState>): FacilityState {
  return {
    id: f.id,
    userId: o.userId !== undefined ? o.userId : f.userId,
    computer: o.computer ?? f.computer,
    policy: o.policy !== undefined ? o.policy : f.policy,
    orders: o.orders ?? f.orders,
    validated: o.validated ?? f.validated,
    products: o.products ?? f.products,
    weekCost: o.weekCost ?? f.weekCost,
    weekRevenue: o.weekRevenue ?? f.weekRevenue,
    cost: o.cost ?? f.cost,
    revenue: o.revenue ?? f.revenue,
    history: o.history ?? f.history,
  };
}

/** A shallow copy of the state, built with a fixed shape (much faster than a spread in the fold). */
export function cloneState(s: BeerState): BeerState {
  return {
    exists: s.exists,
    gameId: s.gameId,
    name: s.name,
    creatorId: s.creatorId,
    createdAt: s.createdAt,
    session: s.session,
    rulesVersion: s.rulesVersion,
    template: s.template,
    seed: s.seed,
    rng: s.rng,
    config: s.config,
    live: s.live,
    index: s.index,
    week: s.week,
    finished: s.finished,
    endedAt: s.endedAt,
    archived: s.archived,
    deleted: s.deleted,
    transparent: s.transparent,
    playTimer: s.playTimer,
    timerSeconds: s.timerSeconds,
    deadline: s.deadline,
    pausedMs: s.pausedMs,
    facilities: s.facilities,
    mail: s.mail,
    transit: s.transit,
    production: s.production,
    waiting: s.waiting,
    messages: s.messages,
    sentTo: s.sentTo,
    proposals: s.proposals,
    allocations: s.allocations,
    demandLog: s.demandLog,
    answers: s.answers,
    resultsSeen: s.resultsSeen,
  };
}
