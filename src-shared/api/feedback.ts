/**
 * Feedback (issue 28, spec point 1 "feedback"; spec point 7 "authCanny-like feedback identity"):
 * what a person tells us from the help menu or the dashboard's suggest-feature tab, stored with the
 * page it was sent from, the user (when signed in) and the browser. The page is kept as a path
 * only: a query or a fragment may carry a secret (a reset code, an invitation token), so both are
 * cut before the page is sent, and again by the server.
 */
import { z } from 'zod';
import { LOCALES } from '../rules/locale';
import { textInput } from './inputs';

export const FEEDBACK_KINDS = ['problem', 'suggestion', 'praise'] as const;
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/** Characters of a message: a few paragraphs, not an essay. */
export const FEEDBACK_MESSAGE_MAX = 2000;
/** Characters of a kept page path, user agent. */
export const FEEDBACK_PAGE_MAX = 300;
export const FEEDBACK_USER_AGENT_MAX = 400;
/** Rows of the operator's list on one page. */
export const FEEDBACK_PAGE_SIZE = 20;

/**
 * `text` without control characters or unpaired surrogates (neither is text PostgreSQL keeps),
 * at most `max` characters (never half of a pair).
 */
function printable(text: string, max: number): string {
  return Array.from(text)
    .filter((char) => {
      const code = char.codePointAt(0) ?? 0;
      return code >= 0x20 && code !== 0x7f && (code < 0xd800 || code > 0xdfff);
    })
    .slice(0, max)
    .join('');
}

/**
 * The path of a page, without its query and fragment (where secrets travel), bounded, starting
 * with `/`: whatever the text given, the answer is a path that names no secret of its query.
 */
export function feedbackPagePath(location: string): string {
  let path = location.trim();
  // A full address keeps only its path.
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  const cut = path.search(/[?#]/);
  if (cut >= 0) path = path.slice(0, cut);
  path = printable(path, FEEDBACK_PAGE_MAX - 1);
  return path.startsWith('/') ? path : `/${path}`;
}

/** A viewport's side in CSS pixels. */
const viewportSide = z
  .number({ message: 'errors.invalidInput' })
  .int({ message: 'errors.invalidInput' })
  .min(0, { message: 'errors.invalidInput' })
  .max(100_000, { message: 'errors.invalidInput' });

export const feedbackSendInput = z.object({
  message: textInput({ min: 1, max: FEEDBACK_MESSAGE_MAX, multiline: true }),
  kind: z.enum(FEEDBACK_KINDS, { message: 'errors.invalidInput' }),
  /** Whether we may write back to the sender's account address. */
  contactConsent: z.boolean({ message: 'errors.invalidInput' }),
  /** Cut to a path by `feedbackPagePath` on the way in. */
  page: z
    .string({ message: 'errors.invalidInput' })
    .max(2000, { message: 'errors.invalidInput' })
    .transform(feedbackPagePath),
  browser: z.object({
    userAgent: z
      .string({ message: 'errors.invalidInput' })
      .max(2000, { message: 'errors.invalidInput' })
      .transform((text) => printable(text, FEEDBACK_USER_AGENT_MAX)),
    viewportWidth: viewportSide,
    viewportHeight: viewportSide,
    locale: z.enum(LOCALES, { message: 'errors.invalidInput' }),
  }),
});
export type FeedbackSendInput = z.input<typeof feedbackSendInput>;

export const feedbackListInput = z.object({
  kind: z.enum(FEEDBACK_KINDS, { message: 'errors.invalidInput' }).optional(),
  /** Pages of FEEDBACK_PAGE_SIZE rows, newest first, from 0. */
  page: z
    .number({ message: 'errors.invalidInput' })
    .int({ message: 'errors.invalidInput' })
    .min(0, { message: 'errors.invalidInput' })
    .max(10_000, { message: 'errors.invalidInput' }),
});

/** One message as the operator's list shows it. */
export interface FeedbackRow {
  id: string;
  kind: FeedbackKind;
  message: string;
  page: string;
  userId: string | null;
  /** The sender's account address, only when they agreed to be written to. */
  contactEmail: string | null;
  userAgent: string;
  viewportWidth: number;
  viewportHeight: number;
  locale: string;
  createdAt: Date;
}
