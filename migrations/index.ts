import type { Migration } from 'kysely';
import * as eventStore from './0001_event_store';
import * as identity from './0002_identity';
import * as gamesOfAnyType from './0003_games_of_any_type';
import * as rateLimits from './0004_rate_limits';
import * as deadlines from './0005_deadlines';
import * as gameCodes from './0006_game_codes';
import * as templates from './0007_templates';
import * as gamesList from './0008_games_list';
import * as profile from './0009_profile';
import * as sessions from './0010_sessions';
import * as mailOutbox from './0011_mail_outbox';
import * as accountSetup from './0012_account_setup';
import * as teamsAndBilling from './0013_teams_and_billing';
import * as workspacesAndPortals from './0014_workspaces_and_portals';
import * as telemetry from './0015_telemetry';
import * as feedback from './0016_feedback';
import * as leaderboard from './0017_leaderboard';
import * as commandOncePerActor from './0018_command_once_per_actor';

/** Every migration in order. A landed migration is never edited: add a new file and a line here. */
export const migrations: Record<string, Migration> = {
  '0001_event_store': eventStore,
  '0002_identity': identity,
  '0003_games_of_any_type': gamesOfAnyType,
  '0004_rate_limits': rateLimits,
  '0005_deadlines': deadlines,
  '0006_game_codes': gameCodes,
  '0007_templates': templates,
  '0008_games_list': gamesList,
  '0009_profile': profile,
  '0010_sessions': sessions,
  '0011_mail_outbox': mailOutbox,
  '0012_account_setup': accountSetup,
  '0013_teams_and_billing': teamsAndBilling,
  '0014_workspaces_and_portals': workspacesAndPortals,
  '0015_telemetry': telemetry,
  '0016_feedback': feedback,
  '0017_leaderboard': leaderboard,
  '0018_command_once_per_actor': commandOncePerActor,
};
