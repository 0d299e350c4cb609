/**
 * The authorization matrix: who may call each procedure of the app router, walked from the
 * router's own list, so that a procedure without its row fails here. Each cell is what a caller
 * gets: `ok`, or the message id of the refusal. Views are checked for what they must never show.
 * A new procedure adds its row (docs/architecture.md, "A new procedure").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { appRouter } from '../../src-server/trpc/router';
import type { GameView } from '../../src-server/trpc/routers/game';
import { type BeerView, classicConfigInput } from '../../src-shared/beergame';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import type { SessionView } from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  apiClient,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';

/** Who calls. For a session's procedures, `creator` is its creator (its admin) and `player` one of its players. */
const CALLERS = ['nobody', 'player', 'otherPlayer', 'observer', 'creator', 'otherInstructor'] as const;
type Caller = (typeof CALLERS)[number];
const DESCRIPTIONS: Record<Caller, string> = {
  nobody: 'no sign-in',
  player: 'an anonymous player of this game',
  otherPlayer: 'a player of another game',
  observer: 'a signed-in visitor without a seat',
  creator: "the game's creator",
  otherInstructor: 'another instructor',
};

type Api = ApiUser['api'];
/** A fresh beer game of `creator`, whose retailer is `player`. */
interface Game {
  gameId: string;
}
interface Row {
  call: (api: Api, game: Game) => Promise<unknown>;
  /** `ok`, or the message id of the refusal. */
  expected: Record<Caller, string>;
  /** A check of what an allowed caller got back. */
  check?: (result: unknown, caller: Caller, game: Game) => void;
  /** Whether the call changes the game (then each caller gets a fresh one). */
  changes?: boolean;
}

const everyone = (outcome: string): Record<Caller, string> =>
  Object.fromEntries(CALLERS.map((caller) => [caller, outcome])) as Record<Caller, string>;
const instructorsOnly = {
  nobody: 'errors.signInRequired',
  player: 'dashboard.messLoginToAccess',
  otherPlayer: 'dashboard.messLoginToAccess',
  observer: 'dashboard.messLoginToAccess',
  creator: 'ok',
  otherInstructor: 'ok',
};

/** The dashboard's actions: the game's creator; another instructor does not know the game. */
const ownGamesOnly = { ...instructorsOnly, otherInstructor: 'dashboard.messGameUnknown' };

/** The first view of a subscription, or its error. */
const firstView = (api: Api, gameId: string) =>
  waitForView<GameView>(
    (handlers) => api.game.watch.subscribe({ gameId }, handlers),
    () => true,
  ).then((tracked) => tracked.data);

/** What a view must never show: another facility's numbers in a non-transparent game, an e-mail. */
function checkView(view: BeerView, caller: Caller) {
  // The classic game is not transparent: only the creator sees every facility's numbers.
  const withNumbers = view.facilities.filter((f) => f.numbers !== null).map((f) => f.id);
  expect(withNumbers).toEqual(
    caller === 'creator' ? view.facilities.map((f) => f.id) : caller === 'player' ? ['retailer'] : [],
  );
  // Only the creator sees who is connected.
  expect(view.facilities.some((f) => 'connected' in f)).toBe(caller === 'creator');
  expect(JSON.stringify(view)).not.toMatch(/@example\.org/);
}

/** The first update of `game.watchChanges`: the whole view. */
const firstLiveView = (api: Api, gameId: string) =>
  new Promise<GameView>((resolve, reject) => {
    const subscription = api.game.watchChanges.subscribe(
      { gameId },
      {
        onData: (update) => {
          subscription.unsubscribe();
          if ('view' in update) resolve(update.view);
          else reject(new Error('a patch came before the whole view'));
        },
        onError: reject,
      },
    );
  });

let database: TestDatabase;
let server: RunningServer;
const users = {} as Record<Exclude<Caller, 'nobody'>, ApiUser>;
let nobody: ReturnType<typeof apiClient>;
const apiOf = (caller: Caller): Api => (caller === 'nobody' ? nobody.api : users[caller].api);

/** A template of each instructor's, for the template procedures' cells. */
const ownTemplates = { creator: '', otherInstructor: '' };
const newTemplate = async (user: ApiUser) =>
  (await user.api.template.create.mutate({ title: 'Matrix', type: 'beergame', config: classicConfigInput() }))
    .templateId;

async function newGame(): Promise<Game> {
  const { gameId } = await users.creator.api.beergame.create.mutate({
    name: 'Matrix class',
    template: 'classic',
  });
  await users.player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  return { gameId };
}

const matrix: Record<string, Row> = {
  'account.me': {
    call: (api) => api.account.me.query(),
    expected: everyone('ok'),
    check: (me, caller) => {
      if (caller === 'nobody') expect(me).toBeNull();
      else expect(me).toMatchObject({ id: users[caller].userId });
    },
  },
  'beergame.create': {
    call: (api) => api.beergame.create.mutate({ name: 'Another class', template: 'classic' }),
    expected: instructorsOnly,
    changes: true,
  },
  'beergame.join': {
    call: (api, { gameId }) =>
      api.beergame.join.mutate({ gameId, facilityId: 'wholesaler', commandId: randomUUID() }),
    expected: {
      nobody: 'errors.signInRequired',
      player: 'beergame.errAlreadyPlaying',
      otherPlayer: 'ok',
      observer: 'ok',
      creator: 'beergame.errCreatorCannotPlay',
      otherInstructor: 'ok',
    },
    changes: true,
  },
  'beergame.answerQuestion': {
    call: (api, { gameId }) =>
      api.beergame.answerQuestion.mutate({
        gameId,
        questionId: 'q1',
        answer: 'factory',
        commandId: randomUUID(),
      }),
    // The matrix's game is not over: its players are told the debrief is not open yet.
    expected: {
      nobody: 'errors.membersOnly',
      player: 'beergame.errDebriefNotOpen',
      otherPlayer: 'errors.membersOnly',
      observer: 'errors.membersOnly',
      creator: 'errors.membersOnly',
      otherInstructor: 'errors.membersOnly',
    },
    changes: true,
  },
  'beergame.history': {
    // Once the game is over (before, its player is told: beergame-procedures and player-access tests).
    call: async (api, { gameId }) => {
      await users.creator.api.beergame.endGame.mutate({ gameId, commandId: randomUUID() });
      return api.beergame.history.query({ gameId });
    },
    expected: {
      nobody: 'errors.membersOrCreatorOnly',
      player: 'ok',
      otherPlayer: 'errors.membersOrCreatorOnly',
      observer: 'errors.membersOrCreatorOnly',
      creator: 'ok',
      otherInstructor: 'errors.membersOrCreatorOnly',
    },
    check: (history, caller) => {
      const { events } = history as { events: Array<{ type: string; version: number }> };
      expect(events[0]).toMatchObject({ type: 'GameCreated', version: 1 });
      // Events alone, never who sent which command; a player reads seats instead of user ids.
      for (const event of events)
        expect(Object.keys(event).sort()).toEqual(['data', 'recordedAt', 'type', 'version']);
      const text = JSON.stringify(events);
      expect(text.includes(users.player.userId)).toBe(caller === 'creator');
      expect(text.includes(users.creator.userId)).toBe(caller === 'creator');
    },
    changes: true,
  },
  'beergame.placeOrder': {
    call: (api, { gameId }) =>
      api.beergame.placeOrder.mutate({
        gameId,
        facilityId: 'retailer',
        quantity: 4,
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.membersOnly'), player: 'ok' },
    changes: true,
  },
  'beergame.closeWeek': {
    call: (api, { gameId }) => api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.joinRandom': {
    call: (api, { gameId }) => api.beergame.joinRandom.mutate({ gameId, commandId: randomUUID() }),
    expected: {
      nobody: 'errors.signInRequired',
      player: 'ok',
      otherPlayer: 'ok',
      observer: 'ok',
      creator: 'beergame.errCreatorCannotPlay',
      otherInstructor: 'ok',
    },
    check: (result, caller) => {
      const { facilityId } = result as { facilityId: string };
      // The retailer's player keeps their seat; anyone else gets one of the free ones.
      if (caller === 'player') expect(facilityId).toBe('retailer');
      else expect(['wholesaler', 'distributor', 'factory']).toContain(facilityId);
    },
    changes: true,
  },
  'beergame.leave': {
    call: (api, { gameId }) =>
      api.beergame.leave.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    changes: true,
  },
  'beergame.handToComputer': {
    call: (api, { gameId }) =>
      api.beergame.handToComputer.mutate({
        gameId,
        facilityId: 'retailer',
        policy: 'fixed:4',
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.takeBack': {
    call: async (api, { gameId }) => {
      await users.creator.api.beergame.handToComputer.mutate({
        gameId,
        facilityId: 'wholesaler',
        commandId: randomUUID(),
      });
      return api.beergame.takeBack.mutate({ gameId, facilityId: 'wholesaler', commandId: randomUUID() });
    },
    expected: {
      nobody: 'errors.signInRequired',
      player: 'beergame.errAlreadyPlaying',
      otherPlayer: 'ok',
      observer: 'ok',
      creator: 'ok',
      otherInstructor: 'ok',
    },
    changes: true,
  },
  'beergame.proposeOrder': {
    call: (api, { gameId }) =>
      api.beergame.proposeOrder.mutate({
        gameId,
        facilityId: 'retailer',
        quantity: 6,
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.confirmAllocations': {
    // The classic game has a single client per supplier: no shortage to split, past the guard.
    call: (api, { gameId }) =>
      api.beergame.confirmAllocations.mutate({
        gameId,
        facilityId: 'retailer',
        allocation: {},
        commandId: randomUUID(),
      }),
    expected: {
      ...everyone('errors.membersOrCreatorOnly'),
      player: 'beergame.errNoAllocation',
      creator: 'beergame.errNoAllocation',
    },
  },
  'beergame.resetStartingOrders': {
    call: (api, { gameId }) =>
      api.beergame.resetStartingOrders.mutate({ gameId, startOrders: 5, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.settings': {
    call: (api, { gameId }) => api.beergame.settings.query({ gameId }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: (settings) => expect(settings).toMatchObject({ name: 'Matrix class', open: true }),
  },
  'beergame.configure': {
    call: (api, { gameId }) =>
      api.beergame.configure.mutate({
        gameId,
        name: 'Reconfigured',
        config: { ...classicConfigInput(), weeks: 20 },
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.scheduleChange': {
    call: (api, { gameId }) =>
      api.beergame.scheduleChange.mutate({
        gameId,
        week: 3,
        facilityIds: ['retailer'],
        field: 'leadtime',
        value: 4,
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.cancelChange': {
    call: (api, { gameId }) =>
      api.beergame.cancelChange.mutate({ gameId, changeId: 'c1', commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'beergame.errChangeUnknown' },
  },
  'beergame.resetGame': {
    call: (api, { gameId }) => api.beergame.resetGame.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.endGame': {
    call: (api, { gameId }) => api.beergame.endGame.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.sendMessage': {
    call: (api, { gameId }) =>
      api.beergame.sendMessage.mutate({ gameId, to: 'all', text: 'Hello', commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.setTransparent': {
    call: (api, { gameId }) =>
      api.beergame.setTransparent.mutate({ gameId, transparent: true, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.startTimer': {
    call: (api, { gameId }) =>
      api.beergame.startTimer.mutate({ gameId, seconds: 600, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.pauseTimer': {
    call: async (api, { gameId }) => {
      await users.creator.api.beergame.startTimer.mutate({ gameId, commandId: randomUUID() });
      return api.beergame.pauseTimer.mutate({ gameId, commandId: randomUUID() });
    },
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.resumeTimer': {
    call: async (api, { gameId }) => {
      await users.creator.api.beergame.startTimer.mutate({ gameId, commandId: randomUUID() });
      await users.creator.api.beergame.pauseTimer.mutate({ gameId, commandId: randomUUID() });
      return api.beergame.resumeTimer.mutate({ gameId, commandId: randomUUID() });
    },
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'beergame.stopTimer': {
    call: (api, { gameId }) => api.beergame.stopTimer.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'clock.now': {
    call: (api) => api.clock.now.query(),
    expected: everyone('ok'),
    check: (result) => {
      const { now } = result as { now: number };
      expect(Math.abs(now - Date.now())).toBeLessThan(60_000);
    },
  },
  'dashboard.games': {
    call: (api) => api.dashboard.games.query({}),
    expected: instructorsOnly,
    check: (result, caller, { gameId }) => {
      const ids = (result as { games: { id: string }[] }).games.map((game) => game.id);
      if (caller === 'creator') expect(ids).toContain(gameId);
      else expect(ids).not.toContain(gameId);
    },
  },
  'template.list': {
    call: (api) => api.template.list.query(),
    expected: instructorsOnly,
    check: (result, caller) => {
      const { defaults, own } = result as { defaults: unknown[]; own: { id: string }[] };
      expect(defaults).toHaveLength(13);
      // Each instructor lists only their own templates.
      expect(own.map((t) => t.id)).toContain(ownTemplates[caller as 'creator' | 'otherInstructor']);
      expect(own.map((t) => t.id)).not.toContain(
        ownTemplates[caller === 'creator' ? 'otherInstructor' : 'creator'],
      );
    },
  },
  'template.create': {
    call: (api) =>
      api.template.create.mutate({ title: 'Mine', type: 'beergame', config: classicConfigInput() }),
    expected: instructorsOnly,
  },
  'template.get': {
    call: (api) => api.template.get.query({ templateId: ownTemplates.creator }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
    check: (result) => expect(result).toMatchObject({ type: 'beergame', config: expect.any(Object) }),
  },
  // The creator's own template: another instructor's is not found.
  'template.update': {
    call: (api) => api.template.update.mutate({ templateId: ownTemplates.creator, title: 'Renamed' }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
  },
  'template.copy': {
    call: (api) => api.template.copy.mutate({ templateId: ownTemplates.creator, title: 'Copied' }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
  },
  'template.delete': {
    call: async (api) => {
      const result = await api.template.delete.mutate({ templateId: ownTemplates.creator });
      // The next cell deletes a template of its own.
      ownTemplates.creator = await newTemplate(users.creator);
      return result;
    },
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
  },
  'dashboard.onboarding': {
    call: (api) => api.dashboard.onboarding.query(),
    expected: instructorsOnly,
    // Both instructors have a game with a player; each reads their own games only.
    check: (result) => {
      expect(result).toMatchObject({ hasCreated: true, hasSharedGames: true });
      expect((result as { newestGameId: string }).newestGameId).toEqual(expect.any(String));
    },
  },
  'dashboard.watchGames': {
    call: (api) =>
      new Promise((resolve, reject) => {
        const subscription = api.dashboard.watchGames.subscribe(undefined, {
          onData: (tick) => {
            subscription.unsubscribe();
            resolve(tick);
          },
          onError: reject,
        });
      }),
    expected: instructorsOnly,
    check: (tick) => expect(tick).toBe(0),
  },
  'game.archive': {
    call: (api, { gameId }) => api.game.archive.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    changes: true,
  },
  'game.unarchive': {
    call: (api, { gameId }) => api.game.unarchive.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    changes: true,
  },
  'game.copy': {
    call: (api, { gameId }) => api.game.copy.mutate({ gameId, count: 2, commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: (result) => expect((result as { gameIds: string[] }).gameIds).toHaveLength(2),
  },
  'game.delete': {
    call: (api, { gameId }) =>
      api.game.delete.mutate({ gameIds: [gameId], confirmCount: 1, commandId: randomUUID() }),
    expected: ownGamesOnly,
    changes: true,
  },
  'game.disconnectPlayers': {
    call: (api, { gameId }) =>
      api.game.disconnectPlayers.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    changes: true,
  },
  'game.saveAsTemplate': {
    call: (api, { gameId }) => api.game.saveAsTemplate.mutate({ gameId, title: 'From a class' }),
    expected: ownGamesOnly,
    check: (result) => expect((result as { templateId: string }).templateId).toEqual(expect.any(String)),
  },
  'game.mergeIntoTemplate': {
    call: (api, { gameId }) =>
      api.game.mergeIntoTemplate.mutate({ gameIds: [gameId], title: 'Merged', commandId: randomUUID() }),
    expected: ownGamesOnly,
  },
  'game.reset': {
    call: (api, { gameId }) => api.game.reset.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    changes: true,
  },
  'game.watch': {
    call: (api, { gameId }) => firstView(api, gameId),
    expected: everyone('ok'),
    check: (view, caller) => checkView(view as BeerView, caller),
  },
  'game.watchChanges': {
    call: (api, { gameId }) => firstLiveView(api, gameId),
    expected: everyone('ok'),
    check: (view, caller) => checkView(view as BeerView, caller),
  },
};

/** A published session of the creator's, whose first round is open and whose team 1 retailer is `player`. */
interface Session {
  sessionId: string;
  gameId: string;
  code: string;
}
interface SessionRow {
  call: (api: Api, session: Session) => Promise<unknown>;
  expected: Record<Caller, string>;
  check?: (result: unknown, caller: Caller, session: Session) => void;
  changes?: boolean;
}

async function newSession(): Promise<Session> {
  const api = users.creator.api;
  const { sessionId } = await api.session.create.mutate({
    name: 'Matrix session',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const { gameId } = await users.player.api.session.join.mutate({
    sessionId,
    teamNumber: 1,
    facilityId: 'retailer',
    commandId: randomUUID(),
  });
  const code = (await api.session.list.query()).find((s) => s.id === sessionId)!.code!;
  return { sessionId, gameId, code };
}

/** The first update of `session.watch`: the whole view. */
const firstSessionView = (api: Api, sessionId: string) =>
  new Promise<SessionView>((resolve, reject) => {
    const subscription = api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update) => {
          subscription.unsubscribe();
          if ('view' in update) resolve(update.view);
          else reject(new Error('a patch came before the whole view'));
        },
        onError: reject,
      },
    );
  });

/** Session admin procedures: its creator; an instructor who is not an admin is refused, others must sign in as one. */
const sessionAdminsOnly = { ...instructorsOnly, otherInstructor: 'errors.sessionAdminOnly' };

const sessionMatrix: Record<string, SessionRow> = {
  'session.list': {
    call: (api) => api.session.list.query(),
    expected: instructorsOnly,
    check: (list, caller) => expect((list as unknown[]).length > 0).toBe(caller === 'creator'),
  },
  'session.watchList': {
    call: (api) =>
      new Promise((resolve, reject) => {
        const subscription = api.session.watchList.subscribe(undefined, {
          onData: (tick) => {
            subscription.unsubscribe();
            resolve(tick);
          },
          onError: reject,
        });
      }),
    expected: instructorsOnly,
    check: (tick) => expect(tick).toBe(0),
  },
  'session.create': {
    call: (api) =>
      api.session.create.mutate({ name: 'Another', template: 'classicSingle', commandId: randomUUID() }),
    expected: instructorsOnly,
  },
  'session.setup': {
    call: (api, { sessionId }) => api.session.setup.query({ sessionId }),
    expected: sessionAdminsOnly,
    check: (result) => expect((result as { currentRound: number }).currentRound).toBe(1),
  },
  'session.watch': {
    call: (api, { sessionId }) => firstSessionView(api, sessionId),
    expected: everyone('ok'),
    check: (view, caller) => {
      const v = view as SessionView;
      // Only its admins follow the teams; a player sees their own seat; no e-mail leaves the server.
      expect(v.followUp !== null).toBe(caller === 'creator');
      expect(v.me !== null).toBe(caller === 'player');
      expect(JSON.stringify(v)).not.toMatch(/@example\.org/);
    },
  },
  'session.edit': {
    call: async (api, { sessionId }) => {
      const { setup } = await users.creator.api.session.setup.query({ sessionId });
      return api.session.edit.mutate({
        sessionId,
        setup: { ...setup, name: 'Renamed' },
        commandId: randomUUID(),
      });
    },
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.publish': {
    call: (api, { sessionId }) => api.session.publish.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
  },
  'session.unpublish': {
    call: (api, { sessionId }) => api.session.unpublish.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.duplicate': {
    call: (api, { sessionId }) => api.session.duplicate.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
  },
  'session.delete': {
    call: (api, { sessionId }) =>
      api.session.delete.mutate({ sessionId, confirmName: 'Matrix session', commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.lockRound': {
    call: (api, { sessionId }) =>
      api.session.lockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.unlockRound': {
    call: (api, { sessionId }) =>
      api.session.unlockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() }),
    expected: sessionAdminsOnly,
  },
  'session.startRound': {
    call: (api, { sessionId }) => api.session.startRound.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.nextRound': {
    call: (api, { sessionId }) => api.session.nextRound.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'session.teamsAction': {
    call: (api, { sessionId, gameId }) =>
      api.session.teamsAction.mutate({
        sessionId,
        gameIds: [gameId],
        action: { type: 'message', text: 'Hello class' },
        commandId: randomUUID(),
      }),
    expected: sessionAdminsOnly,
    changes: true,
  },
  'join.byCode': {
    call: (api, { code }) => api.join.byCode.query({ code }),
    expected: everyone('ok'),
    check: (result, _caller, { sessionId }) => expect(result).toEqual({ kind: 'session', sessionId }),
  },
  'session.join': {
    call: (api, { sessionId }) => api.session.join.mutate({ sessionId, commandId: randomUUID() }),
    expected: {
      nobody: 'errors.signInRequired',
      player: 'ok',
      otherPlayer: 'ok',
      observer: 'ok',
      creator: 'beergame.errCreatorCannotPlay',
      otherInstructor: 'ok',
    },
    changes: true,
  },
  'session.templates': {
    call: (api) => api.session.templates.query(),
    expected: instructorsOnly,
  },
  'session.deleteTemplate': {
    call: async (api) => {
      // Each instructor deletes a session template of their own, merged from a game of theirs.
      const owner = api === users.otherInstructor.api ? users.otherInstructor : users.creator;
      const { gameId } = await owner.api.beergame.create.mutate({ name: 'To merge', template: 'classic' });
      const { templateId } = await owner.api.game.mergeIntoTemplate.mutate({
        gameIds: [gameId],
        title: 'Merged',
        commandId: randomUUID(),
      });
      return api.session.deleteTemplate.mutate({ templateId, commandId: randomUUID() });
    },
    expected: instructorsOnly,
  },
  'session.responses': {
    call: (api, { sessionId }) => api.session.responses.query({ sessionId }),
    expected: sessionAdminsOnly,
    check: (responses) => expect(responses).toEqual([]),
  },
  'session.results': {
    call: (api, { sessionId }) => api.session.results.query({ sessionId }),
    // Its admins, and its players (the session lets them see their debrief by default).
    expected: { ...everyone('errors.membersOnly'), player: 'ok', creator: 'ok' },
    // A player sees nothing of the round being played (a blind one), only that it is not open yet.
    check: (result, caller) => {
      const { teams, pendingRounds } = result as {
        teams: { roundNumber: number }[];
        pendingRounds: number[];
      };
      if (caller === 'creator') {
        expect(teams.map((t) => t.roundNumber)).toEqual([1, 1]);
        expect(pendingRounds).toEqual([]);
      } else expect({ teams, pendingRounds }).toEqual({ teams: [], pendingRounds: [1] });
    },
  },
};

/** A fresh lean workshop of `creator`, whose warehouse is `player`'s. */
async function newLeanGame(): Promise<Game> {
  const { gameId } = await users.creator.api.leangame.create.mutate({
    name: 'Matrix workshop',
    template: 'workshop4-choose',
  });
  await users.player.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() });
  return { gameId };
}

/** The lean game's procedures, on a lean game (the beer game's procedures do not know it, nor these a beer game). */
const leanMatrix: Record<string, Row> = {
  'leangame.create': {
    call: (api) => api.leangame.create.mutate({ name: 'Another workshop', template: 'workshop4-choose' }),
    expected: instructorsOnly,
  },
  'leangame.join': {
    call: (api, { gameId }) =>
      api.leangame.join.mutate({ gameId, facilityId: 'paint1', commandId: randomUUID() }),
    expected: {
      ...everyone('ok'),
      nobody: 'errors.signInRequired',
      player: 'leangame.errAlreadyPlaying',
    },
    changes: true,
  },
  'leangame.leave': {
    call: (api, { gameId }) =>
      api.leangame.leave.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    changes: true,
  },
  'leangame.setRoundLength': {
    call: (api, { gameId }) =>
      api.leangame.setRoundLength.mutate({ gameId, minutes: 9, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'leangame.start': {
    call: (api, { gameId }) => api.leangame.start.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'leangame.end': {
    call: (api, { gameId }) => api.leangame.end.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'leangame.errNotStarted' },
  },
  'leangame.reset': {
    call: (api, { gameId }) => api.leangame.reset.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    changes: true,
  },
  'leangame.openPanel': {
    call: (api, { gameId }) => api.leangame.openPanel.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    changes: true,
  },
  'leangame.closePanel': {
    call: (api, { gameId }) => api.leangame.closePanel.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
  },
  'leangame.panel': {
    call: (api, { gameId }) =>
      api.leangame.panel.mutate({
        gameId,
        command: { type: 'EnableImprovement', improvement: 'batch' },
        commandId: randomUUID(),
      }),
    expected: {
      ...everyone('errors.membersOrCreatorOnly'),
      player: 'leangame.errPanelNotOpen',
      creator: 'leangame.errPanelNotOpen',
    },
  },
  'leangame.work': {
    call: (api, { gameId }) =>
      api.leangame.work.mutate({
        gameId,
        command: { type: 'ReleaseSheet', facilityId: 'warehouse' },
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.membersOnly'), player: 'leangame.errNotStarted' },
  },
  'leangame.history': {
    call: (api, { gameId }) => api.leangame.history.query({ gameId }),
    expected: {
      ...everyone('errors.membersOrCreatorOnly'),
      nobody: 'errors.signInRequired',
      player: 'beergame.errHistoryAfterEnd',
      creator: 'ok',
    },
    check: (result) => {
      const { events } = result as { events: { type: string }[] };
      expect(events[0]).toMatchObject({ type: 'LeanGameCreated' });
      // Events alone, never who sent which command.
      for (const event of events)
        expect(Object.keys(event).sort()).toEqual(['data', 'recordedAt', 'type', 'version']);
    },
  },
};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    // Each cell that changes a game gets a fresh one.
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  users.creator = await signUpInstructor(server.url, 'creator@example.org');
  users.otherInstructor = await signUpInstructor(server.url, 'other@example.org');
  users.player = await signInAnonymous(server.url, 'Pat');
  users.otherPlayer = await signInAnonymous(server.url, 'Olly');
  users.observer = await signInAnonymous(server.url, 'Vic');
  nobody = apiClient(server.url, '');
  ownTemplates.creator = await newTemplate(users.creator);
  ownTemplates.otherInstructor = await newTemplate(users.otherInstructor);
  const { gameId: otherGame } = await users.otherInstructor.api.beergame.create.mutate({
    name: 'Elsewhere',
    template: 'classic',
  });
  await users.otherPlayer.api.beergame.join.mutate({
    gameId: otherGame,
    facilityId: 'retailer',
    commandId: randomUUID(),
  });
});
afterAll(async () => {
  for (const user of Object.values(users)) user.close();
  nobody.close();
  await server.close();
  await database.drop();
});

it('has a row for every procedure of the app router, and none for a procedure that is gone', () => {
  expect([...Object.keys(matrix), ...Object.keys(leanMatrix), ...Object.keys(sessionMatrix)].sort()).toEqual(
    Object.keys(appRouter._def.procedures).sort(),
  );
});

it('answers an unknown or malformed join code with its refusal, whoever asks', async () => {
  const existing = await newGame();
  const unknown = ['3479AC', '3479AD', '3479AE'].find((code) => code !== joinCodeOf(existing.gameId))!;
  for (const caller of CALLERS)
    for (const code of [unknown, 'O0O0O0', '', 'x'.repeat(32)])
      await expect(apiOf(caller).join.byCode.query({ code })).rejects.toMatchObject({
        data: { messageId: 'game.errCodeUnknown', httpStatus: 404 },
      });
});

it('finds a game by its code, typed as people do, for whoever may open it', async () => {
  const { gameId } = await newGame();
  for (const caller of CALLERS)
    expect(
      await apiOf(caller).join.byCode.query({ code: formatJoinCode(joinCodeOf(gameId)).toLowerCase() }),
    ).toEqual({ kind: 'game', gameId });
});

describe.each([
  ...Object.entries(matrix).map(([procedure, row]) => [procedure, row, newGame] as const),
  ...Object.entries(leanMatrix).map(([procedure, row]) => [procedure, row, newLeanGame] as const),
])('%s', (_procedure, row, gameFor) => {
  let shared: Game;
  beforeAll(async () => {
    shared = await gameFor();
  });

  it.each(CALLERS)('for %s', async (caller) => {
    const game = row.changes ? await gameFor() : shared;
    let outcome: string;
    let result: unknown;
    try {
      result = await row.call(apiOf(caller), game);
      outcome = 'ok';
    } catch (error) {
      const data = (error as { data?: { messageId?: string; httpStatus?: number } }).data;
      outcome = data?.messageId ?? String(error);
      // A refusal is the caller's fault, never the server's.
      expect(data?.httpStatus, outcome).toBeLessThan(500);
    }
    expect(outcome, DESCRIPTIONS[caller]).toBe(row.expected[caller]);
    if (outcome === 'ok') row.check?.(result, caller, game);
  });
});

describe.each(Object.entries(sessionMatrix))('%s', (_procedure, row) => {
  let shared: Session;
  beforeAll(async () => {
    shared = await newSession();
  });

  it.each(CALLERS)('for %s', async (caller) => {
    const session = row.changes ? await newSession() : shared;
    let outcome: string;
    let result: unknown;
    try {
      result = await row.call(apiOf(caller), session);
      outcome = 'ok';
    } catch (error) {
      const data = (error as { data?: { messageId?: string; httpStatus?: number } }).data;
      outcome = data?.messageId ?? String(error);
      expect(data?.httpStatus, outcome).toBeLessThan(500);
    }
    expect(outcome, DESCRIPTIONS[caller]).toBe(row.expected[caller]);
    if (outcome === 'ok') row.check?.(result, caller, session);
  });
});
