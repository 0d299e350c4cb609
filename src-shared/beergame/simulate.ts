/**
 * A computer-only game run through the decider, for researchers, the simulation command, tests and
 * the benchmark. Pure: the same options always give the same trajectory.
 */
import type { Actor, CommandContext } from '../eventsourcing/decider';
import { gameStreamId, type RecordedEvent } from '../eventsourcing/envelope';
import { type EventLogLine, toEventLogLine } from '../eventsourcing/event-log';
import { BEERGAME_RULES_VERSION } from './constants';
import { beergameDecider } from './decide';
import type { BeerEvent } from './events';
import { parsePolicy } from './policies';
import type { BeerCommand } from './schemas';
import { type BeerState, initialBeerState, type WeekRow } from './state';
import type { BeerTemplateId } from './templates';
import { totalsOver, weeksPlayed } from './weeks-played';

export interface SimulationOptions {
  /** A built-in template (default classic) or a configuration (`BeerConfigInput`). */
  template?: BeerTemplateId;
  config?: Record<string, unknown>;
  /** Overrides the number of weeks. */
  weeks?: number;
  /** One policy for every facility, or one per facility in network order. */
  policies: string[];
  seed?: number;
  /** The game's id in its events (default `simulation`); its log's stream is `game-<id>`. */
  gameId?: string;
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

/** The computer players' and the instructor's hand in simulations: the system, at a fixed time. */
const SYSTEM: Actor = { userId: 'simulation', role: 'system' };
/** Server time of every simulated command (epoch milliseconds): the same run gives the same events. */
export const SIMULATION_EPOCH = 0;

/** A game played command by command through the decider, its events kept in order. */
export class DecidedGame {
  state: BeerState;
  readonly events: BeerEvent[];

  constructor(created: BeerEvent) {
    this.events = [created];
    this.state = beergameDecider.evolve(initialBeerState, created);
  }

  run(command: BeerCommand, actor: Actor = SYSTEM): void {
    const ctx: CommandContext = { now: SIMULATION_EPOCH, actor };
    for (const e of beergameDecider.decide(command, this.state, ctx)) {
      this.events.push(e);
      this.state = beergameDecider.evolve(this.state, e);
    }
  }
}

/** Runs the game to its end; returns the final state and its events. Throws on invalid options. */
export function runSimulation(options: SimulationOptions): { state: BeerState; events: BeerEvent[] } {
  const base = {
    type: 'CreateGame' as const,
    gameId: options.gameId ?? 'simulation',
    name: 'Simulation',
    creatorId: 'simulation',
    seed: options.seed ?? 1,
  };
  const command: BeerCommand = options.config
    ? {
        ...base,
        config: options.weeks === undefined ? options.config : { ...options.config, weeks: options.weeks },
      }
    : {
        ...base,
        template: options.template ?? 'classic',
        overrides: options.weeks === undefined ? {} : { weeks: options.weeks },
      };
  const [created] = beergameDecider.decide(command, initialBeerState, {
    now: SIMULATION_EPOCH,
    actor: SYSTEM,
  });
  return playByComputers(created!, options.policies);
}

/**
 * Plays a created game with computer players only: every facility handed to the computer, with
 * one policy for all or one per facility in network order (default passthrough), and the weeks
 * closed until the end.
 */
export function playByComputers(
  created: BeerEvent,
  policyTexts: readonly string[],
): { state: BeerState; events: BeerEvent[] } {
  const game = new DecidedGame(created);
  const n = game.state.facilities.length;
  const policies = policyTexts.length === 0 ? ['passthrough'] : policyTexts;
  if (policies.length !== 1 && policies.length !== n)
    throw new Error(`give --policy once, or once per facility (${n})`);
  for (const p of policies) {
    const parsed = parsePolicy(p);
    if (!parsed) throw new Error(`unknown policy "${p}"`);
    if (parsed.kind === 'basestock' && parsed.targets.length !== 1 && parsed.targets.length !== n)
      throw new Error(`basestock takes one target, or one per facility (${n})`);
  }
  game.state.facilities.forEach((f, i) => {
    game.run({
      type: 'HandToComputer',
      facilityId: f.id,
      policy: policies.length === 1 ? policies[0]! : policies[i]!,
    });
  });
  while (!game.state.finished) game.run({ type: 'CloseWeek', reason: 'instructor' });
  return { state: game.state, events: game.events };
}

/**
 * The public event log (eventsourcing/event-log.ts) of a game played here, on stream
 * `game-<gameId>`: positions and versions from 1, recorded at `SIMULATION_EPOCH`, under this
 * engine's rules. An event whose data names a user (a seat taken, an order placed, in a
 * counterfactual's replayed seats) is that player's, with the user id as actor; every other one
 * the system's.
 */
export function simulationEventLog(gameId: string, events: readonly BeerEvent[]): EventLogLine[] {
  const streamId = gameStreamId(gameId);
  return events.map((event, i) => {
    const player = event.type === 'RoleJoined' || event.type === 'OrderPlaced' ? event.data.userId : null;
    const recorded: RecordedEvent = {
      globalPosition: i + 1,
      streamId,
      streamVersion: i + 1,
      type: event.type,
      data: event.data,
      metadata: {
        actorId: player ?? SYSTEM.userId,
        actorRole: player === null ? 'system' : 'player',
        commandId: `${gameId}-${i + 1}`,
        commandIndex: 0,
        serverTime: SIMULATION_EPOCH,
        rulesVersion: BEERGAME_RULES_VERSION,
      },
      recordedAt: new Date(SIMULATION_EPOCH),
    };
    return toEventLogLine(recorded, player);
  });
}

/** The trajectory of a finished (or running) game in the simulation command's shape, over the weeks played. */
export function trajectory(state: BeerState): SimulationResult {
  const weeks: SimulationResult['weeks'] = [];
  const byFacility: Record<string, number> = {};
  let teamCost = 0;
  const rows = weeksPlayed(state);
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
    byFacility[f.id] = totalsOver(f, rows).cost;
    teamCost += byFacility[f.id]!;
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
