/**
 * The server as `npm start` and a supervisor run it: dist/server/main.js, plain JavaScript (issue
 * 39). The tests and load runs that start server processes start this one; it is built here, once
 * per test process, when missing or older than its sources (`npm test` builds it first).
 */
import { buildParts, serverEntry } from '../../scripts/build.mjs';

let built: Promise<unknown> | null = null;

/** The built server's entry, built first if it has to be. */
export async function builtServer(): Promise<string> {
  built ??= buildParts({ client: false, server: true, stale: true });
  await built;
  return serverEntry;
}
