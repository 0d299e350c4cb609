/**
 * Computer stations: a discrete-event simulation over the game's events. After each event, every
 * computer facility's next action (its start, its end and the event it will record) is a pure
 * function of the state; the earliest one happens next. Durations are standard times with a small
 * noise and operations fail at a small error rate, drawn from the game's seed keyed by the
 * facility and its action counter, so the same events always give the same next action.
 */
import { nextRandom } from '../eventsourcing/random';
import { LEAN_COLOURS, LEAN_SHEET_TARGETS, MINUTE_MS, toolOf } from './constants';
import type { LeanEvent } from './events';
import {
  demandVisibleAt,
  destinationOf,
  hasRoom,
  isCapped,
  isEnabled,
  isFinished,
  leanMoveMinutes,
  nextRelease,
  oldestOpenDemand,
  taktMinutes,
  templateOf,
  workHere,
} from './rules';
import type { LeanOperation } from './schemas';
import { type LeanFacilityState, type LeanState, productIdOf } from './state';

/** A uniform draw in [0, 1) keyed by the seed, a facility, its action counter and a slot. */
export function leanDraw(seed: number, facility: number, counter: number, slot: number): number {
  let h = seed ^ Math.imul(facility + 1, 0x9e3779b1) ^ Math.imul(counter + 1, 0x85ebca77);
  h ^= Math.imul(slot + 1, 0xc2b2ae3d);
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d);
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b);
  h ^= h >>> 16;
  return nextRandom(h).value;
}

export interface ComputerAction {
  facilityId: string;
  start: number;
  /** When it ends: the time stamped on its event. */
  at: number;
  event: LeanEvent;
}

/** Standard minutes × (1 ± noise), in whole milliseconds. */
function noisy(state: LeanState, f: LeanFacilityState, minutes: number, slot: number): number {
  const noise = state.setup!.params.noise;
  const u = leanDraw(state.seed, f.index, f.actions, slot);
  return Math.max(0, Math.round(minutes * MINUTE_MS * (1 + noise * (2 * u - 1))));
}

/** Time of a batch from one facility to another (spec point 5). */
export function moveMs(state: LeanState, from: LeanFacilityState, to: LeanFacilityState): number {
  return Math.round(
    leanMoveMinutes(from.position, to.position, state.setup!.params.moveCellTime) * MINUTE_MS,
  );
}

function sendAction(state: LeanState, f: LeanFacilityState, earliest: number): ComputerAction | null {
  const first = state.products[f.hand[0]!]!;
  const to = destinationOf(state, first);
  const group = f.hand.filter((i) => destinationOf(state, state.products[i]!).id === to.id);
  if (!hasRoom(state, to, group.length, 0, f)) return null;
  // Blocked by a kanban cap until the destination last picked up: room appeared then.
  const at =
    isCapped(state, to) && f.type !== 'rework' && to.lastFreedAt > earliest ? to.lastFreedAt : earliest;
  return {
    facilityId: f.id,
    start: at,
    at,
    event: {
      type: 'BatchSent',
      data: {
        at,
        facilityId: f.id,
        to: to.id,
        productIds: group.map(productIdOf),
        arrivesAt: at + moveMs(state, f, to),
      },
    },
  };
}

function warehouseAction(state: LeanState, f: LeanFacilityState): ComputerAction | null {
  const t0 = f.freeAt;
  const actions: ComputerAction[] = [];
  const deliver = deliverAction(state, f, t0);
  if (deliver) actions.push(deliver);
  const release = releaseAction(state, f, t0);
  // Send the batch when full, or when no release can follow at once.
  if (f.hand.length > 0) {
    if (f.hand.length >= state.batchSize || !release || release.start > t0) {
      const send = sendAction(state, f, t0);
      if (send) actions.push(send);
    } else actions.push(release);
  } else if (release) actions.push(release);
  return earliest(actions);
}

/** The earliest delivery of a finished unit against the oldest open demand of its template. */
function deliverAction(state: LeanState, f: LeanFacilityState, t0: number): ComputerAction | null {
  let deliver: ComputerAction | null = null;
  for (const index of f.inbox) {
    const p = state.products[index]!;
    if (!isFinished(state, p)) continue;
    const open = state.demand.find((d) => d.template_id === p.templateId && d.fulfilled_qty < d.qty);
    if (!open) continue;
    const start = Math.max(t0, p.arrivesAt, demandVisibleAt(state, open));
    if (deliver && deliver.start <= start) continue;
    const demand = oldestOpenDemand(state, p.templateId, start) ?? open;
    const at = start + noisy(state, f, state.setup!.params.times.deliver, 0);
    deliver = {
      facilityId: f.id,
      start,
      at,
      event: {
        type: 'ProductDelivered',
        data: { at, start, facilityId: f.id, productId: p.id, demandId: demand.id },
      },
    };
  }
  return deliver;
}

/** The next sheet's release: order runs, or a levelled mix paced by batches under heijunka. */
function releaseAction(state: LeanState, f: LeanFacilityState, t0: number): ComputerAction | null {
  const levelled = isEnabled(state, 'heijunka');
  const pitchAt =
    levelled && f.hand.length === 0
      ? f.batchStartedAt + Math.round(taktMinutes(state) * state.batchSize * MINUTE_MS)
      : Number.NEGATIVE_INFINITY;
  const firstVisible = state.demand
    .filter((d) => d.prod_started_qty < d.qty)
    .reduce((min, d) => Math.min(min, demandVisibleAt(state, d)), Number.POSITIVE_INFINITY);
  if (!Number.isFinite(firstVisible)) return null;
  const start = Math.max(t0, firstVisible, pitchAt);
  const choice = nextRelease(state, start, levelled);
  const template = choice && templateOf(state, choice.templateId);
  if (!choice || !template || f.hand.length >= state.batchSize) return null;
  const to = state.facilities[state.toolOwner[toolOf(template.operations[0]!)]!]!;
  const pending = f.hand.filter((i) => destinationOf(state, state.products[i]!).id === to.id).length;
  if (!hasRoom(state, to, 1, pending)) return null;
  const gated = isCapped(state, to) && to.lastFreedAt > t0 ? to.lastFreedAt : start;
  const begin = Math.max(start, gated);
  const at = begin + noisy(state, f, state.setup!.params.times.release, 0);
  const data = {
    at,
    start: begin,
    facilityId: f.id,
    productId: productIdOf(state.products.length),
    templateId: choice.templateId,
    rank: state.nextRank,
    demandId: choice.demand?.id ?? null,
  };
  return { facilityId: f.id, start: begin, at, event: { type: 'SheetReleased', data } };
}

function earliest(actions: ComputerAction[]): ComputerAction | null {
  let best: ComputerAction | null = null;
  for (const action of actions) if (!best || action.start < best.start) best = action;
  return best;
}

/** The work in hand to paint next: with the tool in hand if any, else the first (which needs a changeover). */
function nextPaint(
  state: LeanState,
  f: LeanFacilityState,
): { index: number; op: number; tool: string } | null {
  let wanted: { index: number; op: number; tool: string } | null = null;
  for (const index of f.hand) {
    const p = state.products[index]!;
    const template = templateOf(state, p.templateId)!;
    for (const op of workHere(state, f, p)) {
      const tool = toolOf(template.operations[op]!);
      if (tool === f.tool) return { index, op, tool };
      wanted ??= { index, op, tool };
    }
  }
  return wanted;
}

/** Paints the next operation, after a changeover when it needs another tool. */
function paintAction(state: LeanState, f: LeanFacilityState): ComputerAction | null {
  const params = state.setup!.params;
  const t0 = f.freeAt;
  const wanted = nextPaint(state, f);
  if (!wanted) return null;
  if (wanted.tool !== f.tool) {
    const minutes = params.times.changeover * (isEnabled(state, 'smed') ? params.smedFactor : 1);
    const at = t0 + noisy(state, f, minutes, 0);
    return action(f, t0, at, {
      type: 'ToolChanged',
      data: { at, start: t0, facilityId: f.id, tool: wanted.tool, readyAt: at },
    });
  }
  const p = state.products[wanted.index]!;
  const operation = templateOf(state, p.templateId)!.operations[wanted.op]!;
  const autoinspect = isEnabled(state, 'autoinspect');
  const error = leanDraw(state.seed, f.index, f.actions, 1) < params.errorRate;
  const pokayoke = isEnabled(state, 'pokayoke');
  const minutes =
    params.times.operation * (error && pokayoke ? params.pokayokeSlipFactor : 1) +
    (autoinspect ? params.times.selfCheck : 0);
  const defective = error && !pokayoke;
  const spotted =
    defective && autoinspect && leanDraw(state.seed, f.index, f.actions, 2) < params.selfDetectRate;
  const at = t0 + noisy(state, f, minutes, 0);
  const painted = defective ? wrongPaint(state, f, operation) : operation;
  return action(f, t0, at, {
    type: 'OperationPerformed',
    data: {
      at,
      start: t0,
      facilityId: f.id,
      productId: p.id,
      opIndex: wanted.op,
      defective,
      painted,
      spotted,
    },
  });
}

/** A defective paint: the wrong colour or the wrong target, drawn. */
function wrongPaint(state: LeanState, f: LeanFacilityState, op: LeanOperation): LeanOperation {
  const u = leanDraw(state.seed, f.index, f.actions, 3);
  if (u < 0.5) {
    const others = LEAN_COLOURS.filter((c) => c !== op.colour);
    return { ...op, colour: others[Math.floor(u * 2 * others.length)]! };
  }
  return {
    ...op,
    target: (op.target + 1 + Math.floor((u - 0.5) * 2 * (LEAN_SHEET_TARGETS - 1))) % LEAN_SHEET_TARGETS,
  };
}

/**
 * A station's, quality control's or rework's next action, in priority order: remove a spotted
 * defect, paint, inspect (quality control), send the batch on, pick up the next batch.
 */
function deskAction(state: LeanState, f: LeanFacilityState): ComputerAction | null {
  const t0 = f.freeAt;
  return (
    removeDefectAction(state, f, t0) ??
    paintAction(state, f) ??
    (f.type === 'qualitycontrol' ? inspectAction(state, f, t0) : null) ??
    (f.hand.length > 0 ? sendAction(state, f, t0) : pickUpAction(state, f, t0))
  );
}

/** Removes a spotted defect (quality control, rework, or a station under autoinspect). */
function removeDefectAction(state: LeanState, f: LeanFacilityState, t0: number): ComputerAction | null {
  for (const index of f.hand) {
    const p = state.products[index]!;
    const op = p.ops.findIndex((o) => o.spotted && o.status === 'defect');
    if (op < 0) continue;
    const at = t0 + noisy(state, f, state.setup!.params.times.removeDefect, 0);
    return action(f, t0, at, {
      type: 'DefectRemoved',
      data: { at, start: t0, facilityId: f.id, productId: p.id, opIndex: op },
    });
  }
  return null;
}

/** Quality control inspects a finished sheet not yet inspected; each defect is spotted at its detection rate. */
function inspectAction(state: LeanState, f: LeanFacilityState, t0: number): ComputerAction | null {
  const params = state.setup!.params;
  for (const index of f.hand) {
    const p = state.products[index]!;
    if (p.inspected || p.ops.some((o) => o.status === 'todo')) continue;
    const spotted: number[] = [];
    p.ops.forEach((o, i) => {
      if (o.status === 'defect' && leanDraw(state.seed, f.index, f.actions, 10 + i) < params.qcDetectRate)
        spotted.push(i);
    });
    const at = t0 + noisy(state, f, params.times.inspect, 0);
    return action(f, t0, at, {
      type: 'SheetInspected',
      data: { at, start: t0, facilityId: f.id, productId: p.id, spotted },
    });
  }
  return null;
}

/** Picks up the next batch once its first unit has arrived. */
function pickUpAction(state: LeanState, f: LeanFacilityState, t0: number): ComputerAction | null {
  if (f.inbox.length === 0) return null;
  let first = Number.POSITIVE_INFINITY;
  for (const index of f.inbox) first = Math.min(first, state.products[index]!.arrivesAt);
  const start = Math.max(t0, first);
  const picked = f.inbox.filter((i) => state.products[i]!.arrivesAt <= start).slice(0, state.batchSize);
  const at = start + noisy(state, f, state.setup!.params.times.load, 0);
  return action(f, start, at, {
    type: 'BatchPickedUp',
    data: { at, start, facilityId: f.id, productIds: picked.map(productIdOf) },
  });
}

const action = (f: LeanFacilityState, start: number, at: number, event: LeanEvent): ComputerAction => ({
  facilityId: f.id,
  start,
  at,
  event,
});

/** The next action of one computer facility, or null when it has nothing to do. */
export function nextFacilityAction(state: LeanState, f: LeanFacilityState): ComputerAction | null {
  return f.type === 'warehouse' ? warehouseAction(state, f) : deskAction(state, f);
}

/** The earliest action of all computer facilities before the schedule's end, or null. */
export function nextComputerAction(state: LeanState): ComputerAction | null {
  if (!state.computer || state.startAt === null || state.endAt !== null) return null;
  let best: ComputerAction | null = null;
  for (const id of state.computer.facilityIds) {
    const f = state.facilities[state.facilityIndex[id]!]!;
    if (f.user !== null) continue;
    const action = nextFacilityAction(state, f);
    if (action && action.at <= state.computer.until && (!best || action.at < best.at)) best = action;
  }
  return best;
}

/** When the server's scheduler should next run the computer stations (epoch ms), or null. */
export function nextComputerActionAt(state: LeanState): number | null {
  return nextComputerAction(state)?.at ?? null;
}
