import type { ColumnType, Generated } from 'kysely';
import type { MailOutboxTable } from '../mail/outbox';
import type { GamesTable } from '../read-models/games';
import type { SessionsTable } from '../read-models/sessions';
import type { TemplatesTable } from '../read-models/templates';
import type { DeadlinesTable } from '../scheduler/deadlines';

/** The database as Kysely sees it; of better-auth's tables, only what the product reads. */
export interface Database {
  deadlines: DeadlinesTable;
  events: EventsTable;
  games: GamesTable;
  mail_outbox: MailOutboxTable;
  rate_limits: RateLimitsTable;
  server_settings: ServerSettingsTable;
  sessions: SessionsTable;
  templates: TemplatesTable;
  user: UserTable;
}

/** The columns of better-auth's user table that the product reads (players' display names, mail addresses). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
}

export interface EventsTable {
  global_position: Generated<number>;
  stream_id: string;
  stream_version: number;
  type: string;
  data: ColumnType<unknown, string, never>;
  metadata: ColumnType<unknown, string, never>;
  transaction_id: Generated<string>;
  recorded_at: Generated<Date>;
}

export interface RateLimitsTable {
  key: string;
  window_start: Date;
  count: number;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}
