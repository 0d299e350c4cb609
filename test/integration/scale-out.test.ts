import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import type { GameView } from '../../src-server/trpc/routers/game';
import { type LiveView, nextHeldView } from '../../src-shared/api/view-patch';
import type { BeerView } from '../../src-shared/beergame';
import type { SessionView } from '../../src-shared/session';
import { freshDatabase, itOnPostgres } from '../support/database';
import {
  type ApiUser,
  apiClient,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'];
/** How long a change may take to reach another process's subscription (its poll is far longer). */
const NOTIFY_WAIT_MS = 5_000;
/** How long a page's coming or going may take to reach every board, as before. */
const PRESENCE_WAIT_MS = 15_000;
const cleanups: Array<() => unknown> = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup();
});

/**
 * Two server processes on one fresh PostgreSQL, a classic game created on A, and its four roles
 * taken by players signed in on A and B in turn. Everything is closed after the file's tests;
 * `closeServerB` closes B earlier, once.
 */
async function classOnTwoServers(email: string, options: { pollMs?: number; signInCheckMs?: number } = {}) {
  const database = await freshDatabase();
  cleanups.push(() => database.drop());
  const [serverA, serverB] = await Promise.all([
    startTestServer({ databaseUrl: database.url, ...options }),
    startTestServer({ databaseUrl: database.url, ...options }),
  ]);
  let serverBClosed: Promise<void> | undefined;
  const closeServerB = () => (serverBClosed ??= serverB.close());
  cleanups.push(() => serverA.close(), closeServerB);

  const instructor = await signUpInstructor(serverA.url, email);
  const { gameId } = await instructor.api.beergame.create.mutate({ name: 'Scale-out', template: 'classic' });
  // The session cookie made by one process is good on the other: same database, same secret.
  const players: ApiUser[] = [];
  for (const [index, role] of ROLES.entries()) {
    const player = await signInAnonymous(index % 2 === 0 ? serverA.url : serverB.url, `Player ${index + 1}`);
    players.push(player);
    await player.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
  }
  cleanups.push(() => {
    for (const client of [instructor, ...players]) client.close();
  });
  return { databaseUrl: database.url, serverA, serverB, closeServerB, instructor, gameId, players };
}

/**
 * One live subscription to a beer game's whole views, kept open: `first` resolves with its first
 * view, and `later(predicate)` with the first view after every one delivered so far that meets
 * it, failing after `withinMs`. A change asserted with `later` arrived on this subscription after
 * it was open, not as the backlog of a new one.
 */
function liveViews(
  subscribe: (handlers: {
    onData: (tracked: { data: GameView }) => void;
    onError: (error: unknown) => void;
  }) => { unsubscribe(): void },
) {
  const views: BeerView[] = [];
  let waiting: (() => void) | null = null;
  let failure: unknown = null;
  const subscription = subscribe({
    onData: ({ data }) => {
      views.push(data as BeerView);
      waiting?.();
    },
    onError: (error) => {
      failure = error;
      waiting?.();
    },
  });
  cleanups.push(() => subscription.unsubscribe());
  async function viewAfter(seen: number, predicate: (view: BeerView) => boolean, withinMs: number) {
    const end = Date.now() + withinMs;
    for (let index = seen; ; ) {
      for (; index < views.length; index++) if (predicate(views[index]!)) return views[index]!;
      if (failure) throw failure;
      const left = end - Date.now();
      if (left <= 0) throw new Error(`no such view within ${withinMs} ms`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        waiting = () => {
          clearTimeout(timer);
          resolve();
        };
      });
      waiting = null;
    }
  }
  return {
    first: () => viewAfter(0, () => true, 15_000),
    later: (predicate: (view: BeerView) => boolean, withinMs = NOTIFY_WAIT_MS) =>
      viewAfter(views.length, predicate, withinMs),
  };
}

describe('two server processes on one PostgreSQL', () => {
  // Without PostgreSQL: a warning and a skip named with its reason; under CI, a failure.
  itOnPostgres('shows live, through one server, the orders placed through the other', async () => {
    // A long poll: only the NOTIFY wake-up from the other process can deliver in time.
    const { serverB, instructor, gameId, players } = await classOnTwoServers('grace@example.org', {
      pollMs: 60_000,
    });
    const creatorOnB = apiClient(serverB.url, instructor.cookie);
    cleanups.push(creatorOnB.close);

    const watching = liveViews((handlers) => creatorOnB.api.game.watch.subscribe({ gameId }, handlers));
    // The subscription's first view (the backlog) has come: only then does the order leave.
    expect((await watching.first()).facilities.find((f) => f.id === 'retailer')?.validated).toBe(false);
    const seen = watching.later(
      (view) => view.facilities.find((f) => f.id === 'retailer')?.validated === true,
    );
    await players[0]!.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 8,
      commandId: randomUUID(),
    });
    expect((await seen).week).toBe(1);

    // The others order through both servers; the week advances, seen live on the same subscription.
    const nextWeek = watching.later((view) => view.week === 2);
    await Promise.all(
      players.slice(1).map((player, index) =>
        player.api.beergame.placeOrder.mutate({
          gameId,
          facilityId: ROLES[index + 1]!,
          quantity: 4,
          commandId: randomUUID(),
        }),
      ),
    );
    const advanced = await nextWeek;
    expect(advanced.facilities.find((f) => f.id === 'retailer')?.numbers?.history[0]?.order).toBe(8);
  });
});

describe('a sign-out, across server processes', () => {
  // Issue 29, item 5: a subscription outlived its sign-out by a minute (until the next check).
  itOnPostgres(
    'ends the user’s live views on the other process at once, and its remembered sign-in',
    async () => {
      const { serverA, serverB, instructor, gameId } = await classOnTwoServers('rosalind@example.org', {
        signInCheckMs: 600_000,
      });
      const creatorOnB = apiClient(serverB.url, instructor.cookie);
      cleanups.push(creatorOnB.close);
      await creatorOnB.api.beergame.create.mutate({ name: 'Before the sign-out', template: 'classic' });
      let views = 0;
      const ended = new Promise<void>((resolve, reject) => {
        creatorOnB.api.game.watch.subscribe(
          { gameId },
          { onData: () => views++, onComplete: () => resolve(), onError: reject },
        );
      });
      await expect.poll(() => views).toBeGreaterThan(0);

      const origin = new URL(serverA.url).origin.replace('localhost', '127.0.0.1');
      const signOut = await fetch(`${origin}/api/auth/sign-out`, {
        method: 'POST',
        headers: { cookie: instructor.cookie, origin, 'content-type': 'application/json' },
        body: '{}',
      });
      expect(signOut.ok).toBe(true);
      const started = Date.now();
      await ended;
      expect(Date.now() - started).toBeLessThan(NOTIFY_WAIT_MS);
      // B forgot the sign-in it remembered for the cookie (30 s otherwise): its calls are refused.
      await expect
        .poll(() =>
          creatorOnB.api.beergame.create.mutate({ name: 'After the sign-out', template: 'classic' }).then(
            () => 'accepted',
            (error: Error) => error.message,
          ),
        )
        .toBe('errors.signInRequired');
    },
  );
});

describe('who is connected, across server processes', () => {
  itOnPostgres(
    'shows the creator on one process the players whose sockets reached the other, and their leaving',
    async () => {
      const { databaseUrl, closeServerB, instructor, gameId, players } = await classOnTwoServers(
        'ida@example.org',
        {
          pollMs: 60_000,
        },
      );
      // The creator's board on A, open before anyone watches: every change below is a later view.
      const board = liveViews((handlers) => instructor.api.game.watch.subscribe({ gameId }, handlers));
      const connected = (view: BeerView) => JSON.stringify(view.facilities.map((f) => f.connected));
      expect(connected(await board.first())).toBe('[false,false,false,false]');
      const allThere = board.later((view) => connected(view) === '[true,true,true,true]', PRESENCE_WAIT_MS);
      const watching = players.map((player) =>
        player.api.game.watchChanges.subscribe({ gameId }, { onData: () => undefined }),
      );
      await allThere;
      // The wholesaler (on B) closes the page; the retailer (on A) too.
      const twoLeft = board.later((view) => connected(view) === '[false,false,true,true]', PRESENCE_WAIT_MS);
      watching[1]!.unsubscribe();
      watching[0]!.unsubscribe();
      await twoLeft;

      // A third process started now learns who is there from the others.
      const serverC = await startTestServer({ databaseUrl });
      cleanups.push(() => serverC.close());
      const creatorOnC = apiClient(serverC.url, instructor.cookie);
      cleanups.push(creatorOnC.close);
      await waitForBeerView(
        (handlers) => creatorOnC.api.game.watch.subscribe({ gameId }, handlers),
        (view) => JSON.stringify(view.facilities.map((f) => f.connected)) === '[false,false,true,true]',
      );

      // Server B stops: its player leaves every board.
      const bGone = board.later((view) => connected(view) === '[false,false,true,false]', PRESENCE_WAIT_MS);
      await closeServerB();
      await bGone;
    },
  );
});

describe('the embedded database', () => {
  it('keeps every game across a restart', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'simgames-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    let server: RunningServer = await startTestServer({ dataDir });
    const instructor = await signUpInstructor(server.url, 'kept@example.org');
    const { gameId } = await instructor.api.beergame.create.mutate({
      name: 'Survives restarts',
      template: 'classic',
    });
    const player = await signInAnonymous(server.url, 'Persistent Pat');
    await player.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: randomUUID() });
    await player.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 7,
      commandId: randomUUID(),
    });
    instructor.close();
    player.close();
    await server.close();

    server = await startTestServer({ dataDir });
    cleanups.push(() => server.close());
    // The same cookies still work: sessions and the auth secret are in the data directory too.
    const again = apiClient(server.url, player.cookie);
    const creator = apiClient(server.url, instructor.cookie);
    cleanups.push(again.close, creator.close);
    const { data } = await waitForBeerView(
      (handlers) => again.api.game.watch.subscribe({ gameId }, handlers),
      () => true,
    );
    expect(data).toMatchObject({ name: 'Survives restarts', myFacilityId: 'retailer', week: 1 });
    expect(data.facilities.find((f) => f.id === 'retailer')).toMatchObject({
      validated: true,
      playerName: 'Persistent Pat',
    });
    const { games } = await creator.api.dashboard.games.query({});
    expect(games.map((g) => g.name)).toEqual(['Survives restarts']);
  });
});

describe('a session across server processes', () => {
  // Issue 29, item 10: the class split across processes by a proxy; its admin follows on one.
  itOnPostgres('shows, in the follow-up on one process, the weeks played through the other', async () => {
    const database = await freshDatabase();
    cleanups.push(() => database.drop());
    const [serverA, serverB] = await Promise.all([
      startTestServer({ databaseUrl: database.url }),
      startTestServer({ databaseUrl: database.url }),
    ]);
    cleanups.push(
      () => serverA.close(),
      () => serverB.close(),
    );
    const instructor = await signUpInstructor(serverA.url, 'grace@example.org');
    cleanups.push(() => instructor.close());
    const { sessionId } = await instructor.api.session.create.mutate({
      name: 'Split class',
      template: 'classicSingle',
      teamCount: 1,
      commandId: randomUUID(),
    });
    await instructor.api.session.publish.mutate({ sessionId, commandId: randomUUID() });
    const players: ApiUser[] = [];
    for (const [index, role] of ROLES.entries()) {
      const player = await signInAnonymous(serverB.url, `Player ${index + 1}`);
      players.push(player);
      cleanups.push(() => player.close());
      await player.api.session.join.mutate({
        sessionId,
        teamNumber: 1,
        facilityId: role,
        commandId: randomUUID(),
      });
    }
    await instructor.api.session.startRound.mutate({ sessionId, commandId: randomUUID() });

    // The admin's follow-up, live on A: whole view, then patches.
    let held: SessionView | null = null;
    let seq = 0;
    const rowWeeks: number[] = [];
    let failure: unknown = null;
    const subscription = instructor.api.session.watch.subscribe(
      { sessionId },
      {
        onData: (update: LiveView<SessionView>) => {
          const next = nextHeldView(held && { seq, view: held }, update);
          if (next === null) failure = new Error(`a follow-up update on ${seq} that does not follow it`);
          else ({ seq, view: held } = next);
          const row = held?.followUp?.[0];
          if (row?.gameType === 'beergame') rowWeeks.push(row.week);
        },
        onError: (error) => {
          failure = error;
        },
      },
    );
    cleanups.push(() => subscription.unsubscribe());
    await expect.poll(() => rowWeeks.at(-1), { timeout: 15_000 }).toBe(1);
    const gameId = held!.teams[0]!.gameId!;
    for (const [index, role] of ROLES.entries())
      await players[index]!.api.beergame.placeOrder.mutate({
        gameId,
        facilityId: role,
        quantity: 4,
        commandId: randomUUID(),
      });
    await expect.poll(() => rowWeeks.at(-1), { timeout: NOTIFY_WAIT_MS }).toBe(2);
    expect(failure).toBeNull();
  });
});
