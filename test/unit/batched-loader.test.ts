/**
 * One query for a turn's look-ups (src-server/db/batched-loader.ts): what a class reconnecting
 * asks for in one turn of the event loop is read together, and each asker gets its own answer.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { batchedLoader } from '../../src-server/db/batched-loader';

const squares = () => {
  const calls: number[][] = [];
  const load = batchedLoader(async (keys: number[]) => {
    calls.push(keys);
    return new Map(keys.filter((key) => key >= 0).map((key) => [key, key * key]));
  }, 3);
  return { calls, load };
};

describe('batched loader', () => {
  it("reads a turn's keys together, each once, in chunks of the batch size, and a later turn apart", async () => {
    const { calls, load } = squares();
    const answers = await Promise.all([1, 2, 2, 3, 4, -1].map(load));
    expect(answers).toEqual([1, 4, 4, 9, 16, undefined]);
    expect(calls).toEqual([
      [1, 2, 3],
      [4, -1],
    ]);
    expect(await load(5)).toBe(25);
    expect(calls).toHaveLength(3);
  });

  it('fails the look-ups of a failed read, and only those', async () => {
    let fail = true;
    const load = batchedLoader(async (keys: string[]) => {
      if (fail) throw new Error('the database is gone');
      return new Map(keys.map((key) => [key, key.toUpperCase()]));
    });
    await expect(Promise.all([load('a'), load('b')])).rejects.toThrow('the database is gone');
    fail = false;
    expect(await load('a')).toBe('A');
  });

  it('fails the look-ups of a read that throws before it is under way', async () => {
    const load = batchedLoader<string, string>(() => {
      throw new Error('no connection');
    });
    await expect(load('a')).rejects.toThrow('no connection');
  });

  it('answers every key as asked alone would, however the keys of a turn fall', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(fc.integer({ min: -3, max: 20 }), { maxLength: 40 }), async (keys) => {
        const { calls, load } = squares();
        const answers = await Promise.all(keys.map(load));
        expect(answers).toEqual(keys.map((key) => (key >= 0 ? key * key : undefined)));
        // Every distinct key read once, in batches of at most 3.
        expect(calls.flat().sort((a, b) => a - b)).toEqual([...new Set(keys)].sort((a, b) => a - b));
        for (const call of calls) expect(call.length).toBeLessThanOrEqual(3);
      }),
    );
  });
});
