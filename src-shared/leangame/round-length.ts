/**
 * The round's length (issue 23): the creator sets it before the start, in whole minutes within the
 * bounds a game is created with, and the customers' orders follow it: a built-in factory's orders
 * are generated again for the new length (placed while the round lasts); a factory of its own keeps
 * its orders placed before the new end (it has no pattern to generate more from).
 */
import type { CommandContext } from '../eventsourcing/decider';
import { LEAN_CREATE_MINUTES } from './constants';
import type { LeanEvent, LeanEventOf } from './events';
import { fail, requireCreator, requireInRange } from './guards';
import type { LeanCommand } from './schemas';
import type { LeanState } from './state';
import { getLeanScenario } from './templates';

type RoundOrder = LeanEventOf<'RoundLengthSet'>['data']['consumerDemand'][number];

/** The customers' orders of a round of `minutes` in this game's factory. */
export function ordersForLength(state: LeanState, minutes: number): RoundOrder[] {
  const scenario = state.scenarioId === null ? undefined : getLeanScenario(state.scenarioId);
  const orders = scenario
    ? scenario.baselineFor(minutes).params.consumerDemand.map((d, i) => ({ ...d, id: d.id ?? `d${i}` }))
    : state.demand.filter((d) => d.created_min < minutes);
  return orders.map((d) => ({
    id: d.id,
    created_min: d.created_min,
    qty: d.qty,
    template_id: d.template_id,
    ...(d.due_min === undefined ? {} : { due_min: d.due_min }),
  }));
}

/** SetRoundLength: the creator's, before the round starts; the same length again changes nothing. */
export function setRoundLength(
  command: Extract<LeanCommand, { type: 'SetRoundLength' }>,
  state: LeanState,
  ctx: CommandContext,
  at: number,
): LeanEvent[] {
  requireCreator(state, ctx);
  if (state.startAt !== null) fail('errAlreadyStarted');
  const { minutes } = command;
  requireInRange(minutes, LEAN_CREATE_MINUTES.min, LEAN_CREATE_MINUTES.max);
  if (minutes === state.setup!.params.consumerDemandParams.totalDuration) return [];
  return [{ type: 'RoundLengthSet', data: { at, minutes, consumerDemand: ordersForLength(state, minutes) } }];
}
