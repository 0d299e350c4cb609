/**
 * The beer game's events on `game-<id>` streams: one zod schema per type, the source of the
 * research codebook. Type names are unique among all games' events (see docs/architecture.md,
 * "Changing an event"); a recorded event is never rewritten, an upcaster adapts old shapes on read.
 */
import { z } from 'zod';
import type { Upcaster } from '../eventsourcing/upcasters';
import { beerConfigSchema, scheduledChangeSchema } from './schemas';

const facilityId = z.string().describe('facility id');
const week = z.number().int().describe('week of the game, from 1');
const at = z.number().describe('server time, epoch milliseconds');

export const computerOrderSchema = z.object({
  facilityId,
  capabilityId: z.string(),
  quantity: z.number().int().min(0),
  policy: z.string().describe('the computer policy that decided it'),
  latecomer: z.boolean().describe('true when a human (or empty) seat missed the deadline'),
});
export type ComputerOrder = z.infer<typeof computerOrderSchema>;

export const beerEventSchemas = {
  GameCreated: z
    .object({
      gameId: z.string(),
      name: z.string(),
      creatorId: z.string(),
      seed: z.number().int().describe('seed of the lead-time draws'),
      rulesVersion: z.number().int(),
      template: z.string().nullable(),
      createdAt: at,
      config: beerConfigSchema,
    })
    .describe('A beer game was created with this resolved configuration.'),
  RoleJoined: z.object({ facilityId, userId: z.string() }).describe('A player took a facility.'),
  RoleLeft: z.object({ facilityId, userId: z.string() }).describe('A player left a facility.'),
  RoleHandedToComputer: z
    .object({ facilityId, policy: z.string() })
    .describe('A facility is played by the computer with this policy from now on.'),
  RoleTakenBack: z
    .object({ facilityId, userId: z.string().nullable().describe('the player who took it; null: freed') })
    .describe('A computer-played facility is a human seat again, free or taken by a player.'),
  OrderPlaced: z
    .object({
      facilityId,
      capabilityId: z.string(),
      quantity: z.number().int().min(0),
      week,
      userId: z.string(),
    })
    .describe("A player's order for this week (a later one for the same capability replaces it)."),
  OrderProposed: z
    .object({ facilityId, capabilityId: z.string(), quantity: z.number().int().min(0), week })
    .describe('The instructor proposed an order to a facility.'),
  AllocationConfirmed: z
    .object({ facilityId, pid: z.string(), week, allocation: z.record(z.string(), z.number().int().min(0)) })
    .describe('A supplier split a shortage among its clients by hand.'),
  WeekClosed: z
    .object({
      week,
      reason: z.enum(['validated', 'instructor', 'timer']),
      computerOrders: z
        .array(computerOrderSchema)
        .describe('orders decided by the computer for missing ones'),
      at,
      nextDeadline: z.number().nullable().describe("the next week's deadline when the timer runs"),
    })
    .describe('The week closed: shipments and orders left, the next week began.'),
  TimerStarted: z
    .object({ week, seconds: z.number().int(), deadline: at })
    .describe('The turn timer started.'),
  TimerStopped: z.object({ week }).describe('The turn timer stopped.'),
  TimerPaused: z
    .object({ week, remainingMs: z.number().int().min(0).describe('milliseconds left on the countdown') })
    .describe('The turn timer was paused; weeks closing meanwhile stay paused, each with a full week.'),
  TimerResumed: z
    .object({ week, deadline: at })
    .describe('The paused turn timer runs again with the time it had left.'),
  MessageSent: z
    .object({
      id: z.string(),
      to: z.union([z.literal('all'), z.array(z.string())]),
      text: z.string(),
      week: week.describe('the week it is shown from'),
      at,
    })
    .describe('The instructor sent (or scheduled) a message.'),
  ChangeScheduled: z.object({ change: scheduledChangeSchema }).describe('A parameter change was scheduled.'),
  ChangeCancelled: z.object({ changeId: z.string() }).describe('A scheduled change was cancelled.'),
  StartingOrdersReset: z
    .object({
      startOrders: z.number().int().min(0),
      facilityId: z.string().nullable(),
      capabilityId: z.string().nullable(),
    })
    .describe('The starting orders were changed before the first week closed; the game restarted.'),
  GameReset: z.object({ at }).describe('The game restarted from week 1, seats kept.'),
  GameEnded: z.object({ week, at }).describe('The instructor ended the beer game before its last week.'),
  TransparencyChanged: z
    .object({ transparent: z.boolean() })
    .describe('Players see every facility, or only theirs.'),
  DebriefQuestionAnswered: z
    .object({
      questionId: z.string().describe('the question of configDebrief.questionsSection'),
      userId: z.string().describe('the player who answered'),
      answer: z.string().describe('what the player typed, trimmed'),
      at,
    })
    .describe('A player answered a debrief question (replacing their earlier answer to it).'),
} as const;

type Schemas = typeof beerEventSchemas;
export type BeerEventType = keyof Schemas;
export type BeerEvent = { [T in BeerEventType]: { type: T; data: z.infer<Schemas[T]> } }[BeerEventType];
export type BeerEventOf<T extends BeerEventType> = Extract<BeerEvent, { type: T }>;

export const BEER_EVENT_TYPES = Object.keys(beerEventSchemas) as BeerEventType[];

/** Recorded shapes of the beer game's events that are no longer current: none yet. */
export const beerUpcasters: readonly Upcaster[] = [];
