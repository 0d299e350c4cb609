/**
 * Sessions through the real server (issue 12): a 3-round session from a template, players joining
 * by code (some at random), rounds started, played, carried over and locked, the follow-up live,
 * responses and results across rounds, a duplicate, and deletion.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { rebuildProjections } from '../../src-server/streams';
import { applyViewPatch, type LiveView } from '../../src-shared/api/view-patch';
import type { SessionView } from '../../src-shared/session';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
let bob: ApiUser;
const players: ApiUser[] = [];
const clients: ApiUser[] = [];

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error) => messageIdOf(error),
  );

/** Resolves with the first view of a session (patches applied) that satisfies `predicate`. */
function sessionView(as: ApiUser, sessionId: string, predicate: (view: SessionView) => boolean = () => true) {
  return new Promise<SessionView>((resolve, reject) => {
    let held: SessionView | null = null;
    const timer = setTimeout(() => {
      subscription.unsubscribe();
      reject(new Error(`timed out waiting for a session view: ${JSON.stringify(held)?.slice(0, 400)}`));
    }, 15_000);
    const subscription = as.api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          held = 'view' in update ? update.view : applyViewPatch(held!, update.patch);
          if (!predicate(held)) return;
          clearTimeout(timer);
          subscription.unsubscribe();
          resolve(held);
        },
        onError: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      },
    );
  });
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  bob = await signUpInstructor(server.url, 'bob@example.org');
  for (let i = 1; i <= 8; i++) players.push(await signInAnonymous(server.url, `Player ${i}`));
  clients.push(ada, bob, ...players);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('a session of three rounds', () => {
  let sessionId: string;
  let code: string;

  it('is created from a template as a draft, seen by its creator only', async () => {
    ({ sessionId } = await ada.api.session.create.mutate({
      name: 'Tuesday class',
      template: 'chainLength',
      teamCount: 2,
      locale: 'fr',
      commandId: randomUUID(),
    }));
    const { setup } = await ada.api.session.setup.query({ sessionId });
    expect(setup.rounds).toHaveLength(3);
    expect(setup.teamCount).toBe(2);
    // Round names come in the language asked for.
    expect(setup.rounds[0]!.name).not.toBe('sessionTemplate.round.twoStages');
    expect(await refusal(sessionView(players[0]!, sessionId))).toBe('session.sessionNotPublished');
    expect(await refusal(bob.api.session.setup.query({ sessionId }))).toBe('session.sessionNotPublished');
    expect((await ada.api.session.list.query()).map((s) => s.id)).toEqual([sessionId]);
    expect(await bob.api.session.list.query()).toEqual([]);
  });

  it('is published with a code and its first round has a game per team', async () => {
    await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    const view = await sessionView(ada, sessionId, (v) => v.teams.length === 2);
    expect(view.code).toMatch(/^[3479ACDEFHJKMNPRTWXY]{6}$/);
    code = view.code!;
    expect(view.currentRound).toBe(1);
    expect(view.started).toBe(false);
    expect(view.teams.map((t) => t.seats.length)).toEqual([2, 2]);
    // A session's games stay off the games list.
    expect((await ada.api.dashboard.games.query({})).games).toEqual([]);
    expect(await refusal(bob.api.session.setup.query({ sessionId }))).toBe('errors.sessionAdminOnly');
  });

  it('lets players join by code: a chosen team and role, or a random free seat', async () => {
    const found = await players[0]!.api.join.byCode.query({
      code: `${code.slice(0, 3)}-${code.slice(3).toLowerCase()}`,
    });
    expect(found).toEqual({ kind: 'session', sessionId });
    expect(await refusal(players[0]!.api.join.byCode.query({ code: 'AAAAAA' }))).toBe('game.errCodeUnknown');
    const first = await players[0]!.api.session.join.mutate({
      sessionId,
      teamNumber: 2,
      facilityId: 'retailer',
      commandId: randomUUID(),
    });
    expect(first).toMatchObject({ teamNumber: 2, facilityId: 'retailer', roundNumber: 1 });
    // A rejoin from the same device answers the seat held.
    expect(await players[0]!.api.session.join.mutate({ sessionId, commandId: randomUUID() })).toEqual(first);
    // A random seat goes to the emptiest team.
    const second = await players[1]!.api.session.join.mutate({ sessionId, commandId: randomUUID() });
    expect(second.teamNumber).toBe(1);
    const third = await players[2]!.api.session.join.mutate({ sessionId, commandId: randomUUID() });
    expect([1, 2]).toContain(third.teamNumber);
    expect(
      await refusal(
        players[3]!.api.session.join.mutate({
          sessionId,
          teamNumber: 2,
          facilityId: 'retailer',
          commandId: randomUUID(),
        }),
      ),
    ).toBe('beergame.errRoleTaken');
    expect(
      await refusal(
        players[3]!.api.session.join.mutate({ sessionId, teamNumber: 9, commandId: randomUUID() }),
      ),
    ).toBe('session.errTeamUnknown');
    expect(await refusal(ada.api.session.join.mutate({ sessionId, commandId: randomUUID() }))).toBe(
      'beergame.errCreatorCannotPlay',
    );
    const lobby = await sessionView(players[0]!, sessionId);
    expect(lobby.me).toMatchObject({ teamNumber: 2, facilityId: 'retailer' });
    expect(lobby.followUp).toBeNull();
    expect(lobby.teams[1]!.seats.find((s) => s.facilityId === 'retailer')).toMatchObject({
      taken: true,
      mine: true,
      playerName: 'Player 1',
    });
  });

  it('starts round 1: empty seats go to the computer, and the follow-up shows every team live', async () => {
    const started = await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
    expect(started).toEqual({ done: 2, refused: [] });
    const follow = await sessionView(
      ada,
      sessionId,
      (v) => v.started && v.followUp!.every((r) => r.seats.every((s) => s.userId !== null || s.computer)),
    );
    expect(follow.followUp).toHaveLength(2);
    const mine = follow.followUp!.find((r) => r.teamNumber === 2)!;
    expect(mine.week).toBe(1);
    // No week has been played: no cost yet (the opening stock's week is not over).
    expect(follow.followUp!.map((r) => r.cost)).toEqual([null, null]);
    const me = follow.teams[1]!;
    await players[0]!.api.beergame.placeOrder.mutate({
      gameId: me.gameId,
      facilityId: 'retailer',
      quantity: 4,
      commandId: randomUUID(),
    });
    const after = await sessionView(ada, sessionId, (v) =>
      v.followUp!.some(
        (r) =>
          r.teamNumber === 2 && (r.week > 1 || r.seats.some((s) => s.facilityId === 'retailer' && s.ordered)),
      ),
    );
    expect(after.followUp!.find((r) => r.teamNumber === 2)).toBeTruthy();
    // A late joiner takes over a role the computer plays, in the team with the fewest players.
    const late = await players[4]!.api.session.join.mutate({ sessionId, commandId: randomUUID() });
    expect(late).toMatchObject({ teamNumber: 2, roundNumber: 1 });
    // The follow-up's bulk action closes every team's week at once.
    const closed = await ada.api.session.teamsAction.mutate({
      sessionId,
      gameIds: follow.followUp!.map((r) => r.gameId),
      action: { type: 'closeWeek' },
      commandId: randomUUID(),
    });
    expect(closed.done).toBe(2);
    const played = await sessionView(ada, sessionId, (v) => v.followUp!.every((r) => r.week >= 2));
    for (const row of played.followUp!) expect(row.cost).toBeGreaterThan(0);
    expect(
      await refusal(
        ada.api.session.teamsAction.mutate({
          sessionId,
          gameIds: ['not-of-it'],
          action: { type: 'stopTimer' },
          commandId: randomUUID(),
        }),
      ),
    ).toBe('dashboard.messGameUnknown');
    // A timer that is not a whole number of seconds in range is refused in words, with its bounds.
    const timerRefusal = (seconds: number) =>
      ada.api.session.teamsAction
        .mutate({
          sessionId,
          gameIds: follow.followUp!.map((r) => r.gameId),
          action: { type: 'startTimer', seconds },
          commandId: randomUUID(),
        })
        .then(
          () => 'ok',
          (error) => (error as { data?: unknown }).data,
        );
    for (const [seconds, messageId] of [
      [12.5, 'number.errWhole'],
      [1e9, 'number.errRange'],
      [-3, 'number.errRange'],
    ] as const)
      expect(await timerRefusal(seconds), String(seconds)).toMatchObject({
        messageId,
        values: { min: 5, max: 86_400 },
      });
  });

  it('locks a round, then moves everyone to round 2 in the same team', async () => {
    await ada.api.session.lockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() });
    let view = await sessionView(players[0]!, sessionId, (v) => v.rounds[1]!.locked);
    expect(view.rounds.map((r) => r.locked)).toEqual([false, true, false]);
    await ada.api.session.unlockRound.mutate({ sessionId, roundId: 'r2', commandId: randomUUID() });
    const before = await sessionView(players[0]!, sessionId);
    const { roundNumber } = await ada.api.session.nextRound.mutate({ sessionId, commandId: randomUUID() });
    expect(roundNumber).toBe(2);
    view = await sessionView(players[0]!, sessionId, (v) => v.currentRound === 2 && v.me !== null);
    expect(view.me!.teamNumber).toBe(before.me!.teamNumber);
    expect(view.me!.facilityId).toBe('retailer');
    expect(view.myGames.map((g) => g.roundNumber)).toEqual([1, 2]);
    expect(view.started).toBe(false);
  });

  it('compares the teams across rounds, and lists the answers', async () => {
    const results = await ada.api.session.results.query({ sessionId });
    expect(results.teams.map((r) => [r.roundNumber, r.teamNumber])).toEqual([
      [1, 1],
      [1, 2],
      [2, 1],
      [2, 2],
    ]);
    expect(results.pendingRounds).toEqual([]);
    expect(results.teams[0]!.weeksPlayed).toBeGreaterThanOrEqual(1);
    expect(await ada.api.session.responses.query({ sessionId })).toEqual([]);
  });

  it('shows its players a round’s results only once every game of it is over', async () => {
    // Players see the results too (debriefingMode access, the default), but not of a blind round
    // being played: no role's cost of any team.
    const during = await players[0]!.api.session.results.query({ sessionId });
    expect(during).toEqual({ teams: [], pendingRounds: [1, 2] });
    const { teams } = await ada.api.session.results.query({ sessionId });
    const firstRound = teams.filter((t) => t.roundNumber === 1);
    await ada.api.beergame.endGame.mutate({ gameId: firstRound[0]!.gameId, commandId: randomUUID() });
    // One team still plays round 1: it stays closed.
    expect((await players[0]!.api.session.results.query({ sessionId })).teams).toEqual([]);
    await ada.api.beergame.endGame.mutate({ gameId: firstRound[1]!.gameId, commandId: randomUUID() });
    const after = await players[0]!.api.session.results.query({ sessionId });
    expect(after.pendingRounds).toEqual([2]);
    expect(after.teams.map((t) => [t.roundNumber, t.teamNumber, t.finished])).toEqual([
      [1, 1, true],
      [1, 2, true],
    ]);
    expect(after.teams[0]!.facilities.map((f) => f.cost)).toEqual(
      firstRound[0]!.facilities.map((f) => f.cost),
    );
  });

  it('keeps its games and rounds when edited, and refuses to change them once played', async () => {
    const { setup } = await ada.api.session.setup.query({ sessionId });
    expect(
      await refusal(
        ada.api.session.edit.mutate({
          sessionId,
          setup: { ...setup, teamCount: 3 },
          commandId: randomUUID(),
        }),
      ),
    ).toBe('session.errRoundsStarted');
    await ada.api.session.edit.mutate({
      sessionId,
      setup: { ...setup, name: 'Tuesday class (A)' },
      commandId: randomUUID(),
    });
    expect((await ada.api.session.list.query())[0]!.name).toBe('Tuesday class (A)');
  });

  it('duplicates it published, without code, games or players', async () => {
    const { sessionId: copy } = await ada.api.session.duplicate.mutate({
      sessionId,
      commandId: randomUUID(),
    });
    const view = await sessionView(players[5]!, copy);
    expect(view).toMatchObject({ published: true, code: null, currentRound: 0, teams: [] });
    expect(view.rounds).toHaveLength(3);
  });

  it('rebuilds the sessions and their games from the events', async () => {
    const before = await server.services.database.db
      .selectFrom('sessions')
      .selectAll()
      .orderBy('id')
      .execute();
    await rebuildProjections(server.services.store);
    expect(
      await server.services.database.db.selectFrom('sessions').selectAll().orderBy('id').execute(),
    ).toEqual(before);
    const games = await server.services.database.db
      .selectFrom('games')
      .select(['session_id', 'round_number', 'team_number'])
      .execute();
    expect(games.filter((g) => g.session_id === sessionId)).toHaveLength(4);
  });

  it('is deleted only when its name is typed again, with its games', async () => {
    expect(
      await refusal(
        ada.api.session.delete.mutate({ sessionId, confirmName: 'Tuesday', commandId: randomUUID() }),
      ),
    ).toBe('session.errDeleteName');
    await ada.api.session.delete.mutate({
      sessionId,
      confirmName: 'Tuesday class (A)',
      commandId: randomUUID(),
    });
    expect(await refusal(sessionView(players[0]!, sessionId))).toBe('session.sessionNotFound');
    const games = await server.services.database.db
      .selectFrom('games')
      .select('deleted')
      .where('session_id', '=', sessionId)
      .execute();
    expect(games.every((g) => g.deleted)).toBe(true);
  });
});

describe('games merged into a session template (spec point 2)', () => {
  it('makes each game a round, in the order given, and sessions start from it', async () => {
    const names = ['Monday blind', 'Monday transparent'];
    const gameIds: string[] = [];
    for (const name of names)
      gameIds.push((await ada.api.beergame.create.mutate({ name, template: 'classic' })).gameId);
    await ada.api.beergame.setTransparent.mutate({
      gameId: gameIds[1]!,
      transparent: true,
      commandId: randomUUID(),
    });
    expect(
      await refusal(ada.api.game.mergeIntoTemplate.mutate({ gameIds, title: '  ', commandId: randomUUID() })),
    ).toBe('errors.textRequired');
    const bobs = (await bob.api.beergame.create.mutate({ name: 'Not hers', template: 'classic' })).gameId;
    expect(
      await refusal(
        ada.api.game.mergeIntoTemplate.mutate({
          gameIds: [gameIds[0]!, bobs],
          title: 'Mine',
          commandId: randomUUID(),
        }),
      ),
    ).toBe('dashboard.messGameUnknown');
    const { templateId } = await ada.api.game.mergeIntoTemplate.mutate({
      gameIds: [...gameIds].reverse(),
      title: 'Transparent first',
      description: 'Then blind',
      commandId: randomUUID(),
    });
    const [own] = await ada.api.session.templates.query();
    expect(own).toMatchObject({ id: templateId, title: 'Transparent first', rounds: [...names].reverse() });
    expect(await bob.api.session.templates.query()).toEqual([]);
    // A session template is not a game template: the templates tab does not list it.
    expect((await ada.api.template.list.query()).own.map((t) => t.id)).not.toContain(templateId);

    const { sessionId } = await ada.api.session.create.mutate({
      name: 'From my template',
      template: templateId,
      teamCount: 3,
      commandId: randomUUID(),
    });
    const { setup } = await ada.api.session.setup.query({ sessionId });
    expect(setup.rounds.map((r) => r.name)).toEqual([...names].reverse());
    expect(setup.rounds.map((r) => r.config.transparent)).toEqual([true, false]);
    expect(setup.teamCount).toBe(3);

    expect(
      await refusal(bob.api.session.deleteTemplate.mutate({ templateId, commandId: randomUUID() })),
    ).toBe('templates.errNotFound');
    await ada.api.session.deleteTemplate.mutate({ templateId, commandId: randomUUID() });
    expect(await ada.api.session.templates.query()).toEqual([]);
    expect(
      await refusal(
        ada.api.session.create.mutate({ name: 'Gone', template: templateId, commandId: randomUUID() }),
      ),
    ).toBe('templates.errNotFound');
  });
});

describe('the end of a session (issue 23)', () => {
  it('ends every team of its last round in one call, and then reads finished', async () => {
    const { sessionId } = await ada.api.session.create.mutate({
      name: 'One round',
      template: 'classicSingle',
      teamCount: 3,
      commandId: randomUUID(),
    });
    await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
    const listed = async () => (await ada.api.session.list.query()).find((s) => s.id === sessionId)!;
    expect((await listed()).finished).toBe(false);
    const view = await sessionView(ada, sessionId, (v) => v.teams.length === 3);
    expect(view.finished).toBe(false);
    const [first, ...others] = view.teams.map((team) => team.gameId);

    // One team ends first: the session is not over while another plays on.
    const one = await ada.api.session.teamsAction.mutate({
      sessionId,
      gameIds: [first!],
      action: { type: 'endGame' },
      commandId: randomUUID(),
    });
    expect(one).toEqual({ done: 1, refused: [] });
    expect((await listed()).finished).toBe(false);

    // The rest in one call; the one already over is counted as refused, not fatal.
    const rest = await ada.api.session.teamsAction.mutate({
      sessionId,
      gameIds: [first!, ...others],
      action: { type: 'endGame' },
      commandId: randomUUID(),
    });
    expect(rest).toEqual({ done: 2, refused: [{ gameId: first, messageId: 'beergame.errGameFinished' }] });
    expect((await listed()).finished).toBe(true);
    expect((await sessionView(ada, sessionId, (v) => v.finished)).teams.every((team) => team.finished)).toBe(
      true,
    );
    // Only the session's admin ends its games.
    expect(
      await refusal(
        bob.api.session.teamsAction.mutate({
          sessionId,
          gameIds: [first!],
          action: { type: 'endGame' },
          commandId: randomUUID(),
        }),
      ),
    ).not.toBe('ok');
  });
});
