/**
 * `allowPlayerReset` through the real server (issue 26): a player of a session that allows it
 * starts their own team's game of the round over before its first week closes; the setting off, a
 * caller without a seat, a game under way or ended are each refused with their message and record
 * nothing; the other team's game is untouched; a retried call resets once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { beergameType } from '../../src-server/streams/beergame';
import { leangameType } from '../../src-server/streams/leangame';
import { guarded } from '../../src-server/trpc/session-player-reset';
import type { BeerState } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signInAnonymous, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let ada: ApiUser;
const players: ApiUser[] = [];

const messageIdOf = (error: unknown) =>
  (error as { data?: { messageId?: string }; messageId?: string }).data?.messageId ??
  (error as { messageId?: string }).messageId;
const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (error) => messageIdOf(error),
  );

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  ada = await signUpInstructor(server.url, 'ada@example.org');
  for (let i = 1; i <= 4; i++) players.push(await signInAnonymous(server.url, `Player ${i}`));
});
afterAll(async () => {
  for (const client of [ada, ...players]) client.close();
  await server.close();
  await database.drop();
});

const game = async (gameId: string) =>
  (await server.services.commands.load(beergameType.stream, gameStreamId(gameId))) as {
    version: number;
    state: BeerState;
  };

/** The events of a game's stream, with who recorded them. */
const eventsOf = async (gameId: string) =>
  (
    await server.services.database.db
      .selectFrom('events')
      .select(['type', 'metadata'])
      .where('stream_id', '=', gameStreamId(gameId))
      .orderBy('stream_version')
      .execute()
  ).map((row) => ({ type: row.type, ...(row.metadata as { actorId: string; actorRole: string }) }));

async function setAllowPlayerReset(sessionId: string, on: boolean) {
  const { setup } = await ada.api.session.setup.query({ sessionId });
  await ada.api.session.edit.mutate({
    sessionId,
    setup: { ...setup, config: { ...setup.config, allowPlayerReset: on } },
    commandId: randomUUID(),
  });
}

it('lets a seated player reset their own team game before its first week closes, and nothing else', async () => {
  const [p1, p2, p3, stranger] = players as [ApiUser, ApiUser, ApiUser, ApiUser];
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Reset class',
    template: 'blindThenTransparent',
    teamCount: 2,
    commandId: randomUUID(),
  });
  await ada.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
  const join = (as: ApiUser, teamNumber: number, facilityId: string) =>
    as.api.session.join.mutate({ sessionId, teamNumber, facilityId, commandId: randomUUID() });
  const { gameId: team1 } = await join(p1, 1, 'retailer');
  await join(p2, 1, 'wholesaler');
  const { gameId: team2 } = await join(p3, 2, 'retailer');
  const reset = (as: ApiUser, commandId = randomUUID()) =>
    as.api.session.resetOwnGame.mutate({ sessionId, commandId });

  // The setting is off by default: refused, nothing recorded.
  const before = (await game(team1)).version;
  expect(await refusal(reset(p1))).toBe('beergame.errNotAllowed');
  expect((await game(team1)).version).toBe(before);

  await setAllowPlayerReset(sessionId, true);
  // Without a seat in the round: the instructor (who plays none) and a visitor.
  expect(await refusal(reset(ada))).toBe('errors.membersOnly');
  expect(await refusal(reset(stranger))).toBe('errors.membersOnly');

  // The round starts (free seats to the computer); the retailer of team 1 orders, then resets.
  await ada.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });
  await p1.api.beergame.placeOrder.mutate({
    gameId: team1,
    facilityId: 'retailer',
    quantity: 9,
    week: 1,
    commandId: randomUUID(),
  });
  await p3.api.beergame.placeOrder.mutate({
    gameId: team2,
    facilityId: 'retailer',
    quantity: 5,
    week: 1,
    commandId: randomUUID(),
  });
  expect((await game(team1)).state.facilities[0]!.orders).toEqual({ A1: 9 });
  const commandId = randomUUID();
  expect(await reset(p1, commandId)).toEqual({ gameId: team1 });
  const after = await game(team1);
  expect(after.state.week).toBe(1);
  expect(after.state.facilities.map((f) => f.orders)).toEqual(after.state.facilities.map(() => ({})));
  // Every seat is kept: the players' and the computer's.
  expect(after.state.facilities.map((f) => [f.id, f.userId !== null, f.computer])).toEqual([
    ['retailer', true, false],
    ['wholesaler', true, false],
    ['distributor', false, true],
    ['factory', false, true],
  ]);
  // Recorded as the player's own request, carried out by the server (role system).
  expect((await eventsOf(team1)).at(-1)).toMatchObject({
    type: 'GameReset',
    actorId: p1.userId,
    actorRole: 'system',
  });
  // A retried call resets once; the other team's game is untouched.
  expect(await reset(p1, commandId)).toEqual({ gameId: team1 });
  expect((await eventsOf(team1)).filter((e) => e.type === 'GameReset')).toHaveLength(1);
  // (Team 2's only player ordered: their week closed, the order is in its history.)
  expect((await game(team2)).state.facilities[0]!.history[0]!.order).toBe(5);
  expect((await eventsOf(team2)).some((e) => e.type === 'GameReset')).toBe(false);

  // Once the first week has closed the game is under way: refused, nothing recorded.
  await ada.api.beergame.closeWeek.mutate({ gameId: team1, commandId: randomUUID() });
  expect((await game(team1)).state.week).toBe(2);
  const started = (await game(team1)).version;
  expect(await refusal(reset(p2))).toBe('beergame.errGameStarted');
  expect((await game(team1)).version).toBe(started);

  // An ended game is not reset either.
  await ada.api.beergame.endGame.mutate({ gameId: team2, commandId: randomUUID() });
  expect(await refusal(reset(p3))).toBe('beergame.errGameFinished');

  // The setting turned off again refuses at once.
  await setAllowPlayerReset(sessionId, false);
  expect(await refusal(reset(p2))).toBe('beergame.errNotAllowed');
});

it('refuses a session the caller may not open, and one not open to players', async () => {
  const [p1] = players as [ApiUser];
  const { sessionId } = await ada.api.session.create.mutate({
    name: 'Draft class',
    template: 'blindThenTransparent',
    teamCount: 1,
    commandId: randomUUID(),
  });
  await setAllowPlayerReset(sessionId, true);
  // Not published: a player does not see it at all.
  expect(await refusal(p1.api.session.resetOwnGame.mutate({ sessionId, commandId: randomUUID() }))).toBe(
    'session.sessionNotPublished',
  );
  expect(
    await refusal(
      p1.api.session.resetOwnGame.mutate({ sessionId: 'no-such-session', commandId: randomUUID() }),
    ),
  ).toBe('session.sessionNotFound');
});

/**
 * The lean game's side of the rule (a session's lean round, once sessions play them): its reset
 * is refused to a caller without a station and once the round's clock has started.
 */
it("resets a lean game for its player before its clock starts, never after, never a stranger's", async () => {
  const [p1, , , stranger] = players as [ApiUser, ApiUser, ApiUser, ApiUser];
  const { gameId } = await ada.api.leangame.create.mutate({
    name: 'Lean reset',
    template: 'workshop4-choose',
  });
  await p1.api.leangame.join.mutate({ gameId, facilityId: 'warehouse', commandId: randomUUID() });
  const attempt = (as: ApiUser) =>
    refusal(
      server.services.commands.execute(
        guarded(leangameType, true, as.userId),
        gameStreamId(gameId),
        leangameType.rounds.reset,
        { now: server.services.now(), actor: { userId: as.userId, role: 'system' }, commandId: randomUUID() },
      ),
    );
  const types = async () =>
    (
      await server.services.database.db
        .selectFrom('events')
        .select('type')
        .where('stream_id', '=', gameStreamId(gameId))
        .execute()
    ).map((row) => row.type);
  expect(await attempt(stranger)).toBe('errors.membersOnly');
  expect(await attempt(p1)).toBe('ok');
  expect((await types()).filter((type) => type === 'LeanGameReset')).toHaveLength(1);
  await ada.api.leangame.start.mutate({ gameId, commandId: randomUUID() });
  expect(await attempt(p1)).toBe('beergame.errGameStarted');
  expect((await types()).filter((type) => type === 'LeanGameReset')).toHaveLength(1);
});
