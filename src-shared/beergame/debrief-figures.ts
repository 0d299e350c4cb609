/**
 * The beer game debrief's figures as one pure function of the state: what the debrief page draws
 * and what `npm run rederive` prints for an exported log, so the two are the same by construction
 * (docs/beergame.md, "Re-derivation and counterfactuals"). Built on `beergameKpis`; the benchmark
 * plays the same game again with computer players.
 */
import type { BeerEvent } from './events';
import { type BeerKpis, beergameKpis } from './kpis';
import { playByComputers } from './simulate';
import type { BeerState } from './state';

export interface FacilityFigures {
  name: string;
  cost: number;
  /** What the facility ordered, per week played. */
  orders: number[];
  /** What reached it from its clients and the end consumer, per week played. */
  incomingOrders: number[];
  /** Stock minus backlog, stock and backlog after each week's shipments, per week played. */
  netInventory: number[];
  stock: number[];
  backlog: number[];
  /** Each week's cost and the running total, per week played. */
  weekCost: number[];
  cumulativeCost: number[];
}

/** The same game played by computer players with one policy. */
export interface BenchmarkRun {
  /** The policy string (`policies.ts`), with the targets chosen for base-stock. */
  policy: string;
  teamCost: number;
  byFacility: Record<string, number>;
  cumulativeTeamCost: number[];
}

export interface BeerDebriefFigures {
  teamCost: number;
  /** Weeks played (`weeksPlayed`: the weeks closed); every series per week has this length. */
  weeks: number;
  /** Consumer demand served in the week it arose, over consumer demand. */
  fillRate: number;
  consumerDemand: number[];
  cumulativeTeamCost: number[];
  /** By facility id, in network order (most downstream first). */
  byFacility: Record<string, FacilityFigures>;
  /** Order variance over consumer demand variance (the bullwhip); null when demand did not vary. */
  amplification: Record<string, number | null>;
  /** Every shipment's planned and drawn transit time. */
  leadTimes: BeerKpis['leadTimes'];
  /** The same weeks, configuration, demand and lead-time seed played by computers; null before a week is played. */
  benchmark: { passthrough: BenchmarkRun; basestock: BenchmarkRun } | null;
}

/** The debrief's figures of `state`; `kpis` when the caller has already computed them for it. */
export function beerDebriefFigures(
  state: BeerState,
  kpis: BeerKpis = beergameKpis(state),
): BeerDebriefFigures {
  const byFacility: Record<string, FacilityFigures> = {};
  const amplification: Record<string, number | null> = {};
  kpis.byFacility.forEach((f, i) => {
    const weeks = kpis.perWeek.map((w) => w.facilities[i]!);
    byFacility[f.id] = {
      name: f.name,
      cost: f.cost,
      orders: weeks.map((w) => w.order as number),
      incomingOrders: weeks.map((w) => w.incomingOrder),
      netInventory: weeks.map((w) => w.netInventory),
      stock: weeks.map((w) => w.stock),
      backlog: weeks.map((w) => w.backlog),
      weekCost: weeks.map((w) => w.cost),
      cumulativeCost: weeks.map((w) => w.cumulativeCost),
    };
    amplification[f.id] = f.amplification;
  });
  return {
    teamCost: kpis.teamCost,
    weeks: kpis.weeks,
    fillRate: kpis.fillRate,
    consumerDemand: kpis.consumerDemand,
    cumulativeTeamCost: kpis.perWeek.map((w) => w.cumulativeTeamCost),
    byFacility,
    amplification,
    leadTimes: kpis.leadTimes,
    benchmark:
      state.exists && kpis.weeks > 0
        ? {
            passthrough: benchmarkRun(state, kpis.weeks, 'passthrough'),
            basestock: benchmarkRun(state, kpis.weeks, baseStockPolicy(state, kpis.consumerDemand)),
          }
        : null,
  };
}

/**
 * Base-stock targets from a simple rule, not an optimum: the peak weekly consumer demand times the
 * longest time from a facility's order to its delivery (order time + lead time + lead-time
 * variability). The classic game gets the textbook `basestock:32,32,32,24`.
 */
export function baseStockPolicy(state: BeerState, consumerDemand: readonly number[]): string {
  const peak = Math.max(0, ...consumerDemand);
  const targets = state.facilities.map((f) => {
    const config = state.config.facilities.find((c) => c.id === f.id)!;
    const delays = Object.values(config.capabilities).map(
      (cap) => cap.ordertime + cap.leadtime + cap.leadtimeVariability,
    );
    return peak * Math.max(0, ...delays);
  });
  return `basestock:${targets.join(',')}`;
}

/**
 * The game created again from its configuration as it stands (the changes scheduled during play
 * included), its seed and its number of weeks played, and played by computers with `policy`.
 */
function benchmarkRun(state: BeerState, weeks: number, policy: string): BenchmarkRun {
  const created: BeerEvent = {
    type: 'GameCreated',
    data: {
      gameId: state.gameId,
      name: state.name,
      creatorId: state.creatorId,
      seed: state.seed,
      rulesVersion: state.rulesVersion,
      template: state.template,
      createdAt: state.createdAt,
      config: { ...state.config, weeks },
    },
  };
  const played = beergameKpis(playByComputers(created, [policy]).state);
  const byFacility: Record<string, number> = {};
  for (const f of played.byFacility) byFacility[f.id] = f.cost;
  return {
    policy,
    teamCost: played.teamCost,
    byFacility,
    cumulativeTeamCost: played.perWeek.map((w) => w.cumulativeTeamCost),
  };
}
