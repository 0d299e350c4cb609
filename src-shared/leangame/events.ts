/**
 * The lean game's events on `game-<id>` streams: one zod schema per type, the source of the
 * research codebook (src-server/exports/codebook.ts). Every field of an event's data carries its
 * meaning and unit (`.meta({ description, unit })`); `personal` marks what identifies a person,
 * which the research export replaces by a pseudonym (`user`) or leaves out (`name`). Every event
 * carries `at`, its server time in epoch milliseconds; an action also carries `start`, when the
 * facility began it (its duration is `at - start`). Type names are unique among all games' events
 * (docs/architecture.md, "Changing an event").
 */
import { z } from 'zod';
import { sessionPlaceSchema } from '../beergame/schemas';
import type { Upcaster } from '../eventsourcing/upcasters';
import { defaultLeanConfigDebrief, leanConfigDebriefSchema } from './debrief-config';
import { leanImprovementSchema, leanOperationSchema, leanPositionSchema, leanSetupSchema } from './schemas';

const at = z.number().meta({ description: 'the server time', unit: 'epoch milliseconds' });
const facilityId = z.string().meta({ description: 'the facility (station) concerned', unit: 'facility id' });
const userId = z.string().meta({ description: 'the player', unit: 'user id', personal: 'user' });
const timed = { at };
const action = {
  at,
  start: at.describe('when the facility began the action'),
  facilityId,
};
const productId = z
  .string()
  .meta({ description: 'a unit (sheet) of the game, p0, p1, ...', unit: 'product id' });
const productIds = z
  .array(productId)
  .meta({ description: 'the units (sheets) of the batch', unit: 'product ids' });
const improvement = leanImprovementSchema.meta({ description: 'the improvement', unit: 'improvement' });
const tool = z.string().meta({ description: 'a tool, written shape:colour', unit: 'tool' });
const opIndex = z
  .number()
  .int()
  .meta({ description: "the operation's index in the product template, from 0", unit: 'index' });

/** A customer order as a round's length sets it: its tracking fields start untouched. */
const roundOrder = z.object({
  id: z.string().min(1).describe('the order'),
  created_min: z.number().min(0).describe('the minute of the round it is placed at'),
  qty: z.number().int().min(1).describe('units ordered'),
  template_id: z.string().min(1).describe('the product template ordered'),
  due_min: z
    .number()
    .min(0)
    .optional()
    .describe("the minute it is due; absent: placed minute + the customers' lead time"),
});

export const leanEventSchemas = {
  LeanGameCreated: z
    .object({
      ...timed,
      gameId: z.string().meta({ description: 'the game', unit: 'game id' }),
      name: z.string().meta({ description: 'the name the instructor gave the game', unit: 'text' }),
      creatorId: userId.describe('the instructor who created the game'),
      seed: z.number().int().meta({ description: "the seed of the computer stations' draws", unit: 'seed' }),
      rulesVersion: z
        .number()
        .int()
        .meta({ description: 'the version of the rules the game is played under', unit: 'version' }),
      scenarioId: z.string().nullable().meta({
        description: 'the scenario it was made from; null: a set-up of its own',
        unit: 'scenario id',
      }),
      setup: leanSetupSchema.meta({
        description: 'the set-up: parameters, facilities, map, product templates, demand (docs/leangame.md)',
        unit: 'set-up',
      }),
      session: sessionPlaceSchema.optional().meta({
        description: "the game's session, round and team; absent: a game of its own",
        unit: 'session place',
      }),
      draft: z.boolean().optional().meta({
        description:
          'true when created as a draft, seen by its creator only until published; absent in games created before drafts: not a draft',
        unit: 'true/false',
      }),
    })
    .describe('A lean game was created with this set-up.'),
  PlayerJoined: z
    .object({
      ...timed,
      facilityId,
      userId: userId.describe('the player who took the facility'),
      playerName: z.string().nullable().meta({
        description: 'the name the player typed; null: none',
        unit: 'text',
        personal: 'name',
      }),
    })
    .describe('A player took a facility.'),
  PlayerLeft: z
    .object({ ...timed, facilityId, userId: userId.describe('the player who left') })
    .describe('A player left.'),
  ImprovementsPanelOpened: z
    .object({ ...timed, by: userId.describe('who took the panel') })
    .describe('Someone took the improvements panel.'),
  ImprovementsPanelClosed: z
    .object({ ...timed, by: userId.describe('who released the panel') })
    .describe('The improvements panel was released.'),
  ImprovementEnabled: z.object({ ...timed, improvement }).describe('An improvement was turned on.'),
  ImprovementDisabled: z.object({ ...timed, improvement }).describe('An improvement was turned off.'),
  StationMoved: z
    .object({
      ...timed,
      facilityId,
      position: leanPositionSchema.meta({ description: 'the new cell: row and column', unit: 'map cell' }),
    })
    .describe('A facility moved to another cell of the map.'),
  OperationReassigned: z
    .object({ ...timed, tool: tool.describe('the tool whose operations moved'), facilityId })
    .describe("A tool's operations moved to another station."),
  BatchSizeSet: z
    .object({
      ...timed,
      batchSize: z.number().int().meta({ description: 'the units that travel together', unit: 'units' }),
    })
    .describe('Units now travel in batches of this size.'),
  KanbanCapSet: z
    .object({
      ...timed,
      cap: z
        .number()
        .int()
        .meta({ description: 'the most units waiting before each station', unit: 'units' }),
    })
    .describe('The kanban WIP cap before each station.'),
  RoundLengthSet: z
    .object({
      ...timed,
      minutes: z.number().int().meta({ description: "the round's new length", unit: 'minutes' }),
      consumerDemand: z.array(roundOrder).meta({
        description:
          "the customers' orders of a round of this length, replacing the set-up's: those placed while it lasts (docs/leangame.md)",
        unit: 'orders',
      }),
    })
    .describe("Before the start, the creator set the round's length; the customers' orders follow it."),
  GameStarted: z.object(timed).describe('The round started: the clock runs.'),
  ComputerActionsScheduled: z
    .object({
      ...timed,
      totalDurationMin: z
        .number()
        .meta({ description: 'the minute of the round the computer plays until', unit: 'minutes' }),
      facilityIds: z
        .array(z.string())
        .meta({ description: 'the facilities the computer plays', unit: 'facility ids' }),
    })
    .describe('The computer plays these facilities until this minute of the round.'),
  SheetReleased: z
    .object({
      ...action,
      productId,
      templateId: z.string().meta({ description: 'the product template of the sheet', unit: 'template id' }),
      rank: z.number().int().meta({ description: "the sheet's place in the order of release", unit: 'rank' }),
      demandId: z
        .string()
        .nullable()
        .meta({ description: 'the demand item it is for; null: none yet', unit: 'demand id' }),
    })
    .describe('The warehouse released a new sheet (a unit) for a demand item.'),
  BatchSent: z
    .object({
      ...timed,
      facilityId: facilityId.describe('the facility the batch left'),
      to: facilityId.describe('the facility the batch goes to'),
      productIds,
      arrivesAt: at.describe('when the batch arrives'),
    })
    .describe('A batch left a facility; it arrives at `arrivesAt`.'),
  BatchPickedUp: z.object({ ...action, productIds }).describe('A facility took a batch from its inbox.'),
  ToolChanged: z
    .object({
      ...action,
      tool: tool.describe('the tool now on the station'),
      readyAt: at.describe('when the changeover ends'),
    })
    .describe('A station changed its tool (a changeover until `readyAt`).'),
  OperationPerformed: z
    .object({
      ...action,
      productId,
      opIndex,
      defective: z
        .boolean()
        .meta({ description: 'true when the operation was painted wrong', unit: 'true/false' }),
      painted: leanOperationSchema.meta({
        description: 'what was painted: shape, colour and target cell (0 to 8)',
        unit: 'operation',
      }),
      spotted: z
        .boolean()
        .meta({ description: 'true when the station saw its own defect (autoinspect)', unit: 'true/false' }),
    })
    .describe('An operation was painted on a sheet, right or defective.'),
  SheetInspected: z
    .object({
      ...action,
      productId,
      spotted: z
        .array(z.number().int())
        .meta({ description: 'the indexes of the defective operations found', unit: 'indexes' }),
    })
    .describe('Quality control inspected a sheet.'),
  DefectRemoved: z
    .object({ ...action, productId, opIndex: opIndex.describe('the defective operation removed') })
    .describe('A defective operation was removed, to be painted again.'),
  ProductDelivered: z
    .object({
      ...action,
      productId,
      demandId: z.string().meta({ description: 'the demand item served', unit: 'demand id' }),
    })
    .describe('The warehouse delivered a finished unit to a demand item.'),
  LeanGameEnded: z.object(timed).describe('The lean round ended.'),
  LeanGameArchived: z
    .object({
      ...timed,
      archived: z
        .boolean()
        .meta({ description: 'true when archived, false when brought back', unit: 'boolean' }),
    })
    .describe('The creator archived the game (off their lists, still played) or brought it back.'),
  LeanGamePublished: z
    .object(timed)
    .describe('The creator published a draft: players may now open and join the game.'),
  LeanGameDeleted: z.object(timed).describe('The creator deleted the game: it is unknown from now on.'),
  LeanGameReset: z
    .object(timed)
    .describe(
      'The creator reset the game for another round (spec resetLeanGame): the floor, the clock and the demand start afresh; seats, improvements and their settings stay, and the round just played is kept for the debrief.',
    ),
  LeanDebriefConfigured: z
    .object({
      ...timed,
      configDebrief: leanConfigDebriefSchema.meta({
        description:
          'the debrief as the instructor wrote it: thank-you text, sections in order, their own text between sections, questions with expected answers',
        unit: 'configuration',
      }),
    })
    .describe("The instructor wrote the game's debrief (replacing configDebrief of its set-up)."),
  LeanDebriefQuestionAnswered: z
    .object({
      ...timed,
      questionId: z
        .string()
        .meta({ description: 'the question, in configDebrief.questionsSection', unit: 'question id' }),
      userId: userId.describe('the player who answered'),
      facilityId: facilityId.describe('the facility the player held'),
      answer: z.string().meta({ description: 'what the player typed, trimmed', unit: 'text' }),
    })
    .describe('A player answered a debrief question (replacing their earlier answer to it).'),
} as const;

type Schemas = typeof leanEventSchemas;
export type LeanEventType = keyof Schemas;
export type LeanEvent = { [T in LeanEventType]: { type: T; data: z.infer<Schemas[T]> } }[LeanEventType];
export type LeanEventOf<T extends LeanEventType> = Extract<LeanEvent, { type: T }>;

export const LEAN_EVENT_TYPES = Object.keys(leanEventSchemas) as LeanEventType[];

type RecordedSetup = { setup: { params: Record<string, unknown> } };

/**
 * Recorded shapes of the lean game's events that are no longer current, oldest change first:
 * - `GameEnded` named the end of both games' rounds with different data; the lean game's is now
 *   `LeanGameEnded` (same data);
 * - the set-up gained `pokayokeSlipFactor`; games created before played with 1.5;
 * - the creation gained `draft`; games created before were never drafts;
 * - the set-up gained `configDebrief` (the debrief the instructor writes); games created before
 *   show every section in order, with no thank-you, text or questions.
 */
export const leanUpcasters: readonly Upcaster[] = [
  { from: 'GameEnded', upcast: (event) => ({ type: 'LeanGameEnded', data: event.data }) },
  {
    from: 'LeanGameCreated',
    upcast: (event) => {
      const data = event.data as RecordedSetup;
      if ('pokayokeSlipFactor' in data.setup.params) return event;
      const params = { ...data.setup.params, pokayokeSlipFactor: 1.5 };
      return { type: event.type, data: { ...data, setup: { ...data.setup, params } } };
    },
  },
  {
    from: 'LeanGameCreated',
    upcast: (event) => {
      const data = event.data as { draft?: boolean };
      return 'draft' in data ? event : { type: event.type, data: { ...data, draft: false } };
    },
  },
  {
    from: 'LeanGameCreated',
    upcast: (event) => {
      const data = event.data as RecordedSetup;
      if ('configDebrief' in data.setup.params) return event;
      const params = { ...data.setup.params, configDebrief: defaultLeanConfigDebrief() };
      return { type: event.type, data: { ...data, setup: { ...data.setup, params } } };
    },
  },
];
