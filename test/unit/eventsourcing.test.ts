import { describe, expect, it } from 'vitest';
import {
  type Decider,
  DomainError,
  fold,
  handle,
  nextRandom,
  replay,
  seededRandom,
} from '../../src-shared/eventsourcing';
import { expectRefusal, given, Running } from '../support/decider';

type CounterEvent = { type: 'Added'; data: { n: number } };
type CounterCommand = { type: 'Add'; n: number };
const counter: Decider<CounterCommand, CounterEvent, number> = {
  initialState: 0,
  decide: (command, state) => {
    if (state + command.n > 10) throw new DomainError('test.tooBig', { max: 10 });
    return [{ type: 'Added', data: { n: command.n } }];
  },
  evolve: (state, event) => state + event.data.n,
};
const context = { now: 0, actor: { userId: 'u', role: 'player' as const } };

describe('decider helpers', () => {
  it('folds events from the initial state or a given state', () => {
    const events: CounterEvent[] = [1, 2, 3].map((n) => ({ type: 'Added', data: { n } }));
    expect(fold(counter, events)).toBe(6);
    expect(fold(counter, events, 4)).toBe(10);
  });

  it('replays every intermediate state', () => {
    const events: CounterEvent[] = [1, 2].map((n) => ({ type: 'Added', data: { n } }));
    expect(replay(counter, events)).toEqual([0, 1, 3]);
  });

  it('handles a command into events and the next state, or a domain error with its message id', () => {
    expect(handle(counter, 3, { type: 'Add', n: 4 }, context)).toEqual({
      events: [{ type: 'Added', data: { n: 4 } }],
      state: 7,
    });
    expect(() => handle(counter, 8, { type: 'Add', n: 4 }, context)).toThrowError(
      expect.objectContaining({ messageId: 'test.tooBig', values: { max: 10 } }),
    );
  });
});

describe('the given/when/then harness (test/support/decider.ts)', () => {
  const added = (n: number): CounterEvent => ({ type: 'Added', data: { n } });

  it('decides on the fold of the given events and folds the new events into the state after', () => {
    const outcome = given(counter, added(1), added(2))
      .when({ type: 'Add', n: 4 }, context)
      .thenEvents([added(4)])
      .thenState(7);
    expect(outcome).toMatchObject({ before: 3, events: [added(4)], state: 7, error: null });
  });

  it('holds a refusal instead of throwing it, and says which message was expected', () => {
    const refused = given(counter, added(8)).when({ type: 'Add', n: 4 }, context);
    expect(refused).toMatchObject({ before: 8, events: [], state: 8 });
    refused.thenRefused('test.tooBig', { max: 10 });
    expect(() => refused.thenRefused('test.other')).toThrow(/test\.other/);
    expect(() => refused.thenRefused('test.tooBig', { max: 11 })).toThrow();
    expect(() => refused.thenEvents([])).toThrow(/refused: test\.tooBig/);
    expect(() => given(counter).when({ type: 'Add', n: 1 }, context).thenRefused('test.tooBig')).toThrow(
      /accepted/,
    );
  });

  it('expectRefusal wants a DomainError with that id, and rethrows any other error', () => {
    expect(
      expectRefusal(() => counter.decide({ type: 'Add', n: 11 }, 0, context), 'test.tooBig').values,
    ).toEqual({
      max: 10,
    });
    expect(() => expectRefusal(() => 1, 'test.tooBig')).toThrow(/nothing was thrown/);
    expect(() =>
      expectRefusal(() => {
        throw new TypeError('boom');
      }, 'test.tooBig'),
    ).toThrow(TypeError);
  });

  it('a running game keeps its events and state; a refused command records nothing', () => {
    const game = new Running(counter, added(2));
    expect(game.run({ type: 'Add', n: 3 }, context)).toEqual([added(3)]);
    expect(game.when({ type: 'Add', n: 1 }, context).state).toBe(6);
    expect(game.state).toBe(5);
    expect(() => game.run({ type: 'Add', n: 6 }, context)).toThrow(DomainError);
    expect(game.events).toEqual([added(2), added(3)]);
    expect(game.refold()).toBe(game.state);
  });
});

describe('seeded random', () => {
  it('draws the same sequence from the same seed and numbers in [0, 1)', () => {
    const a = seededRandom(42);
    const b = seededRandom(42);
    const drawsA = Array.from({ length: 1000 }, a);
    expect(Array.from({ length: 1000 }, b)).toEqual(drawsA);
    expect(drawsA.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(drawsA).size).toBeGreaterThan(990);
  });

  it('keeps its whole state in one number', () => {
    const first = nextRandom(7);
    expect(nextRandom(7)).toEqual(first);
    expect(nextRandom(first.state).value).not.toBe(first.value);
  });
});
