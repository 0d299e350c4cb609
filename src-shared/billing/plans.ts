/**
 * Plans per game type (spec points 3, 6 and 9): when a plan is active, which game types a team
 * member may use, the player usage tag, who may join at a plan's limit, and the historic user.
 * With plans off (self-hosting) every instructor has every game type without limit.
 */
import type { PlanGameType } from './invoice';

export const PLAN_GAME_TYPES = ['beergame', 'leangame'] as const satisfies readonly PlanGameType[];

/** A team's plan for one game type (spec point 3: active, until, duration, planName, players). */
export interface Plan {
  planName: string;
  /** Players at once; null: unlimited. */
  players: number | null;
  /** Epoch ms: when the plan's current period began (players are counted from then). */
  since: number;
  /** Epoch ms: the end of the period. */
  until: number;
  durationDays: number;
  source: 'trial' | 'invoice';
  /** The invoice that paid for it (a trial: null). */
  invoiceNumber: string | null;
  /** Cancelled by a credit note. */
  cancelled: boolean;
}

export const DAY_MS = 86_400_000;

/** Spec `active`: not cancelled, and now within its period. */
export const isPlanActive = (plan: Plan | undefined, now: number): plan is Plan =>
  plan !== undefined && !plan.cancelled && plan.since <= now && now < plan.until;

/**
 * A plan bought or renewed: a plan still active is extended from its end (the players counted
 * so far stay counted), otherwise a new period starts now.
 */
export function nextPlan(
  current: Plan | undefined,
  bought: Omit<Plan, 'since' | 'until' | 'cancelled'>,
  now: number,
): Plan {
  const extending = isPlanActive(current, now);
  const since = extending ? current.since : now;
  const from = extending ? current.until : now;
  return { ...bought, since, until: from + bought.durationDays * DAY_MS, cancelled: false };
}

/** What a team tells of one member, for the availability rule. */
export interface Membership {
  /** The game types the member is assigned. */
  games: readonly string[];
  plans: Partial<Record<PlanGameType, Plan>>;
}

/**
 * Spec point 6: a game type is available only if the member is assigned it and the team's plan
 * for it is active, in any of the member's teams; with plans off, always.
 */
export function gameTypeAvailable(
  plansOn: boolean,
  memberships: readonly Membership[],
  gameType: PlanGameType,
  now: number,
): boolean {
  if (!plansOn) return true;
  return memberships.some((m) => m.games.includes(gameType) && isPlanActive(m.plans[gameType], now));
}

/** The game types available to a member (spec point 6), in the catalogue's order. */
export const availableGameTypes = (
  plansOn: boolean,
  memberships: readonly Membership[],
  now: number,
): PlanGameType[] => PLAN_GAME_TYPES.filter((type) => gameTypeAvailable(plansOn, memberships, type, now));

/**
 * Spec point 9: "{current}/{max}" per game type, hidden (null) when the plan has unlimited
 * players or no maximum, or there is no active plan.
 */
export function usageTag(current: number, plan: Plan | undefined, now: number): string | null {
  if (!isPlanActive(plan, now) || plan.players === null || plan.players <= 0) return null;
  return `${current}/${plan.players}`;
}

/**
 * Whether a player may take a seat under a plan (decided at the door, never during a game): a
 * player already counted always may; a new one only while the count is below the maximum.
 * With plans off there is no limit.
 */
export function playerAdmitted(
  plansOn: boolean,
  plan: Plan | undefined,
  counted: { current: number; alreadyCounted: boolean },
  now: number,
): boolean {
  if (!plansOn || counted.alreadyCounted) return true;
  if (!isPlanActive(plan, now)) return false;
  return plan.players === null || counted.current < plan.players;
}

/** Whether a plan's players are all taken: the instructor is told before the class. */
export const planFull = (plan: Plan | undefined, current: number, now: number): boolean =>
  isPlanActive(plan, now) && plan.players !== null && current >= plan.players;

/**
 * Spec point 6, "Historic user": has shared games and an account older than 20 days, or has a
 * plan and an account older than 90 days. A historic user is not offered a trial (it is for
 * newcomers): the subscription tab offers to buy.
 */
export function isHistoricUser(
  user: { createdAt: number; hasSharedGames: boolean; hasPlan: boolean },
  now: number,
): boolean {
  const age = now - user.createdAt;
  return (user.hasSharedGames && age > 20 * DAY_MS) || (user.hasPlan && age > 90 * DAY_MS);
}
