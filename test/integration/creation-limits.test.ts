/**
 * What creating counts (issue 29, item 3), through a real server on PostgreSQL: games, not actions.
 * A copy of 12 is 12 games toward the account's hourly limit and a session's round one per team,
 * and an account's live games have a ceiling; a refusal says which limit, creates nothing and
 * counts nothing, so a smaller copy goes through at once.
 */
import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase, type TestDatabase } from '../support/database';
import { type ApiUser, signUpInstructor, startTestServer } from '../support/server';

let database: TestDatabase;
let server: RunningServer;
const clients: ApiUser[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: {
      gameCreations: { max: 1000, windowSeconds: 60 },
      gamesCreated: { max: 25, windowSeconds: 3600 },
      liveGames: 30,
    },
  });
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server?.close();
  await database?.drop();
});

async function instructor(email: string) {
  const user = await signUpInstructor(server.url, email);
  clients.push(user);
  return user;
}

const gamesOf = async (user: ApiUser) =>
  Number(
    (
      await server.services.database.db
        .selectFrom('games')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('creator_id', '=', user.userId)
        .executeTakeFirstOrThrow()
    ).n,
  );

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: { message: string; data?: { values?: Record<string, number> } }) => ({
      id: error.message,
      values: error.data?.values,
    }),
  );

/** A new hour for `user`'s count of games created (the window's start moved back). */
const anHourLater = (user: ApiUser) =>
  sql`update rate_limits set window_start = now() - interval '2 hours'
      where key = ${`games-created:${user.userId}`}`.execute(server.services.database.db);

describe('games created per account and hour', () => {
  it('counts a copy as the games it makes, and a refused copy as nothing', async () => {
    const ada = await instructor('ada@example.org');
    const { gameId } = await ada.api.beergame.create.mutate({ name: 'Monday', template: 'classic' });
    await ada.api.game.copy.mutate({ gameId, count: 12, commandId: randomUUID() });
    expect(await gamesOf(ada)).toBe(13);
    // 13 + 13 would pass 25: refused whole, with the limit and the minutes to wait.
    const refused = await refusal(ada.api.game.copy.mutate({ gameId, count: 13, commandId: randomUUID() }));
    expect(refused).toMatchObject({ id: 'errors.tooManyGamesCreated', values: { max: 25 } });
    expect(refused!.values!.minutes).toBeGreaterThan(0);
    expect(refused!.values!.minutes).toBeLessThanOrEqual(60);
    expect(await gamesOf(ada)).toBe(13);
    // Nothing of the refused copy was counted: 12 more still fit.
    await ada.api.game.copy.mutate({ gameId, count: 12, commandId: randomUUID() });
    expect(await gamesOf(ada)).toBe(25);
    expect(
      await refusal(ada.api.beergame.create.mutate({ name: 'One more', template: 'classic' })),
    ).toMatchObject({
      id: 'errors.tooManyGamesCreated',
    });
    // Another account is not held back.
    const grace = await instructor('grace@example.org');
    await expect(
      grace.api.beergame.create.mutate({ name: 'Mine', template: 'classic' }),
    ).resolves.toBeTruthy();
  });

  it('counts a session’s round as one game per team, and keeps an account under its live games', async () => {
    const mary = await instructor('mary@example.org');
    const { sessionId } = await mary.api.session.create.mutate({
      name: 'Big class',
      template: 'chainLength',
      teamCount: 20,
      commandId: randomUUID(),
    });
    await mary.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    expect(await gamesOf(mary)).toBe(20);
    // The next round's 20 games would pass this hour's 25.
    const hourly = await refusal(mary.api.session.nextRound.mutate({ sessionId, commandId: randomUUID() }));
    expect(hourly).toMatchObject({ id: 'errors.tooManyGamesCreated' });
    // An hour later: 20 + 20 live games would pass the account's 30.
    await anHourLater(mary);
    const live = await refusal(mary.api.session.nextRound.mutate({ sessionId, commandId: randomUUID() }));
    expect(live).toMatchObject({ id: 'errors.tooManyLiveGames', values: { max: 30, live: 20 } });
    expect(await gamesOf(mary)).toBe(20);
    // Games finished no longer count as live: the round opens.
    const { setup } = await mary.api.session.setup.query({ sessionId });
    expect(setup.rounds.length).toBeGreaterThan(1);
    await server.services.database.db
      .updateTable('games')
      .set({ finished: true })
      .where('creator_id', '=', mary.userId)
      .execute();
    await expect(mary.api.session.nextRound.mutate({ sessionId, commandId: randomUUID() })).resolves.toEqual({
      roundNumber: 2,
    });
    expect(await gamesOf(mary)).toBe(40);
  });
});
