import type { ColumnType, Generated } from 'kysely';
import type { FeedbackTable } from '../help/feedback';
import type { MailOutboxTable } from '../mail/outbox';
import type { PortalsTable, WorkspaceItemsTable, WorkspacesTable } from '../portal/tables';
import type { GamesTable } from '../read-models/games';
import type { InvoicesTable } from '../read-models/invoices';
import type { LeaderboardTable } from '../read-models/leaderboard';
import type { SessionsTable } from '../read-models/sessions';
import type { TeamInvitesTable, TeamMembersTable, TeamsTable } from '../read-models/teams';
import type { TemplatesTable } from '../read-models/templates';
import type { DeadlinesTable } from '../scheduler/deadlines';
import type { AnalyticsEventsTable, ErrorGroupsTable, ErrorSamplesTable } from '../telemetry/tables';

/** The database as Kysely sees it; of better-auth's tables, only what the product reads. */
export interface Database {
  analytics_events: AnalyticsEventsTable;
  deadlines: DeadlinesTable;
  error_groups: ErrorGroupsTable;
  error_samples: ErrorSamplesTable;
  events: EventsTable;
  feedback: FeedbackTable;
  games: GamesTable;
  invoices: InvoicesTable;
  leaderboard: LeaderboardTable;
  mail_outbox: MailOutboxTable;
  portals: PortalsTable;
  rate_limits: RateLimitsTable;
  server_settings: ServerSettingsTable;
  sessions: SessionsTable;
  team_invites: TeamInvitesTable;
  team_members: TeamMembersTable;
  teams: TeamsTable;
  templates: TemplatesTable;
  user: UserTable;
  workspace_items: WorkspaceItemsTable;
  workspaces: WorkspacesTable;
}

/** The columns of better-auth's user table that the product reads (players' display names, mail addresses). */
export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: boolean;
  createdAt: Date;
  language: string | null;
  notifyPlanPurchase: boolean;
  invitedBy: string | null;
  joinedReferralProgram: boolean;
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
