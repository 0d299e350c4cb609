/**
 * `npm start`: builds what is missing or older than its sources (scripts/build.mjs), then runs the
 * built server in this process. On a built checkout nothing is built: the server serves after
 * loading plain JavaScript. A supervisor may run `node dist/server/main.js` itself (deploy/).
 */
import { pathToFileURL } from 'node:url';
import { buildParts, serverEntry } from './build.mjs';

await buildParts({ stale: true });
const { serveFromEnvironment } = await import(pathToFileURL(serverEntry).href);
await serveFromEnvironment();
