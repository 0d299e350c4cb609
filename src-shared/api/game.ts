import { z } from 'zod';

/** Procedure inputs of the game router, shared with the client's forms. */
export const gameId = z.string().trim().min(1).max(64);
/** A client-made id that makes a retried command apply once. */
export const commandId = z.string().min(8).max(64);

export const createGameInput = z.object({
  name: z.string().trim().min(1).max(80),
  template: z.enum(['classic']),
});

export const joinRoleInput = z.object({ gameId, facilityId: z.string().min(1).max(64), commandId });

export const placeOrderInput = z.object({
  gameId,
  facilityId: z.string().min(1).max(64),
  quantity: z.number().finite(),
  commandId,
});

export const closeWeekInput = z.object({ gameId, commandId });

export const watchGameInput = z.object({ gameId, lastEventId: z.string().nullish() });

export const listGamesInput = z.object({ cursor: z.number().int().min(0).nullish() });

/** Games list page size (spec point 9). */
export const GAMES_PAGE_SIZE = 40;
