/** The inputs of the telemetry procedures: error reports from pages, tracked events, the operator's lists. */
import { z } from 'zod';
import { PAGE_EVENTS } from '../rules/tracking';

const text = (max: number) => z.string().max(max, { message: 'telemetry.errTooLong' });

/** What a page reports of an error: the message and stack it saw, where, in which browser and build. */
export const errorReportInput = z.object({
  kind: z.enum(['error', 'rejection', 'request', 'subscription', 'shown']),
  message: text(1000).min(1, { message: 'errors.invalidInput' }),
  stack: text(4000).optional(),
  path: text(300),
  release: text(60).optional(),
});

export const trackInput = z.object({
  name: z.enum(PAGE_EVENTS as [string, ...string[]]),
  path: text(300),
});

export const errorGroupsInput = z.object({ includeResolved: z.boolean().default(false) });

export const fingerprintInput = z.object({
  fingerprint: z.string().regex(/^(client|server)-[0-9a-f]{8}$/, { message: 'telemetry.errUnknownGroup' }),
});
