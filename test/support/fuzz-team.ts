/**
 * The team the fuzz plays against (issue 27), on a server with plans on: the fuzz's instructor
 * administers it (their address verified, so that invitations reach the procedure), a colleague
 * joined it by its link, and it paid by invoice for a plan of each game type, so that games of
 * both types are made as with plans off (bought through `billing.purchase`). `refreshFuzzTeam` undoes what the fuzz did to it since:
 * the admin role handed on, the colleague removed, a member's games taken away, a plan's invoice
 * cancelled.
 */
import { randomUUID } from 'node:crypto';
import type { RunningServer } from '../../src-server/main';
import { teamStream } from '../../src-server/streams/team';
import type { PlanGameType } from '../../src-shared/billing/invoice';
import { isPlanActive, PLAN_GAME_TYPES } from '../../src-shared/billing/plans';
import { teamStreamId } from '../../src-shared/team';
import type { ApiUser } from './server';
import { joinTokenOf, purchase, verifyEmail } from './team-matrix';

export interface FuzzTeam {
  teamId: string;
  /** The colleague's user id (a member: whom the member procedures act on). */
  colleagueId: string;
  /** The team's join link's token, as of the last refresh. */
  joinToken: string;
  /** The team's invoices, each a plan of a game type. */
  invoiceNumbers: string[];
}

/** The fuzz's instructor's team, with `colleague` in it and a plan of each game type. */
export async function createFuzzTeam(
  server: RunningServer,
  admin: ApiUser,
  colleague: ApiUser,
): Promise<FuzzTeam> {
  await verifyEmail(server, admin.userId);
  const { teamId } = await admin.api.team.create.mutate({ name: 'Fuzz team', commandId: randomUUID() });
  const joinToken = await joinTokenOf(admin.api, teamId);
  await colleague.api.team.join.mutate({ teamId, joinToken, commandId: randomUUID() });
  const team: FuzzTeam = { teamId, colleagueId: colleague.userId, joinToken, invoiceNumbers: [] };
  await ensurePlans(server, admin, team);
  return team;
}

/** A plan of each game type: a new invoice for each one the fuzz cancelled. */
async function ensurePlans(server: RunningServer, admin: ApiUser, team: FuzzTeam) {
  const { state } = await server.services.commands.load(teamStream, teamStreamId(team.teamId));
  const now = server.services.now();
  const missing = PLAN_GAME_TYPES.filter((type: PlanGameType) => !isPlanActive(state.plans[type], now));
  for (const type of missing) team.invoiceNumbers.push(await purchase(admin.api, type));
}

/** The team as it was: the fuzz's instructor its admin, the colleague a member, a plan of each game type. */
export async function refreshFuzzTeam(
  server: RunningServer,
  admin: ApiUser,
  colleague: ApiUser,
  team: FuzzTeam,
): Promise<void> {
  const { state } = await server.services.commands.load(teamStream, teamStreamId(team.teamId));
  if (state.members[colleague.userId]?.role === 'admin')
    await colleague.api.team.transferAdmin.mutate({
      teamId: team.teamId,
      userId: admin.userId,
      commandId: randomUUID(),
    });
  team.joinToken = await joinTokenOf(admin.api, team.teamId);
  if (!state.members[colleague.userId])
    await colleague.api.team.join.mutate({
      teamId: team.teamId,
      joinToken: team.joinToken,
      commandId: randomUUID(),
    });
  // Both may play both games again: a fuzzed `team.setMemberGames` took them away.
  const { members } = (await server.services.commands.load(teamStream, teamStreamId(team.teamId))).state;
  for (const user of [admin, colleague])
    if (PLAN_GAME_TYPES.some((type) => !members[user.userId]?.games.includes(type)))
      await admin.api.team.setMemberGames.mutate({
        teamId: team.teamId,
        userId: user.userId,
        games: [...PLAN_GAME_TYPES],
        commandId: randomUUID(),
      });
  await ensurePlans(server, admin, team);
}
