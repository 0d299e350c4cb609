/** Procedure inputs of the game routers, shared with the client's forms. */
import { z } from 'zod';
import {
  CHANGE_FIELDS,
  DEBRIEF_ANSWER_MAX,
  MAX_ORDER_QUANTITY,
  MESSAGE_MAX,
  TIMER_SECONDS,
} from '../beergame/constants';
import { COPIES, GAME_NAME_MAX } from '../rules/copy-names';
import { LOCALES } from '../rules/locale';
import { commandIdInput, idInput, numberInput, quantityInput, textInput } from './inputs';

export const gameId = idInput;
export const commandId = commandIdInput;

export const createGameInput = z.object({
  name: textInput({ max: 80 }),
  /** A default beer template's id, or the id of one of the caller's own templates. */
  template: idInput,
  /** Plays with a turn timer of this many seconds a week (it runs once every seat is filled). */
  timerSeconds: numberInput(TIMER_SECONDS).optional(),
  /** Custom settings (a `BeerConfigInput` the settings form built) in place of the template's; the engine checks it. */
  config: z.record(z.string(), z.unknown()).optional(),
  /** A draft: seen by its creator only until published. */
  draft: z.boolean().optional(),
});

/** New settings before the first week closes: the name and a whole `BeerConfigInput` (the engine checks it). */
export const configureGameInput = z.object({
  gameId,
  name: textInput({ max: GAME_NAME_MAX }),
  config: z.record(z.string(), z.unknown()),
  commandId,
});

/** The event editor: a change of `field` to `value` from `week` at the chosen facilities (the engine checks ranges). */
export const scheduleChangeInput = z.object({
  gameId,
  week: numberInput({ min: 1, max: 520 }),
  facilityIds: z.array(idInput).min(1).max(8),
  field: z.enum(CHANGE_FIELDS),
  value: z.number().min(0).max(1_000_000),
  pid: idInput.optional(),
  commandId,
});

export const cancelChangeInput = z.object({ gameId, changeId: idInput, commandId });

export const joinRoleInput = z.object({ gameId, facilityId: idInput, commandId });

export const placeOrderInput = z.object({
  gameId,
  facilityId: idInput,
  /** The capability (product and supplier) ordered for; the facility's first when left out. */
  capabilityId: idInput.optional(),
  quantity: quantityInput(MAX_ORDER_QUANTITY),
  /** The week the order was typed for: refused once that week has closed (an order delayed by an outage). */
  week: z.number().int().min(1).max(520).optional(),
  commandId,
});

export const closeWeekInput = z.object({ gameId, commandId });

/** A command on the whole game with no other field: reset, end, stop the timer. */
export const gameCommandInput = z.object({ gameId, commandId });

/** A command on one seat: leave it (or free it, for the creator), take a computer seat back. */
export const roleCommandInput = z.object({ gameId, facilityId: idInput, commandId });

/** A computer policy as typed (`fixed:4`...): the engine checks it and names it when it refuses. */
const policyInput = textInput({ max: 200 });

export const handToComputerInput = z.object({
  gameId,
  facilityId: idInput,
  /** Default: the seat's own policy, else the game's `defaultPolicy`. */
  policy: policyInput.optional(),
  commandId,
});

export const joinRandomInput = z.object({ gameId, commandId });

/** The creator's proposal: a quantity, or what a policy would order (the seat's by default). */
export const proposeOrderInput = z.object({
  gameId,
  facilityId: idInput,
  capabilityId: idInput.optional(),
  quantity: quantityInput(MAX_ORDER_QUANTITY).optional(),
  policy: policyInput.optional(),
  commandId,
});

/** A supplier's split of a shortage: units shipped per client id (at most 8 clients). */
export const confirmAllocationsInput = z.object({
  gameId,
  facilityId: idInput,
  productId: idInput.optional(),
  allocation: z
    .record(idInput, quantityInput(MAX_ORDER_QUANTITY))
    .refine((split) => Object.keys(split).length <= 8, { message: 'errors.invalidInput' }),
  commandId,
});

/** New starting orders in every pipeline slot (of one facility, or one capability), before week 1 closes. */
export const resetStartingOrdersInput = z.object({
  gameId,
  startOrders: quantityInput(999),
  facilityId: idInput.optional(),
  capabilityId: idInput.optional(),
  commandId,
});

export const sendMessageInput = z.object({
  gameId,
  to: z.union([z.literal('all'), z.array(idInput).min(1).max(8)]),
  text: textInput({ max: MESSAGE_MAX, multiline: true }),
  /** The week it appears (`show_at`): this week by default, or a later one. */
  showAt: numberInput({ min: 1, max: 520 }).optional(),
  commandId,
});

/** A player's answer to a question of the debrief (`configDebrief.questionsSection`). */
export const answerQuestionInput = z.object({
  gameId,
  questionId: z
    .string({ message: 'errors.idInvalid' })
    .min(1, 'errors.idInvalid')
    .max(64, 'errors.idInvalid'),
  answer: textInput({ max: DEBRIEF_ANSWER_MAX, multiline: true }),
  commandId,
});

/**
 * The debrief the creator writes (`configDebrief`, either game): checked by the engine, which
 * refuses what its schema refuses (rules/debrief-config.ts) with the reason.
 */
export const configureDebriefInput = z.object({
  gameId,
  configDebrief: z.record(z.string(), z.unknown()),
  commandId,
});

export const setTransparentInput = z.object({ gameId, transparent: z.boolean(), commandId });

/** Starts (or restarts) the turn timer with `seconds` per week, the game's own by default. */
export const startTimerInput = z.object({
  gameId,
  // Bounded loosely here: the engine refuses what is out of range with the range in its message.
  seconds: z
    .number()
    .int()
    .min(0)
    .max(10 * TIMER_SECONDS.max)
    .optional(),
  commandId,
});

/** What a person typed as a join code (a session's or a game's); its form is checked by the shared rule. */
export const joinByCodeInput = z.object({
  code: z.string({ message: 'game.errCodeUnknown' }).max(32, 'game.errCodeUnknown'),
});

/** `lastEventId`: the stream version the client saw last (tracked subscriptions resume after it). */
export const watchGameInput = z.object({
  gameId,
  lastEventId: z.string().max(12).regex(/^\d+$/).nullish(),
});

/** The instructor's games list: a page from `cursor`, the archives or the others, of a type, by name. */
export const listGamesInput = z.object({
  cursor: z.number().int().min(0).max(1_000_000).nullish(),
  archived: z.boolean().optional(),
  type: z.enum(['beergame', 'leangame'], { message: 'errors.invalidInput' }).optional(),
  // Clean text like every typed field: PostgreSQL refuses a NUL or a lone surrogate in the query.
  search: textInput({ min: 0, max: 80 }).optional(),
});

/** The teammates' games list (spec point 6): a page from `cursor`. */
export const listTeamGamesInput = z.object({
  cursor: z.number().int().min(0).max(1_000_000).nullish(),
});

/** Games an action applies to at once: one to a page's worth of selection. */
export const GAMES_PER_ACTION = 200;
const gameIdsInput = z
  .array(idInput, { message: 'errors.invalidInput' })
  .min(1, 'errors.invalidInput')
  .max(GAMES_PER_ACTION, 'errors.invalidInput')
  .refine((ids) => new Set(ids).size === ids.length, 'errors.invalidInput');

/** An action on selected games (archive, unarchive, reset, disconnect the players). */
export const gamesActionInput = z.object({ gameIds: gameIdsInput, commandId });

/** Deleting selected games: the instructor typed their number (spec point 5). */
export const deleteGamesInput = z.object({
  gameIds: gameIdsInput,
  confirmCount: z.number({ message: 'dashboard.btnDeleteNumberError' }),
  commandId,
});

/** Copying a game: how many copies, and their name (optional: the original's with a suffix). */
export const copyGameInput = z.object({
  gameId,
  count: z
    .number({ message: 'dashboard.copyCountInvalid' })
    .int('dashboard.copyCountInvalid')
    .min(COPIES.min, 'dashboard.copyCountInvalid')
    .max(COPIES.max, 'dashboard.copyCountInvalid'),
  name: textInput({ min: 0, max: GAME_NAME_MAX }).optional(),
  /** The language of the copy suffix when no name is given. */
  locale: z.enum(LOCALES, { message: 'errors.invalidInput' }).optional(),
  commandId,
});

/** Games list page size (spec point 9). */
export const GAMES_PAGE_SIZE = 40;
