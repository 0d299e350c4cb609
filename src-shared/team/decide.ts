/**
 * The team decider: one function per command. Admin commands come from an admin (or the server
 * itself, `system`: a purchase, a cancellation, the VAT service's verdict).
 */
import { DAY_MS, isPlanActive, nextPlan, PLAN_GAME_TYPES } from '../billing/plans';
import { type CommandContext, type Decider, DomainError } from '../eventsourcing/decider';
import type { TeamEvent } from './events';
import { evolveTeam } from './evolve';
import type { TeamCommand } from './schemas';
import { adminsOf, initialTeamState, isTeamAdmin, type TeamState } from './state';

type Ctx = CommandContext;
type CommandOf<T extends TeamCommand['type']> = Extract<TeamCommand, { type: T }>;

const isSystem = (ctx: Ctx) => ctx.actor.role === 'system';

function requireTeam(s: TeamState): void {
  if (!s.exists) throw new DomainError('team.errTeamUnknown');
}

function requireAdmin(s: TeamState, ctx: Ctx): void {
  requireTeam(s);
  if (!isSystem(ctx) && !isTeamAdmin(s, ctx.actor.userId)) throw new DomainError('team.errAdminOnly');
}

function requireMember(s: TeamState, userId: string): void {
  if (!s.members[userId]) throw new DomainError('team.errNotMember');
}

function create(s: TeamState, c: CommandOf<'CreateTeam'>, ctx: Ctx): TeamEvent[] {
  // Two of the creator's first actions at once (two purchases) both make their team: once.
  if (s.exists && s.teamId === c.teamId && s.members[ctx.actor.userId]) return [];
  if (s.exists) throw new DomainError('team.errTeamExists');
  const data = {
    teamId: c.teamId,
    name: c.name,
    creatorId: ctx.actor.userId,
    joinToken: c.joinToken,
    at: ctx.now,
  };
  return [{ type: 'TeamCreated', data: { ...data, games: [...PLAN_GAME_TYPES] } }];
}

function join(s: TeamState, c: CommandOf<'JoinTeam'>, ctx: Ctx): TeamEvent[] {
  if (!s.exists || c.joinToken !== s.joinToken) throw new DomainError('team.errJoinLinkInvalid');
  if (s.members[ctx.actor.userId]) return [];
  const games = c.games ?? [...PLAN_GAME_TYPES];
  return [{ type: 'MemberJoined', data: { userId: ctx.actor.userId, games, at: ctx.now } }];
}

/** The last admin hands the role on before leaving, and is never removed. */
function requireNotLastAdmin(s: TeamState, userId: string): void {
  if (isTeamAdmin(s, userId) && adminsOf(s).length === 1) throw new DomainError('team.errLastAdmin');
}

function remove(s: TeamState, c: CommandOf<'RemoveMember'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  requireMember(s, c.userId);
  requireNotLastAdmin(s, c.userId);
  return [{ type: 'MemberRemoved', data: { userId: c.userId, at: ctx.now } }];
}

function leave(s: TeamState, ctx: Ctx): TeamEvent[] {
  requireTeam(s);
  requireMember(s, ctx.actor.userId);
  requireNotLastAdmin(s, ctx.actor.userId);
  return [{ type: 'MemberLeft', data: { userId: ctx.actor.userId, at: ctx.now } }];
}

function transfer(s: TeamState, c: CommandOf<'TransferAdmin'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  requireMember(s, c.userId);
  if (isTeamAdmin(s, c.userId)) return [];
  return [{ type: 'AdminTransferred', data: { from: ctx.actor.userId, to: c.userId } }];
}

function setGames(s: TeamState, c: CommandOf<'SetMemberGames'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  requireMember(s, c.userId);
  const games = PLAN_GAME_TYPES.filter((type) => c.games.includes(type));
  if (JSON.stringify(games) === JSON.stringify(s.members[c.userId]!.games)) return [];
  return [{ type: 'MemberGamesSet', data: { userId: c.userId, games } }];
}

/** One trial per team, and none for a game type the team already pays for. */
function startTrial(s: TeamState, c: CommandOf<'StartTrial'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  if (s.trialUsed) throw new DomainError('team.errTrialUsed');
  if (c.gameTypes.some((type) => isPlanActive(s.plans[type], ctx.now)))
    throw new DomainError('team.errPlanActive');
  const { planName, players, durationDays } = c;
  const until = ctx.now + durationDays * DAY_MS;
  return [
    {
      type: 'TrialStarted',
      data: { gameTypes: c.gameTypes, planName, players, since: ctx.now, until, durationDays },
    },
  ];
}

function purchase(s: TeamState, c: CommandOf<'PurchasePlan'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  const { gameType, planName, players, durationDays, invoiceNumber } = c;
  const bought = { planName, players, durationDays, source: 'invoice' as const, invoiceNumber };
  const plan = nextPlan(s.plans[gameType], bought, ctx.now);
  const events: TeamEvent[] = [];
  if (JSON.stringify(s.billing) !== JSON.stringify(c.billing))
    events.push({ type: 'BillingDataSet', data: { billing: c.billing } });
  const { since, until } = plan;
  events.push({
    type: 'PlanPurchased',
    data: { gameType, planName, players, since, until, durationDays, invoiceNumber },
  });
  return events;
}

function cancelPlan(s: TeamState, c: CommandOf<'CancelPlan'>, ctx: Ctx): TeamEvent[] {
  requireAdmin(s, ctx);
  const plan = s.plans[c.gameType];
  if (!plan || plan.cancelled) return [];
  const until = plan.invoiceNumber === c.invoiceNumber ? plan.until : plan.until - c.durationDays * DAY_MS;
  return [
    {
      type: 'PlanCancelled',
      data: { gameType: c.gameType, invoiceNumber: c.invoiceNumber, until, at: ctx.now },
    },
  ];
}

export function decideTeam(c: TeamCommand, s: TeamState, ctx: Ctx): TeamEvent[] {
  switch (c.type) {
    case 'CreateTeam':
      return create(s, c, ctx);
    case 'RenameTeam':
      requireAdmin(s, ctx);
      return c.name === s.name ? [] : [{ type: 'TeamRenamed', data: { name: c.name } }];
    case 'RotateJoinLink':
      requireAdmin(s, ctx);
      return [{ type: 'JoinLinkRotated', data: { joinToken: c.joinToken } }];
    case 'JoinTeam':
      return join(s, c, ctx);
    case 'RemoveMember':
      return remove(s, c, ctx);
    case 'LeaveTeam':
      return leave(s, ctx);
    case 'TransferAdmin':
      return transfer(s, c, ctx);
    case 'SetMemberGames':
      return setGames(s, c, ctx);
    case 'StartTrial':
      return startTrial(s, c, ctx);
    case 'PurchasePlan':
      return purchase(s, c, ctx);
    case 'CancelPlan':
      return cancelPlan(s, c, ctx);
    case 'SetBillingData':
      requireAdmin(s, ctx);
      return JSON.stringify(s.billing) === JSON.stringify(c.billing)
        ? []
        : [{ type: 'BillingDataSet', data: { billing: c.billing } }];
    case 'ClearVatNumber':
      requireAdmin(s, ctx);
      return s.billing?.euVatNumber ? [{ type: 'VatNumberCleared', data: { at: ctx.now } }] : [];
  }
}

export const teamDecider: Decider<TeamCommand, TeamEvent, TeamState> = {
  initialState: initialTeamState,
  decide: decideTeam,
  evolve: evolveTeam,
};
