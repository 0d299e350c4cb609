/** Team accounts served on `team-<id>` streams, and the year's invoice ledgers on `invoices-<year>`. */
import {
  LEDGER_RULES_VERSION,
  type LedgerCommand,
  type LedgerEvent,
  type LedgerState,
  ledgerDecider,
} from '../../src-shared/billing/ledger';
import {
  TEAM_RULES_VERSION,
  type TeamCommand,
  type TeamEvent,
  type TeamState,
  teamDecider,
} from '../../src-shared/team';
import type { StreamType } from '../eventstore/command-handler';
import { invoicesProjection } from '../read-models/invoices';
import { teamsProjection } from '../read-models/teams';

export const TEAM_STREAM_PREFIX = 'team-';
export const LEDGER_STREAM_PREFIX = 'invoices-';

export const teamStream: StreamType<TeamCommand, TeamEvent, TeamState> = {
  decider: teamDecider,
  rulesVersion: TEAM_RULES_VERSION,
  upcasters: [],
  project: (previous, next) => teamsProjection(previous, next),
};

export const ledgerStream: StreamType<LedgerCommand, LedgerEvent, LedgerState> = {
  decider: ledgerDecider,
  rulesVersion: LEDGER_RULES_VERSION,
  upcasters: [],
  project: (previous, next) => invoicesProjection(previous, next),
};
