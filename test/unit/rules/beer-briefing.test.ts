import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { beerBriefing } from '../../../src-shared/rules/beer-briefing';
import { as, CREATOR, classicWithPlayers, createdWith, Game } from '../beergame/helpers';

describe("the players' briefing, from the game's own parameters", () => {
  it("tells a classic retailer the classic game's costs and delays", () => {
    const view = viewGame(classicWithPlayers().state, { userId: 'u-retailer' });
    expect(beerBriefing(view)).toEqual({
      weeks: view.weeks,
      facilityId: 'retailer',
      costs: [{ pid: expect.any(String), stockCost: 0.5, backlogCost: 1, unitPrice: expect.any(Number) }],
      supplyLines: [
        expect.objectContaining({
          kind: 'purchase',
          supplierId: 'wholesaler',
          orderWeeks: 2,
          transitWeeks: 2,
          totalWeeks: 4,
        }),
      ],
      sight: 'consumers',
    });
  });

  it('tells every player of a transparent game that they see every role, not only their own numbers', () => {
    const game = classicWithPlayers();
    expect(beerBriefing(viewGame(game.state, { userId: 'u-factory' }))!.sight).toBe('client');
    game.run({ type: 'SetTransparent', transparent: true }, as(CREATOR));
    for (const userId of ['u-retailer', 'u-factory', null])
      expect(beerBriefing(viewGame(game.state, { userId }))!.sight).toBe('everyone');
  });

  it('tells the factory its production delays and that it serves another facility', () => {
    const view = viewGame(classicWithPlayers().state, { userId: 'u-factory' });
    const briefing = beerBriefing(view)!;
    expect(briefing.facilityId).toBe('factory');
    expect(briefing.supplyLines[0]).toMatchObject({ kind: 'production', supplierId: null });
    expect(briefing.sight).toBe('client');
  });

  it("follows a game's own costs, delays and constraints", () => {
    const game = new Game(
      createdWith({
        weeks: 20,
        consumerDemand: [6],
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            type: 'retailer',
            pdata: { p1: { stockCost: 2, backlogCost: 5 } },
            capabilities: { A1: { from: 'plant', leadtime: 2, ordertime: 2, moq: 10, batchSize: 5 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            type: 'factory',
            capabilities: { A1: { type: 'production', from: {}, leadtime: 4 } },
          },
        ],
      }),
    );
    const briefing = beerBriefing(viewGame(game.state, { userId: null }))!;
    expect(briefing).toMatchObject({ weeks: 20, facilityId: 'shop' });
    expect(briefing.costs).toEqual([
      { pid: 'p1', stockCost: 2, backlogCost: 5, unitPrice: expect.any(Number) },
    ]);
    expect(briefing.supplyLines[0]).toMatchObject({
      orderWeeks: 2,
      transitWeeks: 2,
      totalWeeks: 4,
      moq: 10,
      batchSize: 5,
    });
  });
});
