/**
 * What dies out of sight of an answer: an uncaught exception or unhandled rejection in this
 * process (the server runs in it), and every error or fatal line the server logs. A server that
 * answers 4xx while its process throws, or logs "procedure failed", fails the fuzz.
 */
import type { Logger } from 'pino';

const describe = (error: unknown) =>
  error instanceof Error ? `${error.name}: ${error.message}` : JSON.stringify(error)?.slice(0, 300);

export interface ProcessErrors {
  /** Every error seen so far, in order, one line each. */
  readonly seen: readonly string[];
  /** Stops listening and gives the logger its methods back. */
  stop(): void;
}

/** Listens to this process's uncaught errors and to `log`'s error and fatal lines. */
export function watchProcessErrors(log: Logger): ProcessErrors {
  const seen: string[] = [];
  const onUncaught = (error: unknown) => seen.push(`uncaught exception: ${describe(error)}`);
  const onRejection = (reason: unknown) => seen.push(`unhandled rejection: ${describe(reason)}`);
  process.on('uncaughtException', onUncaught);
  process.on('unhandledRejection', onRejection);
  const logged = (level: 'error' | 'fatal') => {
    const original = log[level];
    // pino's (object, message) or (message): the message, and the error it carries.
    log[level] = function (this: Logger, ...args: unknown[]) {
      const [first, second] = args;
      const err = (first as { err?: unknown } | null)?.err;
      const message = typeof first === 'string' ? first : String(second ?? '');
      seen.push(`the server logged ${level}: ${message}${err ? ` (${describe(err)})` : ''}`);
      return (original as (...a: unknown[]) => void).apply(this, args);
    } as Logger[typeof level];
    return () => {
      log[level] = original;
    };
  };
  const restore = [logged('error'), logged('fatal')];
  return {
    seen,
    stop() {
      process.off('uncaughtException', onUncaught);
      process.off('unhandledRejection', onRejection);
      for (const undo of restore) undo();
    },
  };
}
