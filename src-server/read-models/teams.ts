/**
 * The `teams` and `team_members` read model of the `team-<id>` streams: who belongs to which team
 * with which role and game types, and each team's plans and billing data. Kept current by the
 * append transaction and rebuilt from the events by `npm run projections:rebuild`. Names and
 * e-mail addresses are read from the user records when asked for.
 */
import { type ColumnType, type Kysely, sql } from 'kysely';
import type { PlanGameType } from '../../src-shared/billing/invoice';
import type { Membership, Plan } from '../../src-shared/billing/plans';
import type { BillingData, TeamRole, TeamState } from '../../src-shared/team';
import type { Database } from '../db/schema';
import type { ReadModelWrites } from '../eventstore/event-store';

type Plans = Partial<Record<PlanGameType, Plan>>;

export interface TeamsTable {
  id: string;
  name: string;
  plans: ColumnType<Plans, string, string>;
  billing: ColumnType<BillingData | Record<string, never>, string, string>;
  created_at: ColumnType<Date, Date, never>;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: TeamRole;
  games: ColumnType<PlanGameType[], string, string>;
  joined_at: Date;
}

function teamWrites(db: Kysely<Database>, s: TeamState) {
  const row = { name: s.name, plans: JSON.stringify(s.plans), billing: JSON.stringify(s.billing ?? {}) };
  const memberIds = Object.keys(s.members);
  const team = db
    .insertInto('teams')
    .values({ id: s.teamId, created_at: new Date(s.createdAt), ...row })
    .onConflict((oc) => oc.column('id').doUpdateSet(row));
  const gone = db
    .deleteFrom('team_members')
    .where('team_id', '=', s.teamId)
    .where(memberIds.length > 0 ? sql<boolean>`user_id <> all(${memberIds})` : sql<boolean>`true`);
  const members = Object.entries(s.members).map(([userId, m]) => ({
    team_id: s.teamId,
    user_id: userId,
    role: m.role,
    games: JSON.stringify(m.games),
    joined_at: new Date(m.joinedAt),
  }));
  const upsert =
    members.length > 0
      ? [
          db
            .insertInto('team_members')
            .values(members)
            .onConflict((oc) =>
              oc.columns(['team_id', 'user_id']).doUpdateSet((eb) => ({
                role: eb.ref('excluded.role'),
                games: eb.ref('excluded.games'),
              })),
            ),
        ]
      : [];
  return [team, gone, ...upsert];
}

/** A pending e-mail invitation to a team (a record: deleted when used or withdrawn). */
export interface TeamInvitesTable {
  team_id: string;
  email: string;
  games: ColumnType<PlanGameType[], string, string>;
  invited_by: string;
  invited_at: ColumnType<Date, Date, never>;
}

/** The rows a team's command calls for (every command changes them, or decides nothing). */
export const teamsProjection =
  (_previous: TeamState, next: TeamState): ReadModelWrites =>
  (db) =>
    teamWrites(db, next);

/** Rebuilds both tables from the folded teams, in one transaction. */
export async function replaceTeamRows(db: Kysely<Database>, teams: readonly TeamState[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('team_members').execute();
    await trx.deleteFrom('teams').execute();
    for (const team of teams) for (const write of teamWrites(trx, team)) await write.execute();
  });
}

export interface UserTeam extends Membership {
  teamId: string;
  name: string;
  role: TeamRole;
  games: PlanGameType[];
  joinedAt: Date;
}

/** The user's team accounts (spec `teamAccounts`), the first joined first: the first is their team. */
export async function teamsOfUser(db: Kysely<Database>, userId: string): Promise<UserTeam[]> {
  const rows = await db
    .selectFrom('team_members')
    .innerJoin('teams', 'teams.id', 'team_members.team_id')
    .select([
      'teams.id',
      'teams.name',
      'teams.plans',
      'team_members.role',
      'team_members.games',
      'team_members.joined_at',
    ])
    .where('team_members.user_id', '=', userId)
    .orderBy('team_members.joined_at')
    .orderBy('teams.id')
    .execute();
  return rows.map((r) => ({
    teamId: r.id,
    name: r.name,
    plans: r.plans,
    role: r.role,
    games: r.games,
    joinedAt: r.joined_at,
  }));
}

/** The users who share a team account with `userId` (not themselves). */
export async function teammatesOf(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('team_members as other')
    .innerJoin('team_members as mine', 'mine.team_id', 'other.team_id')
    .select('other.user_id')
    .distinct()
    .where('mine.user_id', '=', userId)
    .where('other.user_id', '<>', userId)
    .execute();
  return rows.map((r) => r.user_id);
}

/** A team's members with their names and addresses, in the order they joined. */
export function membersOfTeam(db: Kysely<Database>, teamId: string) {
  return db
    .selectFrom('team_members')
    .leftJoin('user', 'user.id', 'team_members.user_id')
    .select([
      'team_members.user_id as userId',
      'team_members.role',
      'team_members.games',
      'team_members.joined_at as joinedAt',
      'user.name',
      'user.email',
    ])
    .where('team_members.team_id', '=', teamId)
    .orderBy('team_members.joined_at')
    .orderBy('team_members.user_id')
    .execute();
}
