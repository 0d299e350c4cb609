/** How the HTTP server answers what no route handles, and keeps its log readable under abuse. */
import type { ErrorRequestHandler, RequestHandler } from 'express';
import type { Logger } from 'pino';

/** A file that is not there: a one-line 404 (a client asking for an old build's asset, a scanner). */
export const notFound: RequestHandler = (_req, res) => {
  res.status(404).type('text').send('Not found');
};

/**
 * The answer to an error raised before a route answered: a body too large (413) or not JSON
 * (400), in better-auth's shape (`code`, which the client translates), never a stack; anything
 * else is a 500, logged once.
 */
export function errorAnswer(log: Logger): ErrorRequestHandler {
  return (err: { status?: number; type?: string }, _req, res, _next) => {
    const status = typeof err.status === 'number' && err.status >= 400 && err.status < 500 ? err.status : 500;
    if (status === 500) log.error({ err }, 'request failed');
    if (res.headersSent) return;
    const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 500 ? 'UNEXPECTED' : 'INVALID_REQUEST';
    res.status(status).json({ code, message: code });
  };
}

/**
 * A warning logged at most once a minute, with how many were left out since: a flood of refused
 * requests shows as one line a minute, not one per request.
 */
export function everyMinuteAtMost(log: Logger, intervalMs = 60_000) {
  let last = Number.NEGATIVE_INFINITY;
  let leftOut = 0;
  return (message: string, fields: Record<string, unknown>): void => {
    const now = Date.now();
    if (now - last < intervalMs) {
      leftOut++;
      return;
    }
    log.warn({ ...fields, leftOut }, message);
    last = now;
    leftOut = 0;
  };
}
