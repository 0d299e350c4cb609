/**
 * The Sentry browser SDK, loaded only when the build names a DSN (VITE_SENTRY_DSN): never part of
 * the default build's first load. Initialised on the first error the page reports.
 */
import { BrowserClient, defaultStackParser, makeFetchTransport, Scope } from '@sentry/browser';

let scope: Scope | null = null;

export function capture(dsn: string, release: string, error: unknown): void {
  if (!scope) {
    const client = new BrowserClient({
      dsn,
      release,
      transport: makeFetchTransport,
      stackParser: defaultStackParser,
      integrations: [],
    });
    scope = new Scope();
    scope.setClient(client);
    client.init();
  }
  scope.captureException(error instanceof Error ? error : new Error(String(error)));
}
