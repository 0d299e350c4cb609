import type { ColumnType, Generated } from 'kysely';

type Time = ColumnType<Date, Date, Date>;

export interface AnalyticsEventsTable {
  id: Generated<string>;
  name: string;
  occurred_at: Time;
  visitor_id: string;
  user_id: string | null;
  props: ColumnType<Record<string, string | number | boolean>, string, string>;
}

export interface ErrorGroupsTable {
  fingerprint: string;
  source: string;
  message: string;
  top_frame: string;
  count: number;
  first_seen: Time;
  last_seen: Time;
  resolved_at: Time | null;
}

export interface ErrorSamplesTable {
  id: Generated<string>;
  fingerprint: string;
  occurred_at: Time;
  message: string;
  stack: string | null;
  path: string | null;
  user_agent: string | null;
  release: string | null;
  user_id: string | null;
}
