/**
 * What the factory floor's events do to units and facilities. Each action accounts the time of the
 * units it touches: the gap since a unit's last mark is move time (while travelling) then wait
 * time, and the action's own span is its category (rules/leangame.md, "time by category").
 */
import type { LeanTimeCategory } from './constants';
import { toolOf } from './constants';
import { newProduct } from './create';
import type { LeanEventOf } from './events';
import { templateOf, workHere } from './rules';
import {
  type LeanFacilityState,
  type LeanProduct,
  type LeanState,
  productIdOf,
  productIndex,
  zeroTime,
} from './state';

/** A unit's times with the span from its last mark to `end` accounted (travel, wait, then `category`). */
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

export function sheetReleased(state: LeanState, d: LeanEventOf<'SheetReleased'>['data']): LeanState {
  const { at, start, facilityId, productId, templateId, rank, demandId } = d;
  const template = templateOf(state, templateId)!;
  const index = productIndex(productId);
  const released = newProduct({
    index,
    templateId,
    rank,
    startedFor: demandId,
    operations: template.operations.length,
    at: facilityId,
    since: start,
    initial: false,
  });
  const products = state.products.slice();
  products[index] = accrue(released, 'loadTime', start, at);
  const draft = new Draft(state);
  const f = draft.facility(facilityId);
  draft.act(facilityId, start, at, {
    hand: [...f.hand, index],
    lastTemplate: templateId,
    batchStartedAt: f.hand.length === 0 ? start : f.batchStartedAt,
  });
  const demand = demandId
    ? state.demand.map((item) =>
        item.id === demandId ? { ...item, prod_started_qty: item.prod_started_qty + 1 } : item,
      )
    : state.demand;
  return draft.result({ products, demand, nextRank: Math.max(state.nextRank, rank + 1) });
}

export function batchSent(state: LeanState, d: LeanEventOf<'BatchSent'>['data']): LeanState {
  const { at, facilityId, to, productIds, arrivesAt } = d;
  const draft = new Draft(state);
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

export function batchPickedUp(state: LeanState, d: LeanEventOf<'BatchPickedUp'>['data']): LeanState {
  const { at, start, facilityId, productIds } = d;
  const draft = new Draft(state);
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

/** A changeover: the units in hand that need the new tool wait for it (changeover time). */
export function toolChanged(state: LeanState, d: LeanEventOf<'ToolChanged'>['data']): LeanState {
  const { at, start, facilityId, tool, readyAt } = d;
  const draft = new Draft(state);
  const f = draft.facility(facilityId);
  for (const index of f.hand) {
    const p = draft.product(productIdOf(index));
    const template = templateOf(state, p.templateId);
    const needs = workHere(state, f, p).some((op) => template && toolOf(template.operations[op]!) === tool);
    if (needs) draft.setProduct(accrue(p, 'changeoverTime', start, Math.max(at, readyAt)));
  }
  draft.act(facilityId, start, at, { tool, toolReadyAt: readyAt, changeovers: f.changeovers + 1 });
  return draft.result();
}

export function operationPerformed(
  state: LeanState,
  d: LeanEventOf<'OperationPerformed'>['data'],
): LeanState {
  const { at, start, facilityId, productId, opIndex, defective, painted, spotted } = d;
  const draft = new Draft(state);
  const before = draft.product(productId);
  const p = accrue(before, 'workdeskTime', start, at);
  const ops = p.ops.slice();
  ops[opIndex] = {
    status: defective ? 'defect' : 'ok',
    by: facilityId,
    spotted,
    painted: defective ? painted : null,
    paintMs: p.times.workdeskTime - before.times.workdeskTime,
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

export function sheetInspected(state: LeanState, d: LeanEventOf<'SheetInspected'>['data']): LeanState {
  const { at, start, facilityId, productId, spotted } = d;
  const draft = new Draft(state);
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

export function defectRemoved(state: LeanState, d: LeanEventOf<'DefectRemoved'>['data']): LeanState {
  const { at, start, facilityId, productId, opIndex } = d;
  const draft = new Draft(state);
  const p = accrue(draft.product(productId), 'workdeskTime', start, at);
  const ops = p.ops.slice();
  ops[opIndex] = { status: 'todo', by: null, spotted: false, painted: null, paintMs: 0 };
  const f = draft.facility(facilityId);
  const inspecting = f.type === 'qualitycontrol' || f.type === 'rework';
  draft.setProduct({ ...p, ops, inspected: false, reworkNeeded: p.reworkNeeded || inspecting });
  draft.act(facilityId, start, at);
  return draft.result();
}

/** A delivery counts against its demand item: on time or late, with or without defect. */
export function productDelivered(state: LeanState, d: LeanEventOf<'ProductDelivered'>['data']): LeanState {
  const { at, start, facilityId, productId, demandId } = d;
  const draft = new Draft(state);
  const p = accrue(draft.product(productId), 'loadTime', start, at);
  const defects = p.ops.filter((op) => op.status === 'defect').length;
  const item = state.demand.find((i) => i.id === demandId);
  const late = at > (state.startAt ?? 0) + Math.round((item?.due_min ?? 0) * 60_000);
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
  const demand = state.demand.map((i) => {
    if (i.id !== demandId) return i;
    const fulfilled = i.fulfilled_qty + 1;
    return {
      ...i,
      fulfilled_qty: fulfilled,
      fulfilled_at: fulfilled >= i.qty ? at : i.fulfilled_at,
      defectOpes: i.defectOpes + defects,
      defectProducts: i.defectProducts + (defects > 0 ? 1 : 0),
      lateProducts: i.lateProducts + (late ? 1 : 0),
      otifProducts: i.otifProducts + (!late && defects === 0 ? 1 : 0),
    };
  });
  return draft.result({ demand });
}
