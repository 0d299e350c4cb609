import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, Game } from './helpers';

describe('viewGame', () => {
  it('the creator sees every facility', () => {
    const view = viewGame(classicWithPlayers().state, { userId: CREATOR });
    expect(view.isCreator).toBe(true);
    expect(view.myFacilityId).toBeNull();
    expect(view.facilities.every((f) => f.numbers !== null)).toBe(true);
    expect(view.facilities.map((f) => [f.id, f.type, f.taken])).toEqual(CLASSIC.map((id) => [id, id, true]));
  });

  it('names each seat from the user records the server passes, never from the events', () => {
    const game = classicWithPlayers();
    const view = viewGame(game.state, {
      userId: null,
      playerNames: { 'u-retailer': 'Riley', 'u-factory': 'Fran' },
    });
    expect(view.facilities.map((f) => f.playerName)).toEqual(['Riley', null, null, 'Fran']);
    expect(JSON.stringify(game.events)).not.toContain('Riley');
    game.run({ type: 'LeaveRole', facilityId: 'retailer' }, as('u-retailer'));
    expect(
      viewGame(game.state, { userId: null, playerNames: { 'u-retailer': 'Riley' } }).facilities[0]!
        .playerName,
    ).toBeNull();
  });

  it('a player sees only their own numbers unless the game is transparent', () => {
    const game = classicWithPlayers();
    const view = viewGame(game.state, { userId: 'u-wholesaler' });
    expect(view.isCreator).toBe(false);
    expect(view.myFacilityId).toBe('wholesaler');
    expect(view.facilities.filter((f) => f.numbers !== null).map((f) => f.id)).toEqual(['wholesaler']);
    game.run({ type: 'SetTransparent', transparent: true }, as(CREATOR));
    expect(viewGame(game.state, { userId: 'u-wholesaler' }).facilities.every((f) => f.numbers !== null)).toBe(
      true,
    );
  });

  it('an observer sees no numbers in a normal game, all in a transparent one', () => {
    const game = new Game(created());
    expect(viewGame(game.state, { userId: null }).facilities.every((f) => f.numbers === null)).toBe(true);
    expect(viewGame(game.state, { userId: 'someone' }).facilities.every((f) => f.numbers === null)).toBe(
      true,
    );
    const transparent = new Game(created({ transparent: true }));
    expect(viewGame(transparent.state, { userId: null }).facilities.every((f) => f.numbers !== null)).toBe(
      true,
    );
  });

  it('numbers of week 1 and the pipeline only visibleWeeks ahead', () => {
    const view = viewGame(classicWithPlayers().state, { userId: 'u-retailer' });
    const numbers = view.facilities[0]!.numbers!;
    expect(numbers).toMatchObject({
      stock: 12,
      backlog: 0,
      netInventory: 12,
      incomingOrder: 4,
      shipped: 4,
      received: 4,
      lastOrder: null,
      weekCost: 6,
      cumulativeCost: 6,
    });
    // Week 2: the last start slot; week 3: what the wholesaler ships this week.
    expect(numbers.arriving).toEqual([4, 4]);
    expect(numbers.history).toHaveLength(1);
  });

  it('validated flags, computer flags and the viewer own orders', () => {
    const game = classicWithPlayers();
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 7 }, as('u-retailer'));
    const view = viewGame(game.state, { userId: 'u-retailer' });
    expect(view.facilities.map((f) => f.validated)).toEqual([true, false, false, false]);
    expect(view.myOrders).toEqual({ A1: 7 });
    expect(viewGame(game.state, { userId: 'u-factory' }).myOrders).toEqual({});
  });

  it('results for everyone once finished', () => {
    // Three weeks of pass-through with demand 4, 8, 8. The retailer receives 4 a week: stock 12, 8, 4
    // at 0.5: 6 + 4 + 2 = 12. Upstream the orders of 8 have not arrived yet (two weeks in the mail):
    // each stage receives 4, ships 4 and keeps 12, 6 a week, 18. Team: 12 + 3 x 18 = 66.
    const game = new Game(created({ weeks: 3, consumerDemand: [4, 8] })).playOut();
    const view = viewGame(game.state, { userId: null });
    expect(view.finished).toBe(true);
    expect(view.results).toEqual({
      teamCost: 66,
      byFacility: [
        { id: 'retailer', name: 'Retailer', cost: 12, revenue: 0 },
        { id: 'wholesaler', name: 'Wholesaler', cost: 18, revenue: 0 },
        { id: 'distributor', name: 'Distributor', cost: 18, revenue: 0 },
        { id: 'factory', name: 'Factory', cost: 18, revenue: 0 },
      ],
    });
    expect(view.facilities.every((f) => f.numbers !== null)).toBe(true);
    expect(viewGame(new Game(created()).state, { userId: CREATOR }).results).toBeNull();
  });
});

describe('what the computer would order by', () => {
  it("is shown to the creator only, with each role's own policy once handed over", () => {
    const game = classicWithPlayers();
    game.run({ type: 'HandToComputer', facilityId: 'factory', policy: 'fixed:6' }, as(CREATOR));
    const byCreator = viewGame(game.state, { userId: CREATOR }).facilities;
    expect(byCreator.map((f) => f.computerPolicy)).toEqual([
      'passthrough',
      'passthrough',
      'passthrough',
      'fixed:6',
    ]);
    const byPlayer = viewGame(game.state, { userId: 'u-retailer' }).facilities;
    expect(byPlayer.every((f) => f.computerPolicy === null)).toBe(true);
  });

  it('tells every viewer what a unit costs, by product', () => {
    const view = viewGame(classicWithPlayers().state, { userId: null });
    expect(view.facilities.map((f) => f.unitCosts[0])).toEqual(
      Array(4).fill({ pid: 'p1', stockCost: 0.5, backlogCost: 1, unitPrice: expect.any(Number) }),
    );
  });
});
