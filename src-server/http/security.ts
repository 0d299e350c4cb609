/**
 * What every response carries and every request is checked for before any route: helmet's
 * headers with a strict Content-Security-Policy (scripts from our origin only; styles from our
 * origin or carrying this response's nonce, which Mantine puts on the <style> tags it injects),
 * `no-store` on the API, and the Origin rule of calls that change things.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import type { RequestHandler, Response } from 'express';
import helmet from 'helmet';
import { isOwnOrigin, type OwnAddresses } from '../../src-shared/rules/own-origin';

/** Where the page's nonce is kept for the request (helmet reads it back for the CSP header). */
const nonceOf = (res: Response): string => (res.locals as { cspNonce: string }).cspNonce;

export function securityHeaders(options: { https: boolean }): RequestHandler[] {
  const giveNonce: RequestHandler = (_req, res, next) => {
    (res.locals as { cspNonce: string }).cspNonce = randomBytes(16).toString('base64');
    next();
  };
  const headers = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", (_req, res) => `'nonce-${nonceOf(res as Response)}'`],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    // HSTS only where we are served over HTTPS: on plain HTTP it would lock a browser out of a
    // local server.
    strictTransportSecurity: options.https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    referrerPolicy: { policy: 'no-referrer' },
    xFrameOptions: { action: 'deny' },
    crossOriginEmbedderPolicy: false,
  });
  return [giveNonce, headers];
}

/** API answers are personal (they depend on the sign-in cookie): never cached or stored. */
export const noStore: RequestHandler = (_req, res, next) => {
  res.setHeader('Cache-Control', 'no-store');
  next();
};

/**
 * Whether a request comes from our own page: an Origin that `isOwnOrigin` accepts from the
 * configured addresses (never the request's Host alone). A request without an Origin is not from a
 * page (a script, a test, curl), which a browser's cross-site request always is: it can carry no
 * victim's cookie, so it is not refused by this rule (the WebSocket handshake, which browsers
 * always send with an Origin, requires one).
 */
export function originCheck(own: OwnAddresses) {
  const isOwn = (origin: string, host: string | undefined) => isOwnOrigin(origin, host, own);
  return {
    /** A page of another site (or `null`, a sandboxed one) sent this request. */
    isForeign(request: IncomingMessage): boolean {
      const origin = request.headers.origin;
      return origin !== undefined && !isOwn(origin, request.headers.host);
    },
    /** The WebSocket handshake: an Origin is required and must be ours. */
    isOwnHandshake(request: IncomingMessage): boolean {
      const origin = request.headers.origin;
      return origin !== undefined && isOwn(origin, request.headers.host);
    },
  };
}

/** The page's placeholder for the nonce (src-client/index.html). */
const NONCE_PLACEHOLDER = '%CSP_NONCE%';

/**
 * Serves the built client's index.html with this response's nonce in its
 * `<meta name="csp-nonce">`, from which the client gives it to Mantine.
 */
export function servePage(indexFile: string): RequestHandler {
  const parts = readFileSync(indexFile, 'utf8').split(NONCE_PLACEHOLDER);
  if (parts.length < 2) throw new Error(`${indexFile} lacks the ${NONCE_PLACEHOLDER} placeholder`);
  return (_req, res) => {
    res.setHeader('Cache-Control', 'no-cache');
    res.type('html').send(parts.join(nonceOf(res)));
  };
}
