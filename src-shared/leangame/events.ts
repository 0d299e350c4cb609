/**
 * The lean game's events on `game-<id>` streams: one zod schema per type, the source of the
 * research codebook. Every event carries `at`, its server time in epoch milliseconds; an action
 * also carries `start`, when the facility began it (its duration is `at - start`). Type names are
 * unique among all games' events (docs/architecture.md, "Changing an event").
 */
import { z } from 'zod';
import type { Upcaster } from '../eventsourcing/upcasters';
import { leanImprovementSchema, leanOperationSchema, leanPositionSchema, leanSetupSchema } from './schemas';

const at = z.number().describe('server time, epoch milliseconds');
const timed = { at };
const action = {
  at,
  start: z.number().describe('when the facility began the action, epoch milliseconds'),
  facilityId: z.string(),
};
const productId = z.string().describe('a unit (sheet) of the game, p0, p1, ...');

export const leanEventSchemas = {
  LeanGameCreated: z
    .object({
      ...timed,
      gameId: z.string(),
      name: z.string(),
      creatorId: z.string(),
      seed: z.number().int().describe("seed of the computer stations' draws"),
      rulesVersion: z.number().int(),
      scenarioId: z.string().nullable(),
      setup: leanSetupSchema,
    })
    .describe('A lean game was created with this set-up.'),
  PlayerJoined: z
    .object({ ...timed, facilityId: z.string(), userId: z.string(), playerName: z.string().nullable() })
    .describe('A player took a facility.'),
  PlayerLeft: z.object({ ...timed, facilityId: z.string(), userId: z.string() }).describe('A player left.'),
  ImprovementsPanelOpened: z
    .object({ ...timed, by: z.string() })
    .describe('Someone took the improvements panel.'),
  ImprovementsPanelClosed: z
    .object({ ...timed, by: z.string() })
    .describe('The improvements panel was released.'),
  ImprovementEnabled: z
    .object({ ...timed, improvement: leanImprovementSchema })
    .describe('An improvement was turned on.'),
  ImprovementDisabled: z
    .object({ ...timed, improvement: leanImprovementSchema })
    .describe('An improvement was turned off.'),
  StationMoved: z
    .object({ ...timed, facilityId: z.string(), position: leanPositionSchema })
    .describe('A facility moved to another cell of the map.'),
  OperationReassigned: z
    .object({ ...timed, tool: z.string(), facilityId: z.string() })
    .describe("A tool's operations moved to another station."),
  BatchSizeSet: z
    .object({ ...timed, batchSize: z.number().int() })
    .describe('Units now travel in batches of this size.'),
  KanbanCapSet: z
    .object({ ...timed, cap: z.number().int() })
    .describe('The kanban WIP cap before each station.'),
  GameStarted: z.object(timed).describe('The round started: the clock runs.'),
  ComputerActionsScheduled: z
    .object({ ...timed, totalDurationMin: z.number(), facilityIds: z.array(z.string()) })
    .describe('The computer plays these facilities until this minute of the round.'),
  SheetReleased: z
    .object({
      ...action,
      productId,
      templateId: z.string(),
      rank: z.number().int(),
      demandId: z.string().nullable(),
    })
    .describe('The warehouse released a new sheet (a unit) for a demand item.'),
  BatchSent: z
    .object({
      ...timed,
      facilityId: z.string(),
      to: z.string(),
      productIds: z.array(productId),
      arrivesAt: at,
    })
    .describe('A batch left a facility; it arrives at `arrivesAt`.'),
  BatchPickedUp: z
    .object({ ...action, productIds: z.array(productId) })
    .describe('A facility took a batch from its inbox.'),
  ToolChanged: z
    .object({ ...action, tool: z.string(), readyAt: at })
    .describe('A station changed its tool (a changeover until `readyAt`).'),
  OperationPerformed: z
    .object({
      ...action,
      productId,
      opIndex: z.number().int(),
      defective: z.boolean(),
      painted: leanOperationSchema,
      spotted: z.boolean().describe('the station saw its own defect (autoinspect)'),
    })
    .describe('An operation was painted on a sheet, right or defective.'),
  SheetInspected: z
    .object({
      ...action,
      productId,
      spotted: z.array(z.number().int()).describe('defective operations found'),
    })
    .describe('Quality control inspected a sheet.'),
  DefectRemoved: z
    .object({ ...action, productId, opIndex: z.number().int() })
    .describe('A defective operation was removed, to be painted again.'),
  ProductDelivered: z
    .object({ ...action, productId, demandId: z.string() })
    .describe('The warehouse delivered a finished unit to a demand item.'),
  LeanGameEnded: z.object(timed).describe('The lean round ended.'),
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
 * - the set-up gained `pokayokeSlipFactor`; games created before played with 1.5.
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
];
