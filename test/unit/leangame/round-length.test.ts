/**
 * Issue 23, item 8: the round's length is set before the start (the customers' orders follow it),
 * and the debrief's deliveries list only the orders due within the round as played.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  LEAN_CREATE_MINUTES,
  leanCopySetup,
  leanDebrief,
  leanMetrics,
  leanOrdersOfRound,
  roundEndAt,
  viewLeanGame,
} from '../../../src-shared/leangame';
import { assertProperty } from '../../support/property';
import { alice, creator, Game, MIN, smallSetup, T0 } from './helpers';

/** The built-in workshop (orders of 9 every 2.4 minutes, due 6 minutes later), as the dashboard creates it. */
function workshop(): Game {
  const game = new Game();
  game.run(
    { type: 'CreateLeanGame', gameId: 'g1', name: 'Workshop', seed: 1, scenarioId: 'workshop4-choose' },
    creator,
    T0 - MIN,
  );
  return game;
}

const placed = (game: Game) => game.state.demand.map((d) => d.created_min);

describe("the round's length", () => {
  it('is set by the creator before the start, and the orders follow it', () => {
    const game = workshop();
    expect(game.state.setup!.params.consumerDemandParams.totalDuration).toBe(15);
    expect(placed(game)).toEqual([0, 2.4, 4.8, 7.2, 9.6, 12, 14.4]);

    const [event] = game.run({ type: 'SetRoundLength', minutes: 9 }, creator, T0 - 30_000);
    expect(event).toMatchObject({ type: 'RoundLengthSet', data: { minutes: 9 } });
    expect(game.state.setup!.params.consumerDemandParams.totalDuration).toBe(9);
    // Orders placed while the round lasts, each due 6 minutes later.
    expect(placed(game)).toEqual([0, 2.4, 4.8, 7.2]);
    expect(game.state.demand.map((d) => d.due_min)).toEqual([6, 8.4, 10.8, 13.2]);
    expect(viewLeanGame(game.state, alice, T0)!.params.consumerDemandParams.totalDuration).toBe(9);

    // Longer again: the pattern goes on.
    game.run({ type: 'SetRoundLength', minutes: 20 }, creator, T0 - 20_000);
    expect(placed(game)).toEqual([0, 2.4, 4.8, 7.2, 9.6, 12, 14.4, 16.8, 19.2]);
    game.run({ type: 'SetRoundLength', minutes: 9 }, creator, T0 - 10_000);
    // The same length again records nothing.
    expect(game.decide({ type: 'SetRoundLength', minutes: 9 }, creator, T0 - 5_000)).toEqual([]);

    // The round ends by itself at its new length, and is no longer changed.
    game.run({ type: 'StartGame' }, creator, T0);
    expect(roundEndAt(game.state)).toBe(T0 + 9 * MIN);
    expect(game.state.computer!.until).toBe(T0 + 9 * MIN);
    game
      .when({ type: 'SetRoundLength', minutes: 10 }, creator, T0 + 1000)
      .thenRefused('leangame.errAlreadyStarted');
    game.run({ type: 'EndGame' }, creator, T0 + 2 * MIN);
    game
      .when({ type: 'SetRoundLength', minutes: 10 }, creator, T0 + 3 * MIN)
      .thenRefused('leangame.errAlreadyStarted');

    // Another round keeps the length (and may change it again before it starts); so does a copy.
    game.run({ type: 'ResetLeanGame' }, creator, T0 + 4 * MIN);
    expect(game.state.setup!.params.consumerDemandParams.totalDuration).toBe(9);
    expect(placed(game)).toEqual([0, 2.4, 4.8, 7.2]);
    expect(leanCopySetup(game.state).params.consumerDemandParams.totalDuration).toBe(9);
    expect(leanCopySetup(game.state).params.consumerDemand).toHaveLength(4);
    game.run({ type: 'SetRoundLength', minutes: 5 }, creator, T0 + 5 * MIN);
    expect(placed(game)).toEqual([0, 2.4, 4.8]);
  });

  it('is the creator’s alone, and a length out of bounds is refused with its range', () => {
    const game = workshop();
    game.run({ type: 'JoinFacility', facilityId: 'warehouse', playerName: 'Alice' }, alice, T0 - 50_000);
    game
      .when({ type: 'SetRoundLength', minutes: 9 }, alice, T0 - 40_000)
      .thenRefused('leangame.errNotCreator');
    for (const minutes of [0, 61, 2.5, -1, 1e9, Number.NaN, Number.POSITIVE_INFINITY])
      game
        .when({ type: 'SetRoundLength', minutes }, creator, T0 - 40_000)
        .thenRefused('leangame.errNumberOutOfRange', { min: 1, max: 60 });
    expect(game.state.setup!.params.consumerDemandParams.totalDuration).toBe(15);
  });

  it('is any whole number of minutes in its bounds, exactly, never rounded', () => {
    assertProperty(
      fc.property(fc.oneof(fc.integer({ min: -5, max: 70 }), fc.double({ noNaN: false })), (minutes) => {
        const game = workshop();
        const inBounds =
          Number.isInteger(minutes) &&
          minutes >= LEAN_CREATE_MINUTES.min &&
          minutes <= LEAN_CREATE_MINUTES.max;
        if (!inBounds) {
          game
            .when({ type: 'SetRoundLength', minutes }, creator, T0 - 10_000)
            .thenRefused('leangame.errNumberOutOfRange', { min: 1, max: 60 });
          return;
        }
        game.run({ type: 'SetRoundLength', minutes }, creator, T0 - 10_000);
        expect(game.state.setup!.params.consumerDemandParams.totalDuration).toBe(minutes);
        expect(game.state.demand.length).toBeGreaterThan(0);
        expect(game.state.demand.every((d) => d.created_min < minutes)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });

  it('keeps the orders placed before the new end in a factory of its own', () => {
    const game = Game.create(
      smallSetup({
        consumerDemand: [
          { id: 'd1', created_min: 0, qty: 2, template_id: 'a' },
          { id: 'd2', created_min: 5, qty: 1, template_id: 'a', due_min: 7 },
        ],
      }),
    );
    game.run({ type: 'SetRoundLength', minutes: 5 }, creator, T0 - 10_000);
    expect(game.state.demand.map((d) => d.id)).toEqual(['d1']);
    game.run({ type: 'SetRoundLength', minutes: 8 }, creator, T0 - 5_000);
    expect(game.state.demand.map((d) => d.id)).toEqual(['d1']);
  });
});

describe('the debrief’s deliveries', () => {
  it('list only the orders due within the round as played (the issue’s round ended at minute 6.7)', () => {
    const game = workshop();
    game.run({ type: 'StartGame' }, creator, T0);
    game.run({ type: 'EndGame' }, creator, T0 + 6.7 * MIN);
    const endAt = game.state.endAt!;
    const { deliveries } = leanDebrief(game.state, endAt);
    // Due at 6: listed. Placed at 2.4 and 4.8, due at 8.4 and 10.8: not listed, counted apart.
    // Placed from minute 7.2 on: after the round.
    expect(deliveries.items.map((d) => [d.id, d.due_min])).toEqual([['o1', 6]]);
    expect(deliveries.dueLater).toBe(2);
    // The list is what OTIF counts.
    const metrics = leanMetrics(game.state, endAt);
    expect(deliveries.items.reduce((sum, d) => sum + d.qty, 0)).toBe(metrics.demandDue);
  });

  it('are the orders whose due minute is reached by the end of the window', () => {
    const game = Game.create(
      smallSetup({
        consumerDemand: [
          { id: 'd1', created_min: 0, qty: 2, template_id: 'a' },
          { id: 'd2', created_min: 1, qty: 1, template_id: 'a', due_min: 3 },
          { id: 'd3', created_min: 2, qty: 1, template_id: 'a' },
          { id: 'd4', created_min: 4, qty: 1, template_id: 'a' },
        ],
      }),
    );
    game.run({ type: 'StartGame' }, creator, T0);
    const ids = (minute: number) => {
      const orders = leanOrdersOfRound(game.state, T0 + minute * MIN);
      return { due: orders.due.map((d) => d.id), dueLater: orders.dueLater.map((d) => d.id) };
    };
    expect(ids(0.5)).toEqual({ due: [], dueLater: ['d1'] });
    expect(ids(3)).toEqual({ due: ['d2'], dueLater: ['d1', 'd3'] });
    expect(ids(4)).toEqual({ due: ['d1', 'd2'], dueLater: ['d3', 'd4'] });
    expect(ids(8)).toEqual({ due: ['d1', 'd2', 'd3', 'd4'], dueLater: [] });
  });
});
