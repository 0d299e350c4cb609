/** The shape of a beer game view (what `viewGame` in view.ts computes for one viewer). */
import type { Locale } from '../rules/locale';
import type { InboundGoods, OrderOnTheWay } from './in-transit';
import type { BckCell, ConfigDebrief, SessionPlace } from './schemas';
import type { Allocation, BeerMessage, BeerState, Proposal, WeekRow } from './state';

export interface BeerViewer {
  userId: string | null;
  /**
   * Display names of the game's players by user id. Names live in user records, not in events
   * (erasing a person never rewrites a game's history), so the server looks them up.
   */
  playerNames?: Readonly<Record<string, string>>;
  /** The users watching the game live now, as the server knows them; shown to the creator only. */
  connected?: ReadonlySet<string>;
}

/** A week of the viewer's history: the week's row without the per-capability and per-product detail. */
export type BeerHistoryRow = Omit<WeekRow, 'orders' | 'products' | 'shipments'>;

export interface BeerFacilityNumbers {
  stock: number;
  backlog: number;
  netInventory: number;
  incomingOrder: number;
  shipped: number;
  received: number;
  /** The order of the last closed week (null in week 1). */
  lastOrder: number | null;
  weekCost: number;
  cumulativeCost: number;
  weekRevenue: number;
  cumulativeRevenue: number;
  missed: number;
  /** Units arriving in each of the next `visibleWeeks` weeks (shipments and production). */
  arriving: number[];
  /** The same goods by source and product, for the map's links (optional: older clients ignore it). */
  inbound?: InboundGoods[];
  /** Its orders still in the mail to its suppliers (the map draws them on the links, upstream). */
  ordersOnTheWay?: OrderOnTheWay[];
  /** Per product, when the facility handles several. */
  products: Array<{
    pid: string;
    stock: number;
    backlog: number;
    incomingOrder: number;
    shipped: number;
    received: number;
    arriving: number[];
  }>;
  history: BeerHistoryRow[];
}

export interface BeerFacilityView {
  id: string;
  name: string;
  type: string;
  icon: string | null;
  visual: string | null;
  position: { row: number; column: number } | null;
  clients: string[];
  supplierIds: string[];
  playerName: string | null;
  taken: boolean;
  computer: boolean;
  /** The creator only: the rule the computer orders by when this role has not ordered (`policyFor`). */
  computerPolicy: string | null;
  validated: boolean;
  isMine: boolean;
  /** What a unit costs or earns per week, by product: the rules every player is told. */
  unitCosts: Array<{ pid: string; stockCost: number; backlogCost: number; unitPrice: number }>;
  /**
   * The creator only, when the server tells who is connected: the facility's player watches the
   * game live now (false for a free or computer role). Absent for everyone else.
   */
  connected?: boolean;
  capabilities: Array<{
    id: string;
    pid: string;
    type: 'purchase' | 'production';
    from: string | Record<string, number> | null;
    leadtime: number;
    ordertime: number;
    visibleWeeks: number;
    moq: number;
    maxOrderQty: number;
    batchSize: number;
    /** An order is placed for this capability this week (spec `validatedOrder`). */
    validatedOrder: boolean;
    /** Its quantity (spec `validatedOrderQty`); null without an order or when the viewer may not see the facility's numbers. */
    validatedOrderQty: number | null;
  }>;
  numbers: BeerFacilityNumbers | null;
}

/**
 * An order record (spec point 3, "Order"): an order placed this week, or a proposal
 * (`isProposal`), which placing an order for the same capability removes. `to` is the supplier,
 * or the facility itself for a production request.
 */
export interface BeerOrderRecord {
  game_id: string;
  faci_id: string;
  capa_id: string;
  pid: string;
  to: string;
  orderQty: number;
  orderWeek: number;
  isProposal: boolean;
}

export interface BeerDebriefAnswer {
  questionId: string;
  /** The role of whoever answered (null if they no longer hold one). */
  facilityId: string | null;
  answer: string;
  correct: boolean | null;
}

export interface BeerView {
  gameType: 'beergame';
  gameId: string;
  name: string;
  week: number;
  weeks: number;
  finished: boolean;
  transparent: boolean;
  isCreator: boolean;
  myFacilityId: string | null;
  /** A demo game (src-shared/rules/demo.ts): its end calls the visitor to sign up. Absent otherwise. */
  demo?: true;
  /** The game's session, round and team (the round list, the breadcrumbs); null: a game of its own. */
  session: SessionPlace | null;
  rulesVersion: number;
  /** The game's language (its pages open in it); null: each person's own. */
  language: Locale | null;
  /**
   * `playTimer`: the game plays with a turn timer (running once the deadline is set);
   * `pausedSeconds`: the seconds left on a paused countdown, else null.
   */
  timer: {
    playTimer: boolean;
    running: boolean;
    seconds: number;
    deadline: number | null;
    pausedSeconds: number | null;
  };
  manualAllocation: boolean;
  map: { rows: number; columns: number; invertedFlows: boolean; bckCells: BckCell[] } | null;
  products: Array<{ id: string; name: string; productEmoji: string }>;
  facilities: BeerFacilityView[];
  /** The viewer's own orders this week by capability (they may change them until the week closes). */
  myOrders: Record<string, number> | null;
  proposals: Proposal[];
  /** This week's orders and proposals the viewer may see: their own facility's, or all for the creator. */
  orders: BeerOrderRecord[];
  allocations: Allocation[];
  messages: BeerMessage[];
  /** The creator only: the event editor's scheduled changes. */
  scheduledChanges: BeerState['config']['scheduledChanges'] | null;
  /** The creator only: the scheduled messages, each shown from its week (`show_at`). */
  scheduledMessages: BeerState['config']['configMessages']['scheduleList'] | null;
  /**
   * The debrief configuration: for the creator always, for everyone once the game is finished;
   * the questions' expected answers for the creator only.
   */
  debrief: ConfigDebrief | null;
  /**
   * Answers to the debrief's questions: every player's for the creator, their own for a player;
   * `correct` by the tolerant rule of spec point 5 (null for an open question, and for a player
   * whose answers are not final yet).
   */
  answers: BeerDebriefAnswer[];
  /** A player who opened the results: their answers are final (`ResultsSeen`). */
  answersFinal: boolean;
  results: null | {
    teamCost: number;
    byFacility: Array<{ id: string; name: string; cost: number; revenue: number }>;
  };
}
