/**
 * The sessions the fuzz plays against, made through the API as an instructor would: a published
 * session of three beer rounds with two teams and a seated player, and a draft. `refresh` reads
 * what the fuzz has done to them since (its round's games, its code) and publishes the session
 * again when a fuzzed `session.unpublish` hid it from its players.
 */
import { randomUUID } from 'node:crypto';
import type { LiveView } from '../../src-shared/api/view-patch';
import type { SessionSetup, SessionView } from '../../src-shared/session';
import type { ApiUser } from './server';

export interface FuzzSessions {
  /** The published session, its name and join code, its rounds, and its current round's games by team. */
  sessionId: string;
  name: string;
  code: string;
  roundIds: string[];
  gameIds: string[];
  setup: SessionSetup;
  /** A session never published: its admin sees it, nobody else does. */
  draftId: string;
}

/** The session as `as` sees it now: the first (whole) view of `session.watch`. */
export function sessionViewOf(as: ApiUser, sessionId: string): Promise<SessionView> {
  return new Promise((resolve, reject) => {
    const subscription = as.api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          subscription.unsubscribe();
          if ('view' in update) resolve(update.view);
          else reject(new Error('session.watch began with a patch'));
        },
        onError: reject,
      },
    );
  });
}

export async function createFuzzSessions(creator: ApiUser, player: ApiUser): Promise<FuzzSessions> {
  const name = 'Fuzzed class';
  const { sessionId } = await creator.api.session.create.mutate({
    name,
    template: 'chainLength',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await creator.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  await player.api.session.join.mutate({ sessionId, commandId: randomUUID() });
  const { sessionId: draftId } = await creator.api.session.create.mutate({
    name: 'Fuzzed draft',
    template: 'classicThenVariability',
    teamCount: 1,
    commandId: randomUUID(),
  });
  const { setup } = await creator.api.session.setup.query({ sessionId });
  const sessions: FuzzSessions = {
    sessionId,
    name,
    code: '',
    roundIds: setup.rounds.map((round) => round.id),
    gameIds: [],
    setup,
    draftId,
  };
  await refresh(creator, sessions);
  return sessions;
}

/** Reads the session's code and current games again, and publishes it again if it was unpublished. */
export async function refresh(creator: ApiUser, sessions: FuzzSessions): Promise<void> {
  // The list, not a view: a view may come from a live hub's snapshot a moment old.
  const listed = (await creator.api.session.list.query()).find((s) => s.id === sessions.sessionId);
  if (!listed) throw new Error(`the fuzz deleted its session ${sessions.sessionId}`);
  if (!listed.published)
    await creator.api.session.publish.mutate({ sessionId: sessions.sessionId, commandId: randomUUID() });
  const view = await sessionViewOf(creator, sessions.sessionId);
  sessions.code = view.code ?? listed.code ?? '';
  sessions.gameIds = view.teams.map((team) => team.gameId);
}
