import { initTRPC, TRPCError } from '@trpc/server';
import superjson from 'superjson';
import { ZodError } from 'zod';
import { DomainError } from '../../src-shared/eventsourcing';
import { isInstructor } from '../../src-shared/rules/permissions';
import type { Context } from './context';

/** An error whose message is an id of locales/en.json, shown translated by the client. */
export function appError(
  code: TRPCError['code'],
  messageId: string,
  values?: Record<string, string | number>,
): TRPCError {
  return new TRPCError({ code, message: messageId, cause: new DomainError(messageId, values) });
}

const t = initTRPC.context<Context>().create({
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

/** A refused command (`DomainError` from a decider) is a client error, not a server failure. */
const domainErrorsAreBadRequests = t.middleware(async ({ next, ctx }) => {
  const result = await next();
  if (!result.ok && result.error.code === 'INTERNAL_SERVER_ERROR') {
    const cause = result.error.cause;
    if (cause instanceof DomainError) throw appError('BAD_REQUEST', cause.messageId, cause.values);
    ctx.services.log.error({ err: result.error }, 'procedure failed');
  }
  return result;
});

export const publicProcedure = t.procedure.use(domainErrorsAreBadRequests);

/** Any signed-in user: an anonymous player or an instructor. */
export const signedInProcedure = publicProcedure.use(({ ctx, next }) => {
  if (!ctx.user) throw appError('UNAUTHORIZED', 'errors.signInRequired');
  return next({ ctx: { ...ctx, user: ctx.user } });
});

/** An instructor: a signed-in user with an e-mail account. */
export const instructorProcedure = signedInProcedure.use(({ ctx, next }) => {
  if (!isInstructor(ctx.user)) throw appError('FORBIDDEN', 'dashboard.messLoginToAccess');
  return next();
});
