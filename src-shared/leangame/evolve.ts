/**
 * evolve: folds one lean event into the state. Pure, and copies only what an event touches.
 * Each action accounts the time of the units it touches: the gap since a unit's last mark is
 * move time (while travelling) then wait time, and the action's own span is its category.
 */
import type { LeanTimeCategory } from './constants';
import { templateOf, workHere } from './rules';
import { type LeanSetup, toolOf } from './schemas';
import {
  type LeanDemandState,
  type LeanEvent,
  type LeanFacilityState,
  type LeanProduct,
  type LeanState,
  productIdOf,
  productIndex,
  UNTOUCHED_DEMAND,
  zeroTime,
} from './state';

function accrue(p: LeanProduct, category: LeanTimeCategory, start: number, end: number): LeanProduct {
  const times = { ...p.times };
  const gap = { ...(p.faciGap[p.at] ?? zeroTime()) };
  const add = (c: LeanTimeCategory, ms: number) => {
    if (ms <= 0) return;
    times[c] += ms;
    gap[c] += ms;
  };
  let mark = p.mark;
  if (p.arrivesAt > mark) {
    const arrived = Math.min(p.arrivesAt, Math.max(start, mark));
    add('moveTime', arrived - mark);
    mark = Math.max(mark, arrived);
  }
  if (start > mark) {
    add('waitTime', start - mark);
    mark = start;
  }
  add(category, end - mark);
  return { ...p, times, faciGap: { ...p.faciGap, [p.at]: gap }, mark: Math.max(mark, end) };
}

function ownerMap(facilities: readonly LeanFacilityState[]): Record<string, number> {
  const owner: Record<string, number> = {};
  for (const f of facilities) for (const tool of f.tools) owner[tool] = f.index;
  return owner;
}

function createState(data: Extract<LeanEvent, { type: 'LeanGameCreated' }>['data']): LeanState {
  const setup: LeanSetup = data.setup;
  const { params } = setup;
  const facilities: LeanFacilityState[] = setup.facilities.map((f, index) => ({
    ...f,
    index,
    inbox: [],
    hand: [],
    tool: f.type === 'station' ? (f.tools[0] ?? null) : null,
    toolReadyAt: 0,
    freeAt: 0,
    busyMs: 0,
    actions: 0,
    lastFreedAt: 0,
    lastSentAt: Number.NEGATIVE_INFINITY,
    batchStartedAt: Number.NEGATIVE_INFINITY,
    lastTemplate: null,
    opsDone: 0,
    defectsMade: 0,
    changeovers: 0,
  }));
  const demand: LeanDemandState[] = params.consumerDemand
    .map((d, i) => ({
      id: d.id ?? `d${i}`,
      created_min: d.created_min,
      due_min: d.due_min ?? d.created_min + params.customerLeadTime,
      qty: d.qty,
      template_id: d.template_id,
      ...UNTOUCHED_DEMAND,
    }))
    .sort((a, b) => a.created_min - b.created_min);
  const warehouse = facilities.find((f) => f.type === 'warehouse')!;
  const products: LeanProduct[] = [];
  for (const template of params.productsTemplates) {
    for (let k = 0; k < (params.initialStock[template.id] ?? 0); k += 1) {
      const index = products.length;
      products.push({
        id: productIdOf(index),
        templateId: template.id,
        rank: -1,
        startedFor: null,
        deliveredFor: null,
        ops: template.operations.map(() => ({ status: 'ok', by: null, spotted: false, painted: null })),
        at: warehouse.id,
        place: 'inbox',
        arrivesAt: 0,
        inspected: true,
        reworkNeeded: false,
        inspections: 0,
        firstInspectionGood: null,
        everDefective: false,
        initial: true,
        releasedAt: null,
        deliveredAt: null,
        late: false,
        defectiveAtDelivery: false,
        mark: 0,
        times: zeroTime(),
        faciGap: {},
      });
      warehouse.inbox.push(index);
    }
  }
  return {
    exists: true,
    gameId: data.gameId,
    name: data.name,
    creatorId: data.creatorId,
    scenarioId: data.scenarioId,
    seed: data.seed,
    rulesVersion: data.rulesVersion,
    createdAt: data.at,
    setup,
    batchSize: params.batchSize,
    kanbanCap: params.kanbanCap,
    facilities,
    facilityIndex: Object.fromEntries(facilities.map((f) => [f.id, f.index])),
    toolOwner: ownerMap(facilities),
    products,
    demand,
    nextRank: 0,
    startAt: null,
    endAt: null,
    improvementsPanelBy: null,
    improvements: [...params.improvements.enabled],
    computer: null,
    lastAt: data.at,
  };
}

/** A small mutable draft over the state's arrays, copied on first write. */
class Draft {
  private facilities: LeanFacilityState[] | null = null;
  private products: LeanProduct[] | null = null;
  constructor(readonly state: LeanState) {}
  facility(id: string): LeanFacilityState {
    const index = this.state.facilityIndex[id]!;
    return (this.facilities ?? this.state.facilities)[index]!;
  }
  setFacility(f: LeanFacilityState) {
    this.facilities ??= this.state.facilities.slice();
    this.facilities[f.index] = f;
  }
  product(id: string): LeanProduct {
    return (this.products ?? this.state.products)[productIndex(id)]!;
  }
  setProduct(p: LeanProduct) {
    this.products ??= this.state.products.slice();
    this.products[productIndex(p.id)] = p;
  }
  /** Counts an action of facility `id` that ran from `start` to `at`. */
  act(id: string, start: number, at: number, extra: Partial<LeanFacilityState> = {}) {
    const f = this.facility(id);
    this.setFacility({
      ...f,
      freeAt: Math.max(f.freeAt, at),
      busyMs: f.busyMs + Math.max(0, at - start),
      actions: f.actions + 1,
      ...extra,
    });
  }
  result(patch: Partial<LeanState> = {}): LeanState {
    return {
      ...this.state,
      ...(this.facilities ? { facilities: this.facilities } : {}),
      ...(this.products ? { products: this.products } : {}),
      ...patch,
    };
  }
}

export function evolveLeanGame(state: LeanState, event: LeanEvent): LeanState {
  if (event.type === 'LeanGameCreated') return createState(event.data);
  const at = event.data.at;
  const next = evolveEvent(state, event);
  return next.lastAt >= at ? next : { ...next, lastAt: at };
}

function evolveEvent(state: LeanState, event: LeanEvent): LeanState {
  const draft = new Draft(state);
  switch (event.type) {
    case 'LeanGameCreated':
      return createState(event.data);
    case 'PlayerJoined': {
      const f = draft.facility(event.data.facilityId);
      draft.setFacility({ ...f, user: event.data.userId, playerName: event.data.playerName });
      const computer = state.computer && {
        ...state.computer,
        facilityIds: state.computer.facilityIds.filter((id) => id !== f.id),
      };
      return draft.result({ computer });
    }
    case 'PlayerLeft': {
      const f = draft.facility(event.data.facilityId);
      draft.setFacility({ ...f, user: null, playerName: null });
      return draft.result({
        improvementsPanelBy:
          state.improvementsPanelBy === event.data.userId ? null : state.improvementsPanelBy,
      });
    }
    case 'ImprovementsPanelOpened':
      return { ...state, improvementsPanelBy: event.data.by };
    case 'ImprovementsPanelClosed':
      return { ...state, improvementsPanelBy: null };
    case 'ImprovementEnabled':
      return state.improvements.includes(event.data.improvement)
        ? state
        : { ...state, improvements: [...state.improvements, event.data.improvement] };
    case 'ImprovementDisabled':
      return { ...state, improvements: state.improvements.filter((i) => i !== event.data.improvement) };
    case 'StationMoved': {
      const f = draft.facility(event.data.facilityId);
      draft.setFacility({ ...f, position: event.data.position });
      return draft.result();
    }
    case 'OperationReassigned': {
      const { tool, facilityId } = event.data;
      const facilities = state.facilities.map((f) => {
        const has = f.tools.includes(tool);
        if (f.id === facilityId) return has ? f : { ...f, tools: [...f.tools, tool], tool: f.tool ?? tool };
        return has ? { ...f, tools: f.tools.filter((t) => t !== tool) } : f;
      });
      return { ...state, facilities, toolOwner: ownerMap(facilities) };
    }
    case 'BatchSizeSet':
      return { ...state, batchSize: event.data.batchSize };
    case 'KanbanCapSet':
      return { ...state, kanbanCap: event.data.cap };
    case 'GameStarted': {
      const start = event.data.at;
      const products = state.products.map((p) => ({ ...p, mark: start, arrivesAt: start }));
      const facilities = state.facilities.map((f) => ({
        ...f,
        freeAt: start,
        lastFreedAt: start,
        toolReadyAt: start,
      }));
      return { ...state, startAt: start, products, facilities };
    }
    case 'ComputerActionsScheduled': {
      const start = state.startAt ?? event.data.at;
      return {
        ...state,
        computer: {
          facilityIds: event.data.facilityIds,
          until: start + Math.round(event.data.totalDurationMin * 60_000),
        },
      };
    }
    case 'GameEnded':
      return { ...state, endAt: event.data.at, improvementsPanelBy: null };
    case 'SheetReleased': {
      const { at, start, facilityId, productId, templateId, rank, demandId } = event.data;
      const template = templateOf(state, templateId)!;
      const index = productIndex(productId);
      const product: LeanProduct = accrue(
        {
          id: productId,
          templateId,
          rank,
          startedFor: demandId,
          deliveredFor: null,
          ops: template.operations.map(() => ({ status: 'todo', by: null, spotted: false, painted: null })),
          at: facilityId,
          place: 'hand',
          arrivesAt: start,
          inspected: false,
          reworkNeeded: false,
          inspections: 0,
          firstInspectionGood: null,
          everDefective: false,
          initial: false,
          releasedAt: start,
          deliveredAt: null,
          late: false,
          defectiveAtDelivery: false,
          mark: start,
          times: zeroTime(),
          faciGap: {},
        },
        'loadTime',
        start,
        at,
      );
      const products = state.products.slice();
      products[index] = product;
      const f = draft.facility(facilityId);
      draft.act(facilityId, start, at, {
        hand: [...f.hand, index],
        lastTemplate: templateId,
        batchStartedAt: f.hand.length === 0 ? start : f.batchStartedAt,
      });
      const demand = demandId
        ? state.demand.map((d) =>
            d.id === demandId ? { ...d, prod_started_qty: d.prod_started_qty + 1 } : d,
          )
        : state.demand;
      return draft.result({ products, demand, nextRank: Math.max(state.nextRank, rank + 1) });
    }
    case 'BatchSent': {
      const { at, facilityId, to, productIds, arrivesAt } = event.data;
      const moved = new Set(productIds.map(productIndex));
      for (const id of productIds) {
        const p = accrue(draft.product(id), 'waitTime', at, at);
        draft.setProduct({ ...p, at: to, place: 'inbox', arrivesAt });
      }
      const from = draft.facility(facilityId);
      draft.setFacility({
        ...from,
        hand: from.hand.filter((i) => !moved.has(i)),
        inbox: from.inbox.filter((i) => !moved.has(i)),
        freeAt: Math.max(from.freeAt, at),
        actions: from.actions + 1,
        lastSentAt: at,
      });
      const dest = draft.facility(to);
      draft.setFacility({ ...dest, inbox: [...dest.inbox, ...moved] });
      return draft.result();
    }
    case 'BatchPickedUp': {
      const { at, start, facilityId, productIds } = event.data;
      const picked = productIds.map(productIndex);
      const set = new Set(picked);
      for (const id of productIds) {
        const p = accrue(draft.product(id), 'loadTime', start, at);
        draft.setProduct({ ...p, place: 'hand' });
      }
      const f = draft.facility(facilityId);
      draft.act(facilityId, start, at, {
        inbox: f.inbox.filter((i) => !set.has(i)),
        hand: [...f.hand, ...picked],
        lastFreedAt: at,
      });
      return draft.result();
    }
    case 'ToolChanged': {
      const { at, start, facilityId, tool, readyAt } = event.data;
      const f = draft.facility(facilityId);
      for (const index of f.hand) {
        const p = draft.product(productIdOf(index));
        const template = templateOf(state, p.templateId);
        const needs = workHere(state, f, p).some(
          (op) => template && toolOf(template.operations[op]!) === tool,
        );
        if (needs) draft.setProduct(accrue(p, 'changeoverTime', start, Math.max(at, readyAt)));
      }
      draft.act(facilityId, start, at, { tool, toolReadyAt: readyAt, changeovers: f.changeovers + 1 });
      return draft.result();
    }
    case 'OperationPerformed': {
      const { at, start, facilityId, productId, opIndex, defective, painted, spotted } = event.data;
      const p = accrue(draft.product(productId), 'workdeskTime', start, at);
      const ops = p.ops.slice();
      ops[opIndex] = {
        status: defective ? 'defect' : 'ok',
        by: facilityId,
        spotted,
        painted: defective ? painted : null,
      };
      const done = ops.every((op) => op.status !== 'todo');
      draft.setProduct({
        ...p,
        ops,
        inspected: false,
        everDefective: p.everDefective || defective,
        reworkNeeded: p.reworkNeeded && !done,
      });
      const f = draft.facility(facilityId);
      draft.act(facilityId, start, at, {
        opsDone: f.opsDone + 1,
        defectsMade: f.defectsMade + (defective ? 1 : 0),
      });
      return draft.result();
    }
    case 'SheetInspected': {
      const { at, start, facilityId, productId, spotted } = event.data;
      const p = accrue(draft.product(productId), 'workdeskTime', start, at);
      const ops = p.ops.map((op, i) => (spotted.includes(i) ? { ...op, spotted: true } : op));
      draft.setProduct({
        ...p,
        ops,
        inspected: true,
        inspections: p.inspections + 1,
        firstInspectionGood: p.firstInspectionGood ?? spotted.length === 0,
      });
      draft.act(facilityId, start, at);
      return draft.result();
    }
    case 'DefectRemoved': {
      const { at, start, facilityId, productId, opIndex } = event.data;
      const p = accrue(draft.product(productId), 'workdeskTime', start, at);
      const ops = p.ops.slice();
      ops[opIndex] = { status: 'todo', by: null, spotted: false, painted: null };
      const f = draft.facility(facilityId);
      const inspecting = f.type === 'qualitycontrol' || f.type === 'rework';
      draft.setProduct({ ...p, ops, inspected: false, reworkNeeded: p.reworkNeeded || inspecting });
      draft.act(facilityId, start, at);
      return draft.result();
    }
    case 'ProductDelivered': {
      const { at, start, facilityId, productId, demandId } = event.data;
      const p = accrue(draft.product(productId), 'loadTime', start, at);
      const defects = p.ops.filter((op) => op.status === 'defect').length;
      const item = state.demand.find((d) => d.id === demandId);
      const due = (state.startAt ?? 0) + Math.round((item?.due_min ?? 0) * 60_000);
      const late = at > due;
      draft.setProduct({
        ...p,
        place: 'delivered',
        deliveredAt: at,
        deliveredFor: demandId,
        late,
        defectiveAtDelivery: defects > 0,
      });
      const f = draft.facility(facilityId);
      const index = productIndex(productId);
      draft.act(facilityId, start, at, { inbox: f.inbox.filter((i) => i !== index) });
      const demand = state.demand.map((d) => {
        if (d.id !== demandId) return d;
        const fulfilled = d.fulfilled_qty + 1;
        return {
          ...d,
          fulfilled_qty: fulfilled,
          fulfilled_at: fulfilled >= d.qty ? at : d.fulfilled_at,
          defectOpes: d.defectOpes + defects,
          defectProducts: d.defectProducts + (defects > 0 ? 1 : 0),
          lateProducts: d.lateProducts + (late ? 1 : 0),
          otifProducts: d.otifProducts + (!late && defects === 0 ? 1 : 0),
        };
      });
      return draft.result({ demand });
    }
  }
}
