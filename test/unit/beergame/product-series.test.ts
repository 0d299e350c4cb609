import { describe, expect, it } from 'vitest';
import { beergameKpis, productSeries } from '../../../src-shared/beergame';
import { as, CREATOR, classicWithPlayers, createdWith, Game } from './helpers';

/** A shop selling bikes made by a plant from the wheels it buys from a rim maker. */
const bikes = () =>
  new Game(
    createdWith({
      productsTemplates: [
        { id: 'bike', name: 'Bike', productEmoji: '🚲' },
        { id: 'wheel', name: 'Wheel', productEmoji: '🛞' },
      ],
      productsConsumerDemand: [{ pid: 'bike', fid: 'shop', demand: [3] }],
      facilities: [
        {
          id: 'shop',
          name: 'Shop',
          pdata: { bike: { stock: 5 } },
          capabilities: { A1: { pid: 'bike', from: 'plant', startOrders: 0 } },
        },
        {
          id: 'plant',
          name: 'Plant',
          type: 'factory',
          pdata: { bike: { stock: 2 }, wheel: { stock: 4 } },
          capabilities: {
            A1: { pid: 'bike', type: 'production', from: { wheel: 2 }, startOrders: 0 },
            A2: { pid: 'wheel', type: 'purchase', from: 'rims', startOrders: 0 },
          },
        },
        {
          id: 'rims',
          name: 'Rims',
          type: 'supplier',
          pdata: { wheel: { stock: 100 } },
          capabilities: { A1: { pid: 'wheel', type: 'production', from: {} } },
        },
      ],
    }),
  );

describe('productSeries', () => {
  it('keeps each product apart: who handles it, its consumer demand, stock − backlog and orders', () => {
    const game = bikes();
    game.run({ type: 'JoinRole', facilityId: 'shop' }, as('s'));
    game.run({ type: 'JoinRole', facilityId: 'plant' }, as('p'));
    game.run({ type: 'PlaceOrder', facilityId: 'shop', capabilityId: 'A1', quantity: 3 }, as('s'));
    game.run({ type: 'PlaceOrder', facilityId: 'plant', capabilityId: 'A1', quantity: 2 }, as('p'));
    game.run({ type: 'PlaceOrder', facilityId: 'plant', capabilityId: 'A2', quantity: 6 }, as('p'));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    const [bike, wheel] = productSeries(game.state);
    expect(bike).toMatchObject({ pid: 'bike', name: 'Bike' });
    expect(Object.keys(bike!.weeks[0]!.facilities)).toEqual(['shop', 'plant']);
    expect(Object.keys(wheel!.weeks[0]!.facilities)).toEqual(['plant', 'rims']);
    // Week 1: the shop sold 3 of its 5 bikes and ordered 3; the plant asked for 2 bikes and 6 wheels.
    expect(bike!.weeks[0]).toEqual({
      week: 1,
      consumerDemand: 3,
      facilities: {
        shop: { netInventory: 2, order: 3 },
        plant: { netInventory: game.facility('plant').history[0]!.products.bike!.stock, order: 2 },
      },
    });
    expect(wheel!.weeks[0]!.facilities.plant!.order).toBe(6);
    expect(wheel!.weeks[0]!.consumerDemand).toBe(0);
    // One entry per week played, as the KPIs count them.
    expect(bike!.weeks).toHaveLength(beergameKpis(game.state).weeks);
  });

  it('is empty for a game of one product', () => {
    expect(productSeries(classicWithPlayers().state)).toEqual([]);
  });
});
