/**
 * The first-party store of analytics events and error reports: an error report joins the group of
 * its fingerprint (counted, first and last seen, reopened when it comes back after being marked
 * resolved) and keeps the latest samples of each group.
 */
import { type Kysely, sql } from 'kysely';
import { errorFingerprint, normalizeMessage, topFrame } from '../../src-shared/rules/error-grouping';
import type { Database } from '../db/schema';

/** How many samples each group keeps (the newest). */
export const SAMPLES_PER_GROUP = 20;

export interface ErrorReport {
  source: 'client' | 'server';
  message: string;
  stack?: string | null;
  path?: string | null;
  userAgent?: string | null;
  release?: string | null;
  userId?: string | null;
}

const cut = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : null);

/** Stores one report in its group; answers the group's fingerprint. */
export async function storeErrorReport(
  db: Kysely<Database>,
  report: ErrorReport,
  now: Date,
): Promise<string> {
  const fingerprint = errorFingerprint(report);
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('error_groups')
      .values({
        fingerprint,
        source: report.source,
        message: normalizeMessage(report.message),
        top_frame: topFrame(report.stack),
        count: 1,
        first_seen: now,
        last_seen: now,
        resolved_at: null,
      })
      .onConflict((conflict) =>
        conflict.column('fingerprint').doUpdateSet({
          count: sql`error_groups.count + 1`,
          last_seen: now,
          resolved_at: null,
        }),
      )
      .execute();
    await trx
      .insertInto('error_samples')
      .values({
        fingerprint,
        occurred_at: now,
        message: report.message.slice(0, 1000),
        stack: cut(report.stack, 4000),
        path: cut(report.path, 300),
        user_agent: cut(report.userAgent, 300),
        release: cut(report.release, 60),
        user_id: report.userId ?? null,
      })
      .execute();
    // The group keeps its newest samples only.
    await trx
      .deleteFrom('error_samples')
      .where('fingerprint', '=', fingerprint)
      .where(
        'id',
        'not in',
        trx
          .selectFrom('error_samples')
          .select('id')
          .where('fingerprint', '=', fingerprint)
          .orderBy('id', 'desc')
          .limit(SAMPLES_PER_GROUP),
      )
      .execute();
  });
  return fingerprint;
}

export interface ErrorGroupRow {
  fingerprint: string;
  source: string;
  message: string;
  topFrame: string;
  count: number;
  firstSeen: Date;
  lastSeen: Date;
  resolved: boolean;
}

/** The groups, the most recently seen first; resolved ones only when asked for. */
export async function errorGroups(
  db: Kysely<Database>,
  options: { includeResolved: boolean; limit: number },
): Promise<ErrorGroupRow[]> {
  let query = db.selectFrom('error_groups').selectAll().orderBy('last_seen', 'desc').limit(options.limit);
  if (!options.includeResolved) query = query.where('resolved_at', 'is', null);
  const rows = await query.execute();
  return rows.map((row) => ({
    fingerprint: row.fingerprint,
    source: row.source,
    message: row.message,
    topFrame: row.top_frame,
    count: row.count,
    firstSeen: new Date(row.first_seen),
    lastSeen: new Date(row.last_seen),
    resolved: row.resolved_at !== null,
  }));
}

/** A group's samples, newest first. */
export async function errorSamples(db: Kysely<Database>, fingerprint: string) {
  const rows = await db
    .selectFrom('error_samples')
    .select(['id', 'occurred_at', 'message', 'stack', 'path', 'user_agent', 'release', 'user_id'])
    .where('fingerprint', '=', fingerprint)
    .orderBy('id', 'desc')
    .execute();
  return rows.map((row) => ({
    id: String(row.id),
    occurredAt: new Date(row.occurred_at),
    message: row.message,
    stack: row.stack,
    path: row.path,
    userAgent: row.user_agent,
    release: row.release,
    userId: row.user_id,
  }));
}

/** Marks a group resolved; answers whether it exists. A new report reopens it. */
export async function resolveErrorGroup(
  db: Kysely<Database>,
  fingerprint: string,
  now: Date,
): Promise<boolean> {
  const result = await db
    .updateTable('error_groups')
    .set({ resolved_at: now })
    .where('fingerprint', '=', fingerprint)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
}

export interface AnalyticsRecord {
  name: string;
  visitorId: string;
  userId: string | null;
  props: Record<string, string | number | boolean>;
}

export async function storeAnalyticsEvent(db: Kysely<Database>, event: AnalyticsRecord, now: Date) {
  await db
    .insertInto('analytics_events')
    .values({
      name: event.name,
      occurred_at: now,
      visitor_id: event.visitorId,
      user_id: event.userId,
      props: JSON.stringify(event.props),
    })
    .execute();
}

/** Counts per event per day (UTC) over the last `days` days, oldest day first. */
export async function analyticsSummary(db: Kysely<Database>, now: Date, days: number) {
  const since = new Date(now.getTime() - days * 24 * 60 * 60 * 1000);
  const rows = await db
    .selectFrom('analytics_events')
    .select([
      'name',
      sql<string>`to_char(occurred_at at time zone 'UTC', 'YYYY-MM-DD')`.as('day'),
      sql<string>`count(*)`.as('count'),
      sql<string>`count(distinct visitor_id)`.as('visitors'),
    ])
    .where('occurred_at', '>=', since)
    .groupBy(['name', 'day'])
    .orderBy('day')
    .orderBy('name')
    .execute();
  return rows.map((row) => ({
    name: row.name,
    day: row.day,
    count: Number(row.count),
    visitors: Number(row.visitors),
  }));
}
