/**
 * A team account's commands (spec points 3, 6 and 7): its members, their roles and game types,
 * its plans and billing data. The server checks every command against these schemas.
 */
import { z } from 'zod';
import { PLAN_GAME_TYPES } from '../billing/plans';

const userId = z.string().min(1).max(64);
export const TEAM_ROLES = ['admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];
export const TEAM_NAME_MAX = 80;
export const teamNameSchema = z.string().trim().min(1).max(TEAM_NAME_MAX);
export const teamGamesSchema = z.array(z.enum(PLAN_GAME_TYPES)).max(PLAN_GAME_TYPES.length);

const planFields = {
  planName: z.string().min(1).max(40),
  players: z.number().int().positive().nullable(),
  durationDays: z.number().int().positive().max(3660),
};

export const billingDataSchema = z.object({
  organisation: z.string().trim().max(120),
  address: z.array(z.string().trim().max(120)).max(4),
  countryCode: z.string().regex(/^[A-Z]{2}$/),
  euVatNumber: z.string().trim().max(24).nullable(),
});
export type BillingData = z.infer<typeof billingDataSchema>;

export const teamCommandSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('CreateTeam'),
    teamId: z.string().min(1).max(64),
    name: teamNameSchema,
    /** The secret of the team's join link (drawn by the server). */
    joinToken: z.string().min(16).max(64),
  }),
  z.object({ type: z.literal('RenameTeam'), name: teamNameSchema }),
  /** A new join link: the old one stops working. */
  z.object({ type: z.literal('RotateJoinLink'), joinToken: z.string().min(16).max(64) }),
  /** The caller joins with the link's token, with the game types of their invitation if any. */
  z.object({
    type: z.literal('JoinTeam'),
    joinToken: z.string().max(64),
    games: teamGamesSchema.nullable(),
  }),
  z.object({ type: z.literal('RemoveMember'), userId }),
  z.object({ type: z.literal('LeaveTeam') }),
  z.object({ type: z.literal('TransferAdmin'), userId }),
  z.object({ type: z.literal('SetMemberGames'), userId, games: teamGamesSchema }),
  z.object({
    type: z.literal('StartTrial'),
    gameTypes: z.array(z.enum(PLAN_GAME_TYPES)).min(1).max(PLAN_GAME_TYPES.length),
    ...planFields,
  }),
  /** A plan paid for by an invoice (the purchase writes the invoice in the same transaction). */
  z.object({
    type: z.literal('PurchasePlan'),
    gameType: z.enum(PLAN_GAME_TYPES),
    invoiceNumber: z.string().min(1).max(20),
    billing: billingDataSchema,
    ...planFields,
  }),
  /** A credit note cancelled the invoice that paid for a plan. */
  z.object({
    type: z.literal('CancelPlan'),
    gameType: z.enum(PLAN_GAME_TYPES),
    invoiceNumber: z.string().min(1).max(20),
    /** The cancelled invoice's days, taken off the plan when a later invoice renewed it. */
    durationDays: planFields.durationDays,
  }),
  z.object({ type: z.literal('SetBillingData'), billing: billingDataSchema }),
  /** The VAT service said the stored number is not valid (spec point 4): it is cleared. */
  z.object({ type: z.literal('ClearVatNumber') }),
]);
export type TeamCommand = z.infer<typeof teamCommandSchema>;
