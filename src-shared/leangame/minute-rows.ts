/**
 * The lean game's wide layout for research (issue 23; docs/research-export.md): one row per
 * facility and minute of each round played, as the beer game's is one per facility and week. A
 * minute `m` of a round is the span from `m − 1` to `m` minutes after its start (the last one may
 * be shorter); an action counts in the minute it ended in, and its busy time in the minutes it
 * spanned. Pure: read from the events, folded with the engine's reducer for the round's bounds and
 * the seats.
 */
import { MINUTE_MS } from './constants';
import type { LeanEvent } from './events';
import { evolveLeanGame } from './evolve';
import { round as rounded } from './metrics';
import type { LeanFacility } from './schemas';
import { initialLeanState, type LeanState } from './state';

/** What one facility did in one minute. */
export interface LeanMinuteCounts {
  /** Actions ended in the minute: every floor event of the facility (a batch sent included). */
  actions: number;
  /** Minutes of the minute the facility spent on actions (0 to 1). */
  busyMinutes: number;
  released: number;
  batchesSent: number;
  toolChanges: number;
  operations: number;
  defectiveOperations: number;
  inspections: number;
  defectsRemoved: number;
  delivered: number;
}

export interface LeanMinuteRow extends LeanMinuteCounts {
  /** The round: 1 for the first played, one more after each reset that followed a played round. */
  round: number;
  /** The minute of the round, from 1. */
  minute: number;
  facilityId: string;
  facilityName: string;
  facilityType: LeanFacility['type'];
  /** Who held the facility at the minute's end; null: nobody (the computer played it). */
  userId: string | null;
  computer: boolean;
  /** Units released and not yet delivered in the whole factory at the minute's end. */
  wip: number;
}

const zeroCounts = (): LeanMinuteCounts => ({
  actions: 0,
  busyMinutes: 0,
  released: 0,
  batchesSent: 0,
  toolChanges: 0,
  operations: 0,
  defectiveOperations: 0,
  inspections: 0,
  defectsRemoved: 0,
  delivered: 0,
});

/** One round's tally as its events come. */
interface Tally {
  startAt: number;
  facilities: Array<Pick<LeanFacility, 'id' | 'name' | 'type'>>;
  /** The seats (user by facility index) from each instant on. */
  seats: Array<{ at: number; users: Array<string | null> }>;
  /** Counts by minute, then facility index. */
  counts: Map<number, LeanMinuteCounts[]>;
  released: Set<string>;
  releases: number[];
  deliveries: number[];
}

/** The rows of every round the events played, in order: round, minute, facility. */
export function leanMinuteRows(events: readonly LeanEvent[]): LeanMinuteRow[] {
  const rows: LeanMinuteRow[] = [];
  let state: LeanState = initialLeanState;
  let tally: Tally | null = null;
  let played = 0;
  for (const event of events) {
    if (event.type === 'LeanGameReset' && tally) {
      played += 1;
      rows.push(...roundRows(tally, state.endAt ?? event.data.at, played));
      tally = null;
    }
    state = evolveLeanGame(state, event);
    if (event.type === 'GameStarted') tally = newTally(state);
    else if (tally) count(tally, state, event);
  }
  if (tally) rows.push(...roundRows(tally, state.endAt ?? state.lastAt, played + 1));
  return rows;
}

function newTally(state: LeanState): Tally {
  return {
    startAt: state.startAt!,
    facilities: state.facilities.map(({ id, name, type }) => ({ id, name, type })),
    seats: [{ at: state.startAt!, users: state.facilities.map((f) => f.user) }],
    counts: new Map(),
    released: new Set(),
    releases: [],
    deliveries: [],
  };
}

/** The minute of the round an instant falls in (an instant at the start is in minute 1). */
const minuteOf = (tally: Tally, at: number) => Math.max(1, Math.ceil((at - tally.startAt) / MINUTE_MS));

function countsOf(tally: Tally, minute: number, facilityId: string): LeanMinuteCounts {
  let byFacility = tally.counts.get(minute);
  if (!byFacility) {
    byFacility = tally.facilities.map(zeroCounts);
    tally.counts.set(minute, byFacility);
  }
  return byFacility[tally.facilities.findIndex((f) => f.id === facilityId)]!;
}

/** Adds an action's span to the busy time of each minute it covers. */
function spread(tally: Tally, facilityId: string, start: number, end: number): void {
  for (let m = minuteOf(tally, start); m <= minuteOf(tally, end); m++) {
    const from = Math.max(start, tally.startAt + (m - 1) * MINUTE_MS);
    const to = Math.min(end, tally.startAt + m * MINUTE_MS);
    if (to > from) countsOf(tally, m, facilityId).busyMinutes += (to - from) / MINUTE_MS;
  }
}

/** What a facility does on the floor: each is one of its actions (the engine's action count). */
const FLOOR_EVENTS = new Set<LeanEvent['type']>([
  'SheetReleased',
  'BatchSent',
  'BatchPickedUp',
  'ToolChanged',
  'OperationPerformed',
  'SheetInspected',
  'DefectRemoved',
  'ProductDelivered',
]);

function count(tally: Tally, state: LeanState, event: LeanEvent): void {
  if (event.type === 'PlayerJoined' || event.type === 'PlayerLeft') {
    tally.seats.push({ at: event.data.at, users: state.facilities.map((f) => f.user) });
    return;
  }
  if (!FLOOR_EVENTS.has(event.type)) return;
  const data = event.data as { at: number; start?: number; facilityId: string };
  const counts = countsOf(tally, minuteOf(tally, data.at), data.facilityId);
  counts.actions += 1;
  if (data.start !== undefined) spread(tally, data.facilityId, data.start, data.at);
  switch (event.type) {
    case 'SheetReleased':
      counts.released += 1;
      tally.released.add(event.data.productId);
      tally.releases.push(event.data.at);
      break;
    case 'BatchSent':
      counts.batchesSent += 1;
      break;
    case 'ToolChanged':
      counts.toolChanges += 1;
      break;
    case 'OperationPerformed':
      counts.operations += 1;
      if (event.data.defective) counts.defectiveOperations += 1;
      break;
    case 'SheetInspected':
      counts.inspections += 1;
      break;
    case 'DefectRemoved':
      counts.defectsRemoved += 1;
      break;
    case 'ProductDelivered':
      counts.delivered += 1;
      if (tally.released.has(event.data.productId)) tally.deliveries.push(event.data.at);
      break;
  }
}

/** A round's rows, from minute 1 to the minute its end falls in. */
function roundRows(tally: Tally, endAt: number, round: number): LeanMinuteRow[] {
  const rows: LeanMinuteRow[] = [];
  const upTo = (list: number[], instant: number) => list.filter((at) => at <= instant).length;
  for (let minute = 1; minute <= minuteOf(tally, endAt); minute++) {
    const end = tally.startAt + minute * MINUTE_MS;
    const seats = tally.seats.findLast((s) => s.at <= end)!;
    const wip = upTo(tally.releases, end) - upTo(tally.deliveries, end);
    tally.facilities.forEach((f, i) => {
      const counts = tally.counts.get(minute)?.[i] ?? zeroCounts();
      const userId = seats.users[i] ?? null;
      rows.push({
        round,
        minute,
        facilityId: f.id,
        facilityName: f.name,
        facilityType: f.type,
        userId,
        computer: userId === null,
        ...counts,
        busyMinutes: rounded(counts.busyMinutes),
        wip,
      });
    });
  }
  return rows;
}
