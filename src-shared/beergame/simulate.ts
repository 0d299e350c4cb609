/**
 * A computer-only game run through the decider, for researchers, the simulation command, tests and
 * the benchmark. Pure: the same options always give the same trajectory.
 */
import type { CommandContext } from '../eventsourcing/decider';
import { beergameDecider } from './decide';
import type { BeerEvent } from './events';
import { parsePolicy } from './policies';
import type { BeerState, WeekRow } from './state';
import type { BeerTemplateId } from './templates';

export interface SimulationOptions {
  /** A built-in template (default classic) or a configuration (`BeerConfigInput`). */
  template?: BeerTemplateId;
  config?: Record<string, unknown>;
  /** Overrides the number of weeks. */
  weeks?: number;
  /** One policy for every facility, or one per facility in network order. */
  policies: string[];
  seed?: number;
}

/** A facility's week in the simulation command's output (issue 3's JSON shape). */
export type SimulationRow = { id: string; name: string; order: number } & Pick<
  WeekRow,
  'received' | 'incomingOrder' | 'shipped' | 'stock' | 'backlog' | 'netInventory' | 'cost' | 'cumulativeCost'
>;

export interface SimulationResult {
  weeks: Array<{ week: number; facilities: SimulationRow[] }>;
  totals: { teamCost: number; byFacility: Record<string, number> };
}

const ctx: CommandContext = { now: 0, actor: { userId: 'simulation', role: 'system' } };

/** Runs the game to its end; returns the final state and its events. Throws on invalid options. */
export function runSimulation(options: SimulationOptions): { state: BeerState; events: BeerEvent[] } {
  const d = beergameDecider;
  const events: BeerEvent[] = [];
  let state = d.initialState;
  const run = (command: Parameters<typeof d.decide>[0]) => {
    for (const e of d.decide(command, state, ctx)) {
      events.push(e);
      state = d.evolve(state, e);
    }
  };
  const base = {
    type: 'CreateGame' as const,
    gameId: 'simulation',
    name: 'Simulation',
    creatorId: 'simulation',
  };
  const seed = options.seed ?? 1;
  if (options.config) {
    const config = options.weeks === undefined ? options.config : { ...options.config, weeks: options.weeks };
    run({ ...base, seed, config });
  } else {
    const overrides = options.weeks === undefined ? {} : { weeks: options.weeks };
    run({ ...base, seed, template: options.template ?? 'classic', overrides });
  }
  const n = state.facilities.length;
  const policies = options.policies.length === 0 ? ['passthrough'] : options.policies;
  if (policies.length !== 1 && policies.length !== n)
    throw new Error(`give --policy once, or once per facility (${n})`);
  for (const p of policies) {
    const parsed = parsePolicy(p);
    if (!parsed) throw new Error(`unknown policy "${p}"`);
    if (parsed.kind === 'basestock' && parsed.targets.length !== 1 && parsed.targets.length !== n)
      throw new Error(`basestock takes one target, or one per facility (${n})`);
  }
  state.facilities.forEach((f, i) => {
    run({
      type: 'HandToComputer',
      facilityId: f.id,
      policy: policies.length === 1 ? policies[0]! : policies[i]!,
    });
  });
  while (!state.finished) run({ type: 'CloseWeek', reason: 'instructor' });
  return { state, events };
}

/** The trajectory of a finished (or running) game in the simulation command's shape. */
export function trajectory(state: BeerState): SimulationResult {
  const weeks: SimulationResult['weeks'] = [];
  const byFacility: Record<string, number> = {};
  let teamCost = 0;
  const rows = state.facilities[0]?.history.length ?? 0;
  for (let k = 0; k < rows; k++) {
    const facilities: SimulationRow[] = state.facilities.map((f, i) => {
      const r = f.history[k]!;
      return {
        id: f.id,
        name: state.live[i]!.name,
        received: r.received,
        incomingOrder: r.incomingOrder,
        shipped: r.shipped,
        stock: r.stock,
        backlog: r.backlog,
        netInventory: r.netInventory,
        order: r.order ?? 0,
        cost: r.cost,
        cumulativeCost: r.cumulativeCost,
      };
    });
    weeks.push({ week: k + 1, facilities });
  }
  for (const f of state.facilities) {
    byFacility[f.id] = f.cost;
    teamCost += f.cost;
  }
  return { weeks, totals: { teamCost, byFacility } };
}

/** Runs and returns the trajectory. */
export function simulateBeerGameRun(options: SimulationOptions): SimulationResult {
  return trajectory(runSimulation(options).state);
}

/** CSV of a trajectory: one line per week and facility. */
export function trajectoryCsv(result: SimulationResult): string {
  const columns = [
    'week',
    'id',
    'name',
    'received',
    'incomingOrder',
    'shipped',
    'stock',
    'backlog',
    'netInventory',
    'order',
    'cost',
    'cumulativeCost',
  ] as const;
  const quote = (v: string | number) =>
    typeof v === 'number' ? String(v) : /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  const lines = [columns.join(',')];
  for (const w of result.weeks)
    for (const f of w.facilities)
      lines.push(columns.map((c) => quote(c === 'week' ? w.week : f[c])).join(','));
  return `${lines.join('\n')}\n`;
}
