/** Beer game commands (zod schemas shared with the server and the client forms) and events. */
import { z } from 'zod';
import {
  BEERGAME_TEMPLATE_IDS,
  type BeerConfig,
  type BeerTemplateId,
  CHANGE_FIELDS,
  type ScheduledChange,
} from './params';

const id = z.string().min(1).max(64);
const recipients = z.union([z.literal('all'), z.array(id).min(1)]);

const createBase = {
  type: z.literal('CreateGame'),
  gameId: id,
  name: z.string().min(1).max(200),
  creatorId: z.string().min(1),
  seed: z.number().int(),
};

export const createFromTemplateSchema = z.object({
  ...createBase,
  template: z.enum(BEERGAME_TEMPLATE_IDS as [BeerTemplateId, ...BeerTemplateId[]]),
  /** Game params to override in the template (weeks, transparent, timer, ...). */
  overrides: z.record(z.string(), z.unknown()).optional(),
});
export const createFromConfigSchema = z.object({
  ...createBase,
  /** A `BeerConfigInput` (see params.ts); validated by `resolveConfig`. */
  config: z.record(z.string(), z.unknown()),
});

export const beerCommandSchema = z.union([
  createFromTemplateSchema,
  createFromConfigSchema,
  z.object({ type: z.literal('JoinRole'), facilityId: id }),
  z.object({ type: z.literal('LeaveRole'), facilityId: id }),
  z.object({ type: z.literal('HandToComputer'), facilityId: id, policy: z.string().max(200).optional() }),
  z.object({
    type: z.literal('PlaceOrder'),
    facilityId: id,
    capabilityId: id.optional(),
    quantity: z.number(),
  }),
  z.object({
    type: z.literal('ProposeOrder'),
    facilityId: id,
    capabilityId: id.optional(),
    quantity: z.number().optional(),
    policy: z.string().max(200).optional(),
  }),
  z.object({
    type: z.literal('ConfirmAllocations'),
    facilityId: id,
    productId: id.optional(),
    allocation: z.record(z.string(), z.number()),
  }),
  z.object({
    type: z.literal('CloseWeek'),
    reason: z.enum(['instructor', 'timer']),
    week: z.number().int().optional(),
  }),
  z.object({ type: z.literal('StartTimer'), seconds: z.number().int().min(5).max(86_400).optional() }),
  z.object({ type: z.literal('StopTimer') }),
  z.object({
    type: z.literal('SendMessage'),
    to: recipients,
    text: z.string().max(2000),
    /** The week it appears (`show_at`): this week (default) or a later one (a scheduled message). */
    showAt: z.number().int().optional(),
  }),
  z.object({
    type: z.literal('ScheduleChange'),
    changeId: id.optional(),
    week: z.number().int(),
    facilityIds: z.array(id).min(1),
    field: z.enum(CHANGE_FIELDS),
    value: z.number(),
    pid: id.optional(),
  }),
  z.object({ type: z.literal('CancelChange'), changeId: id }),
  z.object({
    type: z.literal('ResetStartingOrders'),
    startOrders: z.number(),
    facilityId: id.optional(),
    capabilityId: id.optional(),
  }),
  z.object({ type: z.literal('ResetGame') }),
  z.object({ type: z.literal('EndGame') }),
  z.object({ type: z.literal('SetTransparent'), transparent: z.boolean() }),
]);

export type BeerCommand = z.infer<typeof beerCommandSchema>;
export type BeerCommandType = BeerCommand['type'];

export type ComputerOrder = {
  facilityId: string;
  capabilityId: string;
  quantity: number;
  policy: string;
  /** True when a human (or empty) seat missed the deadline. */
  latecomer: boolean;
};

type E<T extends string, D> = { type: T; data: D };

export type BeerEvent =
  | E<
      'GameCreated',
      {
        gameId: string;
        name: string;
        creatorId: string;
        seed: number;
        rulesVersion: number;
        template: string | null;
        createdAt: number;
        config: BeerConfig;
      }
    >
  | E<'RoleJoined', { facilityId: string; userId: string }>
  | E<'RoleLeft', { facilityId: string; userId: string }>
  | E<'RoleHandedToComputer', { facilityId: string; policy: string }>
  | E<
      'OrderPlaced',
      { facilityId: string; capabilityId: string; quantity: number; week: number; userId: string }
    >
  | E<'OrderProposed', { facilityId: string; capabilityId: string; quantity: number; week: number }>
  | E<
      'AllocationConfirmed',
      { facilityId: string; pid: string; week: number; allocation: Record<string, number> }
    >
  | E<
      'WeekClosed',
      {
        week: number;
        reason: 'validated' | 'instructor' | 'timer';
        computerOrders: ComputerOrder[];
        at: number;
        /** The next week's deadline when the timer runs. */
        nextDeadline: number | null;
      }
    >
  | E<'TimerStarted', { week: number; seconds: number; deadline: number }>
  | E<'TimerStopped', { week: number }>
  | E<'MessageSent', { id: string; to: 'all' | string[]; text: string; week: number; at: number }>
  | E<'ChangeScheduled', { change: ScheduledChange }>
  | E<'ChangeCancelled', { changeId: string }>
  | E<'StartingOrdersReset', { startOrders: number; facilityId: string | null; capabilityId: string | null }>
  | E<'GameReset', { at: number }>
  | E<'GameEnded', { week: number; at: number }>
  | E<'TransparencyChanged', { transparent: boolean }>;

export type BeerEventType = BeerEvent['type'];
export const BEER_EVENT_TYPES: BeerEventType[] = [
  'GameCreated',
  'RoleJoined',
  'RoleLeft',
  'RoleHandedToComputer',
  'OrderPlaced',
  'OrderProposed',
  'AllocationConfirmed',
  'WeekClosed',
  'TimerStarted',
  'TimerStopped',
  'MessageSent',
  'ChangeScheduled',
  'ChangeCancelled',
  'StartingOrdersReset',
  'GameReset',
  'GameEnded',
  'TransparencyChanged',
];
