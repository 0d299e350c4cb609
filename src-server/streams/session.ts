/** Sessions served on `session-<id>` streams. */
import {
  SESSION_RULES_VERSION,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
  sessionDecider,
} from '../../src-shared/session';
import type { StreamType } from '../eventstore/command-handler';
import { sessionsListKey, sessionsProjection } from '../read-models/sessions';

export const SESSION_STREAM_PREFIX = 'session-';

export const sessionStream: StreamType<SessionCommand, SessionEvent, SessionState> = {
  decider: sessionDecider,
  rulesVersion: SESSION_RULES_VERSION,
  upcasters: [],
  project: (previous, next) => sessionsProjection(previous, next),
  wakes: (next) => [sessionsListKey(next.creatorId)],
};
