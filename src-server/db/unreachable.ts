/**
 * Whether an error means the database cannot be reached right now (it restarts, or the network to
 * it is down), as opposed to a query it refused: a command that meets it is refused with
 * `errors.databaseReconnecting` and nothing of it was saved, so the player may send it again.
 * PostgreSQL's classes 08 (connection exception) and 57P (operator intervention: shutdown, crash,
 * not yet accepting connections), and the socket errors of a server that went away.
 */
const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENOTCONN',
]);
const LOST_CONNECTION_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
];

export function isDatabaseUnreachable(error: unknown): boolean {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (
      typeof code === 'string' &&
      (SOCKET_CODES.has(code) || code.startsWith('08') || code.startsWith('57P'))
    )
      return true;
    if (typeof message === 'string' && LOST_CONNECTION_MESSAGES.some((lost) => message.includes(lost)))
      return true;
    current = cause;
  }
  return false;
}
