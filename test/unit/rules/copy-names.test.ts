import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COPIES, copyNameRefusal, copyNames, GAME_NAME_MAX } from '../../../src-shared/rules/copy-names';

describe('the names of copies of a game', () => {
  it('gives a single copy the typed name as it is', () => {
    expect(copyNames('Monday', 1, 'Tuesday', '(copy)')).toEqual(['Tuesday']);
  });

  it('numbers several copies, zero-padded to the width of the count', () => {
    const names = copyNames('Monday', 12, 'Tuesday', '(copy)');
    expect(names[0]).toBe('Tuesday 01');
    expect(names[11]).toBe('Tuesday 12');
    expect(copyNames('Monday', 3, 'Tuesday', '(copy)')).toEqual(['Tuesday 1', 'Tuesday 2', 'Tuesday 3']);
    const many = copyNames('Monday', COPIES.max, 'Lab', '(copy)');
    expect([many[0], many[9], many[199]]).toEqual(['Lab 001', 'Lab 010', 'Lab 200']);
  });

  it('names a copy after the original with the suffix when no name was typed', () => {
    expect(copyNames('Monday', 1, undefined, '(copy)')).toEqual(['Monday (copy)']);
    expect(copyNames('Monday', 1, '   ', '(copie)')).toEqual(['Monday (copie)']);
    expect(copyNames('Monday', 2, '', '(copy)')).toEqual(['Monday (copy) 1', 'Monday (copy) 2']);
  });

  it('shortens a long original to make room for the suffix and numbers', () => {
    const original = 'x'.repeat(GAME_NAME_MAX);
    for (const count of [1, 9, 10, 200]) {
      const names = copyNames(original, count, undefined, '(copy)');
      expect(names).toHaveLength(count);
      for (const name of names) expect(name.length).toBeLessThanOrEqual(GAME_NAME_MAX);
      expect(names[0]).toContain('(copy)');
    }
  });

  it('refuses a typed name too long for its numbers, and only then', () => {
    expect(copyNameRefusal('x'.repeat(80), 1)).toBeNull();
    expect(copyNameRefusal('x'.repeat(77), 12)).toBeNull();
    expect(copyNameRefusal('x'.repeat(78), 12)).toEqual({
      messageId: 'dashboard.copyNameTooLong',
      values: { max: 77 },
    });
  });

  it('always gives `count` distinct names within the limit for an accepted name', () => {
    fc.assert(
      fc.property(
        fc.string({ maxLength: 90 }),
        fc.option(fc.string({ maxLength: 90 }), { nil: undefined }),
        fc.integer({ min: COPIES.min, max: COPIES.max }),
        (original, name, count) => {
          fc.pre(name === undefined || copyNameRefusal(name, count) === null);
          const names = copyNames(original.slice(0, GAME_NAME_MAX), count, name, '(copy)');
          expect(names).toHaveLength(count);
          expect(new Set(names).size).toBe(count);
          for (const n of names) expect(Array.from(n).length).toBeLessThanOrEqual(GAME_NAME_MAX);
        },
      ),
    );
  });
});
