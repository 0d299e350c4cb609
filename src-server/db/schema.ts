import type { ColumnType, Generated } from 'kysely';

/** The database as Kysely sees it; of better-auth's tables, only what the product reads. */
export interface Database {
  events: EventsTable;
  games: GamesTable;
  server_settings: ServerSettingsTable;
  user: UserTable;
}

/** The columns of better-auth's user table that the product reads (players' display names). */
export interface UserTable {
  id: string;
  name: string;
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

/** Read model of the dashboard: one row per game, kept current by the append transaction. */
export interface GamesTable {
  id: string;
  type: string;
  name: string;
  creator_id: string;
  week: number;
  weeks: number;
  finished: boolean;
  archived: Generated<boolean>;
  deleted: Generated<boolean>;
  draft: Generated<boolean>;
  player_ids: ColumnType<string[], string[], string[]>;
  created_at: ColumnType<Date, Date, never>;
}

export interface ServerSettingsTable {
  key: string;
  value: string;
}
