/** The live view's patches (src-shared/api/view-patch.ts): applying a diff gives the next view. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { applyViewPatch, diffViews, sameJson } from '../../src-shared/api/view-patch';
import { assertProperty } from '../support/property';

/** JSON values whose keys include array-like and hostile names. */
const json = fc.letrec((tie) => ({
  value: fc.oneof(
    { depthSize: 'small' },
    fc.constant(null),
    fc.boolean(),
    fc.integer(),
    fc.string({ maxLength: 4 }),
    tie('array'),
    tie('object'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }),
  object: fc.dictionary(fc.constantFrom('a', 'b', '0', '1', '__proto__', 'constructor'), tie('value'), {
    maxKeys: 4,
  }),
})).value;
/** A view is an object; what is under its keys is any JSON. */
const container = fc.dictionary(fc.string(), json);
/** A JSON value and an edited copy of it (so that the two share structure, as successive views do). */
const edited = fc
  .tuple(container, container, fc.boolean())
  .map(([a, b, same]) => (same ? [a, a] : [a, b]) as [object, object]);
const roundTrip = <T>(value: T): T => JSON.parse(JSON.stringify(value));

describe('view patches', () => {
  it('turn the previous view into the next one, and are null only when they are equal', () => {
    assertProperty(
      fc.property(edited, ([previous, next]) => {
        const patch = diffViews(previous, next);
        // The patch crosses the wire as JSON.
        const applied = patch === null ? previous : applyViewPatch(roundTrip(previous), roundTrip(patch));
        expect(sameJson(applied, next)).toBe(true);
        expect(Array.isArray(applied)).toBe(Array.isArray(next));
      }),
      { numRuns: 500 },
    );
  });

  it('write a changed path once, and share what did not change', () => {
    const previous = {
      week: 4,
      facilities: [
        { id: 'retailer', numbers: { stock: 12, backlog: 0, history: [{ week: 3 }] } },
        { id: 'wholesaler', numbers: null },
      ],
      myOrders: { A1: 4 } as Record<string, number>,
    };
    const next = {
      week: 5,
      facilities: [
        { id: 'retailer', numbers: { stock: 9, backlog: 0, history: [{ week: 3 }, { week: 4 }] } },
        { id: 'wholesaler', numbers: null },
      ],
      myOrders: {},
    };
    const patch = diffViews(previous, next);
    expect(patch).toEqual({
      week: [5],
      facilities: { 0: { numbers: { stock: [9], history: { 1: [{ week: 4 }] } } } },
      myOrders: { A1: [] },
    });
    const applied = applyViewPatch(previous, patch!);
    expect(applied).toEqual(next);
    expect(applied.facilities[1]).toBe(previous.facilities[1]);
    expect(previous.week).toBe(4);
  });

  it('set a shorter array whole, and an own key named __proto__ as a key', () => {
    expect(diffViews({ orders: [1, 2] }, { orders: [] })).toEqual({ orders: [[]] });
    const applied = applyViewPatch({}, JSON.parse('{"__proto__":[{"polluted":true}]}'));
    expect(Object.getPrototypeOf(applied)).toBe(Object.prototype);
    expect(Object.hasOwn(applied, '__proto__')).toBe(true);
  });

  it('refuse a patch that does not fit the view', () => {
    expect(() => applyViewPatch({ week: 3 }, { week: { a: [1] } })).toThrow();
  });
});
