/**
 * `GET /api/games/:id/export.xlsx[?lang=xx]`: a beer game's workbook (workbook.ts) for its creator
 * and its players, in the language asked for, else the browser's, else English. Others get the
 * spec's "log in as instructor or player" message (point 8): 401 signed out, 403 signed in.
 */

import { once } from 'node:events';
import { type Request, Router } from 'express';
import { idInput } from '../../src-shared/api/inputs';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { isLocale, LOCALES, type Locale } from '../../src-shared/rules/locale';
import { displayNames } from '../auth/auth';
import { foldRecorded } from '../eventstore/command-handler';
import { messagesIn } from '../messages';
import { gameTypes } from '../streams';
import type { Services } from '../trpc/context';
import { membersOrCreatorOnly, type Requirement } from '../trpc/procedures';
import { appError } from '../trpc/trpc';
import { gameForDownload, refuseDownload } from './access';
import { userIdsIn, workbookFileName, writeBeergameWorkbook } from './workbook';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A beer game, for its creator or one of its players; a lean game has no workbook. */
const beergameCreatorOrPlayer: Requirement = (game, user) => {
  if (game.type !== gameTypes.beergame) return appError('NOT_FOUND', 'dashboard.messGameUnknown');
  if (!user) return appError('UNAUTHORIZED', 'export.excelLoginRequired');
  return membersOrCreatorOnly(game, user) ? appError('FORBIDDEN', 'export.excelLoginRequired') : null;
};

export function workbookRoute(services: Services): Router {
  const router = Router();
  router.get('/api/games/:id/export.xlsx', async (req, res) => {
    try {
      if (!idInput.safeParse(req.params.id).success) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
      const { game } = await gameForDownload(services, req, req.params.id, beergameCreatorOrPlayer);
      // Read afresh rather than the state `openGame` may have had cached: the file is the game as stored.
      const events = await services.store.readStream(gameStreamId(game.gameId));
      const state = foldRecorded(gameTypes.beergame.stream, events);
      const names = await displayNames(services.database.db, userIdsIn({ state, events }));
      const messages = await messagesIn(workbookLocale(req));
      res.status(200);
      res.setHeader('Content-Type', XLSX_TYPE);
      res.setHeader('Content-Disposition', attachment(workbookFileName(state)));
      // A download the browser abandons never finishes writing: stop waiting when the response closes.
      const written = writeBeergameWorkbook(res, { state, events, names }, messages);
      // The writer may then still fail on the closed response, with nobody left to tell: not a crash.
      written.catch(() => undefined);
      await Promise.race([written, once(res, 'close')]);
    } catch (error) {
      refuseDownload(res, error, services.log);
    }
  });
  return router;
}

/** `lang` when it is one of ours, else the best of the browser's languages, else English. */
function workbookLocale(req: Request): Locale {
  const asked = req.query.lang;
  if (typeof asked === 'string' && isLocale(asked)) return asked;
  const accepted = req.acceptsLanguages(...LOCALES);
  return typeof accepted === 'string' && isLocale(accepted) ? accepted : 'en';
}

/**
 * `Content-Disposition` for a file name in any script: a plain ASCII `filename` for old clients and
 * the exact name as RFC 5987 `filename*`. Path separators, quotes and control characters become `_`.
 */
function attachment(fileName: string): string {
  const safe = Array.from(fileName, (c) =>
    c < ' ' || c === '\u007f' || '\\/:*?"<>|'.includes(c) ? '_' : c,
  ).join('');
  // Accents dropped (é → e), other non-ASCII characters and % (some clients decode it) left out.
  const ascii = Array.from(safe.normalize('NFKD'), (c) => (c > '~' || c === '%' ? '' : c)).join('');
  const encoded = encodeURIComponent(safe).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
