/** The inputs of the team procedures (spec point 7: addTeamMember, removeTeamMember, joinTeamMember). */
import { z } from 'zod';
import { EMAIL_MAX_LENGTH } from '../rules/email-address';
import { TEAM_NAME_MAX, teamGamesSchema } from '../team/schemas';
import { commandIdInput, idInput, textInput } from './inputs';

const teamName = textInput({ min: 1, max: TEAM_NAME_MAX });
const teamId = idInput;

export const createTeamInput = z.object({ name: teamName, commandId: commandIdInput });
export const renameTeamInput = z.object({ teamId, name: teamName, commandId: commandIdInput });
export const teamActionInput = z.object({ teamId, commandId: commandIdInput });
export const memberActionInput = z.object({ teamId, userId: idInput, commandId: commandIdInput });
export const memberGamesInput = memberActionInput.extend({ games: teamGamesSchema });
export const inviteMemberInput = z.object({
  teamId,
  email: z
    .email({ message: 'team.errEmailInvalid' })
    .max(EMAIL_MAX_LENGTH, { message: 'team.errEmailInvalid' }),
  games: teamGamesSchema,
});
export const withdrawInviteInput = z.object({ teamId, email: z.string().max(EMAIL_MAX_LENGTH) });
/** `?joinTeam=<teamId>.<token>`: the link's two parts. */
export const joinTeamInput = z.object({
  teamId,
  joinToken: z
    .string({ message: 'team.errJoinLinkInvalid' })
    .min(1)
    .max(64, { message: 'team.errJoinLinkInvalid' }),
  commandId: commandIdInput,
});

/** The value of a join link's `joinTeam` parameter, or null when it is not one. */
export function parseJoinTeam(
  value: string | null | undefined,
): { teamId: string; joinToken: string } | null {
  const match = /^([A-Za-z0-9_-]{1,64})\.([A-Za-z0-9_-]{16,64})$/.exec(value ?? '');
  return match ? { teamId: match[1]!, joinToken: match[2]! } : null;
}
export const joinTeamValue = (teamId: string, joinToken: string) => `${teamId}.${joinToken}`;
