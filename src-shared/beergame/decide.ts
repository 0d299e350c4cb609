/**
 * The beer game decider: `decide` checks a command against the state and returns its events (or
 * throws a `DomainError` with a locale message id); one function per command, the instructor's
 * in instructor.ts. See docs/beergame.md.
 */
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import { own } from '../eventsourcing/own';
import { everySeatFilled, policyFor, timerStart, timerWaiting, withAutoClose } from './closing';
import { resolveConfig } from './config';
import { BEERGAME_RULES_VERSION } from './constants';
import { debriefCommand } from './debrief';
import type { BeerEvent } from './events';
import { evolve } from './evolve';
import {
  capabilityOf,
  checkOrder,
  facilityAt,
  fail,
  isGameAdmin,
  requireAdmin,
  requireGame,
  requireOpen,
  unknownCommand,
} from './guards';
import {
  cancelChange,
  closeWeekNow,
  endGame,
  resetGame,
  resetStartingOrders,
  scheduleChange,
  sendMessage,
  setTransparent,
  timerCommand,
} from './instructor';
import { archiveGame, deleteGame, disconnectPlayers, unarchiveGame } from './lifecycle';
import { computerOrders, fitConstraints, isValidPolicy } from './policies';
import type { BeerCommand, BeerConfig } from './schemas';
import { randomFreeSeat } from './seats';
import { settingsOpen } from './settings-read';
import { type BeerState, initialBeerState } from './state';
import { BEERGAME_TEMPLATES } from './templates';

type Ctx = CommandContext;
export type BeerCommandOf<T extends BeerCommand['type']> = Extract<BeerCommand, { type: T }>;

export function decide(command: BeerCommand, s: BeerState, ctx: Ctx): BeerEvent[] {
  switch (command.type) {
    case 'CreateGame':
      return createGame(command, s, ctx);
    case 'JoinRole':
      return joinRole(command, s, ctx);
    case 'JoinRandomRole':
      return joinRandomRole(command, s, ctx);
    case 'LeaveRole':
      return leaveRole(command, s, ctx);
    case 'HandToComputer':
      return handToComputer(command, s, ctx);
    case 'TakeBackRole':
      return takeBackRole(command, s, ctx);
    case 'PlaceOrder':
      return placeOrder(command, s, ctx);
    case 'ProposeOrder':
      return proposeOrder(command, s, ctx);
    case 'ConfirmAllocations':
      return confirmAllocations(command, s, ctx);
    case 'CloseWeek':
      return closeWeekNow(command, s, ctx);
    case 'StartTimer':
    case 'StopTimer':
    case 'PauseTimer':
    case 'ResumeTimer':
      return timerCommand(command, s, ctx);
    case 'SendMessage':
      return sendMessage(command, s, ctx);
    case 'ScheduleChange':
      return scheduleChange(command, s, ctx);
    case 'CancelChange':
      return cancelChange(command, s, ctx);
    case 'ConfigureGame':
      return configureGame(command, s, ctx);
    case 'ResetStartingOrders':
      return resetStartingOrders(command, s, ctx);
    case 'ResetGame':
      return resetGame(s, ctx);
    case 'EndGame':
      return endGame(s, ctx);
    case 'ArchiveGame':
      return archiveGame(s, ctx);
    case 'UnarchiveGame':
      return unarchiveGame(s, ctx);
    case 'DeleteGame':
      return deleteGame(s, ctx);
    case 'DisconnectPlayers':
      return disconnectPlayers(s, ctx);
    case 'SetTransparent':
      return setTransparent(command, s, ctx);
    case 'AnswerDebriefQuestion':
    case 'SeeResults':
    case 'ConfigureDebrief':
      return debriefCommand(command, s, ctx);
    default:
      // A command added to the schema without a case here fails to compile.
      return unknownCommand(command);
  }
}

export const beergameDecider: Decider<BeerCommand, BeerEvent, BeerState> = {
  initialState: initialBeerState,
  decide,
  evolve,
};

/** Resolved template configurations (immutable), by template and overrides. */
const templateCache = new Map<string, BeerConfig>();

/** `resolveConfig` with its refusals as `errInvalidConfig` (the reason: what the engine found). */
function resolveOrFail(input: unknown): BeerConfig {
  try {
    return resolveConfig(input);
  } catch (error) {
    return fail('errInvalidConfig', {
      reason: error instanceof Error ? error.message.slice(0, 500) : 'invalid',
    });
  }
}

function checkPolicies(config: BeerConfig): void {
  for (const f of config.facilities)
    if (f.policy !== null && !isValidPolicy(f.policy)) fail('errPolicyInvalid', { policy: f.policy });
  if (!isValidPolicy(config.defaultPolicy)) fail('errPolicyInvalid', { policy: config.defaultPolicy });
}

function resolveCreateConfig(command: BeerCommandOf<'CreateGame'>): BeerConfig {
  try {
    if ('template' in command && command.template !== undefined) {
      const template = own(BEERGAME_TEMPLATES, command.template);
      if (!template) return fail('errTemplateUnknown');
      const key = `${command.template}|${JSON.stringify(command.overrides ?? {})}`;
      let config = templateCache.get(key);
      if (!config) {
        config = resolveConfig({ ...template(), ...(command.overrides ?? {}) });
        if (templateCache.size < 100) templateCache.set(key, config);
      }
      return config;
    }
    return resolveOrFail((command as { config: unknown }).config);
  } catch (error) {
    if (error instanceof DomainError) throw error;
    return fail('errInvalidConfig', {
      reason: error instanceof Error ? error.message.slice(0, 500) : 'invalid',
    });
  }
}

function createGame(command: BeerCommandOf<'CreateGame'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  if (s.exists) fail('errGameExists');
  if (!Number.isInteger(command.seed)) fail('errInvalidConfig', { reason: 'seed' });
  const config = resolveCreateConfig(command);
  checkPolicies(config);
  return [
    {
      type: 'GameCreated',
      data: {
        gameId: command.gameId,
        name: command.name,
        creatorId: command.creatorId,
        seed: command.seed,
        rulesVersion: BEERGAME_RULES_VERSION,
        template: 'template' in command && command.template !== undefined ? command.template : null,
        createdAt: ctx.now,
        ...(command.session ? { session: command.session } : {}),
        config,
      },
    },
  ];
}

/**
 * New settings (docs/beergame.md, "Changing the settings"): the creator's, while week 1 is being
 * played, before any order is in and while no countdown runs; the game is set up again from them.
 */
function configureGame(command: BeerCommandOf<'ConfigureGame'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  if (!settingsOpen(s)) fail('errSettingsLocked');
  const name = command.name.trim();
  if (name === '') fail('errInvalidConfig', { reason: 'name' });
  const config = resolveOrFail(command.config);
  checkPolicies(config);
  return [{ type: 'GameConfigured', data: { name, config, at: ctx.now } }];
}

function joinRole(command: BeerCommandOf<'JoinRole'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  const actor = ctx.actor.userId;
  requireGame(s);
  const f = s.facilities[facilityAt(s, command.facilityId)]!;
  if (f.userId === actor) return [];
  if (s.finished) fail('errGameFinished');
  // The creator has no facility: they watch every one (spec, "Transparent mode").
  if (actor === s.creatorId) fail('errCreatorCannotPlay');
  if (s.facilities.some((x) => x.userId === actor)) fail('errAlreadyPlaying');
  if (f.userId !== null) fail('errRoleTaken');
  const joined: BeerEvent[] = [{ type: 'RoleJoined', data: { facilityId: f.id, userId: actor } }];
  if (timerWaiting(s)) {
    const next = evolve(s, joined[0]!);
    if (everySeatFilled(next)) joined.push(timerStart(next, ctx));
  }
  return joined;
}

/** A free seat drawn at random; a player who holds one already keeps it. */
function joinRandomRole(command: BeerCommandOf<'JoinRandomRole'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  if (s.facilities.some((f) => f.userId === ctx.actor.userId)) return [];
  const facilityId = randomFreeSeat(s, command.seed);
  if (facilityId === null) return fail(s.finished ? 'errGameFinished' : 'errNoFreeRole');
  return joinRole({ type: 'JoinRole', facilityId }, s, ctx);
}

function leaveRole(command: BeerCommandOf<'LeaveRole'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  const f = s.facilities[facilityAt(s, command.facilityId)]!;
  if (f.userId !== ctx.actor.userId && !isGameAdmin(s, ctx)) fail('errNotYourFacility');
  if (f.userId === null) return [];
  return [{ type: 'RoleLeft', data: { facilityId: f.id, userId: f.userId } }];
}

function handToComputer(command: BeerCommandOf<'HandToComputer'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  const i = facilityAt(s, command.facilityId);
  const f = s.facilities[i]!;
  if (!isGameAdmin(s, ctx) && f.userId !== ctx.actor.userId) fail('errNotAllowed');
  const policy = (command.policy ?? s.live[i]!.policy ?? s.config.defaultPolicy).trim();
  if (!isValidPolicy(policy)) fail('errPolicyInvalid', { policy });
  if (f.computer && f.policy === policy) return [];
  return withAutoClose(s, [{ type: 'RoleHandedToComputer', data: { facilityId: f.id, policy } }], ctx, true);
}

/**
 * A computer seat becomes a human one again: the creator frees it (any player may then join it);
 * a player without a seat (say the one who handed it over) takes it at once.
 */
function takeBackRole(command: BeerCommandOf<'TakeBackRole'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  const f = s.facilities[facilityAt(s, command.facilityId)]!;
  const actor = ctx.actor.userId;
  if (isGameAdmin(s, ctx))
    return f.computer ? [{ type: 'RoleTakenBack', data: { facilityId: f.id, userId: null } }] : [];
  if (f.userId === actor) return [];
  if (!f.computer) fail('errNotComputer');
  if (s.facilities.some((x) => x.userId === actor)) fail('errAlreadyPlaying');
  return [{ type: 'RoleTakenBack', data: { facilityId: f.id, userId: actor } }];
}

function placeOrder(command: BeerCommandOf<'PlaceOrder'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  const actor = ctx.actor.userId;
  requireOpen(s);
  const i = facilityAt(s, command.facilityId);
  const f = s.facilities[i]!;
  if (f.userId !== actor || f.computer) fail('errNotYourFacility');
  if (command.week !== undefined && command.week !== s.week) fail('errWeekMismatch', { week: command.week });
  const [capabilityId, cap] = capabilityOf(s.live[i]!, command.capabilityId);
  checkOrder(command.quantity, cap);
  const data = { facilityId: f.id, capabilityId, quantity: command.quantity, week: s.week, userId: actor };
  return withAutoClose(s, [{ type: 'OrderPlaced', data }], ctx);
}

function proposeOrder(command: BeerCommandOf<'ProposeOrder'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  const i = facilityAt(s, command.facilityId);
  const [capabilityId, cap] = capabilityOf(s.live[i]!, command.capabilityId);
  let quantity: number;
  if (command.quantity !== undefined) {
    checkOrder(command.quantity, cap);
    quantity = command.quantity;
  } else {
    const policy = command.policy ?? policyFor(s, i);
    if (!isValidPolicy(policy)) fail('errPolicyInvalid', { policy });
    quantity = fitConstraints(computerOrders(s, command.facilityId, policy)[capabilityId] ?? 0, cap);
  }
  return [
    { type: 'OrderProposed', data: { facilityId: command.facilityId, capabilityId, quantity, week: s.week } },
  ];
}

function confirmAllocations(
  command: BeerCommandOf<'ConfirmAllocations'>,
  s: BeerState,
  ctx: Ctx,
): BeerEvent[] {
  requireOpen(s);
  const f = s.facilities[facilityAt(s, command.facilityId)]!;
  if (f.userId !== ctx.actor.userId && !isGameAdmin(s, ctx)) fail('errNotYourFacility');
  const allocation = s.allocations.find(
    (a) => a.fid === f.id && (command.productId === undefined || a.pid === command.productId),
  );
  if (!allocation) return fail('errNoAllocation');
  let sum = 0;
  const clean: Record<string, number> = {};
  for (const [client, q] of Object.entries(command.allocation)) {
    const asked = own(allocation.requests, client);
    if (asked === undefined || !Number.isInteger(q) || q < 0 || q > asked)
      fail('errAllocationInvalid', { available: allocation.available });
    clean[client] = q;
    sum += q;
  }
  if (sum !== allocation.available) fail('errAllocationInvalid', { available: allocation.available });
  for (const client of Object.keys(allocation.requests)) clean[client] ??= 0;
  return [
    {
      type: 'AllocationConfirmed',
      data: { facilityId: f.id, pid: allocation.pid, week: s.week, allocation: clean },
    },
  ];
}
