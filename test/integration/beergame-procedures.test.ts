/**
 * Every beer game command through the real API, each effect seen where players see it: in the
 * views of `game.watch`. Refusals carry a translated message id and a 4xx status.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RunningServer } from '../../src-server/main';
import { gameTypes } from '../../src-server/streams';
import type { BeerView } from '../../src-shared/beergame';
import { gameStreamId } from '../../src-shared/eventsourcing';
import { freshDatabase, type TestDatabase } from '../support/database';
import {
  type ApiUser,
  signInAnonymous,
  signUpInstructor,
  startTestServer,
  waitForBeerView,
} from '../support/server';

let database: TestDatabase;
let server: RunningServer;
let creator: ApiUser;
/** Five anonymous players, each free to take one seat per game. */
const players: ApiUser[] = [];
const id = () => randomUUID();

const refusalOf = async (call: Promise<unknown>) => {
  const error = await call.then(
    () => expect.fail('the call was accepted'),
    (e: unknown) => e,
  );
  const data = (error as { data?: { messageId?: string; httpStatus?: number; values?: unknown } }).data;
  expect(data?.httpStatus).toBeLessThan(500);
  return { messageId: data?.messageId, values: data?.values };
};

/** The first view `user` gets of the game that passes `predicate`. */
const viewOf = async (user: ApiUser, gameId: string, predicate: (view: BeerView) => boolean = () => true) =>
  (
    await waitForBeerView(
      (handlers) => user.api.game.watch.subscribe({ gameId }, handlers),
      predicate,
      10_000,
    )
  ).data;

const facility = (view: BeerView, facilityId: string) => view.facilities.find((f) => f.id === facilityId)!;

async function newGame(): Promise<string> {
  const { gameId } = await creator.api.beergame.create.mutate({ name: 'Procedures', template: 'classic' });
  return gameId;
}

/** A classic game whose four seats are held by players 0 to 3. */
async function fullGame(): Promise<string> {
  const gameId = await newGame();
  const roles = ['retailer', 'wholesaler', 'distributor', 'factory'];
  for (const [i, facilityId] of roles.entries())
    await players[i]!.api.beergame.join.mutate({ gameId, facilityId, commandId: id() });
  return gameId;
}

beforeAll(async () => {
  database = await freshDatabase();
  server = await startTestServer({
    databaseUrl: database.url,
    limits: { gameCreations: { max: 1000, windowSeconds: 60 } },
  });
  creator = await signUpInstructor(server.url, 'teacher@example.org');
  for (const name of ['Ann', 'Bob', 'Cleo', 'Dev', 'Eli'])
    players.push(await signInAnonymous(server.url, name));
});
afterAll(async () => {
  for (const user of [creator, ...players]) user.close();
  await server.close();
  await database.drop();
});

describe('computer roles', () => {
  it('the creator hands three roles to the computer; the human orders and the week closes with their orders', async () => {
    const gameId = await newGame();
    await players[0]!.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    for (const facilityId of ['wholesaler', 'distributor', 'factory'])
      await creator.api.beergame.handToComputer.mutate({
        gameId,
        facilityId,
        policy: 'fixed:7',
        commandId: id(),
      });
    const seen = await viewOf(players[0]!, gameId);
    expect(seen.facilities.map((f) => f.computer)).toEqual([false, true, true, true]);

    await players[0]!.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 5,
      commandId: id(),
    });
    const next = await viewOf(players[0]!, gameId, (view) => view.week === 2);
    expect(facility(next, 'retailer').numbers?.history[0]).toMatchObject({ order: 5, orderBy: 'player' });
    const board = await viewOf(creator, gameId);
    for (const facilityId of ['wholesaler', 'distributor', 'factory'])
      expect(facility(board, facilityId).numbers?.history[0]).toMatchObject({
        order: 7,
        orderBy: 'computer',
      });
  });

  it('refuses an unknown policy, naming it', async () => {
    const gameId = await newGame();
    const refusal = await refusalOf(
      creator.api.beergame.handToComputer.mutate({
        gameId,
        facilityId: 'retailer',
        policy: 'magic',
        commandId: id(),
      }),
    );
    expect(refusal).toEqual({ messageId: 'beergame.errPolicyInvalid', values: { policy: 'magic' } });
  });

  it('a player whose role went to the computer takes it back; the creator frees another for anyone', async () => {
    const gameId = await fullGame();
    const [ann, bob] = players as [ApiUser, ApiUser];
    await creator.api.beergame.handToComputer.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    await creator.api.beergame.handToComputer.mutate({ gameId, facilityId: 'wholesaler', commandId: id() });
    expect((await viewOf(ann, gameId)).myFacilityId).toBeNull();

    await ann.api.beergame.takeBack.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    const back = await viewOf(ann, gameId, (view) => view.myFacilityId === 'retailer');
    expect(facility(back, 'retailer')).toMatchObject({ computer: false, taken: true, playerName: 'Ann' });

    await creator.api.beergame.takeBack.mutate({ gameId, facilityId: 'wholesaler', commandId: id() });
    const freed = await viewOf(bob, gameId, (view) => !facility(view, 'wholesaler').computer);
    expect(facility(freed, 'wholesaler')).toMatchObject({ computer: false, taken: false });
    await bob.api.beergame.join.mutate({ gameId, facilityId: 'wholesaler', commandId: id() });
    expect((await viewOf(bob, gameId, (view) => view.myFacilityId !== null)).myFacilityId).toBe('wholesaler');

    const refusal = await refusalOf(
      players[4]!.api.beergame.takeBack.mutate({ gameId, facilityId: 'factory', commandId: id() }),
    );
    expect(refusal.messageId).toBe('beergame.errNotComputer');
  });
});

describe('seats', () => {
  it('a player leaves and another joins the seat; the creator frees a seat', async () => {
    const gameId = await fullGame();
    await players[0]!.api.beergame.leave.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    const left = await viewOf(players[0]!, gameId, (view) => view.myFacilityId === null);
    expect(facility(left, 'retailer').taken).toBe(false);
    await players[4]!.api.beergame.join.mutate({ gameId, facilityId: 'retailer', commandId: id() });
    expect((await viewOf(players[4]!, gameId, (view) => view.myFacilityId !== null)).myFacilityId).toBe(
      'retailer',
    );

    // A player may not remove another; the creator may (to reassign the seat).
    const refusal = await refusalOf(
      players[1]!.api.beergame.leave.mutate({ gameId, facilityId: 'factory', commandId: id() }),
    );
    expect(refusal.messageId).toBe('beergame.errNotYourFacility');
    await creator.api.beergame.leave.mutate({ gameId, facilityId: 'factory', commandId: id() });
    expect(
      facility(await viewOf(creator, gameId, (v) => !facility(v, 'factory').taken), 'factory').taken,
    ).toBe(false);
  });

  it('joinRandom fills the free seats, keeps a seated player where they are, then refuses', async () => {
    const gameId = await newGame();
    const seats = new Set<string>();
    for (const player of players.slice(0, 4)) {
      const { facilityId } = await player.api.beergame.joinRandom.mutate({ gameId, commandId: id() });
      seats.add(facilityId);
    }
    expect([...seats].sort()).toEqual(['distributor', 'factory', 'retailer', 'wholesaler']);
    const again = await players[0]!.api.beergame.joinRandom.mutate({ gameId, commandId: id() });
    expect((await viewOf(players[0]!, gameId)).myFacilityId).toBe(again.facilityId);

    const refusal = await refusalOf(players[4]!.api.beergame.joinRandom.mutate({ gameId, commandId: id() }));
    expect(refusal.messageId).toBe('beergame.errNoFreeRole');
  });

  it('a retried joinRandom applies once and answers the same seat', async () => {
    const gameId = await newGame();
    const commandId = id();
    const first = await players[0]!.api.beergame.joinRandom.mutate({ gameId, commandId });
    const retried = await players[0]!.api.beergame.joinRandom.mutate({ gameId, commandId });
    expect(retried).toEqual(first);
    const events = await server.services.store.readStream(`game-${gameId}`);
    expect(events.filter((e) => e.metadata.commandId === commandId)).toHaveLength(1);
  });

  it('keeps a command id its sender’s own: another player sending it first pre-empts nothing', async () => {
    // Issue 29, item 1: command ids were unique per game, so a player who learned another's id
    // could send it first and have the other's command answered as a duplicate, and dropped.
    const gameId = await newGame();
    const commandId = id();
    const first = await players[0]!.api.beergame.joinRandom.mutate({ gameId, commandId });
    const second = await players[1]!.api.beergame.joinRandom.mutate({ gameId, commandId });
    expect(second.facilityId).not.toBe(first.facilityId);
    expect((await viewOf(players[1]!, gameId)).myFacilityId).toBe(second.facilityId);
    const events = await server.services.store.readStream(`game-${gameId}`);
    expect(events.filter((e) => e.metadata.commandId === commandId)).toHaveLength(2);
  });
});

describe('the instructor’s controls', () => {
  it('messages reach only their recipients', async () => {
    const gameId = await fullGame();
    const [ann, bob] = players as [ApiUser, ApiUser];
    await creator.api.beergame.sendMessage.mutate({
      gameId,
      to: ['retailer'],
      text: 'Retail only',
      commandId: id(),
    });
    await creator.api.beergame.sendMessage.mutate({ gameId, to: 'all', text: 'Everyone', commandId: id() });
    const texts = (view: BeerView) => view.messages.map((m) => m.text);
    expect(texts(await viewOf(ann, gameId, (v) => v.messages.length === 2))).toEqual([
      'Retail only',
      'Everyone',
    ]);
    expect(texts(await viewOf(bob, gameId, (v) => v.messages.length > 0))).toEqual(['Everyone']);

    // A message for a later week waits for it.
    await creator.api.beergame.sendMessage.mutate({
      gameId,
      to: 'all',
      text: 'Week 2',
      showAt: 2,
      commandId: id(),
    });
    expect(texts(await viewOf(bob, gameId))).toEqual(['Everyone']);
    const refusal = await refusalOf(
      creator.api.beergame.sendMessage.mutate({ gameId, to: 'all', text: '   ', commandId: id() }),
    );
    expect(refusal.messageId).toBe('errors.textRequired');
  });

  it('transparency switches what a player sees of the other roles', async () => {
    const gameId = await fullGame();
    const bob = players[1]!;
    expect(facility(await viewOf(bob, gameId), 'retailer').numbers).toBeNull();
    await creator.api.beergame.setTransparent.mutate({ gameId, transparent: true, commandId: id() });
    const open = await viewOf(bob, gameId, (view) => view.transparent);
    expect(open.facilities.every((f) => f.numbers !== null)).toBe(true);
    await creator.api.beergame.setTransparent.mutate({ gameId, transparent: false, commandId: id() });
    const closed = await viewOf(bob, gameId, (view) => !view.transparent);
    expect(facility(closed, 'retailer').numbers).toBeNull();
  });

  it('a proposal reaches its facility only, and the player’s order replaces it', async () => {
    const gameId = await fullGame();
    const [ann, bob] = players as [ApiUser, ApiUser];
    await creator.api.beergame.proposeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 6,
      commandId: id(),
    });
    const proposed = await viewOf(ann, gameId, (view) => view.proposals.length > 0);
    expect(proposed.proposals).toEqual([
      { facilityId: 'retailer', capabilityId: 'A1', quantity: 6, week: 1 },
    ]);
    expect((await viewOf(bob, gameId)).proposals).toEqual([]);
    await ann.api.beergame.placeOrder.mutate({
      gameId,
      facilityId: 'retailer',
      quantity: 6,
      commandId: id(),
    });
    expect((await viewOf(ann, gameId, (view) => view.proposals.length === 0)).myOrders).toEqual({ A1: 6 });
  });

  it('the timer starts with a deadline on the server clock, pauses, resumes and stops', async () => {
    const gameId = await fullGame();
    const { now } = await players[0]!.api.clock.now.query();
    expect(Math.abs(now - Date.now())).toBeLessThan(5_000);
    await creator.api.beergame.startTimer.mutate({ gameId, seconds: 90, commandId: id() });
    const running = await viewOf(players[0]!, gameId, (view) => view.timer.running);
    expect(running.timer.seconds).toBe(90);
    expect(running.timer.deadline! - now).toBeGreaterThanOrEqual(89_000);
    expect(running.timer.deadline! - now).toBeLessThan(100_000);
    await creator.api.beergame.pauseTimer.mutate({ gameId, commandId: id() });
    const paused = await viewOf(players[0]!, gameId, (view) => view.timer.pausedSeconds !== null);
    expect(paused.timer).toMatchObject({ running: false, deadline: null });
    expect(paused.timer.pausedSeconds).toBeGreaterThan(80);
    expect(paused.timer.pausedSeconds).toBeLessThanOrEqual(90);
    await creator.api.beergame.resumeTimer.mutate({ gameId, commandId: id() });
    const resumed = await viewOf(players[0]!, gameId, (view) => view.timer.running);
    expect(resumed.timer.deadline! - Date.now()).toBeGreaterThan(70_000);
    expect(resumed.timer.pausedSeconds).toBeNull();
    await creator.api.beergame.stopTimer.mutate({ gameId, commandId: id() });
    const stopped = await viewOf(players[0]!, gameId, (view) => !view.timer.running);
    expect(stopped.timer).toMatchObject({ playTimer: false, deadline: null });

    const refusal = await refusalOf(
      creator.api.beergame.startTimer.mutate({ gameId, seconds: 1, commandId: id() }),
    );
    expect(refusal).toEqual({ messageId: 'beergame.errTimerOutOfRange', values: { min: 5, max: 86_400 } });
  });

  it('starting orders are reset before the first week closes, and refused after', async () => {
    const gameId = await fullGame();
    await creator.api.beergame.resetStartingOrders.mutate({ gameId, startOrders: 5, commandId: id() });
    await creator.api.beergame.closeWeek.mutate({ gameId, commandId: id() });
    const week2 = await viewOf(creator, gameId, (view) => view.week === 2);
    // The wholesaler's starting order reached it as the retailer's... five units now, not four.
    expect(facility(week2, 'retailer').numbers?.received).toBe(5);
    const refusal = await refusalOf(
      creator.api.beergame.resetStartingOrders.mutate({ gameId, startOrders: 4, commandId: id() }),
    );
    expect(refusal.messageId).toBe('beergame.errGameStarted');
  });

  it('resets the game to week 1 with its seats, then ends it', async () => {
    const gameId = await fullGame();
    await creator.api.beergame.closeWeek.mutate({ gameId, commandId: id() });
    await viewOf(players[0]!, gameId, (view) => view.week === 2);
    await creator.api.beergame.resetGame.mutate({ gameId, commandId: id() });
    const reset = await viewOf(players[0]!, gameId, (view) => view.week === 1);
    expect(reset.myFacilityId).toBe('retailer');
    // Only week 1 is left of the history, its order not yet placed.
    expect(facility(reset, 'retailer').numbers?.history).toMatchObject([{ week: 1, order: null }]);

    await creator.api.beergame.endGame.mutate({ gameId, commandId: id() });
    expect((await viewOf(players[0]!, gameId, (view) => view.finished)).finished).toBe(true);
    const refusal = await refusalOf(
      players[0]!.api.beergame.placeOrder.mutate({
        gameId,
        facilityId: 'retailer',
        quantity: 4,
        commandId: id(),
      }),
    );
    expect(refusal.messageId).toBe('beergame.errGameFinished');
  });
});

describe('manual allocation', () => {
  /** Two shops buying from one hub that cannot serve them both (created on the engine directly: no form makes it yet). */
  async function shortageGame(): Promise<string> {
    const gameId = `alloc-${randomUUID().slice(0, 8)}`;
    const config = {
      weeks: 4,
      manualAllocation: true,
      consumerDemand: [20],
      facilities: [
        { id: 'a', name: 'A', capabilities: { A1: { from: 'hub' } } },
        { id: 'b', name: 'B', capabilities: { A1: { from: 'hub' } } },
        {
          id: 'hub',
          name: 'Hub',
          pdata: { p1: { stock: 3 } },
          capabilities: { A1: { type: 'production', from: {} } },
        },
      ],
    };
    await server.services.commands.execute(
      gameTypes.beergame.stream,
      gameStreamId(gameId),
      { type: 'CreateGame', gameId, name: 'Shortage', creatorId: creator.userId, seed: 1, config },
      { now: Date.now(), actor: { userId: creator.userId, role: 'instructor' }, commandId: id() },
    );
    return gameId;
  }

  it('the hub’s player splits the shortage; another player may not', async () => {
    const gameId = await shortageGame();
    for (const [i, facilityId] of ['a', 'b', 'hub'].entries())
      await players[i]!.api.beergame.join.mutate({ gameId, facilityId, commandId: id() });
    await creator.api.beergame.closeWeek.mutate({ gameId, commandId: id() });
    const hub = players[2]!;
    const pending = (await viewOf(hub, gameId, (view) => view.allocations.length > 0)).allocations[0]!;
    expect(pending.isResolved).toBe(false);

    const notTheirs = await refusalOf(
      players[0]!.api.beergame.confirmAllocations.mutate({
        gameId,
        facilityId: 'hub',
        allocation: { a: pending.available, b: 0 },
        commandId: id(),
      }),
    );
    expect(notTheirs.messageId).toBe('beergame.errNotYourFacility');
    const wrongSum = await refusalOf(
      hub.api.beergame.confirmAllocations.mutate({
        gameId,
        facilityId: 'hub',
        allocation: { a: 0, b: 0 },
        commandId: id(),
      }),
    );
    expect(wrongSum.messageId).toBe('beergame.errAllocationInvalid');

    await hub.api.beergame.confirmAllocations.mutate({
      gameId,
      facilityId: 'hub',
      allocation: { a: pending.available, b: 0 },
      commandId: id(),
    });
    const done = await viewOf(hub, gameId, (view) => view.allocations[0]?.isResolved === true);
    expect(done.allocations[0]!.allocation).toEqual({ a: pending.available, b: 0 });
  });
});
