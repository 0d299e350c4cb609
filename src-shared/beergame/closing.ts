/**
 * When a week closes (rules "One week", step 5): every human seat has validated, the instructor
 * advances, or the timer runs out; the computer then orders for every capability nobody ordered
 * for. And when the turn timer starts: once every seat is filled, in a game that plays with it.
 */
import type { CommandContext } from '../eventsourcing/decider';
import type { BeerEvent, BeerEventOf, ComputerOrder } from './events';
import { evolve } from './evolve';
import { computerOrders } from './policies';
import type { BeerState } from './state';
import { facilityPlansOf } from './week';

/** The policy a facility's missing orders get: its own when handed to the computer, else the seat's or the game's default. */
export function policyFor(s: BeerState, i: number): string {
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

/** The game plays with a timer that is neither running nor paused: it starts once every seat is filled. */
export function timerWaiting(s: BeerState): boolean {
  return s.playTimer && s.deadline === null && s.pausedMs === null;
}

/** Every seat is held by a player or by the computer. */
export function everySeatFilled(s: BeerState): boolean {
  for (const f of s.facilities) if (f.userId === null && !f.computer) return false;
  return true;
}

/** The week-closing event, with the computer's orders for the capabilities nobody ordered for. */
export function closeEvent(
  s: BeerState,
  reason: BeerEventOf<'WeekClosed'>['data']['reason'],
  ctx: CommandContext,
): BeerEvent {
  const orders: ComputerOrder[] = [];
  const plans = facilityPlansOf(s.live);
  for (let i = 0; i < s.facilities.length; i++) {
    const f = s.facilities[i]!;
    if (f.validated) continue;
    const policy = policyFor(s, i);
    const computed = computerOrders(s, f.id, policy);
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
  // A running timer sets the next week's deadline; so does an armed one (`playTimer`) not yet
  // running; a paused one does not (the next week waits paused, see evolve).
  const nextDeadline =
    s.pausedMs === null && (s.deadline !== null || s.playTimer) && s.week < s.config.weeks
      ? ctx.now + s.timerSeconds * 1000
      : null;
  return {
    type: 'WeekClosed',
    data: { week: s.week, reason, computerOrders: orders, at: ctx.now, nextDeadline },
  };
}

export function timerStart(s: BeerState, ctx: CommandContext, seconds = s.timerSeconds): BeerEvent {
  return { type: 'TimerStarted', data: { week: s.week, seconds, deadline: ctx.now + seconds * 1000 } };
}

/**
 * Appends the week-closing event when `events` leave every human seat validated; otherwise, when
 * they are a seat change (`seatChange`) that fills the last free seat of a game whose timer is on
 * (`playTimer`) but not running yet, starts it (`TimerStarted`). A close sets the next deadline
 * itself (see `closeEvent`).
 */
export function withAutoClose(
  s: BeerState,
  events: BeerEvent[],
  ctx: CommandContext,
  seatChange = false,
): BeerEvent[] {
  let next = s;
  for (const e of events) next = evolve(next, e);
  if (next.finished) return events;
  if (everyoneValidated(next)) events.push(closeEvent(next, 'validated', ctx));
  else if (seatChange && timerWaiting(next) && everySeatFilled(next)) events.push(timerStart(next, ctx));
  return events;
}
