/** Debrief data of a lean game, for the sections of spec point 9 in order: pure functions of the state and `now`. */
import {
  LEAN_DEBRIEF_SECTIONS,
  LEAN_METRIC_RANKS,
  LEAN_TIME_CATEGORIES,
  type LeanDebriefSection,
} from './constants';
import {
  type LeanMetrics,
  leanMetrics,
  leanOrdersOfRound,
  leanWindow,
  leanWip,
  minutes,
  round,
} from './metrics';
import type { LeanState } from './state';

export function leanDebrief(state: LeanState, now: number) {
  const m = leanMetrics(state, now);
  const sections = {
    optionButtons: {
      improvements: state.improvements,
      available: state.setup!.params.improvements.available,
      batchSize: state.batchSize,
    },
    ...performanceSections(state, now, m),
    ...flowSections(state, now, m),
  } satisfies Record<LeanDebriefSection, unknown>;
  return { sections: [...LEAN_DEBRIEF_SECTIONS], ...sections };
}

/** The team's and each facility's performance, the profit and loss, and the deliveries due within the round. */
function performanceSections(state: LeanState, now: number, m: LeanMetrics) {
  const orders = leanOrdersOfRound(state, now);
  return {
    teamPerformance: {
      deliveries: m.deliveries,
      otif: m.otif,
      leadTime: m.leadTime,
      profit: m.pnl,
      throughput: m.throughput,
    },
    individualPerformance: state.facilities.map((f) => ({
      id: f.id,
      name: f.name,
      type: f.type,
      playerName: f.playerName,
      computer: f.user === null,
      actions: f.actions,
      operations: f.opsDone,
      defects: f.defectsMade,
      busyMinutes: round(minutes(f.busyMs)),
      resourceEfficiency: m.resourceEfficiency[f.id] ?? 0,
    })),
    pnl: m.pnlDetail,
    deliveries: {
      items: orders.due.map((d) => ({ ...d })),
      /** Orders placed during the round but due after its end: not listed. */
      dueLater: orders.dueLater.length,
      leadTime: m.leadTime,
      late: m.lateProducts,
      otif: m.otif,
    },
  };
}

/** Line balance, WIP, quality, flow efficiency and resource efficiency. */
function flowSections(state: LeanState, now: number, m: LeanMetrics) {
  const { start, end } = leanWindow(state, now);
  const stations = state.facilities.filter((f) => f.type === 'station');
  return {
    balance: {
      lineBalance: m.lineBalance,
      stations: stations.map((f) => ({
        id: f.id,
        name: f.name,
        tools: f.tools,
        busyMinutes: round(minutes(f.busyMs)),
      })),
    },
    wip: {
      mean: m.wip.mean,
      max: m.wip.max,
      series: leanWip(state, now).series,
      littlesLaw: m.littlesLaw,
      flowTime: m.flowTime,
    },
    quality: {
      defects: m.defects,
      defectProducts: m.defectProducts,
      firstPassYield: m.firstPassYield,
      byFacility: state.facilities.map((f) => ({ id: f.id, defects: f.defectsMade })),
    },
    flowefficiency: {
      flowEfficiency: m.flowEfficiency,
      valueAddedMinutes: m.valueAddedMinutes,
      flowTime: m.flowTime,
      timeByCategory: LEAN_TIME_CATEGORIES.map((category) => ({
        category,
        rank: LEAN_METRIC_RANKS[category],
        minutes: m.timeByCategory[category],
      })),
    },
    resefficiency: state.facilities.map((f) => ({
      id: f.id,
      name: f.name,
      busyMinutes: round(minutes(f.busyMs)),
      elapsedMinutes: round(minutes(end - start)),
      resourceEfficiency: m.resourceEfficiency[f.id] ?? 0,
    })),
  };
}
