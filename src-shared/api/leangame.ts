/**
 * Procedure inputs of the lean game's router (src-server/trpc/routers/leangame.ts), shared with
 * the client. A facility's work and the improvements panel's settings are each one procedure whose
 * input is one of the engine's commands; the engine checks who may do what (its own facility, the
 * panel's holder) and refuses the rest with a `leangame.*` message.
 */
import { z } from 'zod';
// The constants and schemas only: a page that checks these inputs does not load the engine.
import {
  LEAN_CREATE_MINUTES,
  LEAN_IMPROVEMENTS,
  LEAN_MAX_BATCH_SIZE,
  LEAN_MAX_KANBAN_CAP,
  LEAN_SHEET_TARGETS,
} from '../leangame/constants';
import { leanToolSchema } from '../leangame/schemas';
import { commandIdInput, idInput, textInput } from './inputs';

const gameId = idInput;
const commandId = commandIdInput;
const facilityId = idInput;
const productId = idInput;
/** A tool, `shape:colour`; anything else is not a tool of any station. */
const tool = z
  .string({ message: 'errors.idInvalid' })
  .max(40, { message: 'errors.idInvalid' })
  .refine((value) => leanToolSchema.safeParse(value).success, { message: 'errors.idInvalid' });
const improvement = z.enum(LEAN_IMPROVEMENTS, { message: 'leangame.errImprovementUnavailable' });
/**
 * A whole number from `min` to `max`; anything else (a fraction, text, out of range) is refused with
 * the range in the message, never rounded.
 */
const wholeNumber = (min: number, max: number) =>
  z.custom<number>().superRefine((value, ctx) => {
    if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max)
      ctx.addIssue({ code: 'custom', message: 'leangame.errNumberOutOfRange', minimum: min, maximum: max });
  });

/** A new lean game from a built-in factory (a default lean template's id) or one of the caller's own lean templates. */
export const createLeanGameInput = z.object({
  name: textInput({ max: 80 }),
  template: idInput,
  /** The round's length; the template's own (a factory's: 15 minutes) when absent. */
  minutes: wholeNumber(LEAN_CREATE_MINUTES.min, LEAN_CREATE_MINUTES.max).optional(),
  /** A draft: seen by its creator only until published. */
  draft: z.boolean().optional(),
});

export const leanGameCommandInput = z.object({ gameId, commandId });
/** The round's length, set by the creator before its start: whole minutes within a new game's bounds. */
export const leanRoundLengthInput = z.object({
  gameId,
  commandId,
  minutes: wholeNumber(LEAN_CREATE_MINUTES.min, LEAN_CREATE_MINUTES.max),
});
export const leanFacilityInput = z.object({ gameId, facilityId, commandId });

/** What a facility does on the floor: the engine's floor commands (its own facility only). */
export const leanWorkCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ReleaseSheet'), facilityId, templateId: idInput.optional() }),
  z.object({ type: z.literal('SendBatch'), facilityId, productIds: z.array(productId).max(100).optional() }),
  z.object({ type: z.literal('PickUpBatch'), facilityId }),
  z.object({ type: z.literal('ChangeTool'), facilityId, tool }),
  z.object({
    type: z.literal('PerformOperation'),
    facilityId,
    productId,
    target: wholeNumber(0, LEAN_SHEET_TARGETS - 1),
  }),
  z.object({ type: z.literal('InspectSheet'), facilityId, productId }),
  z.object({ type: z.literal('RemoveDefect'), facilityId, productId, opIndex: wholeNumber(0, 99) }),
  z.object({ type: z.literal('DeliverProduct'), facilityId, productId: productId.optional() }),
]);
export type LeanWorkCommand = z.infer<typeof leanWorkCommand>;

export const leanWorkInput = z.object({ gameId, commandId, command: leanWorkCommand });

/** What the improvements panel's holder sets before the round starts. */
export const leanPanelCommand = z.discriminatedUnion('type', [
  z.object({ type: z.literal('EnableImprovement'), improvement, apply: z.boolean().optional() }),
  z.object({ type: z.literal('DisableImprovement'), improvement }),
  z.object({
    type: z.literal('MoveStation'),
    facilityId,
    position: z.object({ row: wholeNumber(0, 99), column: wholeNumber(0, 99) }),
  }),
  z.object({ type: z.literal('ReassignOperation'), tool, facilityId }),
  z.object({ type: z.literal('SetBatchSize'), batchSize: wholeNumber(1, LEAN_MAX_BATCH_SIZE) }),
  z.object({ type: z.literal('SetKanbanCap'), cap: wholeNumber(1, LEAN_MAX_KANBAN_CAP) }),
]);
export type LeanPanelCommand = z.infer<typeof leanPanelCommand>;

export const leanPanelInput = z.object({ gameId, commandId, command: leanPanelCommand });
