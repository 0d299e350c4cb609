import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { rebuildProjections } from '../../src-server/streams';
import { freshDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

let database: Awaited<ReturnType<typeof freshDatabase>>;
let server: RunningServer;
let instructor: ApiUser;
let gameId: string;
const clients: ApiUser[] = [];

const messageIdOf = (error: unknown) => (error as { data?: { messageId?: string } }).data?.messageId;
const httpStatusOf = (error: unknown) => (error as { data?: { httpStatus?: number } }).data?.httpStatus;

beforeAll(async () => {
  database = await freshDatabase();
  // PGlite is one process's database: the test server gets its own in-memory one then.
  server = await startTestServer({ databaseUrl: database.url, signInCheckMs: 200 });
  instructor = await signUpInstructor(server.url, 'ada@example.org');
  clients.push(instructor);
  ({ gameId } = await instructor.api.beergame.create.mutate({ name: 'Monday class', template: 'classic' }));
});
afterAll(async () => {
  for (const client of clients) client.close();
  await server.close();
  await database.drop();
});

describe('creating and listing games', () => {
  it('lists the instructor’s games from the read model, newest first', async () => {
    const { gameId: second } = await instructor.api.beergame.create.mutate({
      name: 'Tuesday class',
      template: 'classic',
    });
    const { games, nextCursor } = await instructor.api.dashboard.games.query({});
    expect(games.map((g) => g.id)).toEqual([second, gameId]);
    expect(games[1]).toMatchObject({
      name: 'Monday class',
      type: 'beergame',
      week: 1,
      weeks: 36,
      finished: false,
      players: 0,
    });
    expect(nextCursor).toBeNull();
  });

  it('creates a game with a turn timer, armed until every seat is filled', async () => {
    const { gameId: timed } = await instructor.api.beergame.create.mutate({
      name: 'Timed class',
      template: 'classic',
      timerSeconds: 45,
    });
    const { data: view } = await waitForBeerView(
      (handlers) => instructor.api.game.watch.subscribe({ gameId: timed }, handlers),
      () => true,
    );
    expect(view.timer).toEqual({
      playTimer: true,
      running: false,
      seconds: 45,
      deadline: null,
      pausedSeconds: null,
    });
    const tooShort = await instructor.api.beergame.create
      .mutate({ name: 'Rushed class', template: 'classic', timerSeconds: 2 })
      .catch((error: unknown) => error);
    expect(httpStatusOf(tooShort)).toBe(400);
  });

  it('refuses game creation to anonymous players with a translated message id', async () => {
    const player = await signInAnonymous(server.url, 'Pat');
    clients.push(player);
    const error = await player.api.beergame.create
      .mutate({ name: 'Mine', template: 'classic' })
      .catch((e) => e);
    expect(messageIdOf(error)).toBe('dashboard.messLoginToAccess');
    expect(httpStatusOf(error)).toBe(403);
  });

  it('refuses bad input with a message id and a 400, not a 500', async () => {
    const error = await instructor.api.beergame.create
      .mutate({ name: '   ', template: 'classic' })
      .catch((e) => e);
    expect(messageIdOf(error)).toBe('errors.textRequired');
    expect(httpStatusOf(error)).toBe(400);
  });
});

describe('joining and ordering', () => {
  it('refuses a taken role with a clear message, and lets its holder come back', async () => {
    const first = await signInAnonymous(server.url, 'Riley');
    const second = await signInAnonymous(server.url, 'Sam');
    clients.push(first, second);
    await first.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    const error = await second.api.beergame.join
      .mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() })
      .catch((e) => e);
    expect(messageIdOf(error)).toBe('beergame.errRoleTaken');
    expect(httpStatusOf(error)).toBe(400);
    // Rejoining one's own role (a reload, a new tab) is harmless.
    await expect(
      first.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() }),
    ).resolves.toBeTruthy();
  });

  it('refuses orders from non-members and bad quantities, recording nothing', async () => {
    const before = await server.services.store.readStream(`game-${gameId}`);
    const outsider = await signInAnonymous(server.url, 'Eve');
    clients.push(outsider);
    const refusal = await outsider.api.beergame.placeOrder
      .mutate({ gameId, facilityId: 'retailer', quantity: 4, commandId: randomUUID() })
      .catch((e) => e);
    expect(messageIdOf(refusal)).toBe('errors.membersOnly');

    const member = await signInAnonymous(server.url, 'Wes');
    clients.push(member);
    await member.api.beergame.join.mutate({ gameId, facilityId: 'wholesaler', commandId: randomUUID() });
    const afterJoin = await server.services.store.readStream(`game-${gameId}`);
    for (const quantity of [-1, 2.5]) {
      const error = await member.api.beergame.placeOrder
        .mutate({ gameId, facilityId: 'wholesaler', quantity, commandId: randomUUID() })
        .catch((e) => e);
      expect(messageIdOf(error)).toBe('beergame.errOrderNotWhole');
    }
    const notMine = await member.api.beergame.placeOrder
      .mutate({ gameId, facilityId: 'retailer', quantity: 4, commandId: randomUUID() })
      .catch((e) => e);
    expect(messageIdOf(notMine)).toBe('beergame.errNotYourFacility');
    expect(await server.services.store.readStream(`game-${gameId}`)).toHaveLength(afterJoin.length);
    expect(afterJoin.length).toBe(before.length + 1);
  });

  it('applies a retried order once', async () => {
    const player = await signInAnonymous(server.url, 'Dana');
    clients.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: 'distributor', commandId: randomUUID() });
    const commandId = randomUUID();
    const first = await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'distributor',
      quantity: 6,
      commandId,
    });
    const retried = await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'distributor',
      quantity: 6,
      commandId,
    });
    expect(retried).toEqual(first);
    const events = await server.services.store.readStream(`game-${gameId}`);
    expect(events.filter((e) => e.metadata.commandId === commandId)).toHaveLength(1);
  });
});

describe('watching a game', () => {
  it('refuses an unknown game with dashboard.messGameUnknown', async () => {
    const error = await waitForBeerView(
      (handlers) => instructor.api.game.watch.subscribe({ gameId: 'no-such-game' }, handlers),
      () => true,
    ).catch((e) => e);
    expect(messageIdOf(error)).toBe('dashboard.messGameUnknown');
  });

  it('shows a player only their own numbers, and the creator everything', async () => {
    const player = await signInAnonymous(server.url, 'Fran');
    clients.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: 'factory', commandId: randomUUID() });
    const { data: playerView } = await waitForBeerView(
      (handlers) => player.api.game.watch.subscribe({ gameId }, handlers),
      (view) => view.myFacilityId === 'factory',
    );
    expect(playerView.facilities.find((f) => f.id === 'factory')?.numbers).not.toBeNull();
    expect(playerView.facilities.filter((f) => f.id !== 'factory').every((f) => f.numbers === null)).toBe(
      true,
    );

    const { data: creatorView } = await waitForBeerView(
      (handlers) => instructor.api.game.watch.subscribe({ gameId }, handlers),
      () => true,
    );
    expect(creatorView.isCreator).toBe(true);
    expect(creatorView.facilities.every((f) => f.numbers !== null)).toBe(true);
  });

  it('resumes from lastEventId without repeating a view it already had', async () => {
    const { gameId: resumed } = await instructor.api.beergame.create.mutate({
      name: 'Resumed class',
      template: 'classic',
    });
    const first = await waitForBeerView(
      (handlers) => instructor.api.game.watch.subscribe({ gameId: resumed }, handlers),
      () => true,
    );
    const received: string[] = [];
    const subscription = instructor.api.game.watch.subscribe(
      { gameId: resumed, lastEventId: first.id },
      { onData: ({ id }) => received.push(id) },
    );
    try {
      // A repeat would come at once, before the view of what happens next: a player joining.
      const joiner = await signInAnonymous(server.url, 'Late Lee');
      clients.push(joiner);
      await joiner.api.beergame.join.mutate({
        gameId: resumed,
        facilityId: 'retailer',
        commandId: randomUUID(),
      });
      await expect.poll(() => received.length).toBeGreaterThan(0);
      expect(Number(received[0])).toBeGreaterThan(Number(first.id));
    } finally {
      subscription.unsubscribe();
    }
  });

  it('ends the subscriptions of a session that is revoked', async () => {
    const player = await signInAnonymous(server.url, 'Leaving Lou');
    clients.push(player);
    let started: () => void = () => undefined;
    const running = new Promise<void>((resolve) => (started = resolve));
    const completed = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('the subscription outlived its session')), 10_000);
      player.api.game.watch.subscribe(
        { gameId },
        {
          // Signed out once the subscription runs (its first view sent), not before it started.
          onData: () => started(),
          onComplete: () => {
            clearTimeout(timer);
            resolve();
          },
          onError: (error) => {
            started();
            reject(error);
          },
        },
      );
    });
    await running;
    const signOut = await fetch(`${server.url.replace('localhost', '127.0.0.1')}/api/auth/sign-out`, {
      method: 'POST',
      headers: {
        cookie: player.cookie,
        origin: server.url.replace('localhost', '127.0.0.1'),
        'content-type': 'application/json',
      },
      body: '{}',
    });
    expect(signOut.ok).toBe(true);
    await expect(completed).resolves.toBeUndefined();
    // The sign-in this process remembered for the cookie went with the sign-out.
    await expect(
      player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() }),
    ).rejects.toThrow('errors.signInRequired');
  });

  it('refuses a WebSocket handshake from a foreign origin', async () => {
    const { default: WebSocket } = await import('ws');
    const status = await new Promise<number | string>((resolve) => {
      const socket = new WebSocket(`${server.url.replace('http', 'ws')}/api/trpc`, {
        headers: { origin: 'https://evil.example' },
      });
      socket.on('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0));
      socket.on('open', () => resolve('open'));
      socket.on('error', () => undefined);
    });
    expect(status).toBe(403);
  });
});

describe('read models', () => {
  it('rebuilds the dashboard tables from the events alone', async () => {
    const db = server.services.database.db;
    const before = await db.selectFrom('games').selectAll().orderBy('id').execute();
    expect(before.length).toBeGreaterThanOrEqual(2);
    await db.deleteFrom('games').execute();
    expect(await rebuildProjections(server.services.store)).toBe(before.length);
    expect(await db.selectFrom('games').selectAll().orderBy('id').execute()).toEqual(before);
  });
});

describe('session cookies', () => {
  // Sign-up opens no session (docs/accounts.md): the sign-in that follows sets the cookie.
  const setCookieOf = async (baseUrl: string, origin: string) => {
    const account = { email: `${randomUUID()}@example.org`, password: 'correct horse battery' };
    const post = (path: string, body: unknown) =>
      fetch(`${baseUrl}/api/auth${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin },
        body: JSON.stringify(body),
      });
    expect((await post('/sign-up/email', { ...account, name: 'C' })).ok).toBe(true);
    const response = await post('/sign-in/email', account);
    expect(response.ok).toBe(true);
    return response.headers.getSetCookie().find((cookie) => cookie.includes('session_token'))!;
  };

  it('are HttpOnly and SameSite=Lax, and not Secure over plain HTTP', async () => {
    const origin = server.url.replace('localhost', '127.0.0.1');
    const cookie = await setCookieOf(origin, origin);
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i);
  });

  it('are Secure when the product is served over HTTPS', async () => {
    const secure = await startTestServer({
      databaseUrl: database.url,
      publicUrl: 'https://games.example.org',
    });
    try {
      const cookie = await setCookieOf(
        secure.url.replace('localhost', '127.0.0.1'),
        'https://games.example.org',
      );
      expect(cookie).toMatch(/; Secure/i);
      expect(cookie).toMatch(/HttpOnly/i);
    } finally {
      await secure.close();
    }
  });
});
