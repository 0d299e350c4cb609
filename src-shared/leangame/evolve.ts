/**
 * evolve: folds one lean event into the state. Pure, and copies only what an event touches. The
 * set-up and the round's life are here; the factory floor's work is in work.ts.
 */
import { createState, resetState, roundLengthSet, toolOwners } from './create';
import { isLeanDebriefEvent, type LeanDebriefEvent, leanDebriefEvent } from './debrief-answers';
import type { LeanEvent, LeanEventOf } from './events';
import { leanMetrics } from './metrics';
import type { LeanState } from './state';
import {
  batchPickedUp,
  batchSent,
  defectRemoved,
  operationPerformed,
  productDelivered,
  sheetInspected,
  sheetReleased,
  toolChanged,
} from './work';

export function evolveLeanGame(state: LeanState, event: LeanEvent): LeanState {
  if (event.type === 'LeanGameCreated') return createState(event.data);
  const next = isLeanDebriefEvent(event) ? leanDebriefEvent(state, event) : evolveEvent(state, event);
  return next.lastAt >= event.data.at ? next : { ...next, lastAt: event.data.at };
}

/** The events after the creation, but the debrief's (debrief-answers.ts). */
type GameEvent = Exclude<LeanEvent, { type: 'LeanGameCreated' } | LeanDebriefEvent>;

function evolveEvent(state: LeanState, event: GameEvent): LeanState {
  switch (event.type) {
    case 'PlayerJoined':
      return seatChanged(state, event.data.facilityId, event.data.userId, event.data.playerName);
    case 'PlayerLeft':
      return playerLeft(state, event.data);
    case 'LeanGamePublished':
    case 'LeanGameArchived':
    case 'LeanGameDeleted':
    case 'LeanGameReset':
      return gameAdministered(state, event);
    case 'ImprovementsPanelOpened':
      return { ...state, improvementsPanelBy: event.data.by };
    case 'ImprovementsPanelClosed':
      return { ...state, improvementsPanelBy: null };
    case 'ImprovementEnabled':
      return state.improvements.includes(event.data.improvement)
        ? state
        : { ...state, improvements: [...state.improvements, event.data.improvement] };
    case 'ImprovementDisabled':
      return { ...state, improvements: state.improvements.filter((i) => i !== event.data.improvement) };
    case 'StationMoved':
      return withFacility(state, event.data.facilityId, { position: event.data.position });
    case 'OperationReassigned':
      return operationReassigned(state, event.data);
    case 'BatchSizeSet':
      return { ...state, batchSize: event.data.batchSize };
    case 'KanbanCapSet':
      return { ...state, kanbanCap: event.data.cap };
    case 'RoundLengthSet':
      return roundLengthSet(state, event.data);
    case 'GameStarted':
      return gameStarted(state, event.data.at);
    case 'ComputerActionsScheduled':
      return computerScheduled(state, event.data);
    case 'LeanGameEnded':
      return { ...state, endAt: event.data.at, improvementsPanelBy: null };
    case 'SheetReleased':
      return sheetReleased(state, event.data);
    case 'BatchSent':
      return batchSent(state, event.data);
    case 'BatchPickedUp':
      return batchPickedUp(state, event.data);
    case 'ToolChanged':
      return toolChanged(state, event.data);
    case 'OperationPerformed':
      return operationPerformed(state, event.data);
    case 'SheetInspected':
      return sheetInspected(state, event.data);
    case 'DefectRemoved':
      return defectRemoved(state, event.data);
    case 'ProductDelivered':
      return productDelivered(state, event.data);
    default:
      return ignoreUnknown(event, state);
  }
}

/** An event type this code does not know leaves the state alone; `never` makes a forgotten one a compile error. */
function ignoreUnknown(_event: never, state: LeanState): LeanState {
  return state;
}

function withFacility(state: LeanState, facilityId: string, patch: Partial<LeanState['facilities'][number]>) {
  const index = state.facilityIndex[facilityId]!;
  const facilities = state.facilities.slice();
  facilities[index] = { ...facilities[index]!, ...patch };
  return { ...state, facilities };
}

function gameAdministered(
  state: LeanState,
  event: LeanEventOf<'LeanGamePublished' | 'LeanGameArchived' | 'LeanGameDeleted' | 'LeanGameReset'>,
): LeanState {
  if (event.type === 'LeanGamePublished') return { ...state, draft: false };
  if (event.type === 'LeanGameArchived') return { ...state, archived: event.data.archived };
  if (event.type === 'LeanGameDeleted') return { ...state, deleted: true };
  return resetState(state, event.data.at, roundPlayed(state, event.data.at));
}

/** The round a reset ends, for the debrief's comparison; none when it never started. */
function roundPlayed(state: LeanState, at: number) {
  if (state.startAt === null) return null;
  const endAt = state.endAt ?? at;
  return {
    improvements: state.improvements,
    batchSize: state.batchSize,
    startAt: state.startAt,
    endAt,
    metrics: leanMetrics(state, endAt),
  };
}

/**
 * A player takes (or leaves) a seat: the computer no longer plays a taken one, and takes over a
 * seat left during the round, so the line keeps flowing.
 */
function seatChanged(
  state: LeanState,
  facilityId: string,
  user: string | null,
  playerName: string | null,
): LeanState {
  const next = withFacility(state, facilityId, { user, playerName });
  if (!state.computer) return next;
  const others = state.computer.facilityIds.filter((id) => id !== facilityId);
  const playing = state.startAt !== null && state.endAt === null;
  const facilityIds = user === null && playing ? [...others, facilityId] : others;
  return { ...next, computer: { ...state.computer, facilityIds } };
}

/** A player leaves their seat, and the improvements panel if they held it. */
function playerLeft(state: LeanState, d: LeanEventOf<'PlayerLeft'>['data']): LeanState {
  return {
    ...seatChanged(state, d.facilityId, null, null),
    improvementsPanelBy: state.improvementsPanelBy === d.userId ? null : state.improvementsPanelBy,
  };
}

function operationReassigned(state: LeanState, d: LeanEventOf<'OperationReassigned'>['data']): LeanState {
  const { tool, facilityId } = d;
  const facilities = state.facilities.map((f) => {
    const has = f.tools.includes(tool);
    if (f.id === facilityId) return has ? f : { ...f, tools: [...f.tools, tool], tool: f.tool ?? tool };
    return has ? { ...f, tools: f.tools.filter((t) => t !== tool) } : f;
  });
  return { ...state, facilities, toolOwner: toolOwners(facilities) };
}

/** The computer plays these facilities until this minute of the round. */
function computerScheduled(state: LeanState, d: LeanEventOf<'ComputerActionsScheduled'>['data']): LeanState {
  const until = (state.startAt ?? d.at) + Math.round(d.totalDurationMin * 60_000);
  return { ...state, computer: { facilityIds: d.facilityIds, until } };
}

/** The clock starts: every unit and facility is accounted from the start. */
function gameStarted(state: LeanState, start: number): LeanState {
  const products = state.products.map((p) => ({ ...p, mark: start, arrivesAt: start }));
  const facilities = state.facilities.map((f) => ({
    ...f,
    freeAt: start,
    lastFreedAt: start,
    toolReadyAt: start,
  }));
  return { ...state, startAt: start, products, facilities };
}
