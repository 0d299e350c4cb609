/**
 * Team accounts (spec points 3, 6 and 7): a team, its members, their roles and game types,
 * invitations by e-mail and by link. Teams work with plans on or off: a self-hoster's colleagues
 * run each other's sessions too.
 */
import {
  createTeamInput,
  inviteMemberInput,
  joinTeamInput,
  memberActionInput,
  memberGamesInput,
  renameTeamInput,
  teamActionInput,
  withdrawInviteInput,
} from '../../../src-shared/api/team';
import { instructorProcedure, rateLimit, verifiedInstructorProcedure } from '../procedures';
import {
  adminTeam,
  createOwnTeam,
  joinLinkOf,
  loadTeam,
  memberTeam,
  newJoinToken,
  runTeam,
  teamsOverview,
} from '../team-service';
import { appError, router } from '../trpc';

const done = { ok: true } as const;

export const teamRouter = router({
  /** The caller's teams (spec `teamAccounts`, the first is their team), as a member sees them. */
  mine: instructorProcedure.query(({ ctx }) => teamsOverview(ctx)),

  /** A team of the caller's own, of which they are the admin (one per instructor). */
  create: instructorProcedure.input(createTeamInput).mutation(async ({ ctx, input }) => ({
    teamId: await createOwnTeam(ctx, input.name, input.commandId),
  })),

  rename: instructorProcedure.input(renameTeamInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    await runTeam(ctx, input.teamId, { type: 'RenameTeam', name: input.name }, input.commandId);
    return done;
  }),

  /**
   * Spec `addTeamMember`: mails a colleague the team's join link, from a verified address; the
   * game types chosen here are theirs when they join.
   */
  invite: verifiedInstructorProcedure.input(inviteMemberInput).mutation(async ({ ctx, input }) => {
    const team = await adminTeam(ctx, input.teamId);
    await rateLimit(ctx, `team-invites:${ctx.user.id}`, ctx.services.limits.teamInvites);
    const email = input.email.toLowerCase();
    const db = ctx.services.database.db;
    const row = { games: JSON.stringify(input.games), invited_by: ctx.user.id };
    await db
      .insertInto('team_invites')
      .values({ team_id: team.teamId, email, invited_at: new Date(ctx.services.now()), ...row })
      .onConflict((oc) => oc.columns(['team_id', 'email']).doUpdateSet(row))
      .execute();
    await ctx.services.queueMail({
      idempotencyKey: `team-invite:${team.teamId}:${email}:${ctx.services.now()}`,
      to: email,
      locale: ctx.locale,
      kind: 'teamInvite',
      values: { inviterName: ctx.user.name, teamName: team.name, link: joinLinkOf(ctx, team) },
    });
    return done;
  }),

  withdrawInvite: instructorProcedure.input(withdrawInviteInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    await ctx.services.database.db
      .deleteFrom('team_invites')
      .where('team_id', '=', input.teamId)
      .where('email', '=', input.email.toLowerCase())
      .execute();
    return done;
  }),

  /** A new join link; the old one stops working. */
  rotateLink: instructorProcedure.input(teamActionInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    await runTeam(ctx, input.teamId, { type: 'RotateJoinLink', joinToken: newJoinToken() }, input.commandId);
    return { joinLink: joinLinkOf(ctx, await loadTeam(ctx, input.teamId)) };
  }),

  /**
   * Spec `joinTeamMember`: the caller joins with the link's token (after signing in: the link's
   * `?joinTeam=` waits for it), with the game types of their e-mail invitation if there is one.
   */
  join: instructorProcedure.input(joinTeamInput).mutation(async ({ ctx, input }) => {
    const db = ctx.services.database.db;
    const invite = ctx.user.email
      ? await db
          .selectFrom('team_invites')
          .select('games')
          .where('team_id', '=', input.teamId)
          .where('email', '=', ctx.user.email.toLowerCase())
          .executeTakeFirst()
      : undefined;
    const command = { type: 'JoinTeam' as const, joinToken: input.joinToken, games: invite?.games ?? null };
    const { state } = await runTeam(ctx, input.teamId, command, input.commandId);
    if (!state.members[ctx.user.id]) throw appError('BAD_REQUEST', 'team.errJoinLinkInvalid');
    if (invite && ctx.user.email)
      await db
        .deleteFrom('team_invites')
        .where('team_id', '=', input.teamId)
        .where('email', '=', ctx.user.email.toLowerCase())
        .execute();
    return { teamId: input.teamId, name: state.name };
  }),

  /** Spec `removeTeamMember`. */
  removeMember: instructorProcedure.input(memberActionInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    await runTeam(ctx, input.teamId, { type: 'RemoveMember', userId: input.userId }, input.commandId);
    return done;
  }),

  leave: instructorProcedure.input(teamActionInput).mutation(async ({ ctx, input }) => {
    await memberTeam(ctx, input.teamId);
    await runTeam(ctx, input.teamId, { type: 'LeaveTeam' }, input.commandId);
    return done;
  }),

  transferAdmin: instructorProcedure.input(memberActionInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    await runTeam(ctx, input.teamId, { type: 'TransferAdmin', userId: input.userId }, input.commandId);
    return done;
  }),

  setMemberGames: instructorProcedure.input(memberGamesInput).mutation(async ({ ctx, input }) => {
    await adminTeam(ctx, input.teamId);
    const command = { type: 'SetMemberGames' as const, userId: input.userId, games: input.games };
    await runTeam(ctx, input.teamId, command, input.commandId);
    return done;
  }),
});
