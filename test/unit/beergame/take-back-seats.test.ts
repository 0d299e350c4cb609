import { describe, expect, it } from 'vitest';
import {
  freeSeatIds,
  isValidPolicy,
  POLICY_EXAMPLES,
  POLICY_NAMES,
  parsePolicy,
  randomFreeSeat,
} from '../../../src-shared/beergame';
import { as, CREATOR, classicWithPlayers, created, Game, given } from './helpers';

const takeBack = (facilityId: string) => ({ type: 'TakeBackRole', facilityId }) as const;
const handed = (facilityId: string, policy = 'passthrough') =>
  ({ type: 'RoleHandedToComputer', data: { facilityId, policy } }) as const;
const joined = (facilityId: string, userId: string) =>
  ({ type: 'RoleJoined', data: { facilityId, userId } }) as const;

describe('TakeBackRole', () => {
  it('given a computer seat, when the creator takes it back, then it is a free human seat again', () => {
    given(created(), handed('retailer'))
      .when(takeBack('retailer'), as(CREATOR))
      .thenEvents([{ type: 'RoleTakenBack', data: { facilityId: 'retailer', userId: null } }])
      .thenState((s) =>
        expect(s.facilities[0]).toMatchObject({ id: 'retailer', userId: null, computer: false }),
      );
  });

  it('given a computer seat, when a player without a seat takes it back, then they hold it', () => {
    given(created(), joined('retailer', 'ann'), handed('retailer'))
      .when(takeBack('retailer'), as('ann'))
      .thenEvents([{ type: 'RoleTakenBack', data: { facilityId: 'retailer', userId: 'ann' } }])
      .thenState((s) => expect(s.facilities[0]).toMatchObject({ userId: 'ann', computer: false }));
  });

  it('the seat then waits for its human: the computer no longer orders for it before the close', () => {
    const game = classicWithPlayers();
    game.run({ type: 'HandToComputer', facilityId: 'factory', policy: 'fixed:9' }, as(CREATOR));
    game.run(takeBack('factory'), as('u-factory'));
    for (const id of ['retailer', 'wholesaler', 'distributor'])
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: 4 }, as(`u-${id}`));
    expect(game.state.week).toBe(1);
    game.run({ type: 'PlaceOrder', facilityId: 'factory', quantity: 5 }, as('u-factory'));
    expect(game.state.week).toBe(2);
    expect(game.facility('factory').history[0]).toMatchObject({ order: 5, orderBy: 'player' });
  });

  it('a human seat records nothing for the creator or its holder, and is refused to others', () => {
    given(created(), joined('retailer', 'ann')).when(takeBack('retailer'), as(CREATOR)).thenEvents([]);
    given(created(), joined('retailer', 'ann')).when(takeBack('retailer'), as('ann')).thenEvents([]);
    given(created(), joined('retailer', 'ann'))
      .when(takeBack('retailer'), as('bob'))
      .thenRefused('beergame.errNotComputer');
    given(created()).when(takeBack('retailer'), as('bob')).thenRefused('beergame.errNotComputer');
  });

  it('refuses a player who holds another seat, an unknown seat, a finished or unknown game', () => {
    given(created(), joined('factory', 'ann'), handed('retailer'))
      .when(takeBack('retailer'), as('ann'))
      .thenRefused('beergame.errAlreadyPlaying');
    given(created()).when(takeBack('nope'), as(CREATOR)).thenRefused('beergame.errFacilityUnknown');
    given(created(), handed('retailer'), { type: 'GameEnded', data: { week: 1, at: 1_000 } })
      .when(takeBack('retailer'), as(CREATOR))
      .thenRefused('beergame.errGameFinished');
    given().when(takeBack('retailer'), as(CREATOR)).thenRefused('beergame.errGameUnknown');
  });

  it('replays to the same state (evolve agrees with decide)', () => {
    const game = new Game(created());
    game.run({ type: 'HandToComputer', facilityId: 'wholesaler' }, as(CREATOR));
    game.run(takeBack('wholesaler'), as('zoe'));
    game.refold();
    expect(game.facility('wholesaler')).toMatchObject({ userId: 'zoe', computer: false });
  });
});

describe('random free seats', () => {
  it('lists the seats nobody holds and the computer does not play', () => {
    const game = new Game(created(), joined('retailer', 'ann'), handed('factory'));
    expect(freeSeatIds(game.state)).toEqual(['wholesaler', 'distributor']);
  });

  it('draws the same seat for the same seed, and every free seat for some seed', () => {
    const state = new Game(created()).state;
    expect(randomFreeSeat(state, 'command-1')).toBe(randomFreeSeat(state, 'command-1'));
    const drawn = new Set(Array.from({ length: 200 }, (_, i) => randomFreeSeat(state, `c-${i}`)));
    expect([...drawn].sort()).toEqual(['distributor', 'factory', 'retailer', 'wholesaler']);
  });

  it('draws nothing when every seat is taken', () => {
    expect(randomFreeSeat(classicWithPlayers().state, 'any')).toBeNull();
  });
});

describe('policy names', () => {
  it('offers one valid example of each policy kind', () => {
    for (const name of POLICY_NAMES) {
      expect(isValidPolicy(POLICY_EXAMPLES[name]), name).toBe(true);
      expect(parsePolicy(POLICY_EXAMPLES[name])?.kind).toBe(name);
    }
  });
});

describe('JoinRandomRole', () => {
  const joinRandom = (seed: string) => ({ type: 'JoinRandomRole', seed }) as const;

  it('given free seats, when a player joins at random, then they hold the seat drawn with the seed', () => {
    const game = new Game(created(), joined('retailer', 'ann'));
    const expected = randomFreeSeat(game.state, 'cmd-1');
    game
      .when(joinRandom('cmd-1'), as('bob'))
      .thenEvents([{ type: 'RoleJoined', data: { facilityId: expected!, userId: 'bob' } }]);
  });

  it('a player who holds a seat keeps it; the creator may not play', () => {
    given(created(), joined('retailer', 'ann')).when(joinRandom('x'), as('ann')).thenEvents([]);
    given(created()).when(joinRandom('x'), as(CREATOR)).thenRefused('beergame.errCreatorCannotPlay');
  });

  it('fills every seat, then refuses with errNoFreeRole (errGameFinished once finished)', () => {
    const game = new Game(created());
    for (const user of ['a', 'b', 'c', 'd']) game.run(joinRandom(`seed-${user}`), as(user));
    expect(freeSeatIds(game.state)).toEqual([]);
    game.when(joinRandom('seed-e'), as('e')).thenRefused('beergame.errNoFreeRole');
    game.run({ type: 'EndGame' });
    game.when(joinRandom('seed-e'), as('e')).thenRefused('beergame.errGameFinished');
  });
});
