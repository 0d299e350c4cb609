/**
 * What a viewer may see of a lean game at an instant. Players see the map, the demand shown so
 * far (spec point 4), their own facility's work in full, and other facilities' work in transparent
 * mode only; defects are details of a sheet, shown to whoever may see that sheet. The creator and
 * observers who are not playing see everything; debrief metrics come once the game has ended.
 */
import type { Actor } from '../eventsourcing/decider';
import { LEAN_CLOCK_REFRESH_MS, MINUTE_MS } from './constants';
import { leanDebrief } from './debrief';
import { leanAnswersFor, leanDebriefFor } from './debrief-answers';
import { leanMetrics } from './metrics';
import { demandVisibleAt, kanbanCapOf, leanClock } from './rules';
import type { LeanFacilityState, LeanProduct, LeanState } from './state';

export function viewLeanGame(state: LeanState, viewer: Actor, now: number) {
  if (!state.exists) return null;
  const params = state.setup!.params;
  const mine = state.facilities.find((f) => f.user === viewer.userId) ?? null;
  const isCreator = viewer.userId === state.creatorId || viewer.role === 'system';
  const seesAll = isCreator || mine === null || params.transparent;
  const clock = leanClock(state, now);
  const started = state.startAt !== null;
  const shownDemand = state.demand.filter(
    (d) => params.consumerDemandParams.visibility || (started && demandVisibleAt(state, d) <= now),
  );
  const productsShown = state.products.filter(
    (p) => p.place !== 'delivered' && (seesAll || p.at === mine?.id),
  );
  return {
    gameType: 'leangame' as const,
    gameId: state.gameId,
    name: state.name,
    rulesVersion: state.rulesVersion,
    isCreator,
    started,
    finished: state.endAt !== null,
    /** The game's session, round and team, when it is a round's game of a session. */
    session: state.session,
    /** A draft: its creator alone may open it until they publish it. */
    draft: state.draft,
    clock: { ...clock, refreshMs: LEAN_CLOCK_REFRESH_MS },
    me: mine?.id ?? null,
    canOpenImprovementsPanel:
      (isCreator || mine !== null) &&
      (state.improvementsPanelBy === null || state.improvementsPanelBy === viewer.userId),
    /** Who holds the improvements panel, named by a station or as the instructor: never a user id. */
    improvementsPanelHolder: panelHolder(state, viewer),
    improvements: { enabled: state.improvements, available: params.improvements.available },
    batchSize: state.batchSize,
    kanbanCap: kanbanCapOf(state),
    params: paramsView(state, shownDemand),
    facilities: state.facilities.map((f) => facilityView(state, f, seesAll || f.id === mine?.id)),
    products: productsShown.map((p) => productView(state, p)),
    metrics: isCreator || state.endAt !== null ? leanMetrics(state, now) : null,
    debrief: state.endAt !== null ? leanDebrief(state, now) : null,
    /** The rounds played before the last reset, for the debrief's comparison. */
    previousRounds: state.previousRounds,
    /** The debrief the instructor wrote (`configDebrief`): expected answers for the creator only. */
    configDebrief: leanDebriefFor(state, isCreator),
    /** Answers to its questions: every one, checked, for the creator; a player's own. */
    answers: leanAnswersFor(state, viewer, isCreator),
  };
}

export type LeanGameView = NonNullable<ReturnType<typeof viewLeanGame>>;

/** The game's parameters a viewer sees: the customers' orders shown so far, not every one. */
function paramsView(state: LeanState, shownDemand: LeanState['demand']) {
  const params = state.setup!.params;
  return {
    mapSize: params.mapSize,
    moveCellTime: params.moveCellTime,
    customerLeadTime: params.customerLeadTime,
    times: params.times,
    smedFactor: params.smedFactor,
    productsTemplates: params.productsTemplates,
    consumerDemandParams: params.consumerDemandParams,
    consumerDemand: shownDemand,
    game_start_at: state.startAt,
    game_end_at: state.endAt,
    nextRank: state.nextRank,
    transparent: params.transparent,
  };
}

/** A facility on the map; its work (tool, inbox, hand) only when `visible` to the viewer. */
function panelHolder(state: LeanState, viewer: Actor) {
  const by = state.improvementsPanelBy;
  if (by === null) return null;
  return {
    /** The holder's station, when a player holds it. */
    facilityId: state.facilities.find((f) => f.user === by)?.id ?? null,
    instructor: by === state.creatorId,
    me: by === viewer.userId,
  };
}

function facilityView(state: LeanState, f: LeanFacilityState, visible: boolean) {
  return {
    id: f.id,
    name: f.name,
    type: f.type,
    icon: f.icon ?? null,
    position: f.position,
    tools: f.tools,
    /** A player holds it (who, by name only: a viewer never reads another's user id). */
    taken: f.user !== null,
    playerName: f.playerName,
    computer: f.user === null,
    tool: visible ? f.tool : null,
    toolReadyAt: visible ? f.toolReadyAt : null,
    inbox: visible ? f.inbox.map((i) => state.products[i]!.id) : [],
    hand: visible ? f.hand.map((i) => state.products[i]!.id) : [],
  };
}

/** A unit on the floor: where it is and what is painted on it. */
function productView(state: LeanState, p: LeanProduct) {
  return {
    id: p.id,
    templateId: p.templateId,
    rank: p.rank,
    at: p.at,
    place: p.place,
    arrivesAt: p.arrivesAt,
    inspected: p.inspected,
    ops: p.ops.map((op) => ({
      status: op.status === 'todo' ? 'todo' : 'done',
      by: op.by,
      painted: op.painted,
    })),
    releasedMinute:
      p.releasedAt === null || state.startAt === null ? null : (p.releasedAt - state.startAt) / MINUTE_MS,
  };
}
