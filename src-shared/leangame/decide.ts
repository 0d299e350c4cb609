/**
 * decide: turns a lean command into events, or throws a DomainError with a `leangame.*` message
 * id. Every action is stamped with the server time (`ctx.now`, never earlier than the last event);
 * computer actions are stamped with the instant the simulation says they end.
 */
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import { moveMs, nextComputerAction } from './computer';
import { LEAN_IMPROVEMENTS, LEANGAME_RULES_VERSION, type LeanImprovement, MINUTE_MS } from './constants';
import { evolveLeanGame } from './evolve';
import {
  balancedTools,
  compactLayout,
  demandVisibleAt,
  destinationOf,
  facilityOf,
  hasRoom,
  isEnabled,
  isFinished,
  nextRelease,
  oldestOpenDemand,
  templateOf,
  workHere,
} from './rules';
import { getLeanScenario } from './scenarios';
import { type LeanCommand, type LeanSetup, leanSetupSchema, toolOf } from './schemas';
import {
  initialLeanState,
  type LeanEvent,
  type LeanFacilityState,
  type LeanState,
  productIdOf,
  productIndex,
} from './state';

const fail = (messageId: string, values?: Record<string, string | number>): never => {
  throw new DomainError(`leangame.${messageId}`, values);
};

function requireGame(state: LeanState) {
  if (!state.exists) fail('errGameUnknown');
}

function requireCreator(state: LeanState, ctx: CommandContext) {
  if (ctx.actor.role !== 'system' && ctx.actor.userId !== state.creatorId) fail('errNotCreator');
}

function requirePlaying(state: LeanState) {
  if (state.startAt === null) fail('errNotStarted');
  if (state.endAt !== null) fail('errGameEnded');
}

/** The facility the actor plays (or any facility for the system actor). */
function ownFacility(state: LeanState, facilityId: string, ctx: CommandContext): LeanFacilityState {
  const f = facilityOf(state, facilityId) ?? fail('errFacilityUnknown', { facilityId });
  if (ctx.actor.role === 'system') return f;
  if (f.user !== ctx.actor.userId) fail('errNotYourFacility', { facilityId });
  return f;
}

/** Who may configure the rules: the owner of the improvements panel, before the start. */
function requirePanel(state: LeanState, ctx: CommandContext) {
  if (state.startAt !== null) fail('errAlreadyStarted');
  if (ctx.actor.role === 'system') return;
  if (state.improvementsPanelBy === null) fail('errPanelNotOpen');
  if (state.improvementsPanelBy !== ctx.actor.userId) fail('errPanelLocked');
}

function requireImprovement(state: LeanState, improvement: LeanImprovement) {
  if (!isEnabled(state, improvement)) fail('errImprovementNotEnabled', { improvement });
}

const hasFacility = (state: LeanState, userId: string) => state.facilities.some((f) => f.user === userId);

function productInHand(state: LeanState, f: LeanFacilityState, productId: string) {
  const index = productIndex(productId);
  const p = state.products[index];
  if (!p || !f.hand.includes(index)) fail('errProductNotHere', { productId });
  return p!;
}

/** Start of a human action: when the facility was free and the work available, at most `at`. */
const startOf = (f: LeanFacilityState, at: number, available = 0) =>
  Math.min(at, Math.max(f.freeAt, available));

function settingEvents(state: LeanState, improvement: LeanImprovement, on: boolean, at: number): LeanEvent[] {
  const setup = state.setup!;
  const events: LeanEvent[] = [];
  if (improvement === 'movestations') {
    const layout = on
      ? compactLayout(setup)
      : Object.fromEntries(setup.facilities.map((f) => [f.id, f.position]));
    for (const f of state.facilities) {
      const position = layout[f.id]!;
      if (position.row !== f.position.row || position.column !== f.position.column)
        events.push({ type: 'StationMoved', data: { at, facilityId: f.id, position } });
    }
  }
  if (improvement === 'balancestations') {
    const tools = on
      ? balancedTools(setup)
      : Object.fromEntries(setup.facilities.filter((f) => f.type === 'station').map((f) => [f.id, f.tools]));
    for (const [facilityId, list] of Object.entries(tools))
      for (const tool of list)
        if (state.facilities[state.toolOwner[tool]!]?.id !== facilityId)
          events.push({ type: 'OperationReassigned', data: { at, tool, facilityId } });
  }
  if (improvement === 'batch') {
    const batchSize = on ? 1 : setup.params.batchSize;
    if (batchSize !== state.batchSize) events.push({ type: 'BatchSizeSet', data: { at, batchSize } });
  }
  return events;
}

function createGame(
  command: Extract<LeanCommand, { type: 'CreateLeanGame' }>,
  ctx: CommandContext,
): LeanEvent[] {
  let setup: LeanSetup;
  if (command.scenarioId !== undefined && command.setup === undefined) {
    setup = (
      getLeanScenario(command.scenarioId) ?? fail('errScenarioUnknown', { scenarioId: command.scenarioId })
    ).setup;
  } else {
    const parsed = leanSetupSchema.safeParse(command.setup);
    if (!parsed.success) fail('errInvalidSetup', { reason: parsed.error.issues[0]?.message ?? 'invalid' });
    setup = parsed.data!;
  }
  return [
    {
      type: 'LeanGameCreated',
      data: {
        at: ctx.now,
        gameId: command.gameId,
        name: command.name,
        creatorId: ctx.actor.userId,
        seed: command.seed | 0,
        rulesVersion: LEANGAME_RULES_VERSION,
        scenarioId: command.scenarioId ?? null,
        setup,
      },
    },
  ];
}

/** The computer's events due by `now`, found by stepping the simulation forward. */
export function computerEventsUntil(state: LeanState, now: number): LeanEvent[] {
  const events: LeanEvent[] = [];
  let current = state;
  for (;;) {
    const action = nextComputerAction(current);
    if (!action || action.at > now) break;
    const event = stamp(action.event, current.lastAt);
    events.push(event);
    current = evolveLeanGame(current, event);
  }
  return events;
}

/** Keeps stamps in order when a computer action is recorded after a later human one. */
function stamp(event: LeanEvent, lastAt: number): LeanEvent {
  const data = event.data as { at: number; start?: number; readyAt?: number; arrivesAt?: number };
  if (data.at >= lastAt) return event;
  const shift = lastAt - data.at;
  const moved: Record<string, number> = { at: data.at + shift };
  for (const key of ['start', 'readyAt', 'arrivesAt'] as const)
    if (data[key] !== undefined) moved[key] = data[key] + shift;
  return { ...event, data: { ...event.data, ...moved } } as LeanEvent;
}

export function decideLeanGame(command: LeanCommand, state: LeanState, ctx: CommandContext): LeanEvent[] {
  if (command.type === 'CreateLeanGame') {
    if (state.exists) fail('errGameExists');
    return createGame(command, ctx);
  }
  requireGame(state);
  const at = Math.max(ctx.now, state.lastAt);
  const params = state.setup!.params;
  switch (command.type) {
    case 'JoinFacility': {
      const f =
        facilityOf(state, command.facilityId) ??
        fail('errFacilityUnknown', { facilityId: command.facilityId });
      if (state.endAt !== null) fail('errGameEnded');
      if (f.user === ctx.actor.userId) return [];
      if (f.user !== null) fail('errFacilityTaken', { facilityId: f.id });
      if (hasFacility(state, ctx.actor.userId)) fail('errAlreadyPlaying');
      return [
        {
          type: 'PlayerJoined',
          data: { at, facilityId: f.id, userId: ctx.actor.userId, playerName: command.playerName ?? null },
        },
      ];
    }
    case 'LeaveFacility': {
      const f = ownFacility(state, command.facilityId, ctx);
      if (f.user === null) return [];
      return [{ type: 'PlayerLeft', data: { at, facilityId: f.id, userId: f.user } }];
    }
    case 'OpenImprovementsPanel': {
      const me = ctx.actor.userId;
      if (me !== state.creatorId && !hasFacility(state, me)) fail('errPanelForbidden');
      if (state.improvementsPanelBy === me) return [];
      if (state.improvementsPanelBy !== null) fail('errPanelLocked');
      return [{ type: 'ImprovementsPanelOpened', data: { at, by: me } }];
    }
    case 'CloseImprovementsPanel': {
      const me = ctx.actor.userId;
      if (state.improvementsPanelBy === null) return [];
      if (state.improvementsPanelBy !== me && me !== state.creatorId && ctx.actor.role !== 'system')
        fail('errPanelLocked');
      return [{ type: 'ImprovementsPanelClosed', data: { at, by: me } }];
    }
    case 'EnableImprovement':
    case 'DisableImprovement': {
      requirePanel(state, ctx);
      const on = command.type === 'EnableImprovement';
      if (!params.improvements.available.includes(command.improvement))
        fail('errImprovementUnavailable', { improvement: command.improvement });
      if (isEnabled(state, command.improvement) === on) return [];
      const toggled: LeanEvent = on
        ? { type: 'ImprovementEnabled', data: { at, improvement: command.improvement } }
        : { type: 'ImprovementDisabled', data: { at, improvement: command.improvement } };
      const apply = command.type === 'DisableImprovement' || command.apply !== false;
      return [toggled, ...(apply ? settingEvents(state, command.improvement, on, at) : [])];
    }
    case 'MoveStation': {
      requirePanel(state, ctx);
      requireImprovement(state, 'movestations');
      const f =
        facilityOf(state, command.facilityId) ??
        fail('errFacilityUnknown', { facilityId: command.facilityId });
      const { row, column } = command.position;
      if (row >= params.mapSize.rows || column >= params.mapSize.columns)
        fail('errCellOutside', { row, column });
      if (
        state.facilities.some((o) => o.id !== f.id && o.position.row === row && o.position.column === column)
      )
        fail('errCellTaken', { row, column });
      return [{ type: 'StationMoved', data: { at, facilityId: f.id, position: { row, column } } }];
    }
    case 'ReassignOperation': {
      requirePanel(state, ctx);
      requireImprovement(state, 'balancestations');
      const f =
        facilityOf(state, command.facilityId) ??
        fail('errFacilityUnknown', { facilityId: command.facilityId });
      if (f.type !== 'station') fail('errNotStation', { facilityId: f.id });
      if (state.toolOwner[command.tool] === undefined) fail('errUnknownTool', { tool: command.tool });
      if (state.toolOwner[command.tool] === f.index) return [];
      return [{ type: 'OperationReassigned', data: { at, tool: command.tool, facilityId: f.id } }];
    }
    case 'SetBatchSize': {
      requirePanel(state, ctx);
      requireImprovement(state, 'batch');
      return [{ type: 'BatchSizeSet', data: { at, batchSize: command.batchSize } }];
    }
    case 'SetKanbanCap': {
      requirePanel(state, ctx);
      requireImprovement(state, 'kanban');
      if (command.cap < state.batchSize) fail('errKanbanCap', { batchSize: state.batchSize });
      return [{ type: 'KanbanCapSet', data: { at, cap: command.cap } }];
    }
    case 'StartGame': {
      requireCreator(state, ctx);
      if (state.startAt !== null) fail('errAlreadyStarted');
      const started: LeanEvent = { type: 'GameStarted', data: { at } };
      const next = evolveLeanGame(state, started);
      const scheduled = scheduleEvent(next, params.consumerDemandParams.totalDuration, at);
      return [started, scheduled, ...computerEventsUntil(evolveLeanGame(next, scheduled), at)];
    }
    case 'ScheduleComputerActions': {
      requireCreator(state, ctx);
      requirePlaying(state);
      return [scheduleEvent(state, command.totalDurationMin, at)];
    }
    case 'RunComputerActions': {
      requirePlaying(state);
      return computerEventsUntil(state, ctx.now);
    }
    case 'EndGame': {
      requireCreator(state, ctx);
      if (state.startAt === null) fail('errNotStarted');
      if (state.endAt !== null) fail('errGameEnded');
      return [{ type: 'GameEnded', data: { at } }];
    }
    default:
      return decideAction(command, state, ctx, at);
  }
}

/** leanScheduleComputerActions: which facilities the computer plays and until which minute. */
function scheduleEvent(state: LeanState, totalDurationMin: number, at: number): LeanEvent {
  const facilityIds = state.facilities.filter((f) => f.user === null).map((f) => f.id);
  return { type: 'ComputerActionsScheduled', data: { at, totalDurationMin, facilityIds } };
}

/** A player's action at a facility. */
function decideAction(command: LeanCommand, state: LeanState, ctx: CommandContext, at: number): LeanEvent[] {
  requirePlaying(state);
  if (!('facilityId' in command)) return fail('errUnknownCommand');
  const f = ownFacility(state, command.facilityId, ctx);
  const params = state.setup!.params;
  switch (command.type) {
    case 'ReleaseSheet': {
      if (f.type !== 'warehouse') fail('errNotWarehouse');
      const levelled = isEnabled(state, 'heijunka');
      const choice =
        command.templateId !== undefined
          ? {
              templateId: command.templateId,
              demand:
                state.demand.find(
                  (d) =>
                    d.template_id === command.templateId &&
                    d.prod_started_qty < d.qty &&
                    demandVisibleAt(state, d) <= at,
                ) ?? null,
            }
          : (nextRelease(state, at, levelled) ?? fail('errNoOpenDemand'));
      const template = templateOf(state, choice.templateId) ?? fail('errUnknownTemplate');
      const to = state.facilities[state.toolOwner[toolOf(template.operations[0]!)]!]!;
      const pending = f.hand.filter((i) => destinationOf(state, state.products[i]!).id === to.id).length;
      if (!hasRoom(state, to, 1, pending)) fail('errKanbanFull', { facilityId: to.id });
      return [
        {
          type: 'SheetReleased',
          data: {
            at,
            start: startOf(f, at),
            facilityId: f.id,
            productId: productIdOf(state.products.length),
            templateId: choice.templateId,
            rank: state.nextRank,
            demandId: choice.demand?.id ?? null,
          },
        },
      ];
    }
    case 'SendBatch': {
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
        events.push({
          type: 'BatchSent',
          data: {
            at,
            facilityId: f.id,
            to: to.id,
            productIds: indices.map(productIdOf),
            arrivesAt: at + moveMs(state, f, to),
          },
        });
      }
      return events;
    }
    case 'PickUpBatch': {
      if (f.type === 'warehouse') fail('errNotStation');
      if (f.hand.length > 0) fail('errHandBusy');
      const picked = f.inbox.filter((i) => state.products[i]!.arrivesAt <= at).slice(0, state.batchSize);
      if (picked.length === 0) fail('errInboxEmpty');
      const arrived = Math.max(...picked.map((i) => state.products[i]!.arrivesAt));
      return [
        {
          type: 'BatchPickedUp',
          data: { at, start: startOf(f, at, arrived), facilityId: f.id, productIds: picked.map(productIdOf) },
        },
      ];
    }
    case 'ChangeTool': {
      if (f.type === 'warehouse') fail('errNotStation');
      if (f.type === 'station' && !f.tools.includes(command.tool))
        fail('errToolNotHeld', { tool: command.tool });
      if (f.type === 'qualitycontrol' && state.facilities.some((o) => o.type === 'rework'))
        fail('errNotStation');
      if (f.tool === command.tool) return [];
      const minutes = params.times.changeover * (isEnabled(state, 'smed') ? params.smedFactor : 1);
      return [
        {
          type: 'ToolChanged',
          data: {
            at,
            start: at,
            facilityId: f.id,
            tool: command.tool,
            readyAt: at + Math.round(minutes * MINUTE_MS),
          },
        },
      ];
    }
    case 'PerformOperation': {
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
      return [
        {
          type: 'OperationPerformed',
          data: {
            at,
            start: startOf(f, at),
            facilityId: f.id,
            productId: p.id,
            opIndex,
            defective,
            painted,
            spotted: false,
          },
        },
      ];
    }
    case 'InspectSheet': {
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
    case 'RemoveDefect': {
      const p = productInHand(state, f, command.productId);
      const op = p.ops[command.opIndex] ?? fail('errNothingToDo');
      if (op.status === 'todo') fail('errNothingToDo');
      const own = f.type === 'station' && isEnabled(state, 'autoinspect') && op.by === f.id;
      if (f.type !== 'qualitycontrol' && f.type !== 'rework' && !own) fail('errNotInspector');
      return [
        {
          type: 'DefectRemoved',
          data: { at, start: startOf(f, at), facilityId: f.id, productId: p.id, opIndex: command.opIndex },
        },
      ];
    }
    case 'DeliverProduct': {
      if (f.type !== 'warehouse') fail('errNotWarehouse');
      const candidates = f.inbox.filter((i) => {
        const p = state.products[i]!;
        return p.arrivesAt <= at && isFinished(state, p) && oldestOpenDemand(state, p.templateId, at);
      });
      const index = command.productId !== undefined ? productIndex(command.productId) : candidates[0];
      if (index === undefined) fail('errNoOpenDemand');
      const p = state.products[index!];
      if (!p || !f.inbox.includes(index!) || p.arrivesAt > at)
        fail('errProductNotHere', { productId: productIdOf(index!) });
      if (!isFinished(state, p!)) fail('errNotFinished', { productId: p!.id });
      const demand = oldestOpenDemand(state, p!.templateId, at) ?? fail('errNoOpenDemand');
      return [
        {
          type: 'ProductDelivered',
          data: {
            at,
            start: startOf(f, at, p!.arrivesAt),
            facilityId: f.id,
            productId: p!.id,
            demandId: demand.id,
          },
        },
      ];
    }
    default:
      return fail('errUnknownCommand');
  }
}

export const leangameDecider: Decider<LeanCommand, LeanEvent, LeanState> = {
  initialState: initialLeanState,
  decide: decideLeanGame,
  evolve: evolveLeanGame,
};

export const LEAN_IMPROVEMENT_LIST: readonly LeanImprovement[] = LEAN_IMPROVEMENTS;

/**
 * leanScheduleComputerActions (spec point 7): the timed actions the computer stations would take
 * over `totalDurationMin` from the start if no player acted, from the game's seed. The server's
 * scheduler wakes at `nextComputerActionAt(state)` and records them with RunComputerActions.
 */
export function leanScheduleComputerActions(
  state: LeanState,
  totalDurationMin: number,
): { at: number; facilityId: string; type: LeanEvent['type'] }[] {
  if (state.startAt === null) return [];
  const scheduled = evolveLeanGame(state, scheduleEvent(state, totalDurationMin, state.lastAt));
  const until = state.startAt + Math.round(totalDurationMin * MINUTE_MS);
  return computerEventsUntil(scheduled, until).map((e) => ({
    at: e.data.at,
    facilityId: 'facilityId' in e.data ? e.data.facilityId : '',
    type: e.type,
  }));
}
