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
    const game = new Game(created()).playOut();
    const view = viewGame(game.state, { userId: null });
    expect(view.finished).toBe(true);
    const total = game.state.facilities.reduce((sum, f) => sum + f.cost, 0);
    expect(view.results?.teamCost).toBe(total);
    expect(view.results?.byFacility.map((f) => f.id)).toEqual([...CLASSIC]);
    expect(view.facilities.every((f) => f.numbers !== null)).toBe(true);
    expect(viewGame(new Game(created()).state, { userId: CREATOR }).results).toBeNull();
  });
});
