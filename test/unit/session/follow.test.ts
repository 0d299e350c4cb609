/** Issue 23, "The next round": a session's players are taken along when the class moves on. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type Followed,
  followedOnArrival,
  followMove,
  type PlayerPage,
} from '../../../src-shared/session/follow';

const seat = (gameId: string) => ({ teamNumber: 1, gameId, facilityId: 'retailer' });
const player = (currentRound: number, started: boolean, myGameId: string | null) => ({
  isAdmin: false,
  currentRound,
  started,
  me: myGameId === null ? null : seat(myGameId),
});
const gamePage = (gameId: string, roundNumber: number, stage: 'intro' | 'play' | 'results'): PlayerPage => ({
  kind: 'game',
  gameId,
  roundNumber,
  stage,
});
const lobby: PlayerPage = { kind: 'lobby' };
const results: PlayerPage = { kind: 'results' };

describe('a round that opens', () => {
  it("takes a player from round 1's results to their game of round 2", () => {
    const view = player(2, false, 'g2');
    expect(followMove(view, gamePage('g1', 1, 'results'), { round: 1, started: true })).toEqual({
      to: 'game',
      gameId: 'g2',
      stage: 'intro',
      roundNumber: 2,
      why: 'opened',
    });
  });

  it('takes them from the lobby, the session results and round 1 play page alike', () => {
    const view = player(2, false, 'g2');
    for (const page of [lobby, results, gamePage('g1', 1, 'play'), gamePage('g1', 1, 'intro')])
      expect(followMove(view, page, { round: 1, started: true })).toMatchObject({ to: 'game', gameId: 'g2' });
  });

  it('takes a player who reloads a page the class has left along, to play once the round started', () => {
    const view = player(2, true, 'g2');
    const page = gamePage('g1', 1, 'results');
    expect(followMove(view, page, followedOnArrival(view, page))).toMatchObject({
      to: 'game',
      gameId: 'g2',
      stage: 'play',
    });
  });

  it('sends a player without a seat in it to the lobby to choose one', () => {
    expect(
      followMove(player(2, false, null), gamePage('g1', 1, 'results'), { round: 1, started: true }),
    ).toEqual({ to: 'lobby', roundNumber: 2, why: 'opened' });
    expect(followMove(player(2, false, null), lobby, { round: 1, started: true })).toBeNull();
  });

  it('leaves a player already on their game of the round where they are', () => {
    expect(
      followMove(player(2, false, 'g2'), gamePage('g2', 2, 'play'), { round: 1, started: true }),
    ).toBeNull();
  });
});

describe('a round that starts', () => {
  it('takes a seated player from the lobby or their intro page to play', () => {
    const followed: Followed = { round: 1, started: false };
    for (const page of [lobby, gamePage('g1', 1, 'intro')])
      expect(followMove(player(1, true, 'g1'), page, followed)).toEqual({
        to: 'game',
        gameId: 'g1',
        stage: 'play',
        roundNumber: 1,
        why: 'started',
      });
  });

  it('leaves a player reading the results of the round before where they are', () => {
    expect(
      followMove(player(2, true, 'g2'), gamePage('g1', 1, 'results'), { round: 2, started: false }),
    ).toBeNull();
  });
});

describe('what a player chose', () => {
  it('keeps a player who went back to an earlier round or to the lobby on purpose there', () => {
    const followed: Followed = { round: 2, started: true };
    expect(followMove(player(2, true, 'g2'), gamePage('g1', 1, 'results'), followed)).toBeNull();
    expect(followMove(player(2, true, 'g2'), lobby, followed)).toBeNull();
    expect(followMove(player(2, true, 'g2'), gamePage('g2', 2, 'intro'), followed)).toBeNull();
  });

  it('never moves an admin, and nobody before a round opens', () => {
    expect(
      followMove({ ...player(2, true, 'g2'), isAdmin: true }, lobby, { round: 0, started: false }),
    ).toBeNull();
    expect(followMove(player(0, false, null), lobby, { round: 0, started: false })).toBeNull();
  });

  it('moves a page at most once for one state of the session', () => {
    const page = fc.oneof(
      fc.constant(lobby),
      fc.constant(results),
      fc.record({
        kind: fc.constant('game' as const),
        gameId: fc.constantFrom('g1', 'g2', 'g3'),
        roundNumber: fc.integer({ min: 1, max: 3 }),
        stage: fc.constantFrom('intro' as const, 'play' as const, 'results' as const),
      }),
    );
    const view = fc.record({
      isAdmin: fc.boolean(),
      currentRound: fc.integer({ min: 0, max: 3 }),
      started: fc.boolean(),
      me: fc.option(fc.constantFrom('g1', 'g2', 'g3').map(seat), { nil: null }),
    });
    const followed = fc.record({ round: fc.integer({ min: 0, max: 3 }), started: fc.boolean() });
    fc.assert(
      fc.property(view, page, followed, (v, p, f) => {
        const move = followMove(v, p, f);
        if (!move) return;
        // Once moved, the page records the session's state: the same state never moves it again.
        const arrived: PlayerPage =
          move.to === 'lobby'
            ? lobby
            : { kind: 'game', gameId: move.gameId, roundNumber: move.roundNumber, stage: move.stage };
        expect(followMove(v, arrived, { round: v.currentRound, started: v.started })).toBeNull();
        expect(move.roundNumber).toBe(v.currentRound);
      }),
    );
  });
});
