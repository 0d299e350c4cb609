/** Procedure inputs of the game routers, shared with the client's forms. */
import { z } from 'zod';
import { MAX_ORDER_QUANTITY, TIMER_SECONDS } from '../beergame/constants';
import { commandIdInput, idInput, quantityInput, textInput } from './inputs';

export const gameId = idInput;
export const commandId = commandIdInput;

export const createGameInput = z.object({
  name: textInput({ max: 80 }),
  template: z.enum(['classic']),
  /** Plays with a turn timer of this many seconds a week (it runs once every seat is filled). */
  timerSeconds: z.number().int().min(TIMER_SECONDS.min).max(TIMER_SECONDS.max).optional(),
});

export const joinRoleInput = z.object({ gameId, facilityId: idInput, commandId });

export const placeOrderInput = z.object({
  gameId,
  facilityId: idInput,
  quantity: quantityInput(MAX_ORDER_QUANTITY),
  commandId,
});

export const closeWeekInput = z.object({ gameId, commandId });

/** `lastEventId`: the stream version the client saw last (tracked subscriptions resume after it). */
export const watchGameInput = z.object({
  gameId,
  lastEventId: z.string().max(12).regex(/^\d+$/).nullish(),
});

export const listGamesInput = z.object({ cursor: z.number().int().min(0).max(1_000_000).nullish() });

/** Games list page size (spec point 9). */
export const GAMES_PAGE_SIZE = 40;
