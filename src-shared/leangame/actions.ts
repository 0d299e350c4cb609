/**
 * A player's actions at their facility while the round runs: release a sheet, send or pick up a
 * batch, change tool, paint, inspect, remove a defect, deliver. Each is stamped `at` (the server
 * time) and starts when the facility was free and the work available (`start`).
 */
import type { CommandContext } from '../eventsourcing/decider';
import { moveMs } from './computer';
import { LEAN_SHEET_TARGETS, MINUTE_MS, toolOf } from './constants';
import type { LeanCommandOf } from './decide';
import type { LeanEvent } from './events';
import { fail, ownFacility, productInHand, requireInRange, requirePlaying } from './guards';
import {
  demandVisibleAt,
  destinationOf,
  facilityOf,
  hasRoom,
  isEnabled,
  isFinished,
  nextRelease,
  oldestOpenDemand,
  templateOf,
  toolSequence,
  workHere,
} from './rules';
import { type LeanFacilityState, type LeanState, productIdOf, productIndex } from './state';

type Ctx = CommandContext;

/** The actor's own facility, once the round runs. */
function actingAt(state: LeanState, facilityId: string, ctx: Ctx): LeanFacilityState {
  requirePlaying(state);
  return ownFacility(state, facilityId, ctx);
}

/** Start of a human action: when the facility was free and the work available, at most `at`. */
const startOf = (f: LeanFacilityState, at: number, available = 0) =>
  Math.min(at, Math.max(f.freeAt, available));

export function releaseSheet(
  command: LeanCommandOf<'ReleaseSheet'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  if (f.type !== 'warehouse') fail('errNotWarehouse');
  const { templateId } = command;
  const choice =
    templateId !== undefined
      ? {
          templateId,
          demand:
            state.demand.find(
              (d) =>
                d.template_id === templateId && d.prod_started_qty < d.qty && demandVisibleAt(state, d) <= at,
            ) ?? null,
        }
      : (nextRelease(state, at, isEnabled(state, 'heijunka')) ?? fail('errNoOpenDemand'));
  const template = templateOf(state, choice.templateId) ?? fail('errUnknownTemplate');
  const to = state.facilities[state.toolOwner[toolOf(template.operations[0]!)]!]!;
  const pending = f.hand.filter((i) => destinationOf(state, state.products[i]!).id === to.id).length;
  if (!hasRoom(state, to, 1, pending)) fail('errKanbanFull', { facilityId: to.id });
  // A sheet exists from its release: the release begins no earlier than the standard release time
  // before the click, nor before its order shows (the warehouse's idle time is not the sheet's).
  const releaseMs = Math.round(state.setup!.params.times.release * MINUTE_MS);
  const shown = choice.demand ? demandVisibleAt(state, choice.demand) : 0;
  return [
    {
      type: 'SheetReleased',
      data: {
        at,
        start: Math.max(startOf(f, at), at - releaseMs, Math.min(at, shown)),
        facilityId: f.id,
        productId: productIdOf(state.products.length),
        templateId: choice.templateId,
        rank: state.nextRank,
        demandId: choice.demand?.id ?? null,
      },
    },
  ];
}

/** Sends the chosen units (or the whole hand) on, one batch per destination. */
export function sendBatch(
  command: LeanCommandOf<'SendBatch'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  const chosen = command.productIds?.map(productIndex) ?? f.hand;
  if (chosen.length === 0) fail('errNothingToSend');
  for (const index of chosen)
    if (!f.hand.includes(index)) fail('errProductNotHere', { productId: productIdOf(index) });
  const groups = new Map<string, number[]>();
  for (const index of chosen) {
    const to = destinationOf(state, state.products[index]!);
    if (to.id === f.id) fail('errWorkNotDone', { productId: productIdOf(index) });
    groups.set(to.id, [...(groups.get(to.id) ?? []), index]);
  }
  const events: LeanEvent[] = [];
  for (const [toId, indices] of groups) {
    const to = facilityOf(state, toId)!;
    if (!hasRoom(state, to, indices.length, 0, f)) fail('errKanbanFull', { facilityId: to.id });
    const productIds = indices.map(productIdOf);
    const arrivesAt = at + moveMs(state, f, to);
    events.push({ type: 'BatchSent', data: { at, facilityId: f.id, to: to.id, productIds, arrivesAt } });
  }
  return events;
}

/** Takes up to a batch of the units that have arrived in the inbox. */
export function pickUpBatch(
  command: LeanCommandOf<'PickUpBatch'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  if (f.type === 'warehouse') fail('errNotStation');
  if (f.hand.length > 0) fail('errHandBusy');
  const picked = f.inbox.filter((i) => state.products[i]!.arrivesAt <= at).slice(0, state.batchSize);
  if (picked.length === 0) fail('errInboxEmpty');
  const arrived = Math.max(...picked.map((i) => state.products[i]!.arrivesAt));
  const productIds = picked.map(productIdOf);
  return [
    { type: 'BatchPickedUp', data: { at, start: startOf(f, at, arrived), facilityId: f.id, productIds } },
  ];
}

/** A changeover: the tool is ready after the changeover time (shortened under smed). */
export function changeTool(
  command: LeanCommandOf<'ChangeTool'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  if (f.type === 'warehouse') fail('errNotStation');
  // Only a tool of the line's operations exists (quality control holds no list of its own).
  if (!toolSequence(state.setup!).includes(command.tool)) fail('errUnknownTool', { tool: command.tool });
  if (f.type === 'station' && !f.tools.includes(command.tool)) fail('errToolNotHeld', { tool: command.tool });
  if (f.type === 'qualitycontrol' && state.facilities.some((o) => o.type === 'rework')) fail('errNotStation');
  if (f.tool === command.tool) return [];
  const params = state.setup!.params;
  const minutes = params.times.changeover * (isEnabled(state, 'smed') ? params.smedFactor : 1);
  const readyAt = at + Math.round(minutes * MINUTE_MS);
  return [{ type: 'ToolChanged', data: { at, start: at, facilityId: f.id, tool: command.tool, readyAt } }];
}

/**
 * Paints on a target: the operation on that target with the tool in hand is right; anything else
 * is a defect (refused under poka-yoke).
 */
export function performOperation(
  command: LeanCommandOf<'PerformOperation'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  requireInRange(command.target, 0, LEAN_SHEET_TARGETS - 1);
  const p = productInHand(state, f, command.productId);
  const template = templateOf(state, p.templateId)!;
  const here = workHere(state, f, p);
  if (here.length === 0) fail('errNothingToDo');
  if (f.tool === null) fail('errNoTool');
  if (at < f.toolReadyAt) fail('errToolNotReady');
  const [shape, colour] = f.tool!.split(':') as [string, string];
  const onTarget = here.find((i) => template.operations[i]!.target === command.target);
  const sameTool = here.find((i) => toolOf(template.operations[i]!) === f.tool);
  const opIndex = onTarget ?? sameTool ?? here[0]!;
  const expected = template.operations[opIndex]!;
  const defective = onTarget === undefined || toolOf(expected) !== f.tool;
  if (defective && isEnabled(state, 'pokayoke')) fail('errPokayoke');
  const painted = { ...expected, shape, colour, target: command.target } as typeof expected;
  const start = startOf(f, at);
  return [
    {
      type: 'OperationPerformed',
      data: { at, start, facilityId: f.id, productId: p.id, opIndex, defective, painted, spotted: false },
    },
  ];
}

export function inspectSheet(
  command: LeanCommandOf<'InspectSheet'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  if (f.type !== 'qualitycontrol') fail('errNotInspector');
  const p = productInHand(state, f, command.productId);
  if (p.ops.some((op) => op.status === 'todo')) fail('errWorkNotDone', { productId: p.id });
  return [
    {
      type: 'SheetInspected',
      data: { at, start: startOf(f, at), facilityId: f.id, productId: p.id, spotted: [] },
    },
  ];
}

/** Quality control, rework, or a station checking its own work under autoinspect removes a painted operation. */
export function removeDefect(
  command: LeanCommandOf<'RemoveDefect'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  const p = productInHand(state, f, command.productId);
  requireInRange(command.opIndex, 0, p.ops.length - 1);
  const op = p.ops[command.opIndex] ?? fail('errNothingToDo');
  if (op.status === 'todo') fail('errNothingToDo');
  const own = f.type === 'station' && isEnabled(state, 'autoinspect') && op.by === f.id;
  if (f.type !== 'qualitycontrol' && f.type !== 'rework' && !own) fail('errNotInspector');
  const start = startOf(f, at);
  return [
    {
      type: 'DefectRemoved',
      data: { at, start, facilityId: f.id, productId: p.id, opIndex: command.opIndex },
    },
  ];
}

/** The warehouse delivers a finished unit (the first one that can be, by default) to the oldest open demand item. */
export function deliverProduct(
  command: LeanCommandOf<'DeliverProduct'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = actingAt(state, command.facilityId, ctx);
  if (f.type !== 'warehouse') fail('errNotWarehouse');
  const candidates = f.inbox.filter((i) => {
    const p = state.products[i]!;
    return p.arrivesAt <= at && isFinished(state, p) && oldestOpenDemand(state, p.templateId, at);
  });
  const index = command.productId !== undefined ? productIndex(command.productId) : candidates[0];
  if (index === undefined) return fail('errNoOpenDemand');
  const p = state.products[index];
  if (!p || !f.inbox.includes(index) || p.arrivesAt > at)
    return fail('errProductNotHere', { productId: productIdOf(index) });
  if (!isFinished(state, p)) fail('errNotFinished', { productId: p.id });
  const demand = oldestOpenDemand(state, p.templateId, at) ?? fail('errNoOpenDemand');
  const start = startOf(f, at, p.arrivesAt);
  return [
    { type: 'ProductDelivered', data: { at, start, facilityId: f.id, productId: p.id, demandId: demand.id } },
  ];
}
