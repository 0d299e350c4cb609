import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers } from './helpers';

describe('goods and orders on the map links', () => {
  it('goods arriving by source within the visible weeks, the same units as `arriving`', () => {
    const game = classicWithPlayers();
    const numbers = viewGame(game.state, { userId: 'u-retailer' }).facilities[0]!.numbers!;
    expect(numbers.inbound).toEqual([
      { from: 'wholesaler', pid: 'p1', qty: 4, week: 2 },
      { from: 'wholesaler', pid: 'p1', qty: 4, week: 3 },
    ]);
    const factory = viewGame(game.state, { userId: CREATOR }).facilities[3]!.numbers!;
    expect(factory.inbound!.every((g) => g.from === 'factory')).toBe(true);
  });

  it('the orders sent and not yet received by the supplier, upstream', () => {
    const game = classicWithPlayers();
    for (const id of CLASSIC)
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: id === 'retailer' ? 9 : 4 }, as(`u-${id}`));
    // Every role has ordered: the week closes by itself.
    expect(game.state.week).toBe(2);
    const numbers = viewGame(game.state, { userId: 'u-retailer' }).facilities[0]!.numbers!;
    expect(numbers.ordersOnTheWay).toContainEqual({ to: 'wholesaler', pid: 'p1', qty: 9, week: 3 });
    expect(numbers.ordersOnTheWay!.every((o) => o.week > game.state.week)).toBe(true);
  });

  it('sums to `arriving` week after week, and nothing for a facility the viewer may not see', () => {
    const game = classicWithPlayers();
    for (let week = 1; week <= 6; week++) {
      for (const id of CLASSIC)
        game.run({ type: 'PlaceOrder', facilityId: id, quantity: 3 + week }, as(`u-${id}`));
      for (const f of viewGame(game.state, { userId: CREATOR }).facilities) {
        const n = f.numbers!;
        const byWeek = n.arriving.map((_, k) =>
          n.inbound!.filter((g) => g.week === game.state.week + 1 + k).reduce((sum, g) => sum + g.qty, 0),
        );
        expect(byWeek).toEqual(n.arriving);
      }
    }
    const wholesaler = viewGame(game.state, { userId: 'u-retailer' }).facilities[1]!;
    expect(wholesaler.numbers).toBeNull();
  });
});
