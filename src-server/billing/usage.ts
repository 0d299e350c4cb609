/**
 * Plans at the door (spec points 3, 6 and 9): which game types an instructor may create games
 * of, how many players a team's plan has taken, and whether a new player may take a seat. All
 * decided before a class: a game already running is never stopped, a player already counted is
 * always let back in.
 */
import { type Kysely, sql } from 'kysely';
import type { PlanGameType } from '../../src-shared/billing/invoice';
import {
  gameTypeAvailable,
  isPlanActive,
  PLAN_GAME_TYPES,
  type Plan,
  playerAdmitted,
} from '../../src-shared/billing/plans';
import type { Database } from '../db/schema';
import { teamsOfUser, type UserTeam } from '../read-models/teams';
import type { Context } from '../trpc/context';
import { appError } from '../trpc/trpc';

const isPlanGameType = (name: string): name is PlanGameType =>
  (PLAN_GAME_TYPES as readonly string[]).includes(name);

/** Refuses the creation of a game of a type the instructor has no active plan for (plans on only). */
export async function requireGameType(ctx: Context & { user: { id: string } }, gameTypes: readonly string[]) {
  if (!ctx.services.billing.plans) return;
  const teams = await teamsOfUser(ctx.services.database.db, ctx.user.id);
  const now = ctx.services.now();
  for (const type of gameTypes)
    if (!isPlanGameType(type) || !gameTypeAvailable(true, teams, type, now))
      throw appError('FORBIDDEN', 'billing.errGameTypeUnavailable');
}

/** The team whose plan a member's games of `gameType` run under: the first that grants it. */
export function grantingTeam(
  teams: readonly UserTeam[],
  gameType: PlanGameType,
  now: number,
): UserTeam | undefined {
  return teams.find((team) => team.games.includes(gameType) && isPlanActive(team.plans[gameType], now));
}

/**
 * The players a team's plan has taken: every person seated in a game of the type made by one of
 * the team's members since the plan's period began.
 */
export async function playersUnderPlan(
  db: Kysely<Database>,
  teamId: string,
  gameType: PlanGameType,
  plan: Plan,
): Promise<string[]> {
  const rows = await db
    .selectFrom('games')
    .innerJoin('team_members', 'team_members.user_id', 'games.creator_id')
    .select(sql<string>`unnest(games.player_ids)`.as('player'))
    .distinct()
    .where('team_members.team_id', '=', teamId)
    .where('games.type', '=', gameType)
    .where('games.created_at', '>=', new Date(plan.since))
    .execute();
  return rows.map((r) => r.player);
}

/**
 * Lets a new player into a game of `creatorId`'s, or refuses them with the reason (the player's
 * page shows it; the instructor sees the plan full on the dashboard before the class).
 */
export async function admitPlayer(
  ctx: Context,
  game: { gameType: string; creatorId: string },
  userId: string,
): Promise<void> {
  if (!ctx.services.billing.plans || !isPlanGameType(game.gameType)) return;
  const db = ctx.services.database.db;
  const now = ctx.services.now();
  const team = grantingTeam(await teamsOfUser(db, game.creatorId), game.gameType, now);
  const plan = team?.plans[game.gameType];
  if (!team || !plan) throw appError('FORBIDDEN', 'billing.errPlanInactive');
  const players = await playersUnderPlan(db, team.teamId, game.gameType, plan);
  const counted = { current: players.length, alreadyCounted: players.includes(userId) };
  if (!playerAdmitted(true, plan, counted, now)) throw appError('FORBIDDEN', 'billing.errPlayerLimit');
}
