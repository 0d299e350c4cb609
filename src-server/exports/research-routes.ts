/**
 * The research export over HTTP (docs/research-export.md):
 * - `GET /api/games/:id/export?format=jsonl|csv-long|csv-wide|codebook[&names=1][&as=md]`: one
 *   game, for its creator only;
 * - `GET /api/export?format=...`: every game the signed-in instructor created and did not delete.
 * A refusal answers its status and `{ messageId, values }` and records nothing; an export is
 * streamed as it is read, so the server holds one page of events at a time.
 */
import type { Request, Response } from 'express';
import { Router } from 'express';
import { isInstructor } from '../../src-shared/rules/permissions';
import { displayNames } from '../auth/auth';
import { createContext, type Services } from '../trpc/context';
import { creatorOnly } from '../trpc/procedures';
import { appError } from '../trpc/trpc';
import { gameForDownload, refuseDownload } from './access';
import { codebook, codebookMarkdown } from './codebook';
import { Participants } from './participants';
import {
  type EventFormat,
  ExportAborted,
  type ExportedGame,
  gamesOfCreator,
  isResearchFormat,
  type ResearchFormat,
  storedEventPages,
  wideLayoutOf,
  writeResearchExport,
} from './research';
import { copiedLogLines } from './research-copy';

const CONTENT_TYPES: Record<EventFormat, { type: string; extension: string }> = {
  jsonl: { type: 'application/x-ndjson; charset=utf-8', extension: 'jsonl' },
  'csv-long': { type: 'text/csv; charset=utf-8; header=present', extension: 'csv' },
  'csv-wide': { type: 'text/csv; charset=utf-8; header=present', extension: 'csv' },
};

/** The format asked for, or the refusal of an unknown one. */
function formatOf(req: Request): ResearchFormat {
  const format = req.query.format;
  if (!isResearchFormat(format)) throw appError('BAD_REQUEST', 'errors.exportFormatUnknown');
  return format;
}

const namesOptedIn = (req: Request) => req.query.names === '1' || req.query.names === 'true';

function sendCodebook(req: Request, res: Response): void {
  const markdown = req.query.as === 'md';
  res.attachment(markdown ? 'codebook.md' : 'codebook.json');
  if (markdown) res.type('text/markdown; charset=utf-8').send(codebookMarkdown());
  else res.json(codebook());
}

/** Streams the export of `games` as a download named `name`. */
async function sendExport(
  services: Services,
  req: Request,
  res: Response,
  games: readonly ExportedGame[],
  format: EventFormat,
  name: string,
): Promise<void> {
  const { db, pool } = services.database;
  const participants = new Participants(namesOptedIn(req) ? (ids) => displayNames(db, ids) : undefined);
  const suffix =
    format === 'csv-wide' ? wideLayoutOf(games) : format === 'csv-long' ? 'events-long' : 'events';
  res.status(200);
  // `attachment` sets a type from the extension: the precise one comes after it.
  res.attachment(`${name}-${suffix}.${CONTENT_TYPES[format].extension}`);
  res.type(CONTENT_TYPES[format].type);
  await writeResearchExport({
    games,
    format,
    pages: storedEventPages(services.store),
    lines: pool && copiedLogLines(pool),
    participants,
    out: res,
  });
  res.end();
}

/** Answers a failed export: a refusal as `{ messageId, values }`, a reader gone away quietly. */
function refuse(res: Response, error: unknown, services: Services): void {
  if (error instanceof ExportAborted || res.destroyed) return;
  refuseDownload(res, error, services.log);
}

export function researchExportRoutes(services: Services): Router {
  const router = Router();

  router.get('/api/games/:id/export', async (req, res) => {
    try {
      const { game } = await gameForDownload(services, req, req.params.id, creatorOnly);
      const format = formatOf(req);
      if (format === 'codebook') return sendCodebook(req, res);
      const exported = { id: game.gameId, name: game.summary.name, type: game.type.name };
      await sendExport(services, req, res, [exported], format, `game-${game.gameId}`);
    } catch (error) {
      refuse(res, error, services);
    }
  });

  router.get('/api/export', async (req, res) => {
    try {
      const { user } = await createContext(services, req, { foreignOrigin: false });
      if (!user) throw appError('UNAUTHORIZED', 'dashboard.messLoginToAccess');
      if (!isInstructor(user)) throw appError('FORBIDDEN', 'dashboard.messLoginToAccess');
      const format = formatOf(req);
      if (format === 'codebook') return sendCodebook(req, res);
      const games = await gamesOfCreator(services.database, user.id);
      const day = new Date(services.now()).toISOString().slice(0, 10);
      await sendExport(services, req, res, games, format, `games-${day}`);
    } catch (error) {
      refuse(res, error, services);
    }
  });

  return router;
}
