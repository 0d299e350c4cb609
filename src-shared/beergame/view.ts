/**
 * The redacted view of a game (DESIGN "Views"): what one viewer may see. The creator sees all; a
 * player sees their own facility's numbers, or everyone's when the game is transparent; an
 * observer sees numbers only in a transparent game; once the game is finished everyone sees all
 * numbers and the results. The pipeline is shown only `visibleWeeks` ahead.
 */

import { answerMatches } from '../rules/answer-check';
import { withoutExpectedAnswers } from '../rules/debrief-config';
import { isDemoCreator } from '../rules/demo';
import { policyFor } from './closing';
import { inboundGoods, ordersOnTheWay } from './in-transit';
import type { ConfigDebrief } from './schemas';
import type { BeerState, WeekRow } from './state';
import type {
  BeerFacilityNumbers,
  BeerFacilityView,
  BeerHistoryRow,
  BeerOrderRecord,
  BeerView,
  BeerViewer,
} from './view-model';
import { totalsOver, weeksPlayed } from './weeks-played';

export type * from './view-model';

/**
 * The views of one game are computed again after every event, for every viewer, and each is
 * compared with the one sent before (src-shared/api/view-patch.ts). A part of a view whose inputs
 * did not change is returned as the same object: building it again and comparing it are skipped.
 * `memo` keeps, per key object of the state, the last part made and the inputs it was made from.
 */
type Memo<T> = WeakMap<object, { inputs: readonly unknown[]; part: T }>;

function remembered<T>(memo: Memo<T>, key: object, inputs: readonly unknown[], make: () => T): T {
  const last = memo.get(key);
  if (last && last.inputs.length === inputs.length && last.inputs.every((input, k) => input === inputs[k]))
    return last.part;
  const part = make();
  memo.set(key, { inputs, part });
  return part;
}

const numbersMemo: Memo<BeerFacilityNumbers> = new WeakMap();
const capabilitiesMemo: Memo<BeerFacilityView['capabilities']> = new WeakMap();
const facilityConfigMemo: Memo<Pick<BeerFacilityView, 'supplierIds' | 'unitCosts'>> = new WeakMap();
const productsMemo: Memo<BeerView['products']> = new WeakMap();
const historyMemo: Memo<BeerHistoryRow> = new WeakMap();

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
    ...(isDemoCreator(s.creatorId) ? { demo: true as const } : {}),
    session: s.session,
    rulesVersion: s.rulesVersion,
    // Games recorded before the setting existed have none.
    language: config.language ?? null,
    timer: {
      playTimer: s.playTimer,
      running: s.deadline !== null,
      seconds: s.timerSeconds,
      deadline: s.deadline,
      pausedSeconds: s.pausedMs === null ? null : Math.ceil(s.pausedMs / 1000),
    },
    manualAllocation: config.manualAllocation,
    map: config.mapSize
      ? { ...config.mapSize, invertedFlows: config.invertedFlows, bckCells: config.bckCells }
      : null,
    products: remembered(productsMemo, config.productsTemplates, [], () =>
      config.productsTemplates.map((p) => ({ id: p.id, name: p.name, productEmoji: p.productEmoji })),
    ),
    facilities: s.facilities.map((f, i) => {
      const facility = facilityView(s, i, viewer, seeAll || f.id === myFacilityId, f.id === myFacilityId);
      if (!isCreator || !viewer.connected) return facility;
      return { ...facility, connected: f.userId !== null && viewer.connected.has(f.userId) };
    }),
    myOrders: mine ? { ...mine.orders } : null,
    proposals: s.proposals.filter((p) => isCreator || p.facilityId === myFacilityId),
    orders: s.finished ? [] : orderRecords(s, isCreator, myFacilityId),
    allocations: s.allocations.filter((a) => isCreator || a.fid === myFacilityId),
    messages: s.messages.filter((m) => isCreator || meantFor(m, myFacilityId)),
    scheduledChanges: isCreator ? config.scheduledChanges : null,
    scheduledMessages: isCreator ? config.configMessages.scheduleList : null,
    debrief: debriefFor(config.configDebrief, isCreator, s.finished),
    answers: answersFor(s, isCreator, viewer.userId),
    answersFinal: !isCreator && viewer.userId !== null && s.resultsSeen.includes(viewer.userId),
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
  return {
    id: f.id,
    name: fc.name,
    type: fc.type,
    icon: fc.icon,
    visual: fc.visual,
    position: fc.position,
    clients: fc.clients,
    ...remembered(facilityConfigMemo, fc, [], () => facilityConfig(fc)),
    playerName: f.userId === null ? null : (viewer.playerNames?.[f.userId] ?? null),
    taken: f.userId !== null,
    computer: f.computer,
    computerPolicy: viewer.userId !== null && viewer.userId === s.creatorId ? policyFor(s, i) : null,
    validated: f.validated,
    isMine,
    capabilities: remembered(capabilitiesMemo, f.orders, [fc, visible], () => capabilitiesOf(s, i, visible)),
    numbers: visible
      ? remembered(numbersMemo, f.products, numbersInputs(s, i), () => facilityNumbers(s, i))
      : null,
  };
}

/** What a facility's configuration alone gives its view: its suppliers and unit costs. */
function facilityConfig(fc: BeerState['live'][number]): Pick<BeerFacilityView, 'supplierIds' | 'unitCosts'> {
  const suppliers = Object.values(fc.capabilities)
    .filter((c) => c.type === 'purchase')
    .map((c) => c.from as string);
  return {
    supplierIds: [...new Set(suppliers)],
    unitCosts: Object.entries(fc.pdata).map(([pid, p]) => ({
      pid,
      stockCost: p.stockCost,
      backlogCost: p.backlogCost,
      unitPrice: p.unitPrice,
    })),
  };
}

/** A facility's ways to order, with this week's order of each (its quantity only when `visible`). */
function capabilitiesOf(s: BeerState, i: number, visible: boolean): BeerFacilityView['capabilities'] {
  const f = s.facilities[i]!;
  return Object.entries(s.live[i]!.capabilities).map(([id, c]) => {
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
  });
}

/**
 * Everything of the state that `facilityNumbers` reads besides the facility's products (the memo's
 * key): while all of these are the same, so are its numbers (another player's order changes none).
 */
function numbersInputs(s: BeerState, i: number): unknown[] {
  const f = s.facilities[i]!;
  const fc = s.live[i]!;
  const inputs: unknown[] = [f.history, f.weekCost, f.cost, f.weekRevenue, f.revenue, fc, s.index];
  inputs.push(s.week, s.finished, s.transit, s.production, s.mail);
  // What its suppliers ship it this week.
  for (const cap of Object.values(fc.capabilities))
    if (cap.type === 'purchase') inputs.push(s.facilities[s.index[cap.from as string]!]!.products);
  return inputs;
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
    inbound: inboundGoods(s, f.id, visibleWeeksOf(null)),
    ordersOnTheWay: ordersOnTheWay(s, f.id),
    products,
    // Past weeks' rows are the same objects week after week: so are their views.
    history: f.history.map((row) => remembered(historyMemo, row, [], () => historyRow(row))),
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

export { withoutExpectedAnswers };

/** Whether a message is meant for the player of `facilityId` (the creator reads every message). */
export function meantFor(message: { to: 'all' | readonly string[] }, facilityId: string | null): boolean {
  return message.to === 'all' || (facilityId !== null && message.to.includes(facilityId));
}

/** The debrief configuration: for the creator always; for everyone once finished, without the expected answers. */
function debriefFor(d: ConfigDebrief, isCreator: boolean, finished: boolean): ConfigDebrief | null {
  if (isCreator) return d;
  return finished ? withoutExpectedAnswers(d) : null;
}

/**
 * The debrief's answers the viewer may see, each checked against its question's expected answer: a
 * player learns whether theirs are right only once they are final (they opened the results), so
 * that the check cannot be used to find the expected answers.
 */
function answersFor(s: BeerState, isCreator: boolean, userId: string | null): BeerView['answers'] {
  const questions = s.config.configDebrief.questionsSection.questions;
  const checked = isCreator || (userId !== null && s.resultsSeen.includes(userId));
  return s.answers
    .filter((a) => isCreator || a.userId === userId)
    .map((a) => {
      const expected = questions.find((q) => q.id === a.questionId)?.answer ?? null;
      return {
        questionId: a.questionId,
        facilityId: s.facilities.find((f) => f.userId === a.userId)?.id ?? null,
        answer: a.answer,
        correct: expected === null || !checked ? null : answerMatches(expected, a.answer),
      };
    });
}

/** The costs over the weeks played (`weeksPlayed`): a week under way when the game ended counts for nothing. */
function resultsOf(s: BeerState): NonNullable<BeerView['results']> {
  const weeks = weeksPlayed(s);
  const byFacility = s.facilities.map((f, i) => ({
    id: f.id,
    name: s.live[i]!.name,
    ...totalsOver(f, weeks),
  }));
  return { teamCost: byFacility.reduce((sum, f) => sum + f.cost, 0), byFacility };
}
