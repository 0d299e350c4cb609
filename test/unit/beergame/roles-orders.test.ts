import { describe, expect, it } from 'vitest';
import type { BeerState } from '../../../src-shared/beergame';
import {
  as,
  CLASSIC,
  CREATOR,
  classicWithPlayers,
  created,
  createdWith,
  Game,
  given,
  system,
} from './helpers';

const retailer = (s: BeerState) => s.facilities.find((f) => f.id === 'retailer');

describe('JoinRole', () => {
  const join = (facilityId: string) => ({ type: 'JoinRole', facilityId }) as const;
  const joined = (facilityId: string, userId: string) =>
    ({ type: 'RoleJoined', data: { facilityId, userId } }) as const;

  it('given a free facility, when a user joins, then they hold it (their name stays in their user record)', () => {
    given(created())
      .when(join('retailer'), as('ann'))
      .thenEvents([joined('retailer', 'ann')])
      .thenState((s) => expect(retailer(s)).toMatchObject({ userId: 'ann', computer: false }));
  });

  it('given another user holds it, then errRoleTaken', () => {
    given(created(), joined('retailer', 'ann'))
      .when(join('retailer'), as('bob'))
      .thenRefused('beergame.errRoleTaken');
  });

  it('given the actor holds another facility, then errAlreadyPlaying', () => {
    given(created(), joined('retailer', 'ann'))
      .when(join('factory'), as('ann'))
      .thenRefused('beergame.errAlreadyPlaying');
  });

  it('given the actor created the game, then errCreatorCannotPlay (the creator has no facility)', () => {
    given(created()).when(join('retailer'), as(CREATOR)).thenRefused('beergame.errCreatorCannotPlay');
  });

  it('given the actor holds this facility, then a rejoin records nothing', () => {
    given(created(), joined('retailer', 'ann')).when(join('retailer'), as('ann')).thenEvents([]);
  });

  it('refuses an unknown facility, a finished game and an unknown game', () => {
    given(created()).when(join('nope'), as('ann')).thenRefused('beergame.errFacilityUnknown');
    given().when(join('x'), as('ann')).thenRefused('beergame.errGameUnknown');
    given(created(), { type: 'GameEnded', data: { week: 1, at: 1_000 } })
      .when(join('retailer'), as('ann'))
      .thenRefused('beergame.errGameFinished');
  });

  it('a user may take a seat handed to the computer', () => {
    const game = new Game(created());
    game.run({ type: 'HandToComputer', facilityId: 'retailer' }, as(CREATOR));
    game
      .when(join('retailer'), as('ann'))
      .thenState((s) => expect(retailer(s)).toMatchObject({ userId: 'ann', computer: false }));
  });
});

describe('LeaveRole and HandToComputer', () => {
  it('given a player, when they leave, then the seat is free and waits', () => {
    const game = classicWithPlayers();
    game.run({ type: 'LeaveRole', facilityId: 'retailer' }, as('u-retailer'));
    expect(game.facility('retailer')).toMatchObject({ userId: null, computer: false });
  });

  it('another player may not remove someone; the creator may', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'LeaveRole', facilityId: 'retailer' }, as('u-factory'))
      .thenRefused('beergame.errNotYourFacility');
    expect(game.run({ type: 'LeaveRole', facilityId: 'retailer' }, as(CREATOR))).toHaveLength(1);
  });

  it('only the creator (or the system, or the seat holder) hands a seat to the computer, with a valid policy', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'HandToComputer', facilityId: 'retailer' }, as('u-factory'))
      .thenRefused('beergame.errNotAllowed');
    game
      .when({ type: 'HandToComputer', facilityId: 'retailer', policy: 'magic' }, as(CREATOR))
      .thenRefused('beergame.errPolicyInvalid');
    game.run({ type: 'HandToComputer', facilityId: 'retailer', policy: 'fixed:6' }, as(CREATOR));
    expect(game.facility('retailer')).toMatchObject({ computer: true, policy: 'fixed:6', userId: null });
  });

  it('handing the last unvalidated seat to the computer closes the week', () => {
    const game = classicWithPlayers();
    for (const id of ['retailer', 'wholesaler', 'distributor'])
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    const events = game.run(
      { type: 'HandToComputer', facilityId: 'factory', policy: 'fixed:7' },
      as(CREATOR),
    );
    expect(events.map((e) => e.type)).toEqual(['RoleHandedToComputer', 'WeekClosed']);
    expect(game.state.week).toBe(2);
    expect(game.facility('factory').history[0]!.order).toBe(7);
  });
});

describe('PlaceOrder', () => {
  it('given a player, when they order, then the facility is validated with the quantity', () => {
    classicWithPlayers()
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 5 }, as('u-retailer'))
      .thenEvents([
        {
          type: 'OrderPlaced',
          data: { facilityId: 'retailer', capabilityId: 'A1', quantity: 5, week: 1, userId: 'u-retailer' },
        },
      ])
      .thenState((s) => expect(retailer(s)).toMatchObject({ validated: true, orders: { A1: 5 } }));
  });

  it('a player may change their order until the week closes', () => {
    const game = classicWithPlayers();
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 5 }, as('u-retailer'));
    game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 9 }, as('u-retailer'));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    expect(game.facility('retailer').history[0]!.order).toBe(9);
  });

  it('an order that names its week is refused once that week has closed (sent late, after an outage)', () => {
    const game = classicWithPlayers();
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 7, week: 1 }, as('u-retailer'))
      .thenRefused('beergame.errWeekMismatch');
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 7, week: 2 }, as('u-retailer'))
      .thenEvents([
        {
          type: 'OrderPlaced',
          data: { facilityId: 'retailer', capabilityId: 'A1', quantity: 7, week: 2, userId: 'u-retailer' },
        },
      ]);
  });

  it('only the facility player may order', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 5 }, as('u-factory'))
      .thenRefused('beergame.errNotYourFacility');
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 5 }, as(CREATOR))
      .thenRefused('beergame.errNotYourFacility');
  });

  it('an order must be a whole number of at least 0', () => {
    const game = classicWithPlayers();
    for (const quantity of [-1, 2.5, Number.NaN])
      game
        .when({ type: 'PlaceOrder', facilityId: 'retailer', quantity }, as('u-retailer'))
        .thenRefused('beergame.errOrderNotWhole');
    expect(
      game.decide({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 0 }, as('u-retailer')),
    ).toHaveLength(1);
  });

  it('an unknown capability is refused', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'PlaceOrder', facilityId: 'retailer', capabilityId: 'A9', quantity: 1 }, as('u-retailer'))
      .thenRefused('beergame.errCapabilityUnknown');
  });

  it('the order that validates the last human seat also closes the week; computer seats get their policy', () => {
    const game = new Game(created());
    game.run({ type: 'JoinRole', facilityId: 'retailer' }, as('ann'));
    for (const id of ['wholesaler', 'distributor', 'factory'])
      game.run({ type: 'HandToComputer', facilityId: id, policy: 'fixed:3' }, as(CREATOR));
    const events = game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 6 }, as('ann'));
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced', 'WeekClosed']);
    const closed = events[1]!;
    expect(closed.data).toMatchObject({ week: 1, reason: 'validated' });
    expect(game.state.week).toBe(2);
    expect(game.state.facilities.map((f) => f.history[0]!.order)).toEqual([6, 3, 3, 3]);
    expect(game.facility('retailer').validated).toBe(false);
  });

  it('an empty seat holds the week; the instructor may close it and the seat gets the default policy', () => {
    const game = new Game(created());
    game.run({ type: 'JoinRole', facilityId: 'retailer' }, as('ann'));
    const events = game.run({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 6 }, as('ann'));
    expect(events.map((e) => e.type)).toEqual(['OrderPlaced']);
    const closed = game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR))[0]!;
    expect(closed.type).toBe('WeekClosed');
    if (closed.type !== 'WeekClosed') return;
    expect(closed.data.computerOrders).toEqual(
      ['wholesaler', 'distributor', 'factory'].map((facilityId) => ({
        facilityId,
        capabilityId: 'A1',
        quantity: 4,
        policy: 'passthrough',
        latecomer: true,
      })),
    );
  });

  it('only the creator or the system closes a week; a stale week number is refused', () => {
    const game = classicWithPlayers();
    game
      .when({ type: 'CloseWeek', reason: 'instructor' }, as('u-retailer'))
      .thenRefused('beergame.errNotAllowed');
    game
      .when({ type: 'CloseWeek', reason: 'instructor', week: 3 }, system)
      .thenRefused('beergame.errWeekMismatch');
    expect(game.run({ type: 'CloseWeek', reason: 'instructor', week: 1 }, system)).toHaveLength(1);
  });
});

describe('order constraints', () => {
  const constrained = () => {
    const game = new Game(
      createdWith({
        facilities: [
          {
            id: 'shop',
            name: 'Shop',
            capabilities: { A1: { from: 'plant', moq: 5, maxOrderQty: 40, batchSize: 5 } },
          },
          {
            id: 'plant',
            name: 'Plant',
            type: 'factory',
            capabilities: { A1: { type: 'production', from: {} } },
          },
        ],
      }),
    );
    game.run({ type: 'JoinRole', facilityId: 'shop' }, as('ann'));
    return game;
  };

  it('below the minimum order quantity: errOrderBelowMoq with {moq}', () => {
    constrained()
      .when({ type: 'PlaceOrder', facilityId: 'shop', quantity: 3 }, as('ann'))
      .thenRefused('beergame.errOrderBelowMoq', { moq: 5 });
  });
  it('above the maximum: errOrderAboveMax with {max}', () => {
    constrained()
      .when({ type: 'PlaceOrder', facilityId: 'shop', quantity: 45 }, as('ann'))
      .thenRefused('beergame.errOrderAboveMax', { max: 40 });
  });
  it('not a multiple of the batch size: errOrderNotMultiple with {batchSize}', () => {
    constrained()
      .when({ type: 'PlaceOrder', facilityId: 'shop', quantity: 12 }, as('ann'))
      .thenRefused('beergame.errOrderNotMultiple', { batchSize: 5 });
  });
  it('zero is always allowed, and zero constraints mean none', () => {
    const game = constrained();
    expect(game.decide({ type: 'PlaceOrder', facilityId: 'shop', quantity: 0 }, as('ann'))).toHaveLength(1);
    expect(game.decide({ type: 'PlaceOrder', facilityId: 'shop', quantity: 35 }, as('ann'))).toHaveLength(1);
    const classic = classicWithPlayers();
    expect(
      classic.decide({ type: 'PlaceOrder', facilityId: 'retailer', quantity: 997 }, as('u-retailer')),
    ).toHaveLength(1);
  });
  it('a refused order records nothing', () => {
    const game = constrained();
    const before = game.state;
    expect(() => game.run({ type: 'PlaceOrder', facilityId: 'shop', quantity: 3 }, as('ann'))).toThrow();
    expect(game.state).toBe(before);
  });
});

describe('all players', () => {
  it('four players ordering close each week in turn', () => {
    const game = classicWithPlayers();
    for (let w = 1; w <= 36; w++)
      for (const id of CLASSIC) game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    expect(game.state.finished).toBe(true);
    expect(game.facility('factory').history).toHaveLength(36);
  });
});
