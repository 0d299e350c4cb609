/**
 * The feedback table (migration 0016): messages stored as sent, and the operator's list of them,
 * newest first, filtered by kind. The contact address is only read for a sender who agreed to be
 * written to (their account's address at the time the list is read).
 */
import { randomUUID } from 'node:crypto';
import type { ColumnType, Kysely } from 'kysely';
import type { z } from 'zod';
import {
  FEEDBACK_PAGE_SIZE,
  type FeedbackKind,
  type FeedbackRow,
  type feedbackSendInput,
} from '../../src-shared/api/feedback';
import type { Database } from '../db/schema';

export interface FeedbackTable {
  id: string;
  kind: FeedbackKind;
  message: string;
  page: string;
  user_id: string | null;
  contact_consent: boolean;
  user_agent: string;
  viewport_width: number;
  viewport_height: number;
  locale: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}

/** Stores one message; answers its id. */
export async function storeFeedback(
  db: Kysely<Database>,
  input: z.output<typeof feedbackSendInput>,
  sender: { userId: string | null; now: number },
): Promise<string> {
  const id = randomUUID();
  await db
    .insertInto('feedback')
    .values({
      id,
      kind: input.kind,
      message: input.message,
      page: input.page,
      user_id: sender.userId,
      contact_consent: input.contactConsent,
      user_agent: input.browser.userAgent,
      viewport_width: input.browser.viewportWidth,
      viewport_height: input.browser.viewportHeight,
      locale: input.browser.locale,
      created_at: new Date(sender.now),
    })
    .execute();
  return id;
}

/** One page of messages, newest first, of one kind or all; `more` when an older page exists. */
export async function listFeedback(
  db: Kysely<Database>,
  query: { kind?: FeedbackKind; page: number },
): Promise<{ rows: FeedbackRow[]; more: boolean }> {
  let select = db
    .selectFrom('feedback')
    .leftJoin('user', 'user.id', 'feedback.user_id')
    .select([
      'feedback.id',
      'feedback.kind',
      'feedback.message',
      'feedback.page',
      'feedback.user_id',
      'feedback.contact_consent',
      'feedback.user_agent',
      'feedback.viewport_width',
      'feedback.viewport_height',
      'feedback.locale',
      'feedback.created_at',
      'user.email',
    ])
    .orderBy('feedback.created_at', 'desc')
    .orderBy('feedback.id', 'desc')
    .limit(FEEDBACK_PAGE_SIZE + 1)
    .offset(query.page * FEEDBACK_PAGE_SIZE);
  if (query.kind) select = select.where('feedback.kind', '=', query.kind);
  const found = await select.execute();
  return {
    more: found.length > FEEDBACK_PAGE_SIZE,
    rows: found.slice(0, FEEDBACK_PAGE_SIZE).map((row) => ({
      id: row.id,
      kind: row.kind,
      message: row.message,
      page: row.page,
      userId: row.user_id,
      contactEmail: row.contact_consent && row.email ? row.email : null,
      userAgent: row.user_agent,
      viewportWidth: row.viewport_width,
      viewportHeight: row.viewport_height,
      locale: row.locale,
      createdAt: new Date(row.created_at),
    })),
  };
}
