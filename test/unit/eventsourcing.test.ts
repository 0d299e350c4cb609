import { describe, expect, it } from 'vitest';
import { type Decider, DomainError, fold, handle, replay } from '../../src-shared/eventsourcing';
import { nextRandom, seededRandom } from '../../src-shared/eventsourcing/random';

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
