/**
 * The authorization matrix: who may call each procedure of the app router, walked from the
 * router's own list, so that a procedure without its row fails here. Each cell is what a caller
 * gets: `ok`, or the message id of the refusal. Every row checks what an allowed caller gets back
 * (their own data, of the game or session asked for, nobody else's), and every allowed call may
 * record events for its caller only. A new procedure adds its row (docs/architecture.md, "A new
 * procedure").
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { SYSTEM_ACTOR } from '../../src-server/scheduler/scheduler';
import { sessionStream } from '../../src-server/streams/session';
import { appRouter } from '../../src-server/trpc/router';
import type { GameView } from '../../src-server/trpc/routers/game';
import type { LiveView } from '../../src-shared/api/view-patch';
import { BEERGAME_TEMPLATE_IDS, type BeerView, classicConfigInput } from '../../src-shared/beergame';
import { type EventMetadata, gameStreamId } from '../../src-shared/eventsourcing';
import { DEMO_CREATOR_ID } from '../../src-shared/rules/demo';
import { formatJoinCode, joinCodeOf } from '../../src-shared/rules/join-code';
import { type SessionView, sessionStreamId } from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  apiClient,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForView,
} from '../support/server';
import { TEAM_MATRIX_PROCEDURES } from '../support/team-matrix';

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
/** A fresh beer game of `creator`, whose retailer is `player`; its name is its own. */
interface Game {
  gameId: string;
  name: string;
}
/**
 * What an allowed caller got back, checked: their own data, of the game or session asked for, and
 * nobody else's. `since` is the last event recorded before the call (the call's own come after it).
 */
type Check<Target> = (result: unknown, caller: Caller, target: Target, since: number) => void | Promise<void>;
/** The `check` of a row that no caller may call: nothing ever comes back to check. */
const REFUSED_TO_ALL = 'refused to all';
interface Row<Target = Game> {
  /** Set-up by the game's creator before the call (its events are not the call's). */
  prepare?: (target: Target) => Promise<void>;
  call: (api: Api, target: Target) => Promise<unknown>;
  /** `ok`, or the message id of the refusal. */
  expected: Record<Caller, string>;
  /** Every row says what an allowed caller gets back (a row with no `ok` cell says so instead). */
  check: Check<Target> | typeof REFUSED_TO_ALL;
  /** Whether the call changes the game (then each caller gets a fresh one). */
  changes?: boolean;
  /** Whom else the call records events for (a session's next round seats its players again). */
  recordsFor?: Caller[];
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

const db = () => server.services.database.db;
/** The id an event records for `caller` as its actor. */
const actorIdOf = (caller: Caller) => (caller === 'nobody' ? 'anonymous' : users[caller].userId);

/** The global position of the last event recorded. */
async function lastPosition(): Promise<number> {
  const { last } = await db()
    .selectFrom('events')
    .select((eb) => eb.fn.max('global_position').as('last'))
    .executeTakeFirstOrThrow();
  return Number(last ?? 0);
}

/**
 * The events recorded after `since` for people: the scheduler's own (timers, computer players:
 * actor `system`) aside; a session admin's commands on its games are theirs (role `system`).
 */
async function recordedSince(since: number) {
  const rows = await db()
    .selectFrom('events')
    .select(['stream_id', 'type', 'metadata'])
    .where('global_position', '>', since)
    .orderBy('global_position')
    .execute();
  return rows
    .map((row) => ({ streamId: row.stream_id, type: row.type, ...(row.metadata as EventMetadata) }))
    .filter((event) => event.actorId !== SYSTEM_ACTOR.userId);
}

/** Each of `ids` is a row of `table` that `caller` created. */
async function expectOwned(table: 'games' | 'sessions' | 'templates', ids: string[], caller: Caller) {
  if (ids.length === 0) return;
  const rows = await db().selectFrom(table).select(['id', 'creator_id']).where('id', 'in', ids).execute();
  expect(Object.fromEntries(rows.map((row) => [row.id, row.creator_id]))).toEqual(
    Object.fromEntries(ids.map((id) => [id, actorIdOf(caller)])),
  );
}

/** `caller`'s portal `matrix-<caller>` under the hero title "Matrix", as a claim writes it (their workspace made if need be). */
async function givePortal(caller: 'creator' | 'otherInstructor') {
  const ownerId = users[caller].userId;
  await db()
    .insertInto('workspaces')
    .values({ id: `workspace-${ownerId}`, owner_id: ownerId, updated_at: new Date() })
    .onConflict((conflict) => conflict.column('owner_id').doNothing())
    .execute();
  await db().deleteFrom('portals').where('name', '=', `matrix-${caller.toLowerCase()}`).execute();
  const { id } = await db()
    .selectFrom('workspaces')
    .select('id')
    .where('owner_id', '=', ownerId)
    .executeTakeFirstOrThrow();
  await db().deleteFrom('portals').where('workspace_id', '=', id).execute();
  await db()
    .insertInto('portals')
    .values({
      name: `matrix-${caller.toLowerCase()}`,
      workspace_id: id,
      hero_title: 'Matrix',
      created_at: new Date(),
    })
    .execute();
}

/** The hero title of the portal `name`; undefined when nobody holds it. */
const portalTitleOf = async (name: string) =>
  (await db().selectFrom('portals').select('hero_title').where('name', '=', name).executeTakeFirst())
    ?.hero_title;

/** A command's answer: the version it recorded and nothing else, that version the caller's event on the stream asked for. */
const recordedOn =
  <Target>(streamOf: (target: Target) => string): Check<Target> =>
  async (result, caller, target, since) => {
    expect(Object.keys(result as object)).toEqual(['version']);
    const { version } = result as { version: number };
    const [event] = await server.services.store.readStream(streamOf(target), version - 1);
    expect(event).toMatchObject({ streamVersion: version, metadata: { actorId: actorIdOf(caller) } });
    expect(event!.globalPosition).toBeGreaterThan(since);
  };
const gameCommand = recordedOn<Game>(({ gameId }) => gameStreamId(gameId));
const sessionCommand = recordedOn<Session>(({ sessionId }) => sessionStreamId(sessionId));

/** An answer `{ ok: true }` alone, and an event of `type` the caller recorded on the stream asked for. */
const okRecorded =
  <Target>(type: string, streamOf: (target: Target) => string): Check<Target> =>
  async (result, caller, target, since) => {
    expect(result).toEqual({ ok: true });
    const events = (await recordedSince(since)).filter((event) => event.streamId === streamOf(target));
    expect(events.map((event) => [event.type, event.actorId])).toContainEqual([type, actorIdOf(caller)]);
  };
const okOnSession = (type: string) =>
  okRecorded<Session>(type, ({ sessionId }) => sessionStreamId(sessionId));

/** The dashboard's action on the games asked for: a count of one, the game's event the caller's. */
const actedOnGame =
  (type: string): Check<Game> =>
  async (result, caller, { gameId }, since) => {
    expect(result).toEqual({ count: 1 });
    const events = (await recordedSince(since)).filter((event) => event.streamId === gameStreamId(gameId));
    expect(events.map((event) => [event.type, event.actorId])).toEqual([[type, actorIdOf(caller)]]);
  };

/** A new game of the caller's, not the one asked for, and nothing else in the answer. */
const createdGame: Check<{ gameId: string }> = async (result, caller, target) => {
  expect(Object.keys(result as object)).toEqual(['gameId']);
  const { gameId } = result as { gameId: string };
  expect(gameId).not.toBe(target.gameId);
  await expectOwned('games', [gameId], caller);
};

/** A template of the caller's titled `title`, and nothing else in the answer. */
const ownTemplate =
  (title: string): Check<unknown> =>
  async (result, caller) => {
    expect(Object.keys(result as object)).toEqual(['templateId']);
    const { templateId } = result as { templateId: string };
    await expectOwned('templates', [templateId], caller);
    const row = await db()
      .selectFrom('templates')
      .select('title')
      .where('id', '=', templateId)
      .executeTakeFirst();
    expect(row?.title).toBe(title);
  };

/** The first message of a subscription with no input (a list's change ticks): its count, 0. */
const firstTick: Check<unknown> = (tick) => expect(tick).toBe(0);

/** The first view of a subscription, or its error. */
const firstView = (api: Api, gameId: string) =>
  waitForView<GameView>(
    (handlers) => api.game.watch.subscribe({ gameId }, handlers),
    () => true,
  ).then((tracked) => tracked.data);

/**
 * A view of the game asked for, and nothing it must never show: another facility's numbers in a
 * non-transparent game (the classic game is blind), who is connected, an e-mail.
 */
function checkView(view: BeerView, caller: Caller, { gameId, name }: Game) {
  expect({ gameId: view.gameId, name: view.name }).toEqual({ gameId, name });
  // Only the creator sees every facility's numbers; the player their own.
  const withNumbers = view.facilities.filter((f) => f.numbers !== null).map((f) => f.id);
  expect(withNumbers).toEqual(
    caller === 'creator' ? view.facilities.map((f) => f.id) : caller === 'player' ? ['retailer'] : [],
  );
  expect(view.facilities.some((f) => 'connected' in f)).toBe(caller === 'creator');
  expect(JSON.stringify(view)).not.toMatch(/@example\.org/);
}

/** The first update of a live subscription: the whole view. */
const firstWhole = <V>(
  subscribe: (handlers: { onData: (update: LiveView<V>) => void; onError: (error: unknown) => void }) => {
    unsubscribe(): void;
  },
) =>
  new Promise<V>((resolve, reject) => {
    const subscription = subscribe({
      onData: (update) => {
        subscription.unsubscribe();
        if ('view' in update) resolve(update.view);
        else reject(new Error('a patch came before the whole view'));
      },
      onError: reject,
    });
  });

/** The first message of a subscription with no input (a list's change ticks). */
const firstMessage = (
  subscribe: (handlers: { onData: (tick: number) => void; onError: (error: unknown) => void }) => {
    unsubscribe(): void;
  },
) =>
  new Promise((resolve, reject) => {
    const subscription = subscribe({
      onData: (tick) => {
        subscription.unsubscribe();
        resolve(tick);
      },
      onError: reject,
    });
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
/** What each instructor has of their own beside the matrix's: a game with a player, a session, a session template. */
const elsewhere = { gameId: '', sessionId: '', sessionTemplateId: '', creatorSessionTemplateId: '' };

let made = 0;
async function newGame(): Promise<Game> {
  const name = `Matrix class ${++made}`;
  const { gameId } = await users.creator.api.beergame.create.mutate({ name, template: 'classic' });
  await users.player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
  return { gameId, name };
}

/** The caller's game templates (not session templates) not deleted. */
const ownGameTemplateIds = async (caller: Caller) =>
  (
    await db()
      .selectFrom('templates')
      .select('id')
      .where('creator_id', '=', actorIdOf(caller))
      .where('kind', '=', 'game')
      .where('deleted', '=', false)
      .execute()
  ).map((row) => row.id);

const matrix: Record<string, Row> = {
  'account.me': {
    call: (api) => api.account.me.query(),
    expected: everyone('ok'),
    check: (me, caller) => {
      if (caller === 'nobody') expect(me).toBeNull();
      else expect(me).toMatchObject({ id: users[caller].userId });
    },
  },
  'account.playing': {
    call: (api) => api.account.playing.query(),
    expected: { ...everyone('ok'), nobody: 'errors.signInRequired' },
    // The game the caller holds a seat in, theirs only: the matrix's player is this game's retailer.
    check: async (playing, caller, { gameId }) => {
      if (caller === 'player')
        expect(playing).toMatchObject({ gameId, roleName: 'Retailer', type: 'beergame' });
      if (playing === null) return;
      const row = await db()
        .selectFrom('games')
        .select('player_ids')
        .where('id', '=', (playing as { gameId: string }).gameId)
        .executeTakeFirstOrThrow();
      expect(row.player_ids).toContain(actorIdOf(caller));
    },
  },
  'account.quitGame': {
    call: (api, { gameId }) => api.account.quitGame.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('ok'), nobody: 'errors.signInRequired' },
    // Only the caller's own seat is left: the player's; anyone else leaves nothing.
    check: async (result, caller, { gameId }, since) => {
      expect(result).toEqual({ left: caller === 'player' ? 1 : 0 });
      const events = await recordedSince(since);
      if (caller !== 'player') return expect(events).toEqual([]);
      expect(events).toMatchObject([
        { streamId: gameStreamId(gameId), type: 'RoleLeft', actorId: actorIdOf(caller) },
      ]);
    },
    changes: true,
  },
  'account.signInProviders': {
    call: (api) => api.account.signInProviders.query(),
    expected: everyone('ok'),
    // This server has no Google or Microsoft app: the pages offer a password only.
    check: (providers) => expect(providers).toEqual([]),
  },
  'account.data': {
    call: (api) => api.account.data.query(),
    expected: instructorsOnly,
    check: async (data, caller) => {
      const own = data as { account: { id: string }; gamesCreated: Array<{ id: string }> };
      expect(own.account.id).toBe(actorIdOf(caller));
      await expectOwned(
        'games',
        own.gamesCreated.map((game) => game.id),
        caller,
      );
    },
  },
  // Deleting an account needs its own address typed: another is refused to every instructor and
  // nobody is deleted here (your-data.test.ts deletes for real).
  'account.delete': {
    call: (api) => api.account.delete.mutate({ email: 'nobody@example.org', password: 'wrong password' }),
    expected: {
      ...instructorsOnly,
      creator: 'account.yourData.errEmail',
      otherInstructor: 'account.yourData.errEmail',
    },
    check: REFUSED_TO_ALL,
  },
  // The referral program: the caller's own membership and link, never another's.
  'account.referral': {
    call: (api) => api.account.referral.query(),
    expected: instructorsOnly,
    check: (referral) => {
      const { joined, link } = referral as { joined: boolean; link: string | null };
      if (!joined) return expect(link).toBeNull();
    },
  },
  'account.joinReferralProgram': {
    call: (api) => api.account.joinReferralProgram.mutate(),
    expected: instructorsOnly,
    check: (joined, caller) =>
      expect(joined).toEqual({
        joined: true,
        link: expect.stringMatching(`invitedby=${actorIdOf(caller)}$`),
      }),
  },
  // A referrer who does not exist is recorded for no one.
  'account.recordReferral': {
    call: (api) => api.account.recordReferral.mutate({ referrerId: 'no-such-user' }),
    expected: instructorsOnly,
    check: (recorded) => expect(recorded).toEqual({ recorded: false }),
  },
  'beergame.create': {
    call: (api) => api.beergame.create.mutate({ name: 'Another class', template: 'classic' }),
    expected: instructorsOnly,
    check: createdGame,
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
    check: gameCommand,
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
    check: REFUSED_TO_ALL,
    changes: true,
  },
  'beergame.history': {
    // Once the game is over (before, its player is told: beergame-procedures and player-access tests).
    prepare: async ({ gameId }) => {
      await users.creator.api.beergame.endGame.mutate({ gameId, commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.beergame.history.query({ gameId }),
    expected: {
      nobody: 'errors.membersOrCreatorOnly',
      player: 'ok',
      otherPlayer: 'errors.membersOrCreatorOnly',
      observer: 'errors.membersOrCreatorOnly',
      creator: 'ok',
      otherInstructor: 'errors.membersOrCreatorOnly',
    },
    check: (history, caller, { gameId, name }) => {
      const { events } = history as { events: Array<{ type: string; version: number; data: unknown }> };
      // The game asked for.
      expect(events[0]).toMatchObject({ type: 'GameCreated', version: 1, data: { gameId, name } });
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
    check: gameCommand,
    changes: true,
  },
  'beergame.closeWeek': {
    call: (api, { gameId }) => api.beergame.closeWeek.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
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
    check: async (result, caller, game, since) => {
      const { version, facilityId } = result as { version: number; facilityId: string };
      expect(Object.keys(result as object).sort()).toEqual(['facilityId', 'version']);
      // The retailer's player keeps their seat (nothing recorded); anyone else gets one of the free ones.
      if (caller === 'player') expect(facilityId).toBe('retailer');
      else {
        expect(['wholesaler', 'distributor', 'factory']).toContain(facilityId);
        await gameCommand({ version }, caller, game, since);
      }
      const seat = (await firstView(apiOf(caller), game.gameId)) as BeerView;
      expect(seat.myFacilityId).toBe(facilityId);
    },
    changes: true,
  },
  'beergame.leave': {
    call: (api, { gameId }) =>
      api.beergame.leave.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    check: gameCommand,
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
    check: gameCommand,
    changes: true,
  },
  'beergame.takeBack': {
    prepare: async ({ gameId }) => {
      await users.creator.api.beergame.handToComputer.mutate({
        gameId,
        facilityId: 'wholesaler',
        commandId: randomUUID(),
      });
    },
    call: (api, { gameId }) =>
      api.beergame.takeBack.mutate({ gameId, facilityId: 'wholesaler', commandId: randomUUID() }),
    expected: {
      nobody: 'errors.signInRequired',
      player: 'beergame.errAlreadyPlaying',
      otherPlayer: 'ok',
      observer: 'ok',
      creator: 'ok',
      otherInstructor: 'ok',
    },
    check: gameCommand,
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
    check: gameCommand,
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
    check: REFUSED_TO_ALL,
  },
  'beergame.resetStartingOrders': {
    call: (api, { gameId }) =>
      api.beergame.resetStartingOrders.mutate({ gameId, startOrders: 5, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.settings': {
    call: (api, { gameId }) => api.beergame.settings.query({ gameId }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: (settings, _caller, { name }) =>
      expect(settings).toEqual({ name, config: expect.objectContaining({ weeks: 36 }), open: true }),
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
    check: gameCommand,
    changes: true,
  },
  'beergame.configureDebrief': {
    call: (api, { gameId }) =>
      api.beergame.configureDebrief.mutate({
        gameId,
        configDebrief: {
          questionsSection: { show: true, questions: [{ id: 'q1', text: 'Why?', answer: 4 }] },
        },
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
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
    check: gameCommand,
    changes: true,
  },
  'beergame.cancelChange': {
    call: (api, { gameId }) =>
      api.beergame.cancelChange.mutate({ gameId, changeId: 'c1', commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'beergame.errChangeUnknown' },
    check: REFUSED_TO_ALL,
  },
  'beergame.resetGame': {
    call: (api, { gameId }) => api.beergame.resetGame.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.endGame': {
    call: (api, { gameId }) => api.beergame.endGame.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.sendMessage': {
    call: (api, { gameId }) =>
      api.beergame.sendMessage.mutate({ gameId, to: 'all', text: 'Hello', commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.setTransparent': {
    call: (api, { gameId }) =>
      api.beergame.setTransparent.mutate({ gameId, transparent: true, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.startTimer': {
    call: (api, { gameId }) =>
      api.beergame.startTimer.mutate({ gameId, seconds: 600, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.pauseTimer': {
    prepare: async ({ gameId }) => {
      await users.creator.api.beergame.startTimer.mutate({ gameId, commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.beergame.pauseTimer.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.resumeTimer': {
    prepare: async ({ gameId }) => {
      await users.creator.api.beergame.startTimer.mutate({ gameId, commandId: randomUUID() });
      await users.creator.api.beergame.pauseTimer.mutate({ gameId, commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.beergame.resumeTimer.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'beergame.stopTimer': {
    prepare: async ({ gameId }) => {
      await users.creator.api.beergame.startTimer.mutate({ gameId, commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.beergame.stopTimer.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  // Open to anyone (the /quote page): a quote of nobody's, the same for every caller.
  'billing.quote': {
    call: (api) => api.billing.quote.query({ countryCode: 'FR', amountCents: 14_990 }),
    expected: everyone('ok'),
    check: (result) =>
      expect(result).toEqual({
        countryCode: 'FR',
        standardRate: 2000,
        rate: 2000,
        currency: 'EUR',
        symbol: '€',
        reverseCharge: false,
        taxCents: 2998,
        totalCents: 17_988,
        vatNumberValid: null,
        vatNumber: null,
      }),
  },
  // The public instructor page (issue 28): each instructor reads and writes their own page only.
  'portal.myPage': {
    call: (api) => api.portal.myPage.query(),
    expected: instructorsOnly,
    check: (result, caller) => expect(result).toMatchObject({ ownerId: actorIdOf(caller) }),
  },
  'portal.savePage': {
    call: (api) =>
      api.portal.savePage.mutate({
        appTitle: 'Matrix page',
        language: null,
        mainColor: '#123456',
        bckColor: null,
        useThumbnail: false,
        activePage: true,
        slug: null,
      }),
    expected: instructorsOnly,
    check: (result, caller) =>
      expect(result).toMatchObject({
        ownerId: actorIdOf(caller),
        appTitle: 'Matrix page',
        mainColor: '#123456',
      }),
  },
  'portal.publish': {
    call: (api, { gameId }) => api.portal.publish.mutate({ items: [{ kind: 'game', id: gameId }] }),
    // The game is the creator's: another instructor may not show it on their page.
    expected: { ...instructorsOnly, otherInstructor: 'settings.pagePublishNotYours' },
    check: (result, _caller, { gameId }) => expect(result).toMatchObject([{ kind: 'game', id: gameId }]),
  },
  // Open to anyone: a page shows what its instructor chose to show, nothing of whoever asks.
  'portal.page': {
    prepare: async () => {
      await users.creator.api.portal.savePage.mutate({
        appTitle: 'Creator page',
        language: 'fr',
        mainColor: null,
        bckColor: null,
        useThumbnail: false,
        activePage: true,
        slug: null,
      });
    },
    call: (api) => api.portal.page.query({ address: users.creator.userId }),
    expected: everyone('ok'),
    check: (result) => {
      expect(result).toMatchObject({ appTitle: 'Creator page', language: 'fr' });
      expect(Object.keys(result as object)).not.toContain('ownerId');
    },
  },
  'clock.now': {
    call: (api) => api.clock.now.query(),
    expected: everyone('ok'),
    // The server's time, nothing of anyone's.
    check: (result) => {
      expect(Object.keys(result as object)).toEqual(['now']);
      expect(Math.abs((result as { now: number }).now - Date.now())).toBeLessThan(60_000);
    },
  },
  // Open to anyone (the help menu, the suggest-feature tab): each message is stored as its sender's.
  'feedback.send': {
    call: (api) =>
      api.feedback.send.mutate({
        message: 'The matrix says hello',
        kind: 'praise',
        contactConsent: false,
        page: '/dashboard?token=secret',
        browser: { userAgent: 'matrix', viewportWidth: 1280, viewportHeight: 800, locale: 'en' },
      }),
    expected: everyone('ok'),
    check: async (result, caller) => {
      expect(Object.keys(result as object)).toEqual(['id']);
      const row = await db()
        .selectFrom('feedback')
        .selectAll()
        .where('id', '=', (result as { id: string }).id)
        .executeTakeFirstOrThrow();
      expect(row.user_id).toBe(caller === 'nobody' ? null : users[caller].userId);
      expect(row.page).toBe('/dashboard');
    },
  },
  // The installation's operators only (verified first): none of the matrix's callers is one;
  // test/integration/feedback.test.ts lets an operator in.
  'feedback.list': {
    call: (api) => api.feedback.list.query({ page: 0 }),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  // The help menu's configured outside links: the installation's, the same for everyone.
  'feedback.links': {
    call: (api) => api.feedback.links.query(),
    expected: everyone('ok'),
    check: (result) => expect(result).toEqual({ webinarsUrl: null, testimonialUrl: null }),
  },
  // Open to any sign-in, an anonymous one included: a demo game of the caller's, nobody else's.
  'demo.create': {
    call: (api) => api.demo.create.mutate(),
    expected: { ...everyone('ok'), nobody: 'errors.signInRequired' },
    check: async (result, caller, _target, since) => {
      const { gameId } = result as { gameId: string };
      const row = await db()
        .selectFrom('games')
        .select(['creator_id', 'player_ids'])
        .where('id', '=', gameId)
        .executeTakeFirstOrThrow();
      expect(row).toEqual({ creator_id: DEMO_CREATOR_ID, player_ids: [actorIdOf(caller)] });
      expect(
        (await recordedSince(since)).map((event) => [event.streamId, event.type, event.actorId]),
      ).toEqual([[gameStreamId(gameId), 'RoleJoined', actorIdOf(caller)]]);
    },
  },
  // The portal (issue 28): its look is anyone's (none on the app's host); a portal is its owner's.
  'portal.look': {
    call: (api) => api.portal.look.query(),
    expected: everyone('ok'),
    // The matrix's server is reached on its own host: the product's look, no portal.
    check: (result) => expect(result).toBeNull(),
  },
  'portal.myPortal': {
    prepare: () => givePortal('creator'),
    call: (api) => api.portal.myPortal.query(),
    expected: instructorsOnly,
    // The creator's own portal; the other instructor holds none and sees nothing of the creator's.
    check: (result, caller) =>
      expect(result).toEqual(caller === 'creator' ? { name: 'matrix-creator', heroTitle: 'Matrix' } : null),
  },
  // The matrix's instructors are unverified: a claim needs a verified address (portal.test.ts claims).
  'portal.claimPortal': {
    call: (api) => api.portal.claimPortal.mutate({ name: `n${randomUUID().slice(0, 8)}`, heroTitle: 'Mine' }),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  'portal.setHeroTitle': {
    prepare: () => givePortal('creator'),
    call: (api) => api.portal.setHeroTitle.mutate({ heroTitle: 'Renamed' }),
    // Another instructor holds no portal: the creator's is not theirs to change.
    expected: { ...instructorsOnly, otherInstructor: 'settings.errPortalNone' },
    check: async (result) => {
      expect(result).toEqual({ name: 'matrix-creator', heroTitle: 'Renamed' });
      expect(await portalTitleOf('matrix-creator')).toBe('Renamed');
    },
  },
  'portal.releasePortal': {
    prepare: () => givePortal('creator'),
    call: (api) => api.portal.releasePortal.mutate(),
    expected: { ...instructorsOnly, otherInstructor: 'settings.errPortalNone' },
    check: async (result) => {
      expect(result).toEqual({ name: 'matrix-creator' });
      expect(await portalTitleOf('matrix-creator')).toBeUndefined();
    },
  },
  // A page's error report (issue 28): open to anyone, stored and grouped for the operators.
  'telemetry.report': {
    call: (api) =>
      api.telemetry.report.mutate({ kind: 'error', message: 'Matrix says boom', path: '/', release: 'dev' }),
    expected: everyone('ok'),
    check: (result) => expect(result).toEqual({ ok: true }),
  },
  // An event a page tracks: open to anyone, recorded only with consent (the matrix gives none).
  'telemetry.track': {
    call: (api) => api.telemetry.track.mutate({ name: 'signup_first_step', path: '/signup' }),
    expected: everyone('ok'),
    check: (result) => expect(result).toEqual({ recorded: false }),
  },
  // The operators' lists (verified first): none of the matrix's callers is one; telemetry.test.ts lets one in.
  'telemetry.errorGroups': {
    call: (api) => api.telemetry.errorGroups.query({ includeResolved: false }),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  'telemetry.errorSamples': {
    call: (api) => api.telemetry.errorSamples.query({ fingerprint: 'client-0123abcd' }),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  'telemetry.resolveGroup': {
    call: (api) => api.telemetry.resolveGroup.mutate({ fingerprint: 'client-0123abcd' }),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  'telemetry.analyticsSummary': {
    call: (api) => api.telemetry.analyticsSummary.query(),
    expected: {
      ...instructorsOnly,
      creator: 'account.errEmailNotVerified',
      otherInstructor: 'account.errEmailNotVerified',
    },
    check: REFUSED_TO_ALL,
  },
  'dashboard.games': {
    call: (api) => api.dashboard.games.query({}),
    expected: instructorsOnly,
    // Each instructor lists their own games only: the creator the matrix's, the other their own.
    check: async (result, caller, { gameId }) => {
      const ids = (result as { games: { id: string }[] }).games.map((game) => game.id);
      expect(ids).toContain(caller === 'creator' ? gameId : elsewhere.gameId);
      await expectOwned('games', ids, caller);
    },
  },
  'dashboard.teamGames': {
    call: (api) => api.dashboard.teamGames.query({}),
    expected: instructorsOnly,
    // The matrix's instructors share no team: each is a stranger to the other's games.
    check: (result) => {
      expect(result).toEqual({ games: [], nextCursor: null });
    },
  },
  'template.teamTemplates': {
    call: (api) => api.template.teamTemplates.query(),
    expected: instructorsOnly,
    // Strangers to each other: neither lists the other's templates.
    check: (result) => {
      expect(result).toEqual([]);
    },
  },
  'template.list': {
    call: (api) => api.template.list.query(),
    expected: instructorsOnly,
    check: async (result, caller) => {
      const { defaults, own } = result as { defaults: unknown[]; own: { id: string }[] };
      expect(defaults).toHaveLength(13);
      // Each instructor lists their own templates, all of them and only them.
      expect(own.map((t) => t.id).sort()).toEqual((await ownGameTemplateIds(caller)).sort());
      expect(own.map((t) => t.id)).toContain(ownTemplates[caller as 'creator' | 'otherInstructor']);
    },
  },
  'template.create': {
    call: (api) =>
      api.template.create.mutate({ title: 'Mine', type: 'beergame', config: classicConfigInput() }),
    expected: instructorsOnly,
    check: ownTemplate('Mine'),
  },
  'template.get': {
    call: (api) => api.template.get.query({ templateId: ownTemplates.creator }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
    check: (result) =>
      expect(result).toEqual({
        id: ownTemplates.creator,
        type: 'beergame',
        title: expect.any(String),
        config: expect.any(Object),
      }),
  },
  // The creator's own template: another instructor's is not found.
  'template.update': {
    call: (api) => api.template.update.mutate({ templateId: ownTemplates.creator, title: 'Renamed' }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
    check: async (result, caller) => {
      expect(result).toEqual({ templateId: ownTemplates.creator });
      await ownTemplate('Renamed')(result, caller, undefined, 0);
    },
  },
  'template.copy': {
    call: (api) => api.template.copy.mutate({ templateId: ownTemplates.creator, title: 'Copied' }),
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
    check: async (result, caller) => {
      expect((result as { templateId: string }).templateId).not.toBe(ownTemplates.creator);
      await ownTemplate('Copied')(result, caller, undefined, 0);
    },
  },
  'template.delete': {
    call: async (api) => {
      const result = await api.template.delete.mutate({ templateId: ownTemplates.creator });
      // The next cell deletes a template of its own.
      ownTemplates.creator = await newTemplate(users.creator);
      return result;
    },
    expected: { ...instructorsOnly, otherInstructor: 'templates.errNotFound' },
    // The creator's template is gone; the other instructor's is still there.
    check: async (result, caller) => {
      const { templateId } = result as { templateId: string };
      expect(Object.keys(result as object)).toEqual(['templateId']);
      await expectOwned('templates', [templateId], caller);
      expect(await ownGameTemplateIds(caller)).not.toContain(templateId);
      expect(await ownGameTemplateIds('otherInstructor')).toContain(ownTemplates.otherInstructor);
    },
  },
  'dashboard.onboarding': {
    call: (api) => api.dashboard.onboarding.query(),
    expected: instructorsOnly,
    // Both instructors have a game with a player; each reads their own games only.
    check: async (result, caller) => {
      expect(result).toMatchObject({ hasCreated: true, hasSharedGames: true });
      await expectOwned('games', [(result as { newestGameId: string }).newestGameId], caller);
    },
  },
  'dashboard.watchGames': {
    call: (api) => firstMessage((handlers) => api.dashboard.watchGames.subscribe(undefined, handlers)),
    expected: instructorsOnly,
    check: firstTick,
  },
  'game.archive': {
    call: (api, { gameId }) => api.game.archive.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('GameArchived'),
    changes: true,
  },
  'game.unarchive': {
    prepare: async ({ gameId }) => {
      await users.creator.api.game.archive.mutate({ gameIds: [gameId], commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.game.unarchive.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('GameUnarchived'),
    changes: true,
  },
  'game.copy': {
    call: (api, { gameId }) => api.game.copy.mutate({ gameId, count: 2, commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: async (result, caller, { gameId }) => {
      const { gameIds } = result as { gameIds: string[] };
      expect(Object.keys(result as object)).toEqual(['gameIds']);
      expect(gameIds).toHaveLength(2);
      expect(gameIds).not.toContain(gameId);
      await expectOwned('games', gameIds, caller);
    },
  },
  'game.delete': {
    call: (api, { gameId }) =>
      api.game.delete.mutate({ gameIds: [gameId], confirmCount: 1, commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('GameDeleted'),
    changes: true,
  },
  'game.disconnectPlayers': {
    call: (api, { gameId }) =>
      api.game.disconnectPlayers.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('RoleLeft'),
    changes: true,
  },
  'game.saveAsTemplate': {
    call: (api, { gameId }) => api.game.saveAsTemplate.mutate({ gameId, title: 'From a class' }),
    expected: ownGamesOnly,
    check: ownTemplate('From a class'),
  },
  'game.mergeIntoTemplate': {
    call: (api, { gameId }) =>
      api.game.mergeIntoTemplate.mutate({ gameIds: [gameId], title: 'Merged', commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: ownTemplate('Merged'),
  },
  'game.reset': {
    call: (api, { gameId }) => api.game.reset.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('GameReset'),
    changes: true,
  },
  'game.watch': {
    call: (api, { gameId }) => firstView(api, gameId),
    expected: everyone('ok'),
    check: (view, caller, game) => checkView(view as BeerView, caller, game),
  },
  'game.watchChanges': {
    call: (api, { gameId }) =>
      firstWhole<GameView>((handlers) => api.game.watchChanges.subscribe({ gameId }, handlers)),
    expected: everyone('ok'),
    check: (view, caller, game) => checkView(view as BeerView, caller, game),
  },
};

/** A published session of the creator's, whose first round is open and whose team 1 retailer is `player`. */
interface Session {
  sessionId: string;
  name: string;
  gameId: string;
  code: string;
}

async function newSession(): Promise<Session> {
  const api = users.creator.api;
  const name = `Matrix session ${++made}`;
  const { sessionId } = await api.session.create.mutate({
    name,
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
  return { sessionId, name, gameId, code };
}

/** The games of the session asked for. */
const gamesOfSession = async (sessionId: string) =>
  (await db().selectFrom('games').select('id').where('session_id', '=', sessionId).execute()).map(
    (g) => g.id,
  );

/** Session admin procedures: its creator; an instructor who is not an admin is refused, others must sign in as one. */
const sessionAdminsOnly = { ...instructorsOnly, otherInstructor: 'errors.sessionAdminOnly' };

/** A new session of the caller's, not the one asked for, and nothing else in the answer. */
const createdSession: Check<Session> = async (result, caller, { sessionId }) => {
  expect(Object.keys(result as object)).toEqual(['sessionId']);
  const created = (result as { sessionId: string }).sessionId;
  expect(created).not.toBe(sessionId);
  await expectOwned('sessions', [created], caller);
};

/** Session templates deleted in their cells, by who deleted them. */
let deletedSessionTemplate = '';

const sessionMatrix: Record<string, Row<Session>> = {
  'session.list': {
    call: (api) => api.session.list.query(),
    expected: instructorsOnly,
    // Each instructor lists their own sessions only.
    check: async (list, caller, { sessionId }) => {
      const ids = (list as { id: string }[]).map((session) => session.id);
      expect(ids).toContain(caller === 'creator' ? sessionId : elsewhere.sessionId);
      await expectOwned('sessions', ids, caller);
    },
  },
  'session.teamSessions': {
    call: (api) => api.session.teamSessions.query(),
    expected: instructorsOnly,
    // The matrix's instructors share no team: neither lists the other's sessions.
    check: (result) => {
      expect(result).toEqual([]);
    },
  },
  'session.teamTemplates': {
    call: (api) => api.session.teamTemplates.query(),
    expected: instructorsOnly,
    check: (result) => {
      expect(result).toEqual([]);
    },
  },
  'session.watchList': {
    call: (api) => firstMessage((handlers) => api.session.watchList.subscribe(undefined, handlers)),
    expected: instructorsOnly,
    check: firstTick,
  },
  'session.create': {
    call: (api) =>
      api.session.create.mutate({ name: 'Another', template: 'classicSingle', commandId: randomUUID() }),
    expected: instructorsOnly,
    check: createdSession,
  },
  'session.setup': {
    call: (api, { sessionId }) => api.session.setup.query({ sessionId }),
    expected: sessionAdminsOnly,
    check: async (result, _caller, { sessionId, name }) => {
      const { version } = await server.services.commands.load(sessionStream, sessionStreamId(sessionId));
      expect(result).toEqual({
        version,
        setup: expect.objectContaining({ name, teamCount: 2 }),
        currentRound: 1,
        template: 'blindThenTransparent',
      });
    },
  },
  'session.watch': {
    call: (api, { sessionId }) =>
      firstWhole<SessionView>((handlers) => api.session.watch.subscribe({ sessionId }, handlers)),
    expected: everyone('ok'),
    check: async (view, caller, { sessionId, name, gameId }) => {
      const v = view as SessionView;
      expect({ sessionId: v.sessionId, name: v.name }).toEqual({ sessionId, name });
      // Only its admins follow the teams; a player sees their own seat; no e-mail leaves the server.
      expect(v.followUp !== null).toBe(caller === 'creator');
      expect(v.me).toEqual(caller === 'player' ? { teamNumber: 1, gameId, facilityId: 'retailer' } : null);
      // The player's game; for its admin, every game of the session (the round list).
      const mine =
        caller === 'player' ? [gameId] : caller === 'creator' ? await gamesOfSession(sessionId) : [];
      expect(v.myGames.map((game) => game.gameId).sort()).toEqual(mine.sort());
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
    check: sessionCommand,
    changes: true,
  },
  'session.publish': {
    // A session published again (its code kept) records nothing new.
    call: (api, { sessionId }) => api.session.publish.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: async (result, caller, { sessionId }, since) => {
      expect(result).toEqual({ ok: true });
      expect(await recordedSince(since)).toEqual([]);
      await expectOwned('sessions', [sessionId], caller);
    },
  },
  'session.unpublish': {
    call: (api, { sessionId }) => api.session.unpublish.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: okOnSession('SessionUnpublished'),
    changes: true,
  },
  'session.duplicate': {
    call: (api, { sessionId }) => api.session.duplicate.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: createdSession,
  },
  'session.delete': {
    call: (api, { sessionId, name }) =>
      api.session.delete.mutate({ sessionId, confirmName: name, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: okOnSession('SessionDeleted'),
    changes: true,
  },
  'session.lockRound': {
    call: (api, { sessionId }) =>
      api.session.lockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: okOnSession('RoundLocked'),
    changes: true,
  },
  'session.unlockRound': {
    prepare: async ({ sessionId }) => {
      await users.creator.api.session.lockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() });
    },
    call: (api, { sessionId }) =>
      api.session.unlockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: okOnSession('RoundUnlocked'),
    changes: true,
  },
  'session.startRound': {
    call: (api, { sessionId }) => api.session.startRound.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    // Both teams' games of the session asked for, and no other.
    check: async (result, caller, { sessionId }, since) => {
      expect(result).toEqual({ done: 2, refused: [] });
      const streams = new Set((await recordedSince(since)).map((event) => event.streamId));
      expect([...streams].sort()).toEqual(
        [sessionStreamId(sessionId), ...(await gamesOfSession(sessionId)).map(gameStreamId)].sort(),
      );
      await expectOwned('sessions', [sessionId], caller);
    },
    changes: true,
  },
  'session.nextRound': {
    call: (api, { sessionId }) => api.session.nextRound.mutate({ sessionId, commandId: randomUUID() }),
    expected: sessionAdminsOnly,
    check: async (result, caller, target, since) => {
      expect(result).toEqual({ roundNumber: 2 });
      await okOnSession('RoundOpened')({ ok: true }, caller, target, since);
    },
    changes: true,
    // Round 1's player is seated in round 2's game of their team, as their own join.
    recordsFor: ['player'],
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
    check: async (result, caller, { gameId }, since) => {
      expect(result).toEqual({ done: 1, refused: [] });
      expect(
        (await recordedSince(since)).map((event) => [event.streamId, event.type, event.actorId]),
      ).toEqual([[gameStreamId(gameId), 'MessageSent', actorIdOf(caller)]]);
    },
    changes: true,
  },
  // Open to anyone (the /leaderboard page): ranks, costs, weeks and dates, the same for every caller.
  'leaderboard.boards': {
    call: (api) => api.leaderboard.boards.query(),
    expected: everyone('ok'),
    check: (result) => {
      const boards = result as Array<{ template: string; entries: Array<Record<string, unknown>> }>;
      expect(boards.map((board) => board.template)).toEqual([...BEERGAME_TEMPLATE_IDS]);
      for (const board of boards)
        for (const entry of board.entries)
          expect(Object.keys(entry).sort()).toEqual(['endedAt', 'rank', 'teamCost', 'weeks']);
    },
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
    // A seat of the caller's in a game of the session asked for (the player keeps theirs).
    check: async (result, caller, { sessionId, gameId }) => {
      const seat = result as { gameId: string; teamNumber: number; facilityId: string; roundNumber: number };
      expect(Object.keys(seat).sort()).toEqual([
        'facilityId',
        'gameId',
        'gameType',
        'roundNumber',
        'teamNumber',
      ]);
      if (caller === 'player')
        expect(seat).toEqual({
          gameId,
          teamNumber: 1,
          facilityId: 'retailer',
          roundNumber: 1,
          gameType: 'beergame',
        });
      expect(await gamesOfSession(sessionId)).toContain(seat.gameId);
      expect(((await firstView(apiOf(caller), seat.gameId)) as BeerView).myFacilityId).toBe(seat.facilityId);
    },
    changes: true,
  },
  'session.templates': {
    call: (api) => api.session.templates.query(),
    expected: instructorsOnly,
    // Each instructor lists their own session templates only.
    check: async (result, caller) => {
      const ids = (result as { id: string }[]).map((template) => template.id);
      expect(ids).toContain(
        caller === 'creator' ? elsewhere.creatorSessionTemplateId : elsewhere.sessionTemplateId,
      );
      await expectOwned('templates', ids, caller);
    },
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
      deletedSessionTemplate = templateId;
      return api.session.deleteTemplate.mutate({ templateId, commandId: randomUUID() });
    },
    expected: instructorsOnly,
    check: async (result, caller) => {
      expect(result).toEqual({ ok: true });
      await expectOwned('templates', [deletedSessionTemplate], caller);
      expect((await apiOf(caller).session.templates.query()).map((t) => t.id)).not.toContain(
        deletedSessionTemplate,
      );
    },
  },
  'session.responses': {
    call: (api, { sessionId }) => api.session.responses.query({ sessionId }),
    expected: sessionAdminsOnly,
    // Nobody has answered in the session asked for (the other instructor's has an answer).
    check: (responses) => expect(responses).toEqual([]),
  },
  'session.resetOwnGame': {
    // A session that lets its players restart their game before it starts (`allowPlayerReset`).
    prepare: async ({ sessionId }) => {
      const { setup } = await users.creator.api.session.setup.query({ sessionId });
      await users.creator.api.session.edit.mutate({
        sessionId,
        setup: { ...setup, config: { ...setup.config, allowPlayerReset: true } },
        commandId: randomUUID(),
      });
    },
    call: (api, { sessionId }) => api.session.resetOwnGame.mutate({ sessionId, commandId: randomUUID() }),
    // Only a player seated in the round: the others (its instructor included) have no game to reset.
    expected: {
      ...everyone('errors.membersOnly'),
      nobody: 'errors.signInRequired',
      player: 'ok',
    },
    // The player's own game of the session asked for, reset in their name.
    check: async (result, caller, { gameId }, since) => {
      expect(result).toEqual({ gameId });
      expect(
        (await recordedSince(since)).map((event) => [event.streamId, event.type, event.actorId]),
      ).toEqual([[gameStreamId(gameId), 'GameReset', actorIdOf(caller)]]);
    },
    changes: true,
  },
  'session.results': {
    call: (api, { sessionId }) => api.session.results.query({ sessionId }),
    // Its admins, and its players (the session lets them see their debrief by default).
    expected: { ...everyone('errors.membersOnly'), player: 'ok', creator: 'ok' },
    // A player sees nothing of the round being played (a blind one), only that it is not open yet.
    check: async (result, caller, { sessionId }) => {
      const { teams, pendingRounds } = result as {
        teams: { roundNumber: number; gameId: string }[];
        pendingRounds: number[];
      };
      if (caller === 'creator') {
        expect(teams.map((t) => t.roundNumber)).toEqual([1, 1]);
        expect(teams.map((t) => t.gameId).sort()).toEqual((await gamesOfSession(sessionId)).sort());
        expect(pendingRounds).toEqual([]);
      } else expect({ teams, pendingRounds }).toEqual({ teams: [], pendingRounds: [1] });
    },
  },
};

/** A fresh lean workshop of `creator`, whose warehouse is `player`'s. */
async function newLeanGame(): Promise<Game> {
  const name = `Matrix workshop ${++made}`;
  const { gameId } = await users.creator.api.leangame.create.mutate({ name, template: 'workshop4-choose' });
  await users.player.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() });
  return { gameId, name };
}

/** The lean game's procedures, on a lean game (the beer game's procedures do not know it, nor these a beer game). */
const leanMatrix: Record<string, Row> = {
  'leangame.create': {
    call: (api) => api.leangame.create.mutate({ name: 'Another workshop', template: 'workshop4-choose' }),
    expected: instructorsOnly,
    check: createdGame,
  },
  'leangame.join': {
    call: (api, { gameId }) =>
      api.leangame.join.mutate({ gameId, facilityId: 'paint1', commandId: randomUUID() }),
    expected: {
      ...everyone('ok'),
      nobody: 'errors.signInRequired',
      player: 'leangame.errAlreadyPlaying',
      // One rule for both games: the creator takes no station, as no beer role.
      creator: 'leangame.errCreatorCannotPlay',
    },
    check: gameCommand,
    changes: true,
  },
  'leangame.leave': {
    call: (api, { gameId }) =>
      api.leangame.leave.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.setRoundLength': {
    call: (api, { gameId }) =>
      api.leangame.setRoundLength.mutate({ gameId, minutes: 9, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.configureDebrief': {
    call: (api, { gameId }) =>
      api.leangame.configureDebrief.mutate({
        gameId,
        configDebrief: {
          questionsSection: { show: true, questions: [{ id: 'q1', text: 'WIP?', answer: 4 }] },
        },
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.answerQuestion': {
    call: (api, { gameId }) =>
      api.leangame.answerQuestion.mutate({ gameId, questionId: 'q1', answer: '4', commandId: randomUUID() }),
    // The matrix's game is not over: its player is told the debrief is not open yet.
    expected: { ...everyone('errors.membersOnly'), player: 'leangame.errDebriefNotOpen' },
    check: REFUSED_TO_ALL,
  },
  'leangame.start': {
    call: (api, { gameId }) => api.leangame.start.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.end': {
    call: (api, { gameId }) => api.leangame.end.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'leangame.errNotStarted' },
    check: REFUSED_TO_ALL,
  },
  'leangame.reset': {
    call: (api, { gameId }) => api.leangame.reset.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.creatorOnly'), creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.openPanel': {
    call: (api, { gameId }) => api.leangame.openPanel.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    check: gameCommand,
    changes: true,
  },
  'leangame.closePanel': {
    // The panel its player opened.
    prepare: async ({ gameId }) => {
      await users.player.api.leangame.openPanel.mutate({ gameId, commandId: randomUUID() });
    },
    call: (api, { gameId }) => api.leangame.closePanel.mutate({ gameId, commandId: randomUUID() }),
    expected: { ...everyone('errors.membersOrCreatorOnly'), player: 'ok', creator: 'ok' },
    check: gameCommand,
    changes: true,
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
    check: REFUSED_TO_ALL,
  },
  'leangame.work': {
    call: (api, { gameId }) =>
      api.leangame.work.mutate({
        gameId,
        command: { type: 'ReleaseSheet', facilityId: 'warehouse' },
        commandId: randomUUID(),
      }),
    expected: { ...everyone('errors.membersOnly'), player: 'leangame.errNotStarted' },
    check: REFUSED_TO_ALL,
  },
  'leangame.history': {
    call: (api, { gameId }) => api.leangame.history.query({ gameId }),
    expected: {
      ...everyone('errors.membersOrCreatorOnly'),
      nobody: 'errors.signInRequired',
      player: 'beergame.errHistoryAfterEnd',
      creator: 'ok',
    },
    check: (result, _caller, { gameId, name }) => {
      const { events } = result as { events: { type: string }[] };
      // The game asked for.
      expect(events[0]).toMatchObject({ type: 'LeanGameCreated', data: { gameId, name } });
      // Events alone, never who sent which command.
      for (const event of events)
        expect(Object.keys(event).sort()).toEqual(['data', 'recordedAt', 'type', 'version']);
    },
  },
};

/** A fresh lean workshop of `creator`'s as a draft: nobody else opens or joins it until it is published. */
async function newLeanDraft(): Promise<Game> {
  const name = `Matrix draft ${++made}`;
  const { gameId } = await users.creator.api.leangame.create.mutate({
    name,
    template: 'workshop4-choose',
    draft: true,
  });
  return { gameId, name };
}

/** The procedures on drafts (a beer game publishes from its settings: `beergame.configure`). */
const draftMatrix: Record<string, Row> = {
  'game.publish': {
    call: (api, { gameId }) => api.game.publish.mutate({ gameIds: [gameId], commandId: randomUUID() }),
    expected: ownGamesOnly,
    check: actedOnGame('LeanGamePublished'),
    changes: true,
  },
};

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    // Each cell that changes a game gets a fresh one, and each caller's socket carries the whole
    // matrix's calls within seconds (socket-limits.test.ts tests those limits).
    limits: {
      gameCreations: { max: 1000, windowSeconds: 60 },
      gamesCreated: { max: 100_000, windowSeconds: 3600 },
      callsPerSocket: { max: 1_000_000, windowSeconds: 10 },
    },
  });
  users.creator = await signUpInstructor(server.url, 'creator@example.org');
  users.otherInstructor = await signUpInstructor(server.url, 'other@example.org');
  users.player = await signInAnonymous(server.url, 'Pat');
  users.otherPlayer = await signInAnonymous(server.url, 'Olly');
  users.observer = await signInAnonymous(server.url, 'Vic');
  nobody = apiClient(server.url, '');
  ownTemplates.creator = await newTemplate(users.creator);
  ownTemplates.otherInstructor = await newTemplate(users.otherInstructor);
  // The other instructor's own things, which nobody else's answer may contain: a game with a
  // player, a session template, and a session whose round is over and whose player answered.
  const other = users.otherInstructor.api;
  ({ gameId: elsewhere.gameId } = await other.beergame.create.mutate({
    name: 'Elsewhere',
    template: 'classic',
  }));
  await users.otherPlayer.api.beergame.join.mutate({
    gameId: elsewhere.gameId,
    facilityId: 'retailer',
    commandId: randomUUID(),
  });
  const merged = async (api: Api) => {
    const { gameId } = await api.beergame.create.mutate({ name: 'Kept', template: 'classic' });
    return (
      await api.game.mergeIntoTemplate.mutate({ gameIds: [gameId], title: 'Kept', commandId: randomUUID() })
    ).templateId;
  };
  elsewhere.sessionTemplateId = await merged(other);
  elsewhere.creatorSessionTemplateId = await merged(users.creator.api);
  ({ sessionId: elsewhere.sessionId } = await other.session.create.mutate({
    name: 'Elsewhere session',
    template: 'classicSingle',
    commandId: randomUUID(),
  }));
  const { setup } = await other.session.setup.query({ sessionId: elsewhere.sessionId });
  const question = { id: 'q1', text: 'Which role had the largest amplification?', answer: 'Factory' };
  await other.session.edit.mutate({
    sessionId: elsewhere.sessionId,
    setup: {
      ...setup,
      rounds: setup.rounds.map((round) => ({
        ...round,
        config: {
          ...round.config,
          configDebrief: { questionsSection: { show: true, questions: [question] } },
        },
      })),
    },
    commandId: randomUUID(),
  });
  await other.session.publish.mutate({ sessionId: elsewhere.sessionId, commandId: randomUUID() });
  const seat = await users.otherPlayer.api.session.join.mutate({
    sessionId: elsewhere.sessionId,
    commandId: randomUUID(),
  });
  await other.session.startRound.mutate({ sessionId: elsewhere.sessionId, commandId: randomUUID() });
  await other.beergame.endGame.mutate({ gameId: seat.gameId, commandId: randomUUID() });
  await users.otherPlayer.api.beergame.answerQuestion.mutate({
    gameId: seat.gameId,
    questionId: 'q1',
    answer: 'factory',
    commandId: randomUUID(),
  });
  expect(await other.session.responses.query({ sessionId: elsewhere.sessionId })).toHaveLength(1);
});
afterAll(async () => {
  for (const user of Object.values(users)) user.close();
  nobody.close();
  await server.close();
  await database.drop();
});

const allRows = { ...matrix, ...leanMatrix, ...draftMatrix, ...sessionMatrix } as Record<string, Row<never>>;

it('has a row for every procedure of the app router, and none for a procedure that is gone', () => {
  expect(
    [
      ...Object.keys(matrix),
      ...Object.keys(leanMatrix),
      ...Object.keys(draftMatrix),
      ...Object.keys(sessionMatrix),
      // The team and billing procedures' rows: team-authorization.test.ts runs them (plans on).
      ...TEAM_MATRIX_PROCEDURES,
    ].sort(),
  ).toEqual(Object.keys(appRouter._def.procedures).sort());
});

it('checks what every allowed caller gets back, and says so of a row that allows nobody', () => {
  for (const [procedure, row] of Object.entries(allRows)) {
    const allowed = CALLERS.some((caller) => row.expected[caller] === 'ok');
    expect(row.check === REFUSED_TO_ALL, procedure).toBe(!allowed);
  }
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

/**
 * One cell: the call as `caller`, its outcome, and for an allowed call what came back (the row's
 * check) and what it recorded: every event recorded for a person during the call is the caller's
 * (or, where the row says so, of whom the call acts for).
 */
async function runCell<Target>(row: Row<Target>, caller: Caller, target: Target) {
  await row.prepare?.(target);
  const since = await lastPosition();
  let outcome: string;
  let result: unknown;
  try {
    result = await row.call(apiOf(caller), target);
    outcome = 'ok';
  } catch (error) {
    const data = (error as { data?: { messageId?: string; httpStatus?: number } }).data;
    outcome = data?.messageId ?? String(error);
    // A refusal is the caller's fault, never the server's.
    expect(data?.httpStatus, outcome).toBeLessThan(500);
  }
  expect(outcome, DESCRIPTIONS[caller]).toBe(row.expected[caller]);
  if (outcome !== 'ok') return;
  if (row.check === REFUSED_TO_ALL)
    throw new Error('a row that allows a caller must check what it gets back');
  await row.check(result, caller, target, since);
  const actors = [caller, ...(row.recordsFor ?? [])].map(actorIdOf);
  const others = (await recordedSince(since)).filter((event) => !actors.includes(event.actorId));
  expect(others.map((event) => `${event.type} by ${event.actorId} on ${event.streamId}`)).toEqual([]);
}

describe.each([
  ...Object.entries(matrix).map(([procedure, row]) => [procedure, row, newGame] as const),
  ...Object.entries(leanMatrix).map(([procedure, row]) => [procedure, row, newLeanGame] as const),
  ...Object.entries(draftMatrix).map(([procedure, row]) => [procedure, row, newLeanDraft] as const),
])('%s', (_procedure, row, gameFor) => {
  let shared: Game;
  beforeAll(async () => {
    shared = await gameFor();
  });

  it.each(CALLERS)('for %s', async (caller) => {
    await runCell(row, caller, row.changes ? await gameFor() : shared);
  });
});

describe.each(Object.entries(sessionMatrix))('%s', (_procedure, row) => {
  let shared: Session;
  beforeAll(async () => {
    shared = await newSession();
  });

  it.each(CALLERS)('for %s', async (caller) => {
    await runCell(row, caller, row.changes ? await newSession() : shared);
  });
});
