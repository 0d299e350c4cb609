/**
 * Who may download what a game recorded, over plain HTTP (a link or a button's download, not a
 * tRPC call): the same sign-in, game page and role rules as the procedures (trpc/procedures.ts,
 * `openGame`), so a download is never more open than the game's pages.
 */
import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import type { Response } from 'express';
import { DomainError } from '../../src-shared/eventsourcing';
import { type Context, createContext, type Services } from '../trpc/context';
import { type LoadedGame, openGame, type Requirement } from '../trpc/procedures';

/** The game and its viewer, or a thrown TRPCError with the spec's message (see `refuseDownload`). */
export async function gameForDownload(
  services: Services,
  request: IncomingMessage,
  gameId: string,
  requirement: Requirement,
): Promise<{ ctx: Context; game: LoadedGame }> {
  // A download is a GET a page of another site could only make the browser save for its own user.
  const ctx = await createContext(services, request, { foreignOrigin: false });
  return { ctx, game: await openGame(ctx, gameId, requirement) };
}

/**
 * Answers a refused or failed download: the HTTP status of the refusal and `{ messageId, values }`
 * (an id of locales/en.json); anything that is not a refusal is a 500, logged once, and never
 * details.
 */
export function refuseDownload(res: Response, error: unknown, log: Services['log']): void {
  if (res.headersSent) {
    log.error({ err: error }, 'download failed after it started');
    res.destroy();
    return;
  }
  if (error instanceof TRPCError && error.cause instanceof DomainError) {
    res.status(getHTTPStatusCodeFromError(error)).json({
      messageId: error.cause.messageId,
      values: error.cause.values ?? {},
    });
    return;
  }
  log.error({ err: error }, 'download failed');
  res.status(500).json({ messageId: 'errors.unexpected', values: {} });
}
