/**
 * The beer game's events on `game-<id>` streams: one zod schema per type, the source of the
 * research codebook (src-server/exports/codebook.ts). Every field of an event's data carries its
 * meaning and unit (`.meta({ description, unit })`); `personal` marks what identifies a person,
 * which the research export replaces by a pseudonym (`user`). Type names are unique among all
 * games' events (see docs/architecture.md, "Changing an event"); a recorded event is never
 * rewritten, an upcaster adapts old shapes on read.
 */
import { z } from 'zod';
import type { DomainEvent } from '../eventsourcing/decider';
import type { Upcaster } from '../eventsourcing/upcasters';
import { beerConfigSchema, configDebriefSchema, scheduledChangeSchema, sessionPlaceSchema } from './schemas';

const facilityId = z.string().meta({ description: 'the facility (role) concerned', unit: 'facility id' });
const capabilityId = z.string().meta({
  description: 'the capability (a supplier or a production line) ordered from',
  unit: 'capability id',
});
const quantity = z
  .number()
  .int()
  .min(0)
  .meta({ description: 'the quantity ordered', unit: 'units of product' });
const week = z.number().int().meta({ description: 'the week of the game, from 1', unit: 'week' });
const at = z.number().meta({ description: 'the server time', unit: 'epoch milliseconds' });
const userId = z.string().meta({ description: 'the player', unit: 'user id', personal: 'user' });
const policy = z.string().meta({
  description: 'the computer policy (passthrough, fixed:N, basestock:S, sterman:θ,α,β,S′)',
  unit: 'policy',
});

export const computerOrderSchema = z.object({
  facilityId,
  capabilityId,
  quantity,
  policy: policy.describe('the computer policy that decided it'),
  latecomer: z
    .boolean()
    .meta({ description: 'true when a human (or empty) seat missed the deadline', unit: 'true/false' }),
});
export type ComputerOrder = z.infer<typeof computerOrderSchema>;

export const beerEventSchemas = {
  GameCreated: z
    .object({
      gameId: z.string().meta({ description: 'the game', unit: 'game id' }),
      name: z.string().meta({ description: 'the name the instructor gave the game', unit: 'text' }),
      creatorId: userId.describe('the instructor who created the game'),
      seed: z.number().int().meta({ description: 'the seed of the lead-time draws', unit: 'seed' }),
      rulesVersion: z
        .number()
        .int()
        .meta({ description: 'the version of the rules the game is played under', unit: 'version' }),
      template: z.string().nullable().meta({
        description: 'the template it was made from; null: a configuration of its own',
        unit: 'template id',
      }),
      createdAt: at.describe('when the game was created'),
      session: sessionPlaceSchema.optional().meta({
        description: "the game's session, round and team; absent: a game of its own",
        unit: 'session place',
      }),
      config: beerConfigSchema.meta({
        description:
          'the resolved configuration: weeks, facilities, capabilities, costs, demand (docs/beergame.md)',
        unit: 'configuration',
      }),
    })
    .describe('A beer game was created with this resolved configuration.'),
  RoleJoined: z
    .object({ facilityId, userId: userId.describe('the player who took the facility') })
    .describe('A player took a facility.'),
  RoleLeft: z
    .object({ facilityId, userId: userId.describe('the player who left the facility') })
    .describe('A player left a facility.'),
  RoleHandedToComputer: z
    .object({ facilityId, policy: policy.describe('the computer policy that plays the facility') })
    .describe('A facility is played by the computer with this policy from now on.'),
  RoleTakenBack: z
    .object({ facilityId, userId: userId.nullable().describe('the player who took it; null: freed') })
    .describe('A computer-played facility is a human seat again, free or taken by a player.'),
  OrderPlaced: z
    .object({
      facilityId,
      capabilityId,
      quantity,
      week: week.describe('the week the order is for'),
      userId: userId.describe('the player who placed the order'),
    })
    .describe("A player's order for this week (a later one for the same capability replaces it)."),
  OrderProposed: z
    .object({ facilityId, capabilityId, quantity: quantity.describe('the quantity proposed'), week })
    .describe('The instructor proposed an order to a facility.'),
  AllocationConfirmed: z
    .object({
      facilityId,
      pid: z.string().meta({ description: 'the product split', unit: 'product id' }),
      week,
      allocation: z
        .record(z.string(), z.number().int().min(0))
        .meta({ description: 'the quantity shipped to each client facility id', unit: 'units of product' }),
    })
    .describe('A supplier split a shortage among its clients by hand.'),
  WeekClosed: z
    .object({
      week: week.describe('the week that closed'),
      reason: z.enum(['validated', 'instructor', 'timer']).meta({
        description: 'what closed it: every order in, the instructor, or the turn timer',
        unit: 'reason',
      }),
      computerOrders: z
        .array(computerOrderSchema)
        .meta({ description: 'the orders the computer decided for the missing ones', unit: 'orders' }),
      at,
      nextDeadline: at.nullable().describe("the next week's deadline when the timer runs; null otherwise"),
    })
    .describe('The week closed: shipments and orders left, the next week began.'),
  TimerStarted: z
    .object({
      week,
      seconds: z.number().int().meta({ description: 'the time given for each week', unit: 'seconds' }),
      deadline: at.describe('when the week closes unless every order is in'),
    })
    .describe('The turn timer started.'),
  TimerStopped: z.object({ week }).describe('The turn timer stopped.'),
  TimerPaused: z
    .object({
      week,
      remainingMs: z
        .number()
        .int()
        .min(0)
        .meta({ description: 'the time left on the countdown', unit: 'milliseconds' }),
    })
    .describe('The turn timer was paused; weeks closing meanwhile stay paused, each with a full week.'),
  TimerResumed: z
    .object({ week, deadline: at.describe('when the week now closes') })
    .describe('The paused turn timer runs again with the time it had left.'),
  MessageSent: z
    .object({
      id: z.string().meta({ description: 'the message', unit: 'message id' }),
      to: z
        .union([z.literal('all'), z.array(z.string())])
        .meta({ description: "the recipients: 'all' or a list of facility ids", unit: 'facility ids' }),
      text: z.string().meta({ description: 'what the instructor wrote', unit: 'text' }),
      week: week.describe('the week it is shown from'),
      at,
    })
    .describe('The instructor sent (or scheduled) a message.'),
  ChangeScheduled: z
    .object({
      change: scheduledChangeSchema.meta({
        description: 'the change: its id, week, facilities, parameter (field) and new value',
        unit: 'change',
      }),
    })
    .describe('A parameter change was scheduled.'),
  GameConfigured: z
    .object({
      name: z.string().meta({ description: 'the name the instructor gave the game', unit: 'text' }),
      config: beerConfigSchema.meta({
        description: 'the new resolved configuration, replacing the one of GameCreated',
        unit: 'configuration',
      }),
      at,
    })
    .describe('The instructor changed the settings before the first week closed; the game restarted.'),
  ChangeCancelled: z
    .object({ changeId: z.string().meta({ description: 'the change cancelled', unit: 'change id' }) })
    .describe('A scheduled change was cancelled.'),
  StartingOrdersReset: z
    .object({
      startOrders: quantity.describe('the orders in the pipeline at the start, per week of lead time'),
      facilityId: facilityId.nullable().describe('the facility concerned; null: every facility'),
      capabilityId: capabilityId.nullable().describe('the capability concerned; null: every capability'),
    })
    .describe('The starting orders were changed before the first week closed; the game restarted.'),
  GameReset: z.object({ at }).describe('The game restarted from week 1, seats kept.'),
  GameArchived: z
    .object({ at })
    .describe('The instructor archived the game: out of their lists until unarchived.'),
  GameUnarchived: z.object({ at }).describe('The instructor brought the game back from the archives.'),
  GameDeleted: z.object({ at }).describe('The instructor deleted the game: it is unknown from now on.'),
  GameEnded: z
    .object({ week: week.describe('the week being played when it ended'), at })
    .describe('The instructor ended the beer game before its last week.'),
  TransparencyChanged: z
    .object({
      transparent: z
        .boolean()
        .meta({ description: "true: players see every facility's numbers", unit: 'true/false' }),
    })
    .describe('Players see every facility, or only theirs.'),
  DebriefQuestionAnswered: z
    .object({
      questionId: z
        .string()
        .meta({ description: 'the question, in configDebrief.questionsSection', unit: 'question id' }),
      userId: userId.describe('the player who answered'),
      answer: z.string().meta({ description: 'what the player typed, trimmed', unit: 'text' }),
      at,
    })
    .describe('A player answered a debrief question (replacing their earlier answer to it).'),
  ResultsSeen: z
    .object({
      userId: userId.describe('the player who opened the results'),
      facilityId: facilityId.describe('the facility the player held'),
      at,
    })
    .describe(
      "A player opened the finished game's results (its debrief or its workbook): their answers to the debrief's questions are final.",
    ),
  DebriefConfigured: z
    .object({
      configDebrief: configDebriefSchema.meta({
        description:
          'the debrief as the instructor wrote it: thank-you text, sections in order, their own text between sections, questions with expected answers',
        unit: 'configuration',
      }),
      at,
    })
    .describe("The instructor wrote the game's debrief (replacing configDebrief of its configuration)."),
} as const;

type Schemas = typeof beerEventSchemas;
export type BeerEventType = keyof Schemas;
export type BeerEvent = { [T in BeerEventType]: { type: T; data: z.infer<Schemas[T]> } }[BeerEventType];
export type BeerEventOf<T extends BeerEventType> = Extract<BeerEvent, { type: T }>;

export const BEER_EVENT_TYPES = Object.keys(beerEventSchemas) as BeerEventType[];

/**
 * Recorded shapes of the beer game's events that are no longer current, oldest change first:
 * - the configuration of `GameCreated` gained `language` and `draft`; games created before had no
 *   language of their own (null) and were never drafts (false);
 * - the debrief configuration (`configDebrief` of `GameCreated` and `GameConfigured`) gained
 *   `textBlocks`, the instructor's text between sections; games configured before had none.
 */
export const beerUpcasters: readonly Upcaster[] = [
  {
    from: 'GameCreated',
    upcast: (event) => {
      const data = event.data as { config: Record<string, unknown> };
      if ('language' in data.config && 'draft' in data.config) return event;
      const config = { language: null, draft: false, ...data.config };
      return { type: event.type, data: { ...data, config } };
    },
  },
  { from: 'GameCreated', upcast: withTextBlocks },
  { from: 'GameConfigured', upcast: withTextBlocks },
];

function withTextBlocks(event: DomainEvent): DomainEvent {
  const data = event.data as { config: { configDebrief?: Record<string, unknown> } };
  const debrief = data.config.configDebrief;
  if (debrief === undefined || 'textBlocks' in debrief) return event;
  const config = { ...data.config, configDebrief: { ...debrief, textBlocks: [] } };
  return { type: event.type, data: { ...data, config } };
}
