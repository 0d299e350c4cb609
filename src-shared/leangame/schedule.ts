/**
 * Running the computer stations: the events they record up to an instant (found by stepping the
 * simulation of computer.ts forward), and the spec's leanScheduleComputerActions.
 */
import { nextComputerAction } from './computer';
import { MINUTE_MS } from './constants';
import type { LeanEvent } from './events';
import { evolveLeanGame } from './evolve';
import type { LeanState } from './state';

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

/** leanScheduleComputerActions: which facilities the computer plays (the free ones) and until which minute. */
export function scheduleEvent(state: LeanState, totalDurationMin: number, at: number): LeanEvent {
  const facilityIds = state.facilities.filter((f) => f.user === null).map((f) => f.id);
  return { type: 'ComputerActionsScheduled', data: { at, totalDurationMin, facilityIds } };
}

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
