import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { DomainError } from '../../src-shared/eventsourcing';
import type { Context } from './context';

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
  transformer: superjson,
  errorFormatter({ shape, error }) {
    const cause = error.cause;
    let messageId = 'errors.unexpected';
    let values: Record<string, string | number> | undefined;
    if (cause instanceof DomainError) {
      messageId = cause.messageId;
      values = cause.values;
    } else if (cause instanceof ZodError) {
      messageId = 'errors.invalidInput';
    } else if (error.code === 'NOT_FOUND') {
      messageId = 'errors.notFound';
    }
    // Internal details never leave the server: the client shows the translated message id.
    const message = error.code === 'INTERNAL_SERVER_ERROR' ? messageId : shape.message;
    return { ...shape, message, data: { ...shape.data, stack: undefined, messageId, values } };
  },
});

export const router = t.router;
export const createCallerFactory = t.createCallerFactory;
