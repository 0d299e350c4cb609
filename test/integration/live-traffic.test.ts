/**
 * Light live traffic and presence (issue 9): `game.watchChanges` sends a 4-player classic game's
 * week to each player in at most 2 KB on the wire, every week the first included, and each week's
 * patches rebuild exactly the view `game.watch` sends whole, a view that did not change for a viewer is not sent, and the game's creator sees
 * who is connected, a dropped socket included.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { sameJson } from '../../src-shared/api/view-patch';
import { countingClient, follow } from '../support/counting-client';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

const ROLES = ['retailer', 'wholesaler', 'distributor', 'factory'] as const;
const WEEKS = 8;

async function until(condition: () => boolean, what: string, timeoutMs = 15_000) {
  const end = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > end) throw new Error(`timed out waiting until ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

let database: TestDatabase;
let server: RunningServer;
let instructor: ApiUser;
const closers: Array<() => void> = [];

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({ databaseUrl: database.url });
  instructor = await signUpInstructor(server.url, 'live@example.org');
  closers.push(() => instructor.close());
});
afterAll(async () => {
  for (const close of closers) close();
  await server.close();
  await database.drop();
});

interface Player {
  role: string;
  user: ApiUser;
  client: ReturnType<typeof countingClient>;
  live: ReturnType<typeof follow>;
}

async function gameOfFour() {
  const { gameId } = await instructor.api.beergame.create.mutate({ name: 'Live class', template: 'classic' });
  const players: Player[] = [];
  for (const role of ROLES) {
    const user = await signInAnonymous(server.url, `Player ${role}`);
    closers.push(() => user.close());
    await user.api.beergame.join.mutate({ gameId, facilityId: role, commandId: randomUUID() });
    const client = countingClient(server.url, user.cookie);
    closers.push(client.close);
    players.push({ role, user, client, live: follow(client.api, gameId) });
  }
  await until(() => players.every((p) => p.live.state.view !== null), 'every player has the whole view');
  return { gameId, players };
}

describe('game.watchChanges', () => {
  it('sends each player a week of a 4-player classic game in at most 2 KB, and rebuilds the whole view', async () => {
    const { gameId, players } = await gameOfFour();
    const wholeBytes = players.map((p) => p.client.received.bytes);
    const perWeek: number[][] = [];
    for (let week = 1; week <= WEEKS; week++) {
      for (const p of players) p.client.received.bytes = 0;
      for (const p of players)
        await p.user.api.beergame.placeOrder.mutate({
          gameId,
          facilityId: p.role,
          quantity: 4 + (week % 3),
          commandId: randomUUID(),
        });
      // The week is counted once each player's patches rebuilt exactly the whole view `game.watch`
      // sends of the next week (nothing is left to arrive: an unchanged view is not sent).
      for (const p of players) {
        const whole = await waitForBeerView(
          (handlers) => p.user.api.game.watch.subscribe({ gameId }, handlers),
          (view) => view.week === week + 1,
        );
        await until(() => sameJson(p.live.state.view, whole.data), `${p.role} rebuilds week ${week + 1}`);
      }
      perWeek.push(players.map((p) => p.client.received.bytes));
    }
    console.log(
      `live traffic: whole view ${wholeBytes.join(', ')} bytes; per player per week (weeks 1..${WEEKS}): ${perWeek
        .map((bytes) => bytes.join('/'))
        .join(' ')}`,
    );
    // Every week, the first included: each player received something, and at most 2 KB.
    for (const bytes of perWeek) for (const b of bytes) expect(b).toBeGreaterThan(0);
    for (const bytes of perWeek) for (const b of bytes) expect(b).toBeLessThanOrEqual(2048);
    for (const p of players) {
      expect(p.live.state.error).toBeNull();
      p.live.unsubscribe();
    }
  });

  it('does not send a view that did not change for its viewer', async () => {
    const { gameId, players } = await gameOfFour();
    const [retailer, wholesaler] = players;
    const order = (quantity: number) =>
      retailer!.user.api.beergame.placeOrder.mutate({
        gameId,
        facilityId: 'retailer',
        quantity,
        commandId: randomUUID(),
      });
    await order(4);
    await until(() => wholesaler!.live.state.view?.facilities[0]?.validated === true, 'the order is seen');
    await until(() => retailer!.live.state.view?.myOrders?.A1 !== undefined, 'the retailer sees the order');
    const before = wholesaler!.live.state.updates;
    const retailerBefore = retailer!.live.state.updates;
    // Changing the quantity shows only to the retailer (the game is not transparent).
    await order(7);
    await until(() => retailer!.live.state.updates > retailerBefore, 'the retailer sees the change');
    // Then a change the wholesaler does see (its own order): it is the one update it got since.
    await wholesaler!.user.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'wholesaler',
      quantity: 4,
      commandId: randomUUID(),
    });
    await until(() => wholesaler!.live.state.view?.myOrders?.A1 === 4, 'the wholesaler sees its order');
    expect(wholesaler!.live.state.updates).toBe(before + 1);
    expect(retailer!.live.state.view?.myOrders).toEqual({ A1: 7 });
  });
});

describe('presence', () => {
  it('shows the creator which players are connected, and a dropped socket as gone within 10 s', async () => {
    const { gameId, players } = await gameOfFour();
    const board = countingClient(server.url, instructor.cookie);
    closers.push(board.close);
    const creator = follow(board.api, gameId);
    const connected = () => creator.state.view?.facilities.map((f) => f.connected);
    await until(() => connected()?.every(Boolean) === true, 'every player shows as connected');
    // Players never see who is connected.
    expect(players[0]!.live.state.view?.facilities.some((f) => 'connected' in f)).toBe(false);

    // A page closed: its subscription ends at once.
    players[0]!.live.unsubscribe();
    await until(() => connected()?.[0] === false, 'the retailer shows as gone');

    // A network that drops silently: no answer to the keep-alive, the server closes the socket.
    const started = Date.now();
    const socket = players[1]!.client.received.sockets[0]!;
    (socket as unknown as { _socket: { pause(): void } })._socket.pause();
    await until(() => connected()?.[1] === false, 'the wholesaler shows as gone', 10_000);
    console.log(`presence: a silent socket showed as disconnected after ${Date.now() - started} ms`);
    expect(connected()).toEqual([false, false, true, true]);
  }, 20_000);
});
