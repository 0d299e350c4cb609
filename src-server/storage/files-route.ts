/**
 * `GET /files/<key>`: a stored file with the type it was stored with, never sniffed; an SVG under
 * a policy that runs nothing, even opened on its own (issue 28).
 */
import { Router } from 'express';
import type { Services } from '../trpc/context';
import { isFileKey } from './file-storage';

/** An SVG may style itself inline and nothing else: no script, no fetch, sandboxed. */
export const SVG_POLICY = "default-src 'none'; style-src 'unsafe-inline'; sandbox";

export function filesRoute(services: Services): Router {
  const router = Router();
  router.get('/files/{*key}', async (req, res) => {
    const key = ([] as string[]).concat((req.params as { key?: string | string[] }).key ?? []).join('/');
    res.setHeader('X-Content-Type-Options', 'nosniff');
    try {
      const file = isFileKey(key) ? await services.storage.get(key) : null;
      if (!file) {
        res.status(404).type('text/plain').send('Not found');
        return;
      }
      res.setHeader('Content-Type', file.contentType);
      // Logos are public: a white-label portal on another host of ours shows them too.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      if (file.contentType.startsWith('image/svg')) res.setHeader('Content-Security-Policy', SVG_POLICY);
      // A key is never reused for other content (a new upload gets a new key).
      res.setHeader('Cache-Control', 'public, max-age=31536000, immutable');
      res.status(200).send(file.body);
    } catch (error) {
      services.log.error({ err: error, key }, 'file read failed');
      res.status(500).type('text/plain').send('Unavailable');
    }
  });
  return router;
}
