/**
 * The beer game's `evolve`: folds one event into the state, returning new objects for what changed
 * and sharing the rest. A week's close runs the week engine (week/).
 */
import type { BeerEvent, BeerEventOf } from './events';
import { lifecycleChanged } from './lifecycle';
import type { Capability } from './schemas';
import { type BeerState, cloneState, type FacilityState, initialBeerState, withFacility } from './state';
import { closeWeek, facilityPlansOf, setupGame } from './week';

export function evolve(s: BeerState, event: BeerEvent): BeerState {
  switch (event.type) {
    case 'GameCreated':
      return gameCreated(event.data);
    case 'RoleJoined':
      return setFacility(s, event.data.facilityId, { userId: event.data.userId, computer: false });
    case 'RoleLeft':
      return setFacility(s, event.data.facilityId, { userId: null });
    case 'RoleHandedToComputer':
      return setFacility(s, event.data.facilityId, {
        userId: null,
        computer: true,
        policy: event.data.policy,
      });
    case 'RoleTakenBack':
      return setFacility(s, event.data.facilityId, { userId: event.data.userId, computer: false });
    case 'OrderPlaced':
      return orderPlaced(s, event.data);
    case 'OrderProposed':
      return orderProposed(s, event.data);
    case 'AllocationConfirmed':
      return allocationConfirmed(s, event.data);
    case 'WeekClosed':
      return weekClosed(s, event.data);
    case 'TimerStarted':
    case 'TimerStopped':
    case 'TimerPaused':
    case 'TimerResumed':
      return timerChanged(s, event);
    case 'MessageSent':
      return messageSent(s, event.data);
    case 'ChangeScheduled':
    case 'ChangeCancelled':
      return scheduledChangesChanged(s, event);
    case 'GameConfigured':
      return gameConfigured(s, event.data);
    case 'StartingOrdersReset':
      return startingOrdersReset(s, event.data);
    case 'GameReset':
    case 'GameEnded':
    case 'GameArchived':
    case 'GameUnarchived':
    case 'GameDeleted':
      return lifecycleChanged(s, event);
    case 'TransparencyChanged':
      return { ...s, transparent: event.data.transparent };
    case 'DebriefQuestionAnswered':
      return debriefQuestionAnswered(s, event.data);
    case 'DebriefConfigured':
      return { ...s, config: { ...s.config, configDebrief: event.data.configDebrief } };
    case 'ResultsSeen':
      return { ...s, resultsSeen: [...s.resultsSeen, event.data.userId] };
    default:
      return ignoreUnknown(event, s);
  }
}

/** A player's answer replaces their earlier one to the same question. */
function debriefQuestionAnswered(s: BeerState, d: BeerEventOf<'DebriefQuestionAnswered'>['data']): BeerState {
  const others = s.answers.filter((a) => a.questionId !== d.questionId || a.userId !== d.userId);
  return { ...s, answers: [...others, d] };
}

/** An event type this code does not know leaves the state alone; `never` makes a forgotten one a compile error. */
function ignoreUnknown(_event: never, s: BeerState): BeerState {
  return s;
}

function gameCreated(d: BeerEventOf<'GameCreated'>['data']): BeerState {
  return setupGame({
    ...initialBeerState,
    exists: true,
    gameId: d.gameId,
    name: d.name,
    creatorId: d.creatorId,
    createdAt: d.createdAt,
    session: d.session ?? null,
    rulesVersion: d.rulesVersion,
    template: d.template,
    seed: d.seed,
    config: d.config,
    transparent: d.config.transparent,
    playTimer: d.config.playTimer,
    timerSeconds: d.config.timer,
  });
}

/** The event editor's schedule: a change added or cancelled. */
function scheduledChangesChanged(
  s: BeerState,
  event: BeerEventOf<'ChangeScheduled' | 'ChangeCancelled'>,
): BeerState {
  const scheduledChanges =
    event.type === 'ChangeScheduled'
      ? [...s.config.scheduledChanges, event.data.change]
      : s.config.scheduledChanges.filter((c) => c.id !== event.data.changeId);
  return { ...s, config: { ...s.config, scheduledChanges } };
}

/** New settings: the game set up again from them, seats kept on the facilities that remain. */
function gameConfigured(s: BeerState, d: BeerEventOf<'GameConfigured'>['data']): BeerState {
  return setupGame({
    ...s,
    name: d.name,
    config: d.config,
    transparent: d.config.transparent,
    playTimer: d.config.playTimer,
    timerSeconds: d.config.timer,
    deadline: null,
    pausedMs: null,
  });
}

type TimerEvent = BeerEventOf<'TimerStarted' | 'TimerStopped' | 'TimerPaused' | 'TimerResumed'>;

/** The turn timer: running (a deadline), paused (the time left), or off. */
function timerChanged(s: BeerState, event: TimerEvent): BeerState {
  switch (event.type) {
    case 'TimerStarted': {
      const { seconds, deadline } = event.data;
      return { ...s, playTimer: true, timerSeconds: seconds, deadline, pausedMs: null };
    }
    case 'TimerStopped':
      return { ...s, playTimer: false, deadline: null, pausedMs: null };
    case 'TimerPaused':
      return { ...s, deadline: null, pausedMs: event.data.remainingMs };
    case 'TimerResumed':
      return { ...s, deadline: event.data.deadline, pausedMs: null };
  }
}

/** A week closing while the timer is paused leaves the next week paused, with a full week's time. */
function weekClosed(s: BeerState, d: BeerEventOf<'WeekClosed'>['data']): BeerState {
  const next = closeWeek(s, d.computerOrders, d.nextDeadline);
  if (s.pausedMs !== null) next.pausedMs = next.finished ? null : s.timerSeconds * 1000;
  return next;
}

function setFacility(s: BeerState, facilityId: string, patch: Partial<FacilityState>): BeerState {
  const i = s.index[facilityId];
  if (i === undefined) return s;
  const facilities = s.facilities.slice();
  facilities[i] = withFacility(facilities[i]!, patch);
  const next = cloneState(s);
  next.facilities = facilities;
  return next;
}

/** The order replaces any earlier one for the capability and its proposal; the seat validates once every capability has one. */
function orderPlaced(s: BeerState, d: BeerEventOf<'OrderPlaced'>['data']): BeerState {
  const { facilityId, capabilityId, quantity } = d;
  const i = s.index[facilityId];
  if (i === undefined) return s;
  const f = s.facilities[i]!;
  const orders = { ...f.orders, [capabilityId]: quantity };
  let validated = true;
  for (const capId of facilityPlansOf(s.live)[i]!.capIds) if (orders[capId] === undefined) validated = false;
  const next = setFacility(s, facilityId, { orders, validated });
  if (s.proposals.length > 0)
    next.proposals = s.proposals.filter(
      (p) => p.facilityId !== facilityId || p.capabilityId !== capabilityId,
    );
  return next;
}

function orderProposed(s: BeerState, p: BeerEventOf<'OrderProposed'>['data']): BeerState {
  return {
    ...s,
    proposals: [
      ...s.proposals.filter((x) => x.facilityId !== p.facilityId || x.capabilityId !== p.capabilityId),
      { facilityId: p.facilityId, capabilityId: p.capabilityId, quantity: p.quantity, week: p.week },
    ],
  };
}

/**
 * The player's split replaces the automatic one: what each client is shipped, and the backlog of
 * the rest where backlog is allowed. The clients' supply lines (`onOrder`) follow.
 */
function allocationConfirmed(s: BeerState, d: BeerEventOf<'AllocationConfirmed'>['data']): BeerState {
  const { facilityId, pid, allocation } = d;
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
  // A client's units neither shipped nor backlogged any more (no backlog allowed) are no longer on
  // order, and the reverse. `next.facilities` is a fresh array.
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
    next.facilities[j] = withFacility(cf, {
      products: { ...cf.products, [pid]: { ...cp, onOrder: cp.onOrder + delta } },
    });
  }
  return next;
}

/** A message for this week is shown now; one for a later week joins the schedule. */
function messageSent(s: BeerState, m: BeerEventOf<'MessageSent'>['data']): BeerState {
  if (m.week > s.week) {
    const configMessages = s.config.configMessages;
    const scheduleList = [...configMessages.scheduleList, { week: m.week, to: m.to, message: m.text }];
    return { ...s, config: { ...s.config, configMessages: { ...configMessages, scheduleList } } };
  }
  return { ...s, messages: [...s.messages, { ...m, kind: 'instructor' }] };
}

/** New starting orders in the configuration, and the game laid out again from week 0. */
function startingOrdersReset(s: BeerState, d: BeerEventOf<'StartingOrdersReset'>['data']): BeerState {
  const { startOrders, facilityId, capabilityId } = d;
  const facilities = s.config.facilities.map((f) => {
    if (facilityId !== null && f.id !== facilityId) return f;
    const capabilities: Record<string, Capability> = {};
    for (const [capId, cap] of Object.entries(f.capabilities))
      capabilities[capId] = capabilityId === null || capId === capabilityId ? { ...cap, startOrders } : cap;
    return { ...f, capabilities };
  });
  return { ...setupGame({ ...s, config: { ...s.config, facilities } }), deadline: null, pausedMs: null };
}
