import { describe, expect, it } from 'vitest';
import { beergameSummary, viewGame } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, Game } from './helpers';

describe('classic game: creation', () => {
  it('given nothing, when CreateGame classic, then week 1 awaits orders with steps 1-4 applied', () => {
    const game = new Game(created());
    const s = game.state;
    expect(s.week).toBe(1);
    expect(s.finished).toBe(false);
    expect(s.config.weeks).toBe(36);
    expect(s.facilities.map((f) => f.id)).toEqual([...CLASSIC]);
    for (const f of s.facilities) {
      const row = f.history[0]!;
      // received 4 from the pipeline, 4 ordered, 4 shipped: stock back to 12, cost 0.5 x 12.
      expect(row).toMatchObject({
        week: 1,
        received: 4,
        incomingOrder: 4,
        shipped: 4,
        stock: 12,
        backlog: 0,
        order: null,
      });
      expect(row.cost).toBe(6);
      expect(f.cost).toBe(6);
    }
  });

  it('given a game, when CreateGame again, then it is refused', () => {
    const game = new Game(created());
    expect(() =>
      game.decide({
        type: 'CreateGame',
        gameId: 'g1',
        name: 'x',
        creatorId: CREATOR,
        seed: 1,
        template: 'classic',
      }),
    ).toThrowError(expect.objectContaining({ messageId: 'beergame.errGameExists' }));
  });

  it('consumer demand is 4 a week, then 8 from week 5', () => {
    const game = new Game(created()).playOut('fixed:4');
    const retailer = game.facility('retailer');
    expect(retailer.history.map((r) => r.incomingOrder).slice(0, 7)).toEqual([4, 4, 4, 4, 8, 8, 8]);
    expect(retailer.history).toHaveLength(36);
  });
});

describe('classic game: delays', () => {
  it('an order placed in week t is received in week t + 4 (a supplier with stock)', () => {
    const game = classicWithPlayers();
    // Week 1: the retailer orders 10, the others 4.
    for (const id of ['wholesaler', 'distributor', 'factory'])
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 10 }, as('u-retailer'));
    expect(game.state.week).toBe(2);
    for (let w = 2; w <= 5; w++)
      for (const id of CLASSIC) game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    const received = game.facility('retailer').history.map((r) => r.received);
    expect(received.slice(0, 5)).toEqual([4, 4, 4, 4, 10]);
    // The wholesaler got the order in week 3 (order time 2).
    expect(
      game
        .facility('wholesaler')
        .history.map((r) => r.incomingOrder)
        .slice(0, 5),
    ).toEqual([4, 4, 10, 4, 4]);
  });

  it('a production request placed in week t at the factory is received in week t + 3', () => {
    const game = classicWithPlayers();
    for (const id of CLASSIC)
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: id === 'factory' ? 9 : 4 }, as(`u-${id}`));
    for (let w = 2; w <= 4; w++)
      for (const id of CLASSIC) game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    expect(
      game
        .facility('factory')
        .history.map((r) => r.received)
        .slice(0, 4),
    ).toEqual([4, 4, 4, 9]);
  });
});

describe('classic game: one week in order', () => {
  it('receive, then orders arrive, then fill (backlog first), then account on the stock after the fill', () => {
    const game = new Game(created()).playOut('fixed:0');
    const r = game.facility('retailer').history;
    // Receipts: weeks 1 and 2 from the start pipeline, week 3 and 4 what the wholesaler shipped in 1 and 2.
    expect(r.slice(0, 6).map((x) => x.received)).toEqual([4, 4, 4, 4, 0, 0]);
    // Week 5: stock 12, demand 8: stock 4. Week 6: ships 4, backlog 4. Week 7: backlog 4 + 8.
    expect(r.slice(4, 8).map((x) => [x.stock, x.backlog, x.shipped, x.cost])).toEqual([
      [4, 0, 8, 2],
      [0, 4, 4, 4],
      [0, 12, 0, 12],
      [0, 20, 0, 20],
    ]);
  });

  it('pass-through: the retailer meets the step in demand with a 4-week delay', () => {
    const game = new Game(created()).playOut('passthrough');
    const r = game.facility('retailer').history;
    expect(r.slice(4, 14).map((x) => [x.received, x.stock, x.backlog])).toEqual([
      [4, 8, 0],
      [4, 4, 0],
      [4, 0, 0],
      [4, 0, 4],
      [8, 0, 4],
      [8, 0, 4],
      [8, 0, 4],
      [4, 0, 8],
      [8, 0, 8],
      [8, 0, 8],
    ]);
    expect(r.map((x) => x.order)).toEqual(r.map((x) => x.incomingOrder));
  });

  it('closing week 36 finishes the game', () => {
    const game = new Game(created()).playOut();
    expect(game.state.finished).toBe(true);
    expect(game.state.week).toBe(36);
    expect(() => game.decide({ type: 'CloseWeek', reason: 'instructor' })).toThrowError(
      expect.objectContaining({ messageId: 'beergame.errGameFinished' }),
    );
  });
});

describe('summary', () => {
  it('gives the dashboard fields and the players holding a facility', () => {
    const game = classicWithPlayers();
    expect(beergameSummary(game.state)).toEqual({
      gameId: 'g1',
      name: 'Game',
      creatorId: CREATOR,
      week: 1,
      weeks: 36,
      finished: false,
      archived: false,
      deleted: false,
      draft: false,
      playerIds: CLASSIC.map((id) => `u-${id}`),
      freeSeats: 0,
      session: null,
    });
  });

  it('a view is plain JSON', () => {
    const game = classicWithPlayers();
    const view = viewGame(game.state, { userId: CREATOR });
    expect(JSON.parse(JSON.stringify(view))).toEqual(view);
    expect(JSON.parse(JSON.stringify(game.events))).toEqual(game.events);
  });
});
