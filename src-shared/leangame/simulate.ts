/**
 * A computer-only round, as the server would run it: create the game, start it, then wake the
 * computer stations at each instant the simulation names (RunComputerActions with ctx.now at that
 * instant) until the round's end, and end it. Pure: the same options give the same events.
 */
import { type CommandContext, handle } from '../eventsourcing/decider';
import { nextComputerActionAt } from './computer';
import type { LeanImprovement } from './constants';
import { leangameDecider } from './decide';
import type { LeanEvent } from './events';
import { leanMetrics } from './metrics';
import { withImprovements } from './rules';
import type { LeanCommand, LeanSetup } from './schemas';
import type { LeanState } from './state';
import { getLeanScenario } from './templates';

export interface LeanSimulationOptions {
  scenarioId: string;
  /** The improvements on; undefined: the scenario's own (all for `-lean`, none for `-choose`). */
  improvements?: readonly LeanImprovement[];
  minutes?: number;
  seed?: number;
  /** Epoch ms of the start (any fixed instant: results do not depend on it). */
  startAt?: number;
}

export const LEAN_SIMULATION_EPOCH = Date.UTC(2025, 0, 6, 9, 0, 0);

/** The set-up a simulation plays: the scenario's baseline with the chosen improvements applied. */
export function simulationSetup(options: LeanSimulationOptions): LeanSetup {
  const scenario = getLeanScenario(options.scenarioId);
  if (!scenario) throw new Error(`unknown scenario ${options.scenarioId}`);
  const minutes = options.minutes ?? 15;
  if (options.improvements === undefined) return scenario.setupFor(minutes);
  return withImprovements(scenario.baselineFor(minutes), options.improvements);
}

export function simulateLeanRound(options: LeanSimulationOptions) {
  return simulateLeanSetup(simulationSetup(options), {
    name: options.scenarioId,
    seed: options.seed ?? 1,
    startAt: options.startAt ?? LEAN_SIMULATION_EPOCH,
  });
}

/**
 * A computer-only round of `setup` (its own length, or `minutes` when the round ended before it),
 * from `startAt` with the game's `seed`.
 */
export function simulateLeanSetup(
  setup: LeanSetup,
  options: { name: string; seed: number; startAt: number; minutes?: number },
): { events: LeanEvent[]; state: LeanState; endAt: number } {
  const { startAt } = options;
  const minutes = options.minutes ?? setup.params.consumerDemandParams.totalDuration;
  const endAt = startAt + Math.round(minutes * 60_000);
  const events: LeanEvent[] = [];
  let state = leangameDecider.initialState;
  const run = (command: LeanCommand, now: number) => {
    const context: CommandContext = { now, actor: { userId: 'simulator', role: 'system' } };
    const result = handle(leangameDecider, state, command, context);
    events.push(...result.events);
    state = result.state;
  };
  run(
    {
      type: 'CreateLeanGame',
      gameId: 'simulation',
      name: options.name,
      seed: options.seed,
      setup,
    },
    startAt,
  );
  run({ type: 'StartGame' }, startAt);
  for (;;) {
    const next = nextComputerActionAt(state);
    if (next === null || next > endAt) break;
    run({ type: 'RunComputerActions' }, next);
  }
  run({ type: 'EndGame' }, endAt);
  return { events, state, endAt };
}

/** The metrics of a simulated round. */
export function simulateLeanMetrics(options: LeanSimulationOptions) {
  const { state, endAt } = simulateLeanRound(options);
  return leanMetrics(state, endAt);
}

/**
 * The same round before improvements: the game's factory as created, every improvement off, played
 * by the computer with the game's seed over the round's length. What the debrief compares a round
 * with when the game has no earlier round.
 */
export function leanBaselineMetrics(state: LeanState, minutes?: number) {
  const setup = withImprovements(state.setup!, []);
  const { state: played, endAt } = simulateLeanSetup(setup, {
    name: state.name,
    seed: state.seed,
    startAt: LEAN_SIMULATION_EPOCH,
    ...(minutes === undefined ? {} : { minutes }),
  });
  return leanMetrics(played, endAt);
}
