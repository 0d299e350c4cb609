/**
 * Team accounts as the procedures use them (spec points 3, 6 and 7): an instructor's own team,
 * invitations by e-mail and by link, and the team as its members see it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { joinTeamValue } from '../../src-shared/api/team';
import type { Actor } from '../../src-shared/eventsourcing';
import { type TeamCommand, type TeamState, teamStreamId } from '../../src-shared/team';
import { membersOfTeam, teamsOfUser } from '../read-models/teams';
import { teamStream } from '../streams/team';
import type { Context } from './context';
import { actorOf } from './procedures';
import { appError } from './trpc';

type SignedIn = Context & { user: NonNullable<Context['user']> };

/** The team an instructor creates is named by their id: a retried creation finds it. */
export const ownTeamId = (userId: string) =>
  createHash('sha256').update(`team/${userId}`).digest('base64url').slice(0, 12);

export const newJoinToken = () => randomBytes(18).toString('base64url');

export function runTeam(
  ctx: Context,
  teamId: string,
  command: TeamCommand,
  commandId: string,
  actor?: Actor,
) {
  return ctx.services.commands.execute(teamStream, teamStreamId(teamId), command, {
    now: ctx.services.now(),
    actor: actor ?? actorOf(ctx),
    commandId,
  });
}

export async function loadTeam(ctx: Context, teamId: string): Promise<TeamState> {
  return (await ctx.services.commands.load(teamStream, teamStreamId(teamId))).state;
}

/** A team the caller belongs to, or the spec's refusal. */
export async function memberTeam(ctx: SignedIn, teamId: string): Promise<TeamState> {
  const team = await loadTeam(ctx, teamId);
  if (!team.exists || !team.members[ctx.user.id]) throw appError('NOT_FOUND', 'team.errTeamUnknown');
  return team;
}

/** A team the caller administers. */
export async function adminTeam(ctx: SignedIn, teamId: string): Promise<TeamState> {
  const team = await memberTeam(ctx, teamId);
  if (team.members[ctx.user.id]!.role !== 'admin') throw appError('FORBIDDEN', 'team.errAdminOnly');
  return team;
}

/** Creates the caller's own team (once: a second call answers the same team). */
export async function createOwnTeam(ctx: SignedIn, name: string, commandId: string): Promise<string> {
  const teamId = ownTeamId(ctx.user.id);
  const team = await loadTeam(ctx, teamId);
  if (!team.exists)
    await runTeam(ctx, teamId, { type: 'CreateTeam', teamId, name, joinToken: newJoinToken() }, commandId);
  return teamId;
}

/** The caller's team (spec: the first of `teamAccounts`), made under their name when they have none. */
export async function firstTeamOrNew(ctx: SignedIn, commandId: string): Promise<string> {
  const [first] = await teamsOfUser(ctx.services.database.db, ctx.user.id);
  const name = ctx.user.name.trim().slice(0, 80) || ctx.user.email?.slice(0, 80) || 'Team';
  return first?.teamId ?? createOwnTeam(ctx, name, `${commandId}-team`);
}

export const joinLinkOf = (ctx: Context, team: TeamState) =>
  `${ctx.services.publicUrl}/dashboard/subscription?joinTeam=${joinTeamValue(team.teamId, team.joinToken)}`;

/** The caller's teams as they see them: members for all, invitations and the join link for admins. */
export async function teamsOverview(ctx: SignedIn) {
  const db = ctx.services.database.db;
  const teams = await teamsOfUser(db, ctx.user.id);
  return Promise.all(
    teams.map(async (team, index) => {
      const admin = team.role === 'admin';
      const members = (await membersOfTeam(db, team.teamId)).map((m) => ({
        userId: m.userId,
        role: m.role,
        games: m.games,
        joinedAt: m.joinedAt.getTime(),
        name: m.name ?? null,
        email: admin ? (m.email ?? null) : null,
      }));
      const invites = admin
        ? await db
            .selectFrom('team_invites')
            .select(['email', 'games', 'invited_at'])
            .where('team_id', '=', team.teamId)
            .orderBy('invited_at')
            .execute()
        : [];
      const state = admin ? await loadTeam(ctx, team.teamId) : null;
      return {
        teamId: team.teamId,
        name: team.name,
        role: team.role,
        /** Spec: the first of a user's team accounts is their team. */
        first: index === 0,
        members,
        invites: invites.map((i) => ({ email: i.email, games: i.games, invitedAt: i.invited_at.getTime() })),
        joinLink: state ? joinLinkOf(ctx, state) : null,
      };
    }),
  );
}
