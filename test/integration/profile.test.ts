import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { freshDatabase } from '../support/database';
import {
  type ApiUser,
  type RawAnswer,
  rawRequest,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
} from '../support/server';

/**
 * The instructor's workspace on the server: the profile's fields through better-auth's
 * update-user (each checked by its hooks, a refusal changing nothing) and the onboarding flags of
 * `dashboard.onboarding`, read from the games and sessions read models.
 */
let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let instructor: ApiUser;
const clients: ApiUser[] = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  instructor = await signUpInstructor(server.url, 'grace@example.org');
  clients.push(instructor);
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

const updateUser = (fields: Record<string, unknown>): Promise<RawAnswer> =>
  rawRequest(server.url, '/api/auth/update-user', {
    body: JSON.stringify(fields),
    headers: { cookie: instructor.cookie },
  });

async function sessionUser(): Promise<Record<string, unknown>> {
  const answer = await rawRequest(server.url, '/api/auth/get-session', {
    method: 'GET',
    headers: { cookie: instructor.cookie },
  });
  return (answer.body as { user: Record<string, unknown> }).user;
}

describe('the profile', () => {
  const saved = {
    name: 'Grace Hopper',
    playerName: 'Amazing Grace',
    language: 'fr',
    attributionSource: 'other',
    attributionOtherText: 'A conference talk',
    firstname: 'Grace',
    lastname: 'Hopper',
    profileType: 'researcher',
    favoriteGames: ['leangame', 'beergame'],
  };

  it('saves the names, profile type, favourite games, player name, language and attribution, and the session shows them', async () => {
    const answer = await updateUser(saved);
    expect(answer.status).toBe(200);
    expect(await sessionUser()).toMatchObject(saved);
  });

  it.each([
    [{ name: 'g'.repeat(81) }, 'NAME_INVALID'],
    [{ name: '' }, 'NAME_INVALID'],
    [{ playerName: 'p'.repeat(41) }, 'PLAYER_NAME_INVALID'],
    [{ playerName: '' }, 'PLAYER_NAME_INVALID'],
    [{ playerName: ' padded ' }, 'PLAYER_NAME_INVALID'],
    [{ language: 'xx' }, 'LANGUAGE_INVALID'],
    [{ language: 42 }, 'LANGUAGE_INVALID'],
    [{ attributionSource: 'tv' }, 'ATTRIBUTION_INVALID'],
    [{ attributionOtherText: 'o'.repeat(201) }, 'ATTRIBUTION_TEXT_INVALID'],
    [{ attributionOtherText: 'a\u0000b' }, 'ATTRIBUTION_TEXT_INVALID'],
    [{ firstname: 'f'.repeat(41) }, 'FIRSTNAME_INVALID'],
    [{ firstname: '' }, 'FIRSTNAME_INVALID'],
    [{ lastname: ' Hopper' }, 'LASTNAME_INVALID'],
    [{ lastname: ['Hopper'] }, 'LASTNAME_INVALID'],
    [{ profileType: 'wizard' }, 'PROFILE_TYPE_INVALID'],
    [{ profileType: 7 }, 'PROFILE_TYPE_INVALID'],
    [{ favoriteGames: ['chess'] }, 'FAVORITE_GAMES_INVALID'],
    [{ favoriteGames: ['beergame', 'beergame'] }, 'FAVORITE_GAMES_INVALID'],
    [{ favoriteGames: 'beergame' }, 'FAVORITE_GAMES_INVALID'],
    // One bad field refuses the whole change: the good one is not saved either.
    [{ name: 'Someone Else', language: 'klingon' }, 'LANGUAGE_INVALID'],
  ])('refuses %j with %s and changes nothing', async (fields, code) => {
    const answer = await updateUser(fields);
    expect(answer.status).toBe(400);
    expect(answer.messageId).toBe(code);
    expect(await sessionUser()).toMatchObject(saved);
  });

  it('clears the player name and the attribution with null', async () => {
    const cleared = { playerName: null, attributionSource: null, attributionOtherText: null };
    expect((await updateUser(cleared)).status).toBe(200);
    expect(await sessionUser()).toMatchObject({ ...cleared, name: saved.name, language: 'fr' });
  });
});

describe('signing up', () => {
  const signUp = (cookie: string | undefined, email: string) =>
    rawRequest(server.url, '/api/auth/sign-up/email', {
      body: JSON.stringify({ email, password: 'correct horse battery', name: 'Second Account' }),
      headers: cookie ? { cookie } : {},
    });

  it('is refused to an instructor signed in (dashboard.errorAlreadyLoggedIn), and makes no account', async () => {
    const answer = await signUp(instructor.cookie, 'second@example.org');
    expect(answer.status).toBe(400);
    expect(answer.messageId).toBe('ALREADY_LOGGED_IN');
    const made = await server.services.database.db
      .selectFrom('user')
      .select('id')
      .where(sql<boolean>`email = 'second@example.org'`)
      .execute();
    expect(made).toEqual([]);
  });

  it('is open to an anonymous player', async () => {
    const player = await signInAnonymous(server.url, 'Pat');
    clients.push(player);
    expect((await signUp(player.cookie, 'pat@example.org')).status).toBe(200);
  });
});

describe('dashboard.onboarding', () => {
  it('follows the first steps: created, shared (a player joined), finished, a session opened', async () => {
    const newcomer = await signUpInstructor(server.url, 'newcomer@example.org');
    clients.push(newcomer);
    // Nothing is done before it is: no plan to choose, no session run.
    expect(await newcomer.api.dashboard.onboarding.query()).toEqual({
      hasCreated: false,
      hasSharedGames: false,
      hasFinishedGames: false,
      hasPublishedSessions: false,
      plansOn: false,
      hasPlan: false,
      newestGameId: null,
    });

    const { gameId } = await newcomer.api.beergame.create.mutate({
      name: 'First class',
      template: 'classic',
    });
    expect(await newcomer.api.dashboard.onboarding.query()).toMatchObject({
      hasCreated: true,
      hasSharedGames: false,
      newestGameId: gameId,
    });

    const player = await signInAnonymous(server.url, 'Riley');
    clients.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    expect(await newcomer.api.dashboard.onboarding.query()).toMatchObject({
      hasSharedGames: true,
      hasFinishedGames: false,
    });

    await newcomer.api.beergame.endGame.mutate({ gameId, commandId: randomUUID() });
    expect(await newcomer.api.dashboard.onboarding.query()).toMatchObject({ hasFinishedGames: true });

    const { sessionId } = await newcomer.api.session.create.mutate({
      name: 'Monday class',
      template: 'classicSingle',
      commandId: randomUUID(),
    });
    expect(await newcomer.api.dashboard.onboarding.query()).toMatchObject({ hasPublishedSessions: false });
    await newcomer.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    expect(await newcomer.api.dashboard.onboarding.query()).toMatchObject({ hasPublishedSessions: true });
    // Another instructor's flags are their own.
    expect(await instructor.api.dashboard.onboarding.query()).toMatchObject({ hasCreated: false });
  });
});
