/** A team account as its events leave it (spec point 3, "Team"). */
import type { PlanGameType } from '../billing/invoice';
import type { Plan } from '../billing/plans';
import type { BillingData, TeamRole } from './schemas';

export interface TeamMember {
  role: TeamRole;
  games: PlanGameType[];
  joinedAt: number;
}

export interface TeamState {
  exists: boolean;
  teamId: string;
  name: string;
  createdAt: number;
  /** Keyed by user id, in the order they joined. */
  members: Record<string, TeamMember>;
  joinToken: string;
  plans: Partial<Record<PlanGameType, Plan>>;
  billing: BillingData | null;
  /** A team has one trial. */
  trialUsed: boolean;
}

export const initialTeamState: TeamState = {
  exists: false,
  teamId: '',
  name: '',
  createdAt: 0,
  members: {},
  joinToken: '',
  plans: {},
  billing: null,
  trialUsed: false,
};

export const isTeamAdmin = (s: TeamState, userId: string): boolean => s.members[userId]?.role === 'admin';
export const adminsOf = (s: TeamState): string[] =>
  Object.entries(s.members)
    .filter(([, m]) => m.role === 'admin')
    .map(([id]) => id);
