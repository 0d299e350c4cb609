/** Folds a team event into the team's state. */
import type { TeamEvent } from './events';
import type { TeamState } from './state';

function withoutMember(s: TeamState, userId: string): TeamState {
  const { [userId]: _gone, ...members } = s.members;
  return { ...s, members };
}

/** A team's plans after a trial, a purchase or a cancellation. */
function evolvePlans(
  s: TeamState,
  e: Extract<TeamEvent, { type: 'TrialStarted' | 'PlanPurchased' | 'PlanCancelled' }>,
): TeamState {
  switch (e.type) {
    case 'TrialStarted': {
      const plans = { ...s.plans };
      for (const type of e.data.gameTypes)
        plans[type] = {
          planName: e.data.planName,
          players: e.data.players,
          since: e.data.since,
          until: e.data.until,
          durationDays: e.data.durationDays,
          source: 'trial',
          invoiceNumber: null,
          cancelled: false,
        };
      return { ...s, plans, trialUsed: true };
    }
    case 'PlanPurchased': {
      const { gameType, planName, players, since, until, durationDays, invoiceNumber } = e.data;
      const plan = {
        planName,
        players,
        since,
        until,
        durationDays,
        source: 'invoice' as const,
        invoiceNumber,
        cancelled: false,
      };
      return { ...s, plans: { ...s.plans, [gameType]: plan } };
    }
    case 'PlanCancelled': {
      const plan = s.plans[e.data.gameType];
      if (!plan) return s;
      // The invoice of the current period: the plan ends; an earlier one only shortens it.
      const cancelled = plan.invoiceNumber === e.data.invoiceNumber;
      const changed = cancelled ? { ...plan, cancelled } : { ...plan, until: e.data.until };
      return { ...s, plans: { ...s.plans, [e.data.gameType]: changed } };
    }
  }
}

export function evolveTeam(s: TeamState, e: TeamEvent): TeamState {
  switch (e.type) {
    case 'TeamCreated':
      return {
        ...s,
        exists: true,
        teamId: e.data.teamId,
        name: e.data.name,
        createdAt: e.data.at,
        joinToken: e.data.joinToken,
        members: { [e.data.creatorId]: { role: 'admin', games: e.data.games, joinedAt: e.data.at } },
      };
    case 'TeamRenamed':
      return { ...s, name: e.data.name };
    case 'JoinLinkRotated':
      return { ...s, joinToken: e.data.joinToken };
    case 'MemberJoined':
      return {
        ...s,
        members: {
          ...s.members,
          [e.data.userId]: { role: 'member', games: e.data.games, joinedAt: e.data.at },
        },
      };
    case 'MemberRemoved':
    case 'MemberLeft':
      return withoutMember(s, e.data.userId);
    case 'AdminTransferred': {
      const from = s.members[e.data.from]!;
      const to = s.members[e.data.to]!;
      return {
        ...s,
        members: {
          ...s.members,
          [e.data.from]: { ...from, role: 'member' },
          [e.data.to]: { ...to, role: 'admin' },
        },
      };
    }
    case 'MemberGamesSet':
      return {
        ...s,
        members: { ...s.members, [e.data.userId]: { ...s.members[e.data.userId]!, games: e.data.games } },
      };
    case 'TrialStarted':
    case 'PlanPurchased':
    case 'PlanCancelled':
      return evolvePlans(s, e);
    case 'BillingDataSet':
      return { ...s, billing: e.data.billing };
    case 'VatNumberCleared':
      return s.billing ? { ...s, billing: { ...s.billing, euVatNumber: null } } : s;
  }
}
