/**
 * The Sentry-compatible adapter (SENTRY_DSN): server errors also go to the service through its
 * official SDK. The client is scoped to this server (no global `init`, no instrumentation of the
 * process): several servers in one process (the tests) each keep their own.
 */
import type { ErrorReport } from './store';

export interface ErrorSink {
  capture(error: unknown, report: ErrorReport): void;
  flush(timeoutMs: number): Promise<boolean>;
}

/**
 * The sink of a server with a SENTRY_DSN. The SDK (a third of a second to load) loads beside the
 * server's start, not before it: a report made meanwhile waits for it.
 */
export function sentrySink(options: { dsn: string; release: string; environment?: string }): ErrorSink {
  const sdk = import('@sentry/node').then(({ defaultStackParser, makeNodeTransport, NodeClient, Scope }) => {
    const client = new NodeClient({
      dsn: options.dsn,
      release: options.release,
      environment: options.environment,
      transport: makeNodeTransport,
      stackParser: defaultStackParser,
      integrations: [],
    });
    const scope = new Scope();
    scope.setClient(client);
    client.init();
    return { client, scope };
  });
  return {
    capture(error, report) {
      void sdk.then(({ scope }) =>
        scope.captureException(error instanceof Error ? error : new Error(report.message), {
          captureContext: {
            tags: { source: report.source },
            user: report.userId ? { id: report.userId } : undefined,
          },
        }),
      );
    },
    flush: async (timeoutMs) => (await sdk).client.flush(timeoutMs),
  };
}
