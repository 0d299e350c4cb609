/**
 * A team account's events on `team-<id>` streams, one zod schema per type (the codebook's source).
 * Members are user ids: names and e-mail addresses stay in the user records, so erasing a person
 * never rewrites a team's history.
 */
import { z } from 'zod';
import { PLAN_GAME_TYPES } from '../billing/plans';
import { billingDataSchema } from './schemas';

const at = z.number().meta({ description: 'the server time', unit: 'epoch milliseconds' });
const userId = z.string().meta({ description: 'a member', unit: 'user id', personal: 'user' });
const games = z
  .array(z.enum(PLAN_GAME_TYPES))
  .meta({ description: 'the game types the member may use', unit: 'game types' });
const gameType = z.enum(PLAN_GAME_TYPES).meta({ description: 'the game type', unit: 'game type' });
const planName = z.string().meta({ description: "the catalogue's plan, or trial", unit: 'plan name' });
const players = z
  .number()
  .nullable()
  .meta({ description: 'players at once; null: unlimited', unit: 'players' });
const invoiceNumber = z.string().meta({ description: 'the invoice', unit: 'invoice number' });
const until = z.number().meta({ description: 'the end of the plan period', unit: 'epoch milliseconds' });
const since = z.number().meta({ description: 'the start of the plan period', unit: 'epoch milliseconds' });
const durationDays = z.number().meta({ description: 'the length bought', unit: 'days' });
const joinToken = z.string().meta({ description: "the join link's secret", unit: 'token' });

export const teamEventSchemas = {
  TeamCreated: z
    .object({
      teamId: z.string().meta({ description: 'the team', unit: 'team id' }),
      name: z.string().meta({ description: "the team's name", unit: 'text' }),
      creatorId: userId,
      games,
      joinToken,
      at,
    })
    .describe('An instructor created a team account and is its admin.'),
  TeamRenamed: z
    .object({ name: z.string().meta({ description: 'the new name', unit: 'text' }) })
    .describe('The admin renamed the team.'),
  JoinLinkRotated: z
    .object({ joinToken })
    .describe('The admin made a new join link; the old one no longer works.'),
  MemberJoined: z.object({ userId, games, at }).describe('An instructor joined the team by its link.'),
  MemberRemoved: z.object({ userId, at }).describe('The admin removed a member.'),
  MemberLeft: z.object({ userId, at }).describe('A member left the team.'),
  AdminTransferred: z
    .object({ from: userId, to: userId })
    .describe('The admin handed the admin role to a member and became a member.'),
  MemberGamesSet: z.object({ userId, games }).describe("The admin changed a member's game types."),
  TrialStarted: z
    .object({ gameTypes: z.array(gameType), planName, players, since, until, durationDays })
    .describe('The team started its trial: a plan for each game type for a few days.'),
  PlanPurchased: z
    .object({ gameType, planName, players, since, until, durationDays, invoiceNumber })
    .describe('A plan was bought (or renewed) and invoiced.'),
  PlanCancelled: z
    .object({ gameType, invoiceNumber, until, at })
    .describe(
      "A credit note cancelled an invoice of the plan: the current period's ends the plan, an earlier one shortens it to `until`.",
    ),
  BillingDataSet: z
    .object({ billing: billingDataSchema.meta({ description: 'whom to invoice', unit: 'billing data' }) })
    .describe("The team's billing data changed."),
  VatNumberCleared: z
    .object({ at })
    .describe('The VAT service found the stored VAT number not valid: it was cleared.'),
} as const;

type Schemas = typeof teamEventSchemas;
export type TeamEventType = keyof Schemas;
export type TeamEvent = { [T in TeamEventType]: { type: T; data: z.infer<Schemas[T]> } }[TeamEventType];
export type TeamEventOf<T extends TeamEventType> = Extract<TeamEvent, { type: T }>;
