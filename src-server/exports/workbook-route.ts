/**
 * `GET /api/games/:id/export.xlsx[?lang=xx]`: a game's workbook, by its type (workbook.ts for a
 * beer game, lean-workbook.ts for a lean game): for its creator at any time, the whole game; for
 * its players once the game (the lean round) is over, a beer game's made from what they may see
 * of its events (`historyForViewer`), and downloading it shows them the results (their answers to
 * the debrief become final). In the language asked for, else the browser's, else English. Others
 * get the spec's "log in as instructor or player" message (point 8): 401 signed out, 403 signed in;
 * a player before the end, 403 `export.excelAfterEnd`.
 */

import { once } from 'node:events';
import type { Writable } from 'node:stream';
import { type Request, Router } from 'express';
import { idInput } from '../../src-shared/api/inputs';
import type { BeerState } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { isLocale, LOCALES, type Locale } from '../../src-shared/rules/locale';
import { CREATOR_PSEUDONYM } from '../../src-shared/rules/seat-pseudonyms';
import { displayNames } from '../auth/auth';
import { foldRecorded } from '../eventstore/command-handler';
import { messagesIn } from '../messages';
import { gameTypes } from '../streams';
import { beergameResults } from '../trpc/beergame-results';
import type { Context, Services } from '../trpc/context';
import { type LoadedGame, membersOrCreatorOnly, type Requirement } from '../trpc/procedures';
import { appError } from '../trpc/trpc';
import { gameForDownload, refuseDownload } from './access';
import { leanUserIdsIn, leanWorkbookFileName, writeLeangameWorkbook } from './lean-workbook';
import { type BeergameRecord, userIdsIn, workbookFileName, writeBeergameWorkbook } from './workbook';

const XLSX_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A game, for its creator, or one of its players once it is over (a running game's file shows every role). */
const creatorOrPlayer: Requirement = (game, user) => {
  if (!user) return appError('UNAUTHORIZED', 'export.excelLoginRequired');
  if (membersOrCreatorOnly(game, user)) return appError('FORBIDDEN', 'export.excelLoginRequired');
  const { creatorId, finished } = game.summary;
  return user.id === creatorId || finished ? null : appError('FORBIDDEN', 'export.excelAfterEnd');
};

export function workbookRoute(services: Services): Router {
  const router = Router();
  router.get('/api/games/:id/export.xlsx', async (req, res) => {
    try {
      if (!idInput.safeParse(req.params.id).success) throw appError('NOT_FOUND', 'dashboard.messGameUnknown');
      const { ctx, game } = await gameForDownload(services, req, req.params.id, creatorOrPlayer);
      const workbook = await workbookOf(ctx, game, workbookLocale(req));
      res.status(200);
      res.setHeader('Content-Type', XLSX_TYPE);
      res.setHeader('Content-Disposition', attachment(workbook.fileName));
      // A download the browser abandons never finishes writing: stop waiting when the response closes.
      const written = workbook.write(res);
      // The writer may then still fail on the closed response, with nobody left to tell: not a crash.
      written.catch(() => undefined);
      await Promise.race([written, once(res, 'close')]);
    } catch (error) {
      refuseDownload(res, error, services.log);
    }
  });
  return router;
}

/** A game's workbook by its type: the file's name and its writer. */
async function workbookOf(
  ctx: Context,
  game: LoadedGame,
  locale: Locale,
): Promise<{ fileName: string; write: (out: Writable) => Promise<void> }> {
  const { services } = ctx;
  const messages = await messagesIn(locale);
  if (game.type === gameTypes.leangame) {
    // Read afresh rather than the state `openGame` may have had cached: the file is the game as stored.
    const events = await services.store.readStream(gameStreamId(game.gameId));
    const state = foldRecorded(gameTypes.leangame.stream, events);
    const names = await displayNames(services.database.db, leanUserIdsIn({ state, events }), locale);
    // A player's copy holds only their own answers to the debrief's questions, no expected answer.
    const viewer = ctx.user?.id === game.summary.creatorId ? undefined : { userId: ctx.user?.id ?? '' };
    const record = { state, events, names, now: services.now(), ...(viewer ? { viewer } : {}) };
    return {
      fileName: leanWorkbookFileName(state),
      write: (out) => writeLeangameWorkbook(out, record, messages),
    };
  }
  const record = await beergameRecordFor(ctx, game as LoadedGame<BeerState>, locale);
  return {
    fileName: workbookFileName(record.state),
    write: (out) => writeBeergameWorkbook(out, record, messages),
  };
}

/** What a beer game's workbook shows its viewer: the whole game to its creator, a player's history to a player. */
async function beergameRecordFor(
  ctx: Context,
  game: LoadedGame<BeerState>,
  locale: Locale,
): Promise<BeergameRecord> {
  const { events, people } = await beergameResults(ctx, game);
  const { db } = ctx.services.database;
  if (ctx.user?.id === game.summary.creatorId) {
    const recorded = events.map((e) => e.recorded);
    const state = foldRecorded(gameTypes.beergame.stream, recorded);
    return {
      state,
      events: recorded,
      names: await displayNames(db, userIdsIn({ state, events: recorded }), locale),
    };
  }
  // Names by pseudonym, as the events say; who made a command is not the player's to see.
  const recorded = events.map(({ recorded, event }) => ({
    ...recorded,
    type: event.type,
    data: event.data,
    metadata: { ...recorded.metadata, actorId: '' },
  }));
  const seats = [...people].filter(([pseudonym]) => pseudonym !== CREATOR_PSEUDONYM);
  const found = await displayNames(db, [...new Set(seats.map(([, userId]) => userId))], locale);
  const names: Record<string, string> = Object.create(null);
  for (const [pseudonym, userId] of seats) if (found[userId] !== undefined) names[pseudonym] = found[userId];
  const mine = game.state.facilities.find((f) => f.userId === ctx.user?.id)?.id ?? null;
  return {
    state: foldRecorded(gameTypes.beergame.stream, recorded),
    events: recorded,
    names,
    viewer: { facilityId: mine },
  };
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
