/**
 * decide: turns a lean command into events, or throws a DomainError with a `leangame.*` message
 * id; one function per command, a player's actions at a facility in actions.ts. Every action is
 * stamped with the server time (`ctx.now`, never earlier than the last event); computer actions
 * are stamped with the instant the simulation says they end.
 */
import { PLAYER_NAME_MAX, playerNameInput } from '../api/inputs';
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import { own } from '../eventsourcing/own';
import {
  changeTool,
  deliverProduct,
  inspectSheet,
  performOperation,
  pickUpBatch,
  releaseSheet,
  removeDefect,
  sendBatch,
} from './actions';
import {
  LEAN_MAX_BATCH_SIZE,
  LEAN_MAX_KANBAN_CAP,
  LEAN_MAX_ROUND_MINUTES,
  type LeanImprovement,
} from './constants';
import { createGame } from './create-game';
import { isLeanDebriefCommand, leanDebriefCommand } from './debrief-answers';
import type { LeanEvent } from './events';
import { evolveLeanGame } from './evolve';
import {
  anyFacility,
  fail,
  hasFacility,
  ownFacility,
  requireCreator,
  requireGame,
  requireImprovement,
  requireInRange,
  requirePanel,
  requirePlaying,
  unknownCommand,
} from './guards';
import { setRoundLength } from './round-length';
import { balancedTools, compactLayout, isEnabled, roundEndAt } from './rules';
import { computerEventsUntil, scheduleEvent } from './schedule';
import type { LeanCommand } from './schemas';
import { initialLeanState, type LeanState } from './state';

type Ctx = CommandContext;
export type LeanCommandOf<T extends LeanCommand['type']> = Extract<LeanCommand, { type: T }>;

export function decideLeanGame(command: LeanCommand, state: LeanState, ctx: Ctx): LeanEvent[] {
  if (command.type === 'CreateLeanGame') return createGame(command, state, ctx);
  requireGame(state);
  const at = Math.max(ctx.now, state.lastAt);
  if (isLeanDebriefCommand(command)) return leanDebriefCommand(command, state, ctx, at);
  switch (command.type) {
    case 'JoinFacility':
      return joinFacility(command, state, ctx, at);
    case 'LeaveFacility':
      return leaveFacility(command, state, ctx, at);
    case 'OpenImprovementsPanel':
      return openImprovementsPanel(state, ctx, at);
    case 'CloseImprovementsPanel':
      return closeImprovementsPanel(state, ctx, at);
    case 'EnableImprovement':
    case 'DisableImprovement':
      return toggleImprovement(command, state, ctx, at);
    case 'MoveStation':
      return moveStation(command, state, ctx, at);
    case 'ReassignOperation':
      return reassignOperation(command, state, ctx, at);
    case 'SetBatchSize':
      return setBatchSize(command, state, ctx, at);
    case 'SetKanbanCap':
      return setKanbanCap(command, state, ctx, at);
    case 'SetRoundLength':
      return setRoundLength(command, state, ctx, at);
    case 'StartGame':
      return startGame(state, ctx, at);
    case 'ScheduleComputerActions':
      requireCreator(state, ctx);
      requirePlaying(state);
      requireInRange(command.totalDurationMin, 1, LEAN_MAX_ROUND_MINUTES, true);
      return [scheduleEvent(state, command.totalDurationMin, at)];
    case 'RunComputerActions':
      requirePlaying(state);
      return computerEventsUntil(state, ctx.now);
    case 'EndGame':
      return endGame(state, ctx, at);
    case 'PublishLeanGame':
    case 'ResetLeanGame':
    case 'ArchiveLeanGame':
    case 'DeleteLeanGame':
    case 'DisconnectPlayers':
      requireCreator(state, ctx);
      return gameAdministration(command, state, at);
    case 'ReleaseSheet':
    case 'SendBatch':
    case 'PickUpBatch':
    case 'ChangeTool':
    case 'PerformOperation':
    case 'InspectSheet':
    case 'RemoveDefect':
    case 'DeliverProduct':
      return floorAction(command, state, ctx, at);
    default:
      // A command added to the schema without a case here fails to compile.
      return unknownCommand(command);
  }
}

export const leangameDecider: Decider<LeanCommand, LeanEvent, LeanState> = {
  initialState: initialLeanState,
  decide: decideLeanGame,
  evolve: evolveLeanGame,
};

function joinFacility(
  command: LeanCommandOf<'JoinFacility'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  const f = anyFacility(state, command.facilityId);
  // A draft is its creator's alone until published (spec point 2).
  if (state.draft && ctx.actor.userId !== state.creatorId) fail('errGameDraft');
  if (state.endAt !== null) fail('errGameEnded');
  // One rule for both games: the creator runs the game and sees every station; players take them.
  if (ctx.actor.userId === state.creatorId) fail('errCreatorCannotPlay');
  if (f.user === ctx.actor.userId) return [];
  if (f.user !== null) fail('errFacilityTaken', { facilityId: f.id });
  if (hasFacility(state, ctx.actor.userId)) fail('errAlreadyPlaying');
  const playerName = command.playerName ?? null;
  if (playerName !== null) {
    // The seat's name follows the shared rule (the message of its first refusal: empty, too long, unusable).
    const check = playerNameInput.safeParse(playerName);
    if (!check.success) throw new DomainError(check.error.issues[0]!.message, { max: PLAYER_NAME_MAX });
  }
  return [{ type: 'PlayerJoined', data: { at, facilityId: f.id, userId: ctx.actor.userId, playerName } }];
}

function leaveFacility(
  command: LeanCommandOf<'LeaveFacility'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  // The creator frees any seat (hands it to the computer); a player leaves their own.
  const f =
    ctx.actor.userId === state.creatorId
      ? anyFacility(state, command.facilityId)
      : ownFacility(state, command.facilityId, ctx);
  if (f.user === null) return [];
  return [{ type: 'PlayerLeft', data: { at, facilityId: f.id, userId: f.user } }];
}

function openImprovementsPanel(state: LeanState, ctx: Ctx, at: number): LeanEvent[] {
  const me = ctx.actor.userId;
  if (me !== state.creatorId && !hasFacility(state, me)) fail('errPanelForbidden');
  if (state.improvementsPanelBy === me) return [];
  if (state.improvementsPanelBy !== null) fail('errPanelLocked');
  return [{ type: 'ImprovementsPanelOpened', data: { at, by: me } }];
}

function closeImprovementsPanel(state: LeanState, ctx: Ctx, at: number): LeanEvent[] {
  const me = ctx.actor.userId;
  if (state.improvementsPanelBy === null) return [];
  if (state.improvementsPanelBy !== me && me !== state.creatorId && ctx.actor.role !== 'system')
    fail('errPanelLocked');
  return [{ type: 'ImprovementsPanelClosed', data: { at, by: me } }];
}

function toggleImprovement(
  command: LeanCommandOf<'EnableImprovement' | 'DisableImprovement'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  requirePanel(state, ctx);
  const on = command.type === 'EnableImprovement';
  const { improvement } = command;
  if (!state.setup!.params.improvements.available.includes(improvement))
    fail('errImprovementUnavailable', { improvement });
  if (isEnabled(state, improvement) === on) return [];
  const toggled: LeanEvent = on
    ? { type: 'ImprovementEnabled', data: { at, improvement } }
    : { type: 'ImprovementDisabled', data: { at, improvement } };
  const apply = command.type === 'DisableImprovement' || command.apply !== false;
  return [toggled, ...(apply ? settingEvents(state, improvement, on, at) : [])];
}

/** The settings an improvement suggests (or the set-up's, when it is turned off), as events. */
function settingEvents(state: LeanState, improvement: LeanImprovement, on: boolean, at: number): LeanEvent[] {
  const setup = state.setup!;
  const events: LeanEvent[] = [];
  if (improvement === 'movestations') {
    const layout = on
      ? compactLayout(setup)
      : Object.fromEntries(setup.facilities.map((f) => [f.id, f.position]));
    for (const f of state.facilities) {
      const position = layout[f.id]!;
      if (position.row !== f.position.row || position.column !== f.position.column)
        events.push({ type: 'StationMoved', data: { at, facilityId: f.id, position } });
    }
  }
  if (improvement === 'balancestations') {
    const tools = on
      ? balancedTools(setup)
      : Object.fromEntries(setup.facilities.filter((f) => f.type === 'station').map((f) => [f.id, f.tools]));
    for (const [facilityId, list] of Object.entries(tools))
      for (const tool of list)
        if (state.facilities[state.toolOwner[tool]!]?.id !== facilityId)
          events.push({ type: 'OperationReassigned', data: { at, tool, facilityId } });
  }
  if (improvement === 'batch') {
    const batchSize = on ? 1 : setup.params.batchSize;
    if (batchSize !== state.batchSize) events.push({ type: 'BatchSizeSet', data: { at, batchSize } });
  }
  return events;
}

function moveStation(
  command: LeanCommandOf<'MoveStation'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  requirePanel(state, ctx);
  requireImprovement(state, 'movestations');
  const f = anyFacility(state, command.facilityId);
  const { row, column } = command.position;
  const { mapSize } = state.setup!.params;
  const inside = (value: number, size: number) => Number.isInteger(value) && value >= 0 && value < size;
  if (!inside(row, mapSize.rows) || !inside(column, mapSize.columns)) fail('errCellOutside', { row, column });
  if (state.facilities.some((o) => o.id !== f.id && o.position.row === row && o.position.column === column))
    fail('errCellTaken', { row, column });
  return [{ type: 'StationMoved', data: { at, facilityId: f.id, position: { row, column } } }];
}

function reassignOperation(
  command: LeanCommandOf<'ReassignOperation'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  requirePanel(state, ctx);
  requireImprovement(state, 'balancestations');
  const f = anyFacility(state, command.facilityId);
  if (f.type !== 'station') fail('errNotStation', { facilityId: f.id });
  const owner = own(state.toolOwner, command.tool);
  if (owner === undefined) fail('errUnknownTool', { tool: command.tool });
  if (owner === f.index) return [];
  return [{ type: 'OperationReassigned', data: { at, tool: command.tool, facilityId: f.id } }];
}

function setBatchSize(
  command: LeanCommandOf<'SetBatchSize'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  requirePanel(state, ctx);
  requireImprovement(state, 'batch');
  requireInRange(command.batchSize, 1, LEAN_MAX_BATCH_SIZE);
  return [{ type: 'BatchSizeSet', data: { at, batchSize: command.batchSize } }];
}

/** The kanban cap before each station, never below the batch size. */
function setKanbanCap(
  command: LeanCommandOf<'SetKanbanCap'>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  requirePanel(state, ctx);
  requireImprovement(state, 'kanban');
  requireInRange(command.cap, 1, LEAN_MAX_KANBAN_CAP);
  if (command.cap < state.batchSize) fail('errKanbanCap', { batchSize: state.batchSize });
  return [{ type: 'KanbanCapSet', data: { at, cap: command.cap } }];
}

/**
 * The creator's actions on the game as a whole: publish a draft, reset for another round, archive,
 * delete, free every seat.
 */
function gameAdministration(
  command: LeanCommandOf<
    'PublishLeanGame' | 'ResetLeanGame' | 'ArchiveLeanGame' | 'DeleteLeanGame' | 'DisconnectPlayers'
  >,
  state: LeanState,
  at: number,
): LeanEvent[] {
  switch (command.type) {
    case 'PublishLeanGame':
      return state.draft ? [{ type: 'LeanGamePublished', data: { at } }] : [];
    case 'ResetLeanGame':
      return [{ type: 'LeanGameReset', data: { at } }];
    case 'ArchiveLeanGame':
      return state.archived === command.archived
        ? []
        : [{ type: 'LeanGameArchived', data: { at, archived: command.archived } }];
    case 'DeleteLeanGame':
      return [{ type: 'LeanGameDeleted', data: { at } }];
    case 'DisconnectPlayers':
      return state.facilities.flatMap((f): LeanEvent[] =>
        f.user === null ? [] : [{ type: 'PlayerLeft', data: { at, facilityId: f.id, userId: f.user } }],
      );
  }
}

/** What a facility does on the floor (actions.ts). */
function floorAction(
  command: LeanCommandOf<FloorAction>,
  state: LeanState,
  ctx: Ctx,
  at: number,
): LeanEvent[] {
  switch (command.type) {
    case 'ReleaseSheet':
      return releaseSheet(command, state, ctx, at);
    case 'SendBatch':
      return sendBatch(command, state, ctx, at);
    case 'PickUpBatch':
      return pickUpBatch(command, state, ctx, at);
    case 'ChangeTool':
      return changeTool(command, state, ctx, at);
    case 'PerformOperation':
      return performOperation(command, state, ctx, at);
    case 'InspectSheet':
      return inspectSheet(command, state, ctx, at);
    case 'RemoveDefect':
      return removeDefect(command, state, ctx, at);
    case 'DeliverProduct':
      return deliverProduct(command, state, ctx, at);
  }
}

type FloorAction =
  | 'ReleaseSheet'
  | 'SendBatch'
  | 'PickUpBatch'
  | 'ChangeTool'
  | 'PerformOperation'
  | 'InspectSheet'
  | 'RemoveDefect'
  | 'DeliverProduct';

/**
 * Ends the round. The computer's actions due by the end are recorded first (a timer that fires late,
 * or with the round-end timer due at the same instant, loses none of them), and the round-end timer
 * (the system's EndGame) ends it at its length, however late it fires, unless a later action was
 * recorded meanwhile: the same game always ends with the same figures.
 */
function endGame(state: LeanState, ctx: Ctx, at: number): LeanEvent[] {
  requireCreator(state, ctx);
  if (state.startAt === null) fail('errNotStarted');
  if (state.endAt !== null) fail('errGameEnded');
  const endAt = ctx.actor.role === 'system' ? Math.min(at, roundEndAt(state)) : at;
  const computer = computerEventsUntil(state, endAt);
  const lastAt = computer.reduce((latest, e) => Math.max(latest, e.data.at), state.lastAt);
  return [...computer, { type: 'LeanGameEnded', data: { at: Math.max(endAt, lastAt) } }];
}

/** The creator starts the round: the computer plays every free facility until the round's end. */
function startGame(state: LeanState, ctx: Ctx, at: number): LeanEvent[] {
  requireCreator(state, ctx);
  if (state.startAt !== null) fail('errAlreadyStarted');
  const started: LeanEvent = { type: 'GameStarted', data: { at } };
  const next = evolveLeanGame(state, started);
  const scheduled = scheduleEvent(next, state.setup!.params.consumerDemandParams.totalDuration, at);
  return [started, scheduled, ...computerEventsUntil(evolveLeanGame(next, scheduled), at)];
}
