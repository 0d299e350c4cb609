/**
 * The redacted view of a game (DESIGN "Views"): what one viewer may see. The creator sees all; a
 * player sees their own facility's numbers, or everyone's when the game is transparent; an
 * observer sees numbers only in a transparent game; once the game is finished everyone sees all
 * numbers and the results. The pipeline is shown only `visibleWeeks` ahead.
 */
import type { BckCell, ConfigDebrief } from './schemas';
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
  validated: boolean;
  isMine: boolean;
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
  rulesVersion: number;
  /** `playTimer`: the game plays with a turn timer (running once the deadline is set). */
  timer: { playTimer: boolean; running: boolean; seconds: number; deadline: number | null };
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
  results: null | {
    teamCost: number;
    byFacility: Array<{ id: string; name: string; cost: number; revenue: number }>;
  };
}

function historyRow(r: WeekRow): BeerHistoryRow {
  return {
    week: r.week,
    received: r.received,
    incomingOrder: r.incomingOrder,
    shipped: r.shipped,
    stock: r.stock,
    backlog: r.backlog,
    netInventory: r.netInventory,
    order: r.order,
    cost: r.cost,
    cumulativeCost: r.cumulativeCost,
    revenue: r.revenue,
    cumulativeRevenue: r.cumulativeRevenue,
    missed: r.missed,
    orderBy: r.orderBy,
  };
}

/** Units of `pid` arriving at `fid` in weeks week+1 .. week+n (this week's shipments at their planned lead time). */
function arriving(s: BeerState, fid: string, pid: string | null, n: number): number[] {
  const out = new Array<number>(n).fill(0);
  if (n <= 0) return out;
  const w = s.week;
  const add = (due: number, qty: number) => {
    const k = due - w - 1;
    if (k >= 0 && k < n) out[k]! += qty;
  };
  for (const t of s.transit) if (t.to === fid && (pid === null || t.pid === pid)) add(t.due, t.qty);
  for (const j of s.production) if (j.fid === fid && (pid === null || j.pid === pid)) add(j.due ?? 0, j.qty);
  if (!s.finished) {
    const fc = s.live[s.index[fid]!]!;
    for (const cap of Object.values(fc.capabilities)) {
      if (cap.type !== 'purchase' || (pid !== null && cap.pid !== pid)) continue;
      const supplier = s.facilities[s.index[cap.from as string]!]!;
      const q = supplier.products[cap.pid]?.shippedBy[fid];
      if (q) add(w + cap.leadtime, q);
    }
  }
  return out;
}

export function viewGame(s: BeerState, viewer: BeerViewer): BeerView {
  const isCreator = viewer.userId !== null && viewer.userId === s.creatorId;
  const mine = viewer.userId === null ? undefined : s.facilities.find((f) => f.userId === viewer.userId);
  const myFacilityId = mine?.id ?? null;
  const seeAll = isCreator || s.transparent || s.finished;
  const config = s.config;
  return {
    gameType: 'beergame',
    gameId: s.gameId,
    name: s.name,
    week: s.week,
    weeks: config.weeks,
    finished: s.finished,
    transparent: s.transparent,
    isCreator,
    myFacilityId,
    rulesVersion: s.rulesVersion,
    timer: {
      playTimer: s.playTimer,
      running: s.deadline !== null,
      seconds: s.timerSeconds,
      deadline: s.deadline,
    },
    manualAllocation: config.manualAllocation,
    map: config.mapSize
      ? { ...config.mapSize, invertedFlows: config.invertedFlows, bckCells: config.bckCells }
      : null,
    products: config.productsTemplates.map((p) => ({ id: p.id, name: p.name, productEmoji: p.productEmoji })),
    facilities: s.facilities.map((f, i) => {
      const facility = facilityView(s, i, viewer, seeAll || f.id === myFacilityId, f.id === myFacilityId);
      if (!isCreator || !viewer.connected) return facility;
      return { ...facility, connected: f.userId !== null && viewer.connected.has(f.userId) };
    }),
    myOrders: mine ? { ...mine.orders } : null,
    proposals: s.proposals.filter((p) => isCreator || p.facilityId === myFacilityId),
    orders: s.finished ? [] : orderRecords(s, isCreator, myFacilityId),
    allocations: s.allocations.filter((a) => isCreator || a.fid === myFacilityId),
    messages: s.messages.filter(
      (m) => isCreator || m.to === 'all' || (myFacilityId !== null && m.to.includes(myFacilityId)),
    ),
    scheduledChanges: isCreator ? config.scheduledChanges : null,
    scheduledMessages: isCreator ? config.configMessages.scheduleList : null,
    debrief: debriefFor(config.configDebrief, isCreator, s.finished),
    results: s.finished ? resultsOf(s) : null,
  };
}

/** A facility as the viewer sees it; its numbers only when `visible`. */
function facilityView(
  s: BeerState,
  i: number,
  viewer: BeerViewer,
  visible: boolean,
  isMine: boolean,
): BeerFacilityView {
  const f = s.facilities[i]!;
  const fc = s.live[i]!;
  const suppliers = Object.values(fc.capabilities)
    .filter((c) => c.type === 'purchase')
    .map((c) => c.from as string);
  return {
    id: f.id,
    name: fc.name,
    type: fc.type,
    icon: fc.icon,
    visual: fc.visual,
    position: fc.position,
    clients: fc.clients,
    supplierIds: [...new Set(suppliers)],
    playerName: f.userId === null ? null : (viewer.playerNames?.[f.userId] ?? null),
    taken: f.userId !== null,
    computer: f.computer,
    validated: f.validated,
    isMine,
    capabilities: Object.entries(fc.capabilities).map(([id, c]) => {
      const ordered = f.orders[id];
      return {
        id,
        pid: c.pid,
        type: c.type,
        from: c.from,
        leadtime: c.leadtime,
        ordertime: c.ordertime,
        visibleWeeks: c.visibleWeeks,
        moq: c.moq,
        maxOrderQty: c.maxOrderQty,
        batchSize: c.batchSize,
        validatedOrder: ordered !== undefined,
        validatedOrderQty: ordered !== undefined && visible ? ordered : null,
      };
    }),
    numbers: visible ? facilityNumbers(s, i) : null,
  };
}

/** A facility's numbers this week, per product, what arrives within its visibility limit, and its history. */
function facilityNumbers(s: BeerState, i: number): BeerFacilityNumbers {
  const f = s.facilities[i]!;
  const fc = s.live[i]!;
  const visibleWeeksOf = (pid: string | null) => {
    let weeks = 0;
    for (const cap of Object.values(fc.capabilities))
      if (pid === null || cap.pid === pid) weeks = Math.max(weeks, cap.visibleWeeks);
    return weeks;
  };
  const total = { stock: 0, backlog: 0, incoming: 0, shipped: 0, received: 0, missed: 0 };
  const products: BeerFacilityNumbers['products'] = [];
  for (const [pid, p] of Object.entries(f.products)) {
    total.stock += p.stock;
    total.backlog += p.backlog;
    total.incoming += p.incoming;
    total.shipped += p.shipped;
    total.received += p.received;
    total.missed += p.missed;
    products.push({
      pid,
      stock: p.stock,
      backlog: p.backlog,
      incomingOrder: p.incoming,
      shipped: p.shipped,
      received: p.received,
      arriving: arriving(s, f.id, pid, visibleWeeksOf(pid)),
    });
  }
  let lastOrder: number | null = null;
  for (let k = f.history.length - 1; k >= 0 && lastOrder === null; k--) lastOrder = f.history[k]!.order;
  return {
    stock: total.stock,
    backlog: total.backlog,
    netInventory: total.stock - total.backlog,
    incomingOrder: total.incoming,
    shipped: total.shipped,
    received: total.received,
    lastOrder,
    weekCost: f.weekCost,
    cumulativeCost: f.cost,
    weekRevenue: f.weekRevenue,
    cumulativeRevenue: f.revenue,
    missed: total.missed,
    arriving: arriving(s, f.id, null, visibleWeeksOf(null)),
    products,
    history: f.history.map(historyRow),
  };
}

/** This week's orders and proposals the viewer may see: their own facility's, or all for the creator. */
function orderRecords(s: BeerState, isCreator: boolean, myFacilityId: string | null): BeerOrderRecord[] {
  const orders: BeerOrderRecord[] = [];
  s.facilities.forEach((f, i) => {
    if (!isCreator && f.id !== myFacilityId) return;
    const fc = s.live[i]!;
    const record = (capId: string, orderQty: number, isProposal: boolean) => {
      const cap = fc.capabilities[capId];
      if (!cap) return;
      const to = cap.type === 'purchase' ? (cap.from as string) : f.id;
      orders.push({
        game_id: s.gameId,
        faci_id: f.id,
        capa_id: capId,
        pid: cap.pid,
        to,
        orderQty,
        orderWeek: s.week,
        isProposal,
      });
    };
    for (const [capId, q] of Object.entries(f.orders)) record(capId, q, false);
    for (const p of s.proposals) if (p.facilityId === f.id) record(p.capabilityId, p.quantity, true);
  });
  return orders;
}

/** The debrief configuration: for the creator always; for everyone once finished, without the expected answers. */
function debriefFor(d: ConfigDebrief, isCreator: boolean, finished: boolean): ConfigDebrief | null {
  if (isCreator) return d;
  if (!finished) return null;
  return {
    ...d,
    questionsSection: {
      ...d.questionsSection,
      questions: d.questionsSection.questions.map((q) => ({ ...q, answer: null })),
    },
  };
}

function resultsOf(s: BeerState): NonNullable<BeerView['results']> {
  return {
    teamCost: s.facilities.reduce((sum, f) => sum + f.cost, 0),
    byFacility: s.facilities.map((f, i) => ({
      id: f.id,
      name: s.live[i]!.name,
      cost: f.cost,
      revenue: f.revenue,
    })),
  };
}
