import { initTRPC, TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import english from '../../locales/en.json';
import { DomainError } from '../../src-shared/eventsourcing';
import type { Context } from './context';
import { transformer } from './transformer';

const KNOWN_MESSAGES = new Set(Object.keys(english));
type Values = Record<string, string | number>;

/**
 * The message id of invalid input: the first issue's own message when it is an id of
 * locales/en.json (the input primitives of src-shared/api name theirs), with its bounds and number
 * params as values; else the generic one.
 */
function inputMessage(error: ZodError): { messageId: string; values?: Values } {
  for (const issue of error.issues) {
    if (!KNOWN_MESSAGES.has(issue.message)) continue;
    const values: Values = {};
    const bounds = issue as { maximum?: unknown; minimum?: unknown; params?: Record<string, unknown> };
    if (typeof bounds.maximum === 'number') values.max = bounds.maximum;
    if (typeof bounds.minimum === 'number') values.min = bounds.minimum;
    // A number's other values (a step, a count of decimals), as its rule named them.
    for (const [name, value] of Object.entries(bounds.params ?? {}))
      if (typeof value === 'number') values[name] = value;
    return { messageId: issue.message, values };
  }
  return { messageId: 'errors.invalidInput' };
}

/** The message id of an error tRPC raises itself, before any procedure runs. */
const TRANSPORT_MESSAGES: Partial<Record<TRPCError['code'], string>> = {
  NOT_FOUND: 'errors.notFound',
  PAYLOAD_TOO_LARGE: 'errors.payloadTooLarge',
  BAD_REQUEST: 'errors.invalidInput',
  PARSE_ERROR: 'errors.invalidInput',
  METHOD_NOT_SUPPORTED: 'errors.invalidInput',
};

/** An error whose message is an id of locales/en.json, shown translated by the client. */
export function appError(
  code: TRPCError['code'],
  messageId: string,
  values?: Record<string, string | number>,
): TRPCError {
  return new TRPCError({ code, message: messageId, cause: new DomainError(messageId, values) });
}

/** The tRPC instance; procedures.ts builds every procedure from it. */
export const t = initTRPC.context<Context>().create({
  transformer,
  // Subscriptions go over the WebSocket, whose handshake checks the Origin; no SSE path to guard.
  sse: { enabled: false },
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let messageId = TRANSPORT_MESSAGES[error.code] ?? 'errors.unexpected';
    let values: Values | undefined;
    if (cause instanceof DomainError) {
      messageId = cause.messageId;
      values = cause.values;
    } else if (cause instanceof ZodError) {
      ({ messageId, values } = inputMessage(cause));
    }
    // Details never leave the server (not even the issues of invalid input): the client shows the
    // translated message id.
    return { ...shape, message: messageId, data: { ...shape.data, stack: undefined, messageId, values } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
