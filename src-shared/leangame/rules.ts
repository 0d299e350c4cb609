/**
 * Small pure rules of the lean game: map distance (spec point 5), the clock (spec point 4),
 * routing of a sheet, kanban caps, demand look-ups, and the settings that the improvements suggest
 * (a compact layout, balanced tools).
 */
import { own } from '../eventsourcing/own';
import {
  LEAN_DEFAULT_BATCH_SIZE,
  LEAN_IMPROVEMENTS,
  type LeanImprovement,
  MINUTE_MS,
  toolOf,
} from './constants';
import type { LeanPosition, LeanSetup } from './schemas';
import type { LeanDemandState, LeanFacilityState, LeanProduct, LeanState } from './state';

/** Spec point 5: Manhattan distance between cells, minus one, not below zero, times the cell move time. */
export function leanMoveMinutes(from: LeanPosition, to: LeanPosition, moveCellTime: number): number {
  const cells = Math.abs(from.row - to.row) + Math.abs(from.column - to.column);
  return Math.max(0, cells - 1) * moveCellTime;
}

export interface LeanClock {
  /** The game has started and has no end time. */
  active: boolean;
  started: boolean;
  ended: boolean;
  /** The displayed minute, in tenths. */
  minute: number;
}

/**
 * Spec point 4, "Lean game clock": elapsed minutes from the start to the end time (or now), in
 * tenths of a minute; before the start, the earliest demand minute at which outstanding demand
 * exceeds the products present.
 */
export function leanClock(state: LeanState, now: number): LeanClock {
  if (state.startAt === null) {
    return { active: false, started: false, ended: false, minute: minuteBeforeStart(state) };
  }
  const until = state.endAt ?? Math.max(now, state.startAt);
  const minute = Math.floor((until - state.startAt) / (MINUTE_MS / 10)) / 10;
  return { active: state.endAt === null, started: true, ended: state.endAt !== null, minute };
}

/** Before the start: the first demand minute at which cumulative demand exceeds the products present. */
/** When a started round ends by itself: its length after its start. */
export const roundEndAt = (state: LeanState): number =>
  state.startAt! + Math.round(state.setup!.params.consumerDemandParams.totalDuration * MINUTE_MS);

export function minuteBeforeStart(state: LeanState): number {
  const present = state.products.filter((p) => p.place !== 'delivered').length;
  const items = [...state.demand].sort((a, b) => a.created_min - b.created_min);
  let demanded = 0;
  for (const item of items) {
    demanded += item.qty;
    if (demanded > present) return Math.floor(item.created_min * 10) / 10;
  }
  return 0;
}

/** Whether a demand item shows at `now` (its minute reached, or visibility on). */
export function demandVisibleAt(state: LeanState, item: LeanDemandState): number {
  const start = state.startAt ?? 0;
  if (state.setup?.params.consumerDemandParams.visibility) return start;
  return start + Math.round(item.created_min * MINUTE_MS);
}

export const isEnabled = (state: LeanState, improvement: LeanImprovement) =>
  state.improvements.includes(improvement);

export const facilityOf = (state: LeanState, id: string): LeanFacilityState | undefined => {
  const index = own(state.facilityIndex, id);
  return index === undefined ? undefined : state.facilities[index];
};

export const findType = (state: LeanState, type: LeanFacilityState['type']) =>
  state.facilities.find((f) => f.type === type);

export const templateOf = (state: LeanState, templateId: string) =>
  state.setup?.params.productsTemplates.find((t) => t.id === templateId);

/** The operation indices of `product` that facility `f` performs there. */
export function workHere(state: LeanState, f: LeanFacilityState, product: LeanProduct): number[] {
  const template = templateOf(state, product.templateId);
  if (!template) return [];
  const result: number[] = [];
  const reworkDesk = f.type === 'rework' || (f.type === 'qualitycontrol' && !findType(state, 'rework'));
  product.ops.forEach((op, index) => {
    if (op.status !== 'todo') return;
    const operation = template.operations[index];
    if (!operation) return;
    if (f.type === 'station' && !product.reworkNeeded && state.toolOwner[toolOf(operation)] === f.index)
      result.push(index);
    else if (reworkDesk && (product.reworkNeeded || f.type === 'rework')) result.push(index);
  });
  return result;
}

/** Where a sheet goes next: the station of its first undone operation, rework, QC, or the warehouse. */
export function destinationOf(state: LeanState, product: LeanProduct): LeanFacilityState {
  const warehouse = findType(state, 'warehouse')!;
  const qc = findType(state, 'qualitycontrol');
  const template = templateOf(state, product.templateId);
  const todo = product.ops.findIndex((op) => op.status === 'todo');
  if (todo >= 0 && template) {
    if (product.reworkNeeded) return findType(state, 'rework') ?? qc ?? warehouse;
    const owner = state.toolOwner[toolOf(template.operations[todo]!)];
    return (owner === undefined ? undefined : state.facilities[owner]) ?? warehouse;
  }
  if (qc && !product.inspected) return qc;
  return warehouse;
}

/** A finished product the warehouse may deliver. */
export const isFinished = (state: LeanState, product: LeanProduct) =>
  product.ops.every((op) => op.status !== 'todo') &&
  (product.inspected || !findType(state, 'qualitycontrol') || product.initial);

/**
 * Kanban: the WIP cap before a station or quality control (units in its inbox and on their way),
 * never below the batch size; by default one container of the default batch size (4 units).
 */
export function kanbanCapOf(state: LeanState): number {
  return Math.max(state.batchSize, state.kanbanCap > 0 ? state.kanbanCap : LEAN_DEFAULT_BATCH_SIZE);
}

/** Kanban caps apply before operation stations and quality control. */
export const isCapped = (state: LeanState, f: LeanFacilityState) =>
  isEnabled(state, 'kanban') && (f.type === 'station' || f.type === 'qualitycontrol');

/** Whether `count` more units may be sent to `to` now (kanban; the rework loop is never held). */
export function hasRoom(
  state: LeanState,
  to: LeanFacilityState,
  count: number,
  pending = 0,
  from?: LeanFacilityState,
): boolean {
  if (!isCapped(state, to) || from?.type === 'rework') return true;
  return to.inbox.length + pending + count <= kanbanCapOf(state);
}

/** The oldest demand item of a template not yet fully delivered and visible by `at`. */
export function oldestOpenDemand(
  state: LeanState,
  templateId: string,
  at: number,
): LeanDemandState | undefined {
  return state.demand.find(
    (d) => d.template_id === templateId && d.fulfilled_qty < d.qty && demandVisibleAt(state, d) <= at,
  );
}

/** Heijunka takt: minutes per unit of the whole demand over the round. */
export function taktMinutes(state: LeanState): number {
  const total = state.demand.reduce((sum, d) => sum + d.qty, 0);
  const duration = state.setup?.params.consumerDemandParams.totalDuration ?? 15;
  return total > 0 ? duration / total : duration;
}

/**
 * The next sheet to release at `at`: order runs (the oldest demand item not yet started) or,
 * under heijunka, a levelled mix (the next template in turn that has unstarted demand).
 */
export function nextRelease(
  state: LeanState,
  at: number,
  levelled: boolean,
): { templateId: string; demand: LeanDemandState | null } | undefined {
  const open = state.demand.filter((d) => d.prod_started_qty < d.qty && demandVisibleAt(state, d) <= at);
  if (open.length === 0) return undefined;
  if (!levelled) return { templateId: open[0]!.template_id, demand: open[0]! };
  const templates = state.setup!.params.productsTemplates.map((t) => t.id);
  const warehouse = findType(state, 'warehouse')!;
  const last = warehouse.lastTemplate ? templates.indexOf(warehouse.lastTemplate) : -1;
  // A batch being formed keeps its template; each new batch takes the next template in turn.
  const first = warehouse.hand.length > 0 ? 0 : 1;
  for (let step = first; step <= templates.length; step += 1) {
    const templateId = templates[(((last + step) % templates.length) + templates.length) % templates.length]!;
    const demand = open.find((d) => d.template_id === templateId);
    if (demand) return { templateId, demand };
  }
  return undefined;
}

/**
 * The tool order of the line: tools by the mean relative position of their operations in the
 * templates (first to last), ties in order of first use, so that sheets flow forward.
 */
export function toolSequence(setup: LeanSetup): string[] {
  const order: string[] = [];
  const positions: Record<string, number[]> = {};
  for (const template of setup.params.productsTemplates) {
    const last = Math.max(1, template.operations.length - 1);
    template.operations.forEach((op, i) => {
      const tool = toolOf(op);
      if (!order.includes(tool)) order.push(tool);
      positions[tool] = [...(positions[tool] ?? []), i / last];
    });
  }
  const mean = (tool: string) => {
    const list = positions[tool]!;
    return list.reduce((a, b) => a + b, 0) / list.length;
  };
  return order
    .map((tool, first) => ({ tool, first, at: mean(tool) }))
    .sort((a, b) => a.at - b.at || a.first - b.first)
    .map(({ tool }) => tool);
}

/** Minutes of work of each tool over the whole demand (or one of each template if no demand). */
export function toolLoads(setup: LeanSetup): Record<string, number> {
  const loads: Record<string, number> = {};
  const demand = setup.params.consumerDemand;
  for (const template of setup.params.productsTemplates) {
    const qty =
      demand.length === 0
        ? 1
        : demand.filter((d) => d.template_id === template.id).reduce((s, d) => s + d.qty, 0);
    for (const op of template.operations)
      loads[toolOf(op)] = (loads[toolOf(op)] ?? 0) + qty * setup.params.times.operation;
  }
  return loads;
}

/**
 * balancestations: split the line's tool sequence into contiguous runs, one per station in line
 * order, minimising the busiest station's load (so sheets still flow forward).
 */
export function balancedTools(setup: LeanSetup): Record<string, string[]> {
  const stations = setup.facilities.filter((f) => f.type === 'station');
  const tools = toolSequence(setup);
  const loads = toolLoads(setup);
  const k = Math.min(stations.length, tools.length);
  const n = tools.length;
  const prefix = [0];
  for (const tool of tools) prefix.push(prefix[prefix.length - 1]! + (loads[tool] ?? 0));
  // best[j][i]: minimal max load splitting the first i tools over j stations (each non-empty).
  const best: number[][] = Array.from({ length: k + 1 }, () => Array(n + 1).fill(Number.POSITIVE_INFINITY));
  const cut: number[][] = Array.from({ length: k + 1 }, () => Array(n + 1).fill(0));
  best[0]![0] = 0;
  for (let j = 1; j <= k; j += 1)
    for (let i = j; i <= n; i += 1)
      for (let m = j - 1; m < i; m += 1) {
        const value = Math.max(best[j - 1]![m]!, prefix[i]! - prefix[m]!);
        if (value < best[j]![i]! - 1e-9) {
          best[j]![i] = value;
          cut[j]![i] = m;
        }
      }
  const result: Record<string, string[]> = Object.fromEntries(stations.map((s) => [s.id, []]));
  let i = n;
  for (let j = k; j >= 1; j -= 1) {
    const m = cut[j]![i]!;
    result[stations[j - 1]!.id] = tools.slice(m, i);
    i = m;
  }
  return result;
}

/**
 * movestations: a U-shaped cell in flow order (warehouse, stations, rework, quality control), so
 * that each facility is next to the one it feeds and the last comes back beside the warehouse.
 */
export function compactLayout(setup: LeanSetup): Record<string, LeanPosition> {
  const rank = { warehouse: 0, station: 1, rework: 2, qualitycontrol: 3 } as const;
  const ordered = setup.facilities
    .map((f, index) => ({ f, index }))
    .sort((a, b) => rank[a.f.type] - rank[b.f.type] || a.index - b.index)
    .map(({ f }) => f);
  const { rows, columns } = setup.params.mapSize;
  const width = Math.min(columns, Math.max(1, Math.ceil(ordered.length / 2)));
  const layout: Record<string, LeanPosition> = {};
  ordered.forEach((f, i) => {
    const row = Math.floor(i / width);
    const offset = i % width;
    const column = row % 2 === 0 ? offset : width - 1 - offset;
    layout[f.id] = { row: Math.min(row, rows - 1), column };
  });
  return layout;
}

/**
 * The set-up with the improvements on and their suggested settings applied: what a built-in
 * scenario plays, and what enabling them in the panel with `apply` does.
 */
export function withImprovements(setup: LeanSetup, improvements: readonly LeanImprovement[]): LeanSetup {
  const enabled = LEAN_IMPROVEMENTS.filter((i) => improvements.includes(i));
  const layout = enabled.includes('movestations') ? compactLayout(setup) : null;
  const tools = enabled.includes('balancestations') ? balancedTools(setup) : null;
  return {
    params: {
      ...setup.params,
      batchSize: enabled.includes('batch') ? 1 : setup.params.batchSize,
      improvements: { ...setup.params.improvements, enabled },
    },
    facilities: setup.facilities.map((f) => ({
      ...f,
      position: layout?.[f.id] ?? f.position,
      tools: tools && f.type === 'station' ? (tools[f.id] ?? []) : f.tools,
    })),
  };
}

/**
 * Who may read a lean game's recorded events (its debrief's replay): its creator at any time; once
 * the round is over, whoever held a facility in it, even one they left or the computer took over.
 * The refusal's message id, or null.
 */
export function leanHistoryRefusal(
  events: readonly { type: string; data: unknown }[],
  game: { creatorId: string; ended: boolean },
  userId: string,
): string | null {
  if (userId === game.creatorId) return null;
  const played = events.some(
    (e) => e.type === 'PlayerJoined' && (e.data as { userId: string }).userId === userId,
  );
  if (!played) return 'errors.membersOrCreatorOnly';
  return game.ended ? null : 'beergame.errHistoryAfterEnd';
}
