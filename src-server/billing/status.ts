/**
 * What the dashboard shows of plans (spec points 3, 6, 9): the game types available to the
 * instructor, each plan of their team with its usage tag, whether a trial is offered, and the
 * onboarding flag `hasPlan`. With plans off: every game type, nothing to buy.
 */
import type { Kysely } from 'kysely';
import { CATALOGUE } from '../../src-shared/billing/catalogue';
import {
  availableGameTypes,
  isHistoricUser,
  isPlanActive,
  PLAN_GAME_TYPES,
  planFull,
  usageTag,
} from '../../src-shared/billing/plans';
import { teamStreamId } from '../../src-shared/team';
import type { Database } from '../db/schema';
import { onboardingOf } from '../read-models/games';
import { teamsOfUser } from '../read-models/teams';
import { teamStream } from '../streams/team';
import type { Context } from '../trpc/context';
import { playersUnderPlan } from './usage';

/** Whether any of the user's teams has an active plan (the onboarding flag `hasPlan`). */
export async function hasPlan(db: Kysely<Database>, userId: string, now: number): Promise<boolean> {
  const teams = await teamsOfUser(db, userId);
  return teams.some((team) => PLAN_GAME_TYPES.some((type) => isPlanActive(team.plans[type], now)));
}

export async function planStatus(ctx: Context & { user: { id: string } }) {
  const { billing, database, now: clock } = ctx.services;
  const db = database.db;
  const now = clock();
  const teams = await teamsOfUser(db, ctx.user.id);
  const first = teams[0];
  if (!billing.plans)
    return {
      plansOn: false as const,
      availableGameTypes: [...PLAN_GAME_TYPES],
      hasPlan: false,
      teamId: first?.teamId ?? null,
    };
  const state = first
    ? (await ctx.services.commands.load(teamStream, teamStreamId(first.teamId))).state
    : null;
  const plans = await Promise.all(
    PLAN_GAME_TYPES.map(async (gameType) => {
      const plan = state?.plans[gameType];
      const current = first && plan ? (await playersUnderPlan(db, first.teamId, gameType, plan)).length : 0;
      return {
        gameType,
        plan: plan ?? null,
        active: isPlanActive(plan, now),
        current,
        tag: usageTag(current, plan, now),
        full: planFull(plan, current, now),
      };
    }),
  );
  const user = await db
    .selectFrom('user')
    .select(['createdAt', 'notifyPlanPurchase'])
    .where('id', '=', ctx.user.id)
    .executeTakeFirstOrThrow();
  const onboarding = await onboardingOf(db, ctx.user.id);
  const anyPlan = teams.some((t) => PLAN_GAME_TYPES.some((type) => t.plans[type] !== undefined));
  const historic = isHistoricUser(
    {
      createdAt: new Date(user.createdAt).getTime(),
      hasSharedGames: onboarding.hasSharedGames,
      hasPlan: anyPlan,
    },
    now,
  );
  const admin = !first || first.role === 'admin';
  return {
    plansOn: true as const,
    availableGameTypes: availableGameTypes(true, teams, now),
    hasPlan: await hasPlan(db, ctx.user.id, now),
    teamId: first?.teamId ?? null,
    admin,
    plans,
    historic,
    trial: {
      offered: admin && !historic && !(state?.trialUsed ?? false) && !plans.some((p) => p.active),
      days: billing.trialDays,
      players: billing.trialPlayers,
    },
    billing: admin ? (state?.billing ?? null) : null,
    catalogue: CATALOGUE,
    notifyPlanPurchase: user.notifyPlanPurchase,
  };
}
