/**
 * `POST /api/upload/logo`: an instructor's page logo, the file itself as the body (its type in
 * Content-Type, its name URI-encoded in X-File-Name). A route of its own rather than base64 in a
 * tRPC call: the file is up to 2 MB, the JSON calls' limit stays 128 KB, and the bytes arrive as
 * bytes (no third bigger, no JSON parse of them). The same guards as a tRPC call over HTTP: the
 * sign-in cookie (an instructor), a request from one of our pages only (Origin), a rate limit per
 * instructor (LOGO_UPLOAD_LIMIT); then the file is known by its content, re-encoded or sanitized
 * (logo.ts) and stored under a new key (storage/). A refusal answers `{ messageId, values }`.
 */

import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { TRPCError } from '@trpc/server';
import { getHTTPStatusCodeFromError } from '@trpc/server/http';
import express, { type Request, type Response, Router } from 'express';
import { DomainError } from '../../src-shared/eventsourcing';
import { isInstructor } from '../../src-shared/rules/permissions';
import { LOGO_MAX_BYTES, LOGO_REFUSED } from '../../src-shared/rules/public-page';
import { createContext, type Services } from '../trpc/context';
import { rateLimit } from '../trpc/procedures';
import { appError } from '../trpc/trpc';
import { processLogo } from './logo';
import { replaceLogo } from './workspaces';

const FILENAME_MAX = 200;

/** The file's name as the browser sent it, for the settings to show: text only, bounded. */
function fileNameOf(req: Request): string {
  let name = String(req.headers['x-file-name'] ?? '');
  try {
    name = decodeURIComponent(name);
  } catch {
    name = '';
  }
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is removed.
  return name.replace(/[\u0000-\u001f\u007f]/g, '').slice(0, FILENAME_MAX) || 'logo';
}

function refuse(res: Response, error: unknown, services: Services): void {
  if (error instanceof TRPCError && error.cause instanceof DomainError) {
    res.status(getHTTPStatusCodeFromError(error)).json({
      messageId: error.cause.messageId,
      values: error.cause.values ?? {},
    });
    return;
  }
  services.log.error({ err: error }, 'logo upload failed');
  res.status(500).json({ messageId: 'errors.unexpected', values: {} });
}

export function logoUploadRoute(
  services: Services,
  isForeign: (request: IncomingMessage) => boolean,
): Router {
  const router = Router();
  const body = express.raw({ type: () => true, limit: LOGO_MAX_BYTES });
  router.post(
    '/api/upload/logo',
    async (req, res, next) => {
      // Who asks is known before the body is read: a refused caller's 2 MB are not waited for.
      try {
        const ctx = await createContext(services, req, { foreignOrigin: isForeign(req) });
        if (!ctx.user) throw appError('UNAUTHORIZED', 'errors.signInRequired');
        if (!isInstructor(ctx.user)) throw appError('FORBIDDEN', 'dashboard.messLoginToAccess');
        await rateLimit(ctx, `logo:${ctx.user.id}`, services.limits.logoUploads);
        res.locals.userId = ctx.user.id;
        next();
      } catch (error) {
        refuse(res, error, services);
      }
    },
    (req, res, next) => {
      body(req, res, (error?: unknown) => {
        // Too big (or an unreadable body): the spec's one message for a refused logo.
        if (error)
          res
            .status((error as { status?: number }).status === 413 ? 413 : 400)
            .json({ messageId: LOGO_REFUSED, values: {} });
        else next();
      });
    },
    async (req, res) => {
      try {
        const bytes = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0);
        const processed = await processLogo(bytes);
        if ('refusal' in processed) throw appError('BAD_REQUEST', processed.refusal);
        const id = randomUUID();
        const key = `logos/${id}.${processed.logo.extension}`;
        const thumbnailKey =
          processed.thumbnail === processed.logo ? key : `logos/${id}-thumb.${processed.thumbnail.extension}`;
        await services.storage.put(key, processed.logo.body, processed.logo.contentType);
        if (thumbnailKey !== key)
          await services.storage.put(thumbnailKey, processed.thumbnail.body, processed.thumbnail.contentType);
        const look = await replaceLogo(
          services.database.db,
          services.storage,
          res.locals.userId as string,
          { key, thumbnailKey, filename: fileNameOf(req) },
          new Date(services.now()),
        );
        res.status(200).json(look);
      } catch (error) {
        refuse(res, error, services);
      }
    },
  );
  return router;
}
