/**
 * The beer game decider: `decide` checks a command against the state and returns events (or throws
 * a `DomainError` with a locale message id); `evolve` folds one event. See docs/beergame.md.
 */
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import type { BeerCommand, BeerEvent, ComputerOrder } from './commands';
import { closeWeek, facilityPlansOf, setupGame } from './engine';
import {
  BEERGAME_RULES_VERSION,
  BEERGAME_TEMPLATES,
  type BeerConfig,
  type Capability,
  CHANGE_RANGES,
  type FacilityConfig,
  resolveConfig,
} from './params';
import { computerOrders, fitConstraints, isValidPolicy } from './policies';
import { type BeerState, cloneState, type FacilityState, initialBeerState, withFacility } from './state';

type Ctx = CommandContext;

// tsx runs these modules as CommonJS, where each use of an imported binding is a getter call on
// the exporting module's object (a measurable cost in the week loop): the hot ones are read once.
const plansOf = facilityPlansOf;
const closeTheWeek = closeWeek;
const ordersOf = computerOrders;
const copyState = cloneState;
const copyFacility = withFacility;

const fail = (messageId: string, values?: Record<string, string | number>): never => {
  throw new DomainError(`beergame.${messageId}`, values);
};

function requireGame(s: BeerState): void {
  if (!s.exists) fail('errGameUnknown');
}
function requireOpen(s: BeerState): void {
  requireGame(s);
  if (s.finished) fail('errGameFinished');
}
/** The creator, or the server acting for an admin it has checked (role `system`). */
export function isGameAdmin(s: BeerState, ctx: Ctx): boolean {
  return ctx.actor.role === 'system' || ctx.actor.userId === s.creatorId;
}
function requireAdmin(s: BeerState, ctx: Ctx): void {
  if (!isGameAdmin(s, ctx)) fail('errNotAllowed');
}
function facilityAt(s: BeerState, facilityId: string): number {
  const i = s.index[facilityId];
  if (i === undefined) return fail('errFacilityUnknown');
  return i;
}
function capabilityOf(fc: FacilityConfig, capabilityId: string | undefined): [string, Capability] {
  if (capabilityId === undefined) {
    const first = Object.keys(fc.capabilities)[0];
    if (first === undefined) return fail('errCapabilityUnknown');
    return [first, fc.capabilities[first]!];
  }
  const cap = fc.capabilities[capabilityId];
  if (!cap) return fail('errCapabilityUnknown');
  return [capabilityId, cap];
}

/** Rules "Order constraints": throws the reason a quantity is refused. */
export function checkOrder(q: number, cap: Pick<Capability, 'moq' | 'maxOrderQty' | 'batchSize'>): void {
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 0) fail('errOrderNotWhole');
  if (cap.moq > 0 && q > 0 && q < cap.moq) fail('errOrderBelowMoq', { moq: cap.moq });
  if (cap.maxOrderQty > 0 && q > cap.maxOrderQty) fail('errOrderAboveMax', { max: cap.maxOrderQty });
  if (cap.batchSize > 0 && q % cap.batchSize !== 0) fail('errOrderNotMultiple', { batchSize: cap.batchSize });
}

/** The policy a facility's missing orders get: its own when handed to the computer, else the seat's or the game's default. */
function policyFor(s: BeerState, i: number): string {
  const f = s.facilities[i]!;
  return (f.computer ? f.policy : null) ?? s.live[i]!.policy ?? s.config.defaultPolicy;
}

/** Every human-held or empty seat has validated, and there is at least one human. */
function everyoneValidated(s: BeerState): boolean {
  let humans = 0;
  for (const f of s.facilities) {
    if (f.computer) continue;
    if (!f.validated) return false;
    humans++;
  }
  return humans > 0;
}

function closeEvent(s: BeerState, reason: 'validated' | 'instructor' | 'timer', ctx: Ctx): BeerEvent {
  const orders: ComputerOrder[] = [];
  const plans = plansOf(s.live);
  for (let i = 0; i < s.facilities.length; i++) {
    const f = s.facilities[i]!;
    if (f.validated) continue;
    const policy = policyFor(s, i);
    const computed = ordersOf(s, f.id, policy);
    for (const capId of plans[i]!.capIds) {
      if (f.orders[capId] !== undefined) continue;
      orders.push({
        facilityId: f.id,
        capabilityId: capId,
        quantity: computed[capId] ?? 0,
        policy,
        latecomer: !f.computer,
      });
    }
  }
  // A running timer sets the next week's deadline; so does an armed one (`playTimer`) not yet running.
  const nextDeadline =
    (s.deadline !== null || s.playTimer) && s.week < s.config.weeks ? ctx.now + s.timerSeconds * 1000 : null;
  return {
    type: 'WeekClosed',
    data: { week: s.week, reason, computerOrders: orders, at: ctx.now, nextDeadline },
  };
}

/**
 * Appends the week-closing event when `events` leave every human seat validated; otherwise, when
 * they are a seat change (`seatChange`) that fills the last free seat of a game whose timer is on
 * (`playTimer`) but not running yet, starts it (`TimerStarted`). A close sets the next deadline
 * itself (see `closeEvent`).
 */
function withAutoClose(s: BeerState, events: BeerEvent[], ctx: Ctx, seatChange = false): BeerEvent[] {
  let next = s;
  for (const e of events) next = evolve(next, e);
  if (next.finished) return events;
  if (everyoneValidated(next)) events.push(closeEvent(next, 'validated', ctx));
  else if (seatChange && next.playTimer && next.deadline === null && everySeatFilled(next))
    events.push(timerStart(next, ctx));
  return events;
}

/** Every seat is held by a player or by the computer. */
function everySeatFilled(s: BeerState): boolean {
  for (const f of s.facilities) if (f.userId === null && !f.computer) return false;
  return true;
}

function timerStart(s: BeerState, ctx: Ctx, seconds = s.timerSeconds): BeerEvent {
  return { type: 'TimerStarted', data: { week: s.week, seconds, deadline: ctx.now + seconds * 1000 } };
}

/** Resolved template configurations (immutable), by template and overrides. */
const templateCache = new Map<string, BeerConfig>();

function resolveCreateConfig(command: Extract<BeerCommand, { type: 'CreateGame' }>): BeerConfig {
  try {
    if ('template' in command && command.template !== undefined) {
      const template = BEERGAME_TEMPLATES[command.template];
      if (!template) return fail('errTemplateUnknown');
      const key = `${command.template}|${JSON.stringify(command.overrides ?? {})}`;
      let config = templateCache.get(key);
      if (!config) {
        config = resolveConfig({ ...template(), ...(command.overrides ?? {}) });
        if (templateCache.size < 100) templateCache.set(key, config);
      }
      return config;
    }
    return resolveConfig((command as { config: unknown }).config);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return fail('errInvalidConfig', {
      reason: error instanceof Error ? error.message.slice(0, 500) : 'invalid',
    });
  }
}

function decide(command: BeerCommand, s: BeerState, ctx: Ctx): BeerEvent[] {
  const actor = ctx.actor.userId;
  switch (command.type) {
    case 'CreateGame': {
      if (s.exists) fail('errGameExists');
      if (!Number.isInteger(command.seed)) fail('errInvalidConfig', { reason: 'seed' });
      const config = resolveCreateConfig(command);
      for (const f of config.facilities)
        if (f.policy !== null && !isValidPolicy(f.policy)) fail('errPolicyInvalid', { policy: f.policy });
      if (!isValidPolicy(config.defaultPolicy)) fail('errPolicyInvalid', { policy: config.defaultPolicy });
      return [
        {
          type: 'GameCreated',
          data: {
            gameId: command.gameId,
            name: command.name,
            creatorId: command.creatorId,
            seed: command.seed,
            rulesVersion: BEERGAME_RULES_VERSION,
            template: 'template' in command && command.template !== undefined ? command.template : null,
            createdAt: ctx.now,
            config,
          },
        },
      ];
    }
    case 'JoinRole': {
      requireGame(s);
      const i = facilityAt(s, command.facilityId);
      const f = s.facilities[i]!;
      if (f.userId === actor) return [];
      if (s.finished) fail('errGameFinished');
      if (s.facilities.some((x) => x.userId === actor)) fail('errAlreadyPlaying');
      if (f.userId !== null) fail('errRoleTaken');
      const joined: BeerEvent[] = [{ type: 'RoleJoined', data: { facilityId: f.id, userId: actor } }];
      if (s.playTimer && s.deadline === null) {
        const next = evolve(s, joined[0]!);
        if (everySeatFilled(next)) joined.push(timerStart(next, ctx));
      }
      return joined;
    }
    case 'LeaveRole': {
      requireGame(s);
      const f = s.facilities[facilityAt(s, command.facilityId)]!;
      if (f.userId !== actor && !isGameAdmin(s, ctx)) fail('errNotYourFacility');
      if (f.userId === null) return [];
      return [{ type: 'RoleLeft', data: { facilityId: f.id, userId: f.userId } }];
    }
    case 'HandToComputer': {
      requireOpen(s);
      const i = facilityAt(s, command.facilityId);
      const f = s.facilities[i]!;
      if (!isGameAdmin(s, ctx) && f.userId !== actor) fail('errNotAllowed');
      const policy = (command.policy ?? s.live[i]!.policy ?? s.config.defaultPolicy).trim();
      if (!isValidPolicy(policy)) fail('errPolicyInvalid', { policy });
      if (f.computer && f.policy === policy) return [];
      return withAutoClose(
        s,
        [{ type: 'RoleHandedToComputer', data: { facilityId: f.id, policy } }],
        ctx,
        true,
      );
    }
    case 'PlaceOrder': {
      requireOpen(s);
      const i = facilityAt(s, command.facilityId);
      const f = s.facilities[i]!;
      if (f.userId !== actor || f.computer) fail('errNotYourFacility');
      const [capabilityId, cap] = capabilityOf(s.live[i]!, command.capabilityId);
      checkOrder(command.quantity, cap);
      return withAutoClose(
        s,
        [
          {
            type: 'OrderPlaced',
            data: { facilityId: f.id, capabilityId, quantity: command.quantity, week: s.week, userId: actor },
          },
        ],
        ctx,
      );
    }
    case 'ProposeOrder': {
      requireOpen(s);
      requireAdmin(s, ctx);
      const i = facilityAt(s, command.facilityId);
      const [capabilityId, cap] = capabilityOf(s.live[i]!, command.capabilityId);
      let quantity: number;
      if (command.quantity !== undefined) {
        checkOrder(command.quantity, cap);
        quantity = command.quantity;
      } else {
        const policy = command.policy ?? policyFor(s, i);
        if (!isValidPolicy(policy)) fail('errPolicyInvalid', { policy });
        quantity = fitConstraints(ordersOf(s, command.facilityId, policy)[capabilityId] ?? 0, cap);
      }
      return [
        {
          type: 'OrderProposed',
          data: { facilityId: command.facilityId, capabilityId, quantity, week: s.week },
        },
      ];
    }
    case 'ConfirmAllocations': {
      requireOpen(s);
      const f = s.facilities[facilityAt(s, command.facilityId)]!;
      if (f.userId !== actor && !isGameAdmin(s, ctx)) fail('errNotYourFacility');
      const pending = s.allocations.filter(
        (a) => a.fid === f.id && (command.productId === undefined || a.pid === command.productId),
      );
      const allocation = pending[0];
      if (!allocation) return fail('errNoAllocation');
      let sum = 0;
      const clean: Record<string, number> = {};
      for (const [client, q] of Object.entries(command.allocation)) {
        const asked = allocation.requests[client];
        if (asked === undefined || !Number.isInteger(q) || q < 0 || q > asked)
          fail('errAllocationInvalid', { available: allocation.available });
        clean[client] = q;
        sum += q;
      }
      if (sum !== allocation.available) fail('errAllocationInvalid', { available: allocation.available });
      for (const client of Object.keys(allocation.requests)) clean[client] ??= 0;
      return [
        {
          type: 'AllocationConfirmed',
          data: { facilityId: f.id, pid: allocation.pid, week: s.week, allocation: clean },
        },
      ];
    }
    case 'CloseWeek': {
      requireOpen(s);
      requireAdmin(s, ctx);
      if (command.week !== undefined && command.week !== s.week) fail('errWeekMismatch', { week: s.week });
      if (command.reason === 'timer') {
        if (s.deadline === null) fail('errTimerNotRunning');
        else if (ctx.now < s.deadline - 1000) fail('errTimerNotExpired');
      }
      return [closeEvent(s, command.reason, ctx)];
    }
    case 'StartTimer': {
      requireOpen(s);
      requireAdmin(s, ctx);
      return [timerStart(s, ctx, command.seconds ?? s.timerSeconds)];
    }
    case 'StopTimer': {
      requireGame(s);
      requireAdmin(s, ctx);
      if (s.deadline === null && !s.playTimer) return [];
      return [{ type: 'TimerStopped', data: { week: s.week } }];
    }
    case 'SendMessage': {
      requireGame(s);
      requireAdmin(s, ctx);
      const text = command.text.trim();
      if (text === '') fail('errMessageEmpty');
      if (command.to !== 'all') for (const fid of command.to) facilityAt(s, fid);
      const week = command.showAt ?? s.week;
      if (!Number.isInteger(week) || week < s.week || week > s.config.weeks)
        fail('errChangeWeek', { from: s.week, to: s.config.weeks });
      // A message for a later week joins the schedule (`scheduleList`), like the configured ones.
      const id =
        week > s.week
          ? `s${s.config.configMessages.scheduleList.length}`
          : `m${s.messages.filter((m) => m.kind === 'instructor').length + 1}`;
      return [{ type: 'MessageSent', data: { id, to: command.to, text, week, at: ctx.now } }];
    }
    case 'ScheduleChange': {
      requireOpen(s);
      requireAdmin(s, ctx);
      const { field, value, week } = command;
      if (!s.config.allEventTypes.includes(field)) fail('errChangeInvalid', { field });
      if (!Number.isInteger(week) || week <= s.week || week > s.config.weeks)
        fail('errChangeWeek', { from: s.week + 1, to: s.config.weeks });
      const range = CHANGE_RANGES[field];
      if (value < range.min || value > range.max || !Number.isInteger(value / range.step))
        fail('errChangeOutOfRange', { field, min: range.min, max: range.max, step: range.step });
      for (const fid of command.facilityIds) {
        const fc = s.live[facilityAt(s, fid)]!;
        if (command.pid !== undefined && !fc.pdata[command.pid]) fail('errProductUnknown');
      }
      const taken = new Set(s.config.scheduledChanges.map((c) => c.id));
      let changeId = command.changeId;
      if (changeId !== undefined && taken.has(changeId)) fail('errChangeInvalid', { field });
      if (changeId === undefined) {
        let n = s.config.scheduledChanges.length + 1;
        while (taken.has(`c${n}`)) n++;
        changeId = `c${n}`;
      }
      const change = {
        id: changeId,
        week,
        facilityIds: [...new Set(command.facilityIds)],
        field,
        value,
        ...(command.pid !== undefined ? { pid: command.pid } : {}),
      };
      return [{ type: 'ChangeScheduled', data: { change } }];
    }
    case 'CancelChange': {
      requireOpen(s);
      requireAdmin(s, ctx);
      const change = s.config.scheduledChanges.find((c) => c.id === command.changeId);
      if (!change) return fail('errChangeUnknown');
      if (change.week <= s.week) fail('errChangeWeek', { from: s.week + 1, to: s.config.weeks });
      return [{ type: 'ChangeCancelled', data: { changeId: change.id } }];
    }
    case 'ResetStartingOrders': {
      requireOpen(s);
      requireAdmin(s, ctx);
      if (s.week !== 1) fail('errGameStarted');
      const q = command.startOrders;
      if (!Number.isInteger(q) || q < 0 || q > 999) fail('errOrderNotWhole');
      if (command.facilityId !== undefined) {
        const fc = s.live[facilityAt(s, command.facilityId)]!;
        if (command.capabilityId !== undefined) capabilityOf(fc, command.capabilityId);
      } else if (command.capabilityId !== undefined) fail('errFacilityUnknown');
      return [
        {
          type: 'StartingOrdersReset',
          data: {
            startOrders: q,
            facilityId: command.facilityId ?? null,
            capabilityId: command.capabilityId ?? null,
          },
        },
      ];
    }
    case 'ResetGame':
      requireGame(s);
      requireAdmin(s, ctx);
      return [{ type: 'GameReset', data: { at: ctx.now } }];
    case 'EndGame':
      requireOpen(s);
      requireAdmin(s, ctx);
      return [{ type: 'GameEnded', data: { week: s.week, at: ctx.now } }];
    case 'SetTransparent':
      requireGame(s);
      requireAdmin(s, ctx);
      if (s.transparent === command.transparent) return [];
      return [{ type: 'TransparencyChanged', data: { transparent: command.transparent } }];
    default:
      return fail('errUnknownCommand');
  }
}

function setFacility(s: BeerState, facilityId: string, patch: Partial<FacilityState>): BeerState {
  const i = s.index[facilityId];
  if (i === undefined) return s;
  const facilities = s.facilities.slice();
  facilities[i] = copyFacility(facilities[i]!, patch);
  const next = copyState(s);
  next.facilities = facilities;
  return next;
}

function evolve(s: BeerState, event: BeerEvent): BeerState {
  switch (event.type) {
    case 'GameCreated': {
      const d = event.data;
      return setupGame({
        ...initialBeerState,
        exists: true,
        gameId: d.gameId,
        name: d.name,
        creatorId: d.creatorId,
        createdAt: d.createdAt,
        rulesVersion: d.rulesVersion,
        template: d.template,
        seed: d.seed,
        config: d.config,
        transparent: d.config.transparent,
        playTimer: d.config.playTimer,
        timerSeconds: d.config.timer,
      });
    }
    case 'RoleJoined':
      return setFacility(s, event.data.facilityId, {
        userId: event.data.userId,
        computer: false,
      });
    case 'RoleLeft':
      return setFacility(s, event.data.facilityId, { userId: null });
    case 'RoleHandedToComputer':
      return setFacility(s, event.data.facilityId, {
        userId: null,
        computer: true,
        policy: event.data.policy,
      });
    case 'OrderPlaced': {
      const { facilityId, capabilityId, quantity } = event.data;
      const i = s.index[facilityId];
      if (i === undefined) return s;
      const f = s.facilities[i]!;
      const orders = { ...f.orders, [capabilityId]: quantity };
      let validated = true;
      for (const capId of plansOf(s.live)[i]!.capIds) if (orders[capId] === undefined) validated = false;
      const next = setFacility(s, facilityId, { orders, validated });
      if (s.proposals.length > 0)
        next.proposals = s.proposals.filter(
          (p) => p.facilityId !== facilityId || p.capabilityId !== capabilityId,
        );
      return next;
    }
    case 'OrderProposed': {
      const p = event.data;
      return {
        ...s,
        proposals: [
          ...s.proposals.filter((x) => x.facilityId !== p.facilityId || x.capabilityId !== p.capabilityId),
          { facilityId: p.facilityId, capabilityId: p.capabilityId, quantity: p.quantity, week: p.week },
        ],
      };
    }
    case 'AllocationConfirmed': {
      const { facilityId, pid, allocation } = event.data;
      const i = s.index[facilityId];
      if (i === undefined) return s;
      const at = s.allocations.findIndex((a) => a.fid === facilityId && a.pid === pid);
      if (at < 0) return s;
      const a = s.allocations[at]!;
      const f = s.facilities[i]!;
      const p = f.products[pid]!;
      const allowBacklog = s.live[i]!.pdata[pid]!.allowBacklog;
      const shippedBy: Record<string, number> = {};
      const backlogBy: Record<string, number> = {};
      for (const [client, shipped] of Object.entries(allocation)) {
        if (shipped > 0) shippedBy[client] = shipped;
        const left = (a.requests[client] ?? 0) - shipped;
        if (left > 0 && allowBacklog) backlogBy[client] = left;
      }
      const allocations = s.allocations.slice();
      allocations[at] = { ...a, allocation, isResolved: true };
      const next = setFacility(s, facilityId, {
        products: { ...f.products, [pid]: { ...p, shippedBy, backlogBy } },
      });
      next.allocations = allocations;
      // A client's units neither shipped nor backlogged any more (no backlog allowed) are no
      // longer on order, and the reverse: its `onOrder` follows. `next.facilities` is a fresh array.
      const clients = new Set([
        ...Object.keys(p.shippedBy),
        ...Object.keys(p.backlogBy),
        ...Object.keys(allocation),
      ]);
      for (const client of clients) {
        const j = s.index[client];
        if (j === undefined) continue; // the end consumer
        const cf = next.facilities[j]!;
        const cp = cf.products[pid];
        const delta =
          (shippedBy[client] ?? 0) +
          (backlogBy[client] ?? 0) -
          (p.shippedBy[client] ?? 0) -
          (p.backlogBy[client] ?? 0);
        if (!cp || delta === 0) continue;
        const products = { ...cf.products, [pid]: { ...cp, onOrder: cp.onOrder + delta } };
        next.facilities[j] = copyFacility(cf, { products });
      }
      return next;
    }
    case 'WeekClosed':
      return closeTheWeek(s, event.data.computerOrders, event.data.nextDeadline);
    case 'TimerStarted':
      return { ...s, playTimer: true, timerSeconds: event.data.seconds, deadline: event.data.deadline };
    case 'TimerStopped':
      return { ...s, playTimer: false, deadline: null };
    case 'MessageSent': {
      const m = event.data;
      if (m.week > s.week) {
        const configMessages = s.config.configMessages;
        return {
          ...s,
          config: {
            ...s.config,
            configMessages: {
              ...configMessages,
              scheduleList: [...configMessages.scheduleList, { week: m.week, to: m.to, message: m.text }],
            },
          },
        };
      }
      return { ...s, messages: [...s.messages, { ...m, kind: 'instructor' }] };
    }
    case 'ChangeScheduled':
      return {
        ...s,
        config: { ...s.config, scheduledChanges: [...s.config.scheduledChanges, event.data.change] },
      };
    case 'ChangeCancelled':
      return {
        ...s,
        config: {
          ...s.config,
          scheduledChanges: s.config.scheduledChanges.filter((c) => c.id !== event.data.changeId),
        },
      };
    case 'StartingOrdersReset': {
      const { startOrders, facilityId, capabilityId } = event.data;
      const facilities = s.config.facilities.map((f) => {
        if (facilityId !== null && f.id !== facilityId) return f;
        const capabilities: Record<string, Capability> = {};
        for (const [capId, cap] of Object.entries(f.capabilities))
          capabilities[capId] =
            capabilityId === null || capId === capabilityId ? { ...cap, startOrders } : cap;
        return { ...f, capabilities };
      });
      return { ...setupGame({ ...s, config: { ...s.config, facilities } }), deadline: null };
    }
    case 'GameReset':
      return { ...setupGame(s), deadline: null };
    case 'GameEnded':
      return { ...s, finished: true, endedAt: event.data.at, deadline: null };
    case 'TransparencyChanged':
      return { ...s, transparent: event.data.transparent };
    default:
      return s;
  }
}

export const beergameDecider: Decider<BeerCommand, BeerEvent, BeerState> = {
  initialState: initialBeerState,
  decide,
  evolve,
};

export { decide as decideBeerGame, evolve as evolveBeerGame };

/** The dashboard's read model of a game. */
export function beergameSummary(s: BeerState): {
  gameId: string;
  name: string;
  creatorId: string;
  week: number;
  weeks: number;
  finished: boolean;
  playerIds: string[];
} {
  const playerIds: string[] = [];
  for (const f of s.facilities)
    if (f.userId !== null && !playerIds.includes(f.userId)) playerIds.push(f.userId);
  return {
    gameId: s.gameId,
    name: s.name,
    creatorId: s.creatorId,
    week: s.week,
    weeks: s.config.weeks,
    finished: s.finished,
    playerIds,
  };
}
