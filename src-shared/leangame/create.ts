/** A lean game's state at its creation, and the record of a new unit (sheet). */
import type { LeanEventOf } from './events';
import type { LeanParams, LeanSetup } from './schemas';
import {
  type LeanDemandState,
  type LeanFacilityState,
  type LeanProduct,
  type LeanRoundRecord,
  type LeanState,
  productIdOf,
  UNTOUCHED_DEMAND,
  zeroTime,
} from './state';

export function createState(data: LeanEventOf<'LeanGameCreated'>['data']): LeanState {
  const setup: LeanSetup = data.setup;
  const { params } = setup;
  const facilities = facilitiesOf(setup);
  return {
    exists: true,
    gameId: data.gameId,
    name: data.name,
    creatorId: data.creatorId,
    scenarioId: data.scenarioId,
    seed: data.seed,
    rulesVersion: data.rulesVersion,
    createdAt: data.at,
    setup,
    batchSize: params.batchSize,
    kanbanCap: params.kanbanCap,
    facilities,
    facilityIndex: Object.fromEntries(facilities.map((f) => [f.id, f.index])),
    toolOwner: toolOwners(facilities),
    products: initialStock(params, facilities.find((f) => f.type === 'warehouse')!),
    demand: demandOf(params),
    nextRank: 0,
    startAt: null,
    endAt: null,
    improvementsPanelBy: null,
    improvements: [...params.improvements.enabled],
    computer: null,
    archived: false,
    draft: data.draft === true,
    deleted: false,
    previousRounds: [],
    answers: [],
    lastAt: data.at,
    session: data.session ?? null,
  };
}

/**
 * The game after `resetLeanGame` at `at`: the floor, clock and demand as at its creation, with the
 * seats, the improvements and their settings (layout, tools, batch size, kanban cap) kept, and the
 * round just played (if it started) added to the previous rounds.
 */
export function resetState(state: LeanState, at: number, played: LeanRoundRecord | null): LeanState {
  const fresh = createState({
    at: state.createdAt,
    gameId: state.gameId,
    name: state.name,
    creatorId: state.creatorId,
    seed: state.seed,
    rulesVersion: state.rulesVersion,
    scenarioId: state.scenarioId,
    setup: state.setup!,
    ...(state.session ? { session: state.session } : {}),
  });
  const facilities = fresh.facilities.map((f) => {
    const kept = state.facilities[f.index]!;
    return {
      ...f,
      position: kept.position,
      tools: kept.tools,
      tool: f.type === 'station' ? (kept.tools[0] ?? null) : null,
      user: kept.user,
      playerName: kept.playerName,
    };
  });
  return {
    ...fresh,
    facilities,
    toolOwner: toolOwners(facilities),
    batchSize: state.batchSize,
    kanbanCap: state.kanbanCap,
    improvements: state.improvements,
    archived: state.archived,
    draft: state.draft,
    previousRounds: played ? [...state.previousRounds, played] : state.previousRounds,
    answers: state.answers,
    lastAt: at,
  };
}

/**
 * The round's length set before the start: the set-up's length and orders replaced, so that the
 * start, a reset and a copy all follow it.
 */
export function roundLengthSet(state: LeanState, d: LeanEventOf<'RoundLengthSet'>['data']): LeanState {
  const setup = state.setup!;
  const params: LeanParams = {
    ...setup.params,
    consumerDemand: d.consumerDemand.map((order) => ({ ...order, ...UNTOUCHED_DEMAND })),
    consumerDemandParams: { ...setup.params.consumerDemandParams, totalDuration: d.minutes },
  };
  return { ...state, setup: { ...setup, params }, demand: demandOf(params) };
}

/** Which facility (index) performs each tool's operations. */
export function toolOwners(facilities: readonly LeanFacilityState[]): Record<string, number> {
  const owner: Record<string, number> = {};
  for (const f of facilities) for (const tool of f.tools) owner[tool] = f.index;
  return owner;
}

function facilitiesOf(setup: LeanSetup): LeanFacilityState[] {
  return setup.facilities.map((f, index) => ({
    ...f,
    index,
    inbox: [],
    hand: [],
    tool: f.type === 'station' ? (f.tools[0] ?? null) : null,
    toolReadyAt: 0,
    freeAt: 0,
    busyMs: 0,
    actions: 0,
    lastFreedAt: 0,
    lastSentAt: Number.NEGATIVE_INFINITY,
    batchStartedAt: Number.NEGATIVE_INFINITY,
    lastTemplate: null,
    opsDone: 0,
    defectsMade: 0,
    changeovers: 0,
  }));
}

/** The demand items in order of creation, with their due minute and untouched tracking fields. */
function demandOf(params: LeanParams): LeanDemandState[] {
  return params.consumerDemand
    .map((d, i) => ({
      id: d.id ?? `d${i}`,
      created_min: d.created_min,
      due_min: d.due_min ?? d.created_min + params.customerLeadTime,
      qty: d.qty,
      template_id: d.template_id,
      ...UNTOUCHED_DEMAND,
    }))
    .sort((a, b) => a.created_min - b.created_min);
}

/** Finished units of each template waiting in the warehouse's inbox before the start (in place on it). */
function initialStock(params: LeanParams, warehouse: LeanFacilityState): LeanProduct[] {
  const products: LeanProduct[] = [];
  for (const template of params.productsTemplates) {
    for (let k = 0; k < (params.initialStock[template.id] ?? 0); k += 1) {
      const index = products.length;
      products.push(
        newProduct({
          index,
          templateId: template.id,
          rank: -1,
          startedFor: null,
          operations: template.operations.length,
          at: warehouse.id,
          since: 0,
          initial: true,
        }),
      );
      warehouse.inbox.push(index);
    }
  }
  return products;
}

/**
 * A unit as it comes into being: released by the warehouse at `since` (in its hand, every operation
 * to do), or part of the initial stock (in its inbox, finished and inspected).
 */
export function newProduct(unit: {
  index: number;
  templateId: string;
  rank: number;
  startedFor: string | null;
  /** How many operations its template has. */
  operations: number;
  at: string;
  since: number;
  initial: boolean;
}): LeanProduct {
  const status = unit.initial ? 'ok' : 'todo';
  return {
    id: productIdOf(unit.index),
    templateId: unit.templateId,
    rank: unit.rank,
    startedFor: unit.startedFor,
    deliveredFor: null,
    ops: Array.from({ length: unit.operations }, () => ({
      status,
      by: null,
      spotted: false,
      painted: null,
      paintMs: 0,
    })),
    at: unit.at,
    place: unit.initial ? 'inbox' : 'hand',
    arrivesAt: unit.since,
    inspected: unit.initial,
    reworkNeeded: false,
    inspections: 0,
    firstInspectionGood: null,
    everDefective: false,
    initial: unit.initial,
    releasedAt: unit.initial ? null : unit.since,
    deliveredAt: null,
    late: false,
    defectiveAtDelivery: false,
    mark: unit.since,
    times: zeroTime(),
    faciGap: {},
  };
}
