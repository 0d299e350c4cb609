import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type BeerEvent,
  type BeerState,
  beerDebriefFigures,
  beergameDecider,
  trajectory,
  weeksPlayed,
} from '../../../src-shared/beergame';
import { CounterfactualError, counterfactual } from '../../../src-shared/beergame/counterfactual';
import { DomainError } from '../../../src-shared/eventsourcing';
import { assertProperty } from '../../support/property';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, Game, maltNetwork } from './helpers';

/** The classic game with four players ordering `orders[facility][week]` for `weeks` weeks. */
function classicPlayed(orders: Record<string, number[]>, weeks: number): BeerState {
  const game = classicWithPlayers({ weeks });
  for (let w = 0; w < weeks; w++)
    for (const id of CLASSIC)
      game.run({ type: 'PlaceOrder', facilityId: id, quantity: orders[id]![w]! }, as(`u-${id}`));
  return game.state;
}

const ordersOf = (s: BeerState, id: string) =>
  s.facilities.find((f) => f.id === id)!.history.map((r) => r.order);

describe('a counterfactual replay of a recorded game', () => {
  const recorded = classicPlayed(
    {
      retailer: [4, 4, 4, 4, 12, 16],
      wholesaler: [4, 4, 4, 6, 10, 20],
      distributor: [5, 4, 4, 4, 8, 8],
      factory: [4, 4, 3, 4, 8, 12],
    },
    6,
  );

  it('gives the recorded figures back when nobody is replaced', () => {
    const replay = counterfactual(recorded, {});
    expect(trajectory(replay.state)).toEqual(trajectory(recorded));
    expect(beerDebriefFigures(replay.state)).toEqual(beerDebriefFigures(recorded));
  });

  it('orders by the policy for a replaced facility and as recorded for the others', () => {
    const replay = counterfactual(recorded, { retailer: 'fixed:7' }).state;
    expect(ordersOf(replay, 'retailer')).toEqual([7, 7, 7, 7, 7, 7]);
    for (const id of ['wholesaler', 'distributor', 'factory'])
      expect(ordersOf(replay, id)).toEqual(ordersOf(recorded, id));
    // The retailer's larger orders reach the wholesaler two weeks later.
    expect(replay.facilities[1]!.history.map((r) => r.incomingOrder)).toEqual([4, 4, 7, 7, 7, 7]);
    expect(replay.finished).toBe(true);
  });

  it('plays base-stock for everyone as the debrief benchmark does', () => {
    const all = Object.fromEntries(CLASSIC.map((id) => [id, 'basestock:32,32,32,24']));
    const replay = counterfactual(recorded, all).state;
    expect(trajectory(replay).totals.teamCost).toBe(
      beerDebriefFigures(recorded).benchmark?.basestock.teamCost,
    );
  });

  it('stops where the recording stopped: a running game, or one ended early', () => {
    const game = classicWithPlayers();
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
    const running = counterfactual(game.state, { factory: 'passthrough' }).state;
    expect(running.week).toBe(3);
    expect(running.finished).toBe(false);
    game.run({ type: 'EndGame' }, as(CREATOR));
    const ended = counterfactual(game.state, { factory: 'passthrough' }).state;
    expect(ended.week).toBe(3);
    expect(ended.finished).toBe(true);
    expect(trajectory(ended)).toEqual(trajectory(game.state));
  });

  it('refuses an unknown facility or policy, and a log without a game', () => {
    expect(() => counterfactual(recorded, { brewery: 'passthrough' })).toThrow(
      new CounterfactualError(
        'unknown facility "brewery" (the game has retailer, wholesaler, distributor, factory)',
      ),
    );
    expect(() => counterfactual(recorded, { retailer: 'basestock' })).toThrow(
      new CounterfactualError('unknown policy "basestock" for retailer'),
    );
    expect(() => counterfactual(beergameDecider.initialState, {})).toThrow(CounterfactualError);
  });
});

const POLICIES = ['passthrough', 'fixed:5', 'basestock:30', 'sterman:0.36,0.26,0.34,17'];

type Move =
  | { kind: 'order'; who: number; cap: number; qty: number }
  | { kind: 'close' }
  | { kind: 'hand'; who: number; policy: string }
  | { kind: 'demand'; week: number; value: number }
  | { kind: 'end' };

const move: fc.Arbitrary<Move> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      kind: fc.constant('order' as const),
      who: fc.nat(3),
      cap: fc.nat(1),
      qty: fc.nat(20),
    }),
  },
  { weight: 3, arbitrary: fc.constant({ kind: 'close' as const }) },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('hand' as const),
      who: fc.nat(3),
      policy: fc.constantFrom(...POLICIES),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      kind: fc.constant('demand' as const),
      week: fc.integer({ min: 2, max: 36 }),
      value: fc.nat(15),
    }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: 'end' as const }) },
);

/** Plays the moves with a player on every seat; refused commands are skipped, as the server would. */
function play(start: BeerEvent, moves: Move[]): BeerState {
  const game = new Game(start);
  const ids = game.state.facilities.map((f) => f.id);
  for (const id of ids) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`));
  for (const m of moves) {
    const id = ids[('who' in m ? m.who : 0) % ids.length]!;
    const caps = Object.keys(game.state.live[game.state.index[id]!]!.capabilities);
    try {
      if (m.kind === 'order')
        game.run(
          { type: 'PlaceOrder', facilityId: id, capabilityId: caps[m.cap % caps.length]!, quantity: m.qty },
          as(`u-${id}`),
        );
      else if (m.kind === 'close') game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR));
      else if (m.kind === 'hand')
        game.run({ type: 'HandToComputer', facilityId: id, policy: m.policy }, as(CREATOR));
      else if (m.kind === 'demand')
        game.run(
          {
            type: 'ScheduleChange',
            week: m.week,
            facilityIds: [ids[0]!],
            field: 'consumerDemand',
            value: m.value,
          },
          as(CREATOR),
        );
      else game.run({ type: 'EndGame' }, as(CREATOR));
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return game.state;
}

describe('counterfactuals of generated games', () => {
  const start = fc.oneof(
    fc.integer().map((seed) => created({ weeks: 12 }, seed)),
    fc.integer().map((seed) => maltNetwork(seed, 10)),
  );

  it('with nobody replaced, give back the figures of every recorded game', () => {
    assertProperty(
      fc.property(start, fc.array(move, { maxLength: 60 }), (first, moves) => {
        const recorded = play(first, moves);
        expect(beerDebriefFigures(counterfactual(recorded, {}).state)).toEqual(beerDebriefFigures(recorded));
      }),
      { numRuns: 60 },
    );
  });

  it('with every facility replaced, cost what the debrief benchmark of the same policy costs', () => {
    assertProperty(
      fc.property(start, fc.array(move, { maxLength: 60 }), fc.boolean(), (first, moves, baseStock) => {
        const recorded = play(first, moves);
        const { benchmark } = beerDebriefFigures(recorded);
        // Before a week is played there is nothing to play again.
        if (weeksPlayed(recorded) === 0) {
          expect(benchmark).toBeNull();
          return;
        }
        const run = baseStock ? benchmark!.basestock : benchmark!.passthrough;
        const all = Object.fromEntries(recorded.facilities.map((f) => [f.id, run.policy]));
        const replay = counterfactual(recorded, all).state;
        expect(replay.facilities.every((f) => f.history.every((r) => r.orderBy !== 'player'))).toBe(true);
        expect([replay.week, replay.finished]).toEqual([recorded.week, recorded.finished]);
        expect(trajectory(replay).totals).toEqual({ teamCost: run.teamCost, byFacility: run.byFacility });
      }),
      { numRuns: 30 },
    );
  });
});
