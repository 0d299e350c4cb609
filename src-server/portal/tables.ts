import type { ColumnType } from 'kysely';

/** An instructor's public page and its look (migration 0014; spec point 3, "Public profile"). */
export interface WorkspacesTable {
  id: string;
  owner_id: string;
  /** A chosen address: /user/{slug}, besides /user/{owner id} and /user/{workspace id}. */
  slug: string | null;
  app_title: string | null;
  /** Colours as #rrggbb. */
  main_color: string | null;
  bck_color: string | null;
  text_color: string | null;
  language: string | null;
  /** Keys in the file storage (src-server/storage). */
  logo_key: string | null;
  logo_thumb_key: string | null;
  logo_filename: string | null;
  use_thumbnail: ColumnType<boolean, boolean | undefined, boolean>;
  /** The page shows unless this is false. */
  active_page: ColumnType<boolean, boolean | undefined, boolean>;
  updated_at: ColumnType<Date, Date | string, Date | string>;
}

/** A session or game published on a workspace's page, in the instructor's order. */
export interface WorkspaceItemsTable {
  workspace_id: string;
  kind: 'session' | 'game';
  item_id: string;
  position: number;
}

/** A white-label sub-domain: `name` is the first label of a host not in APP_HOSTS. */
export interface PortalsTable {
  name: string;
  workspace_id: string;
  hero_title: string;
  created_at: ColumnType<Date, Date | string, Date | string>;
}
