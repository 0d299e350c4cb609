import fc from 'fast-check';
import superjson from 'superjson';
import { describe, expect, it } from 'vitest';
import { isPlainJson, transformer } from '../../src-server/trpc/transformer';

describe("the API's transformer", () => {
  it('writes plain JSON as superjson does, and the client reads it back the same', () => {
    fc.assert(
      fc.property(fc.jsonValue(), (value) => {
        // A key superjson refuses (`__proto__`, fast-check's favourite) is refused by both alike.
        let theirs: ReturnType<typeof superjson.serialize>;
        try {
          theirs = superjson.serialize(value);
        } catch (refusal) {
          expect(() => transformer.serialize(value)).toThrow((refusal as Error).message);
          return;
        }
        const ours = transformer.serialize(value);
        // -0 is the one JSON number superjson annotates; both then agree on the whole output.
        if (theirs.meta?.values) expect(ours).toEqual(theirs);
        else expect(ours).toEqual({ json: theirs.json });
        expect(superjson.deserialize(JSON.parse(JSON.stringify(ours)))).toEqual(value);
      }),
    );
  });

  it('refuses the keys superjson refuses, as superjson does', () => {
    for (const key of ['__proto__', 'constructor', 'prototype']) {
      const value = JSON.parse(`{"ok":1,"${key}":{"a":1}}`);
      expect(isPlainJson(value)).toBe(false);
      expect(() => transformer.serialize(value)).toThrow(/prototype pollution/);
    }
  });

  it('leaves to superjson whatever plain JSON cannot carry', () => {
    const when = new Date('2026-11-26T10:00:00Z');
    for (const value of [
      { at: when },
      { gone: undefined },
      [1, undefined],
      { n: Number.NaN },
      { n: -0 },
      { n: Number.POSITIVE_INFINITY },
      { seen: new Set([1]) },
      { big: 10n },
      new Map([['a', 1]]),
    ]) {
      expect(isPlainJson(value)).toBe(false);
      expect(transformer.serialize(value)).toEqual(superjson.serialize(value));
      expect(superjson.deserialize(JSON.parse(JSON.stringify(transformer.serialize(value))))).toEqual(value);
    }
  });

  it('hands a cycle or a very deep value to superjson instead of overflowing the stack', () => {
    const cyclic: Record<string, unknown> = { name: 'loop' };
    cyclic.self = cyclic;
    expect(isPlainJson(cyclic)).toBe(false);
    let deep: unknown = 1;
    for (let i = 0; i < 100; i++) deep = { deep };
    expect(isPlainJson(deep)).toBe(false);
    expect(transformer.serialize(deep)).toEqual(superjson.serialize(deep));
  });

  it('takes objects without a prototype as plain, and class instances as not', () => {
    const bare = Object.assign(Object.create(null) as Record<string, unknown>, { a: 1 });
    expect(isPlainJson(bare)).toBe(true);
    class Point {
      x = 1;
    }
    expect(isPlainJson(new Point())).toBe(false);
  });
});
