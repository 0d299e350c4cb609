import { describe, expect, it } from 'vitest';
import {
  answerMatches,
  editDistance,
  normalizeAnswer,
  numberReadings,
  toleratedEdits,
} from '../../../src-shared/rules/answer-check';

describe('numeric answers compare equal as numbers', () => {
  it.each([
    [4, '4'],
    [4, '4.0'],
    [4, ' 4 '],
    [4, '04'],
    [4, '+4'],
    [4, '4.'],
    [-3, '-3'],
    [0, '-0'],
    [0.5, '.5'],
    [4.5, '4,5'],
    [4.5, '4.50'],
    ['4', '4.0'],
    ['4,5', '4.5'],
    ['36', ' 36'],
    [1000, '1,000'],
    [1, '1,000'],
    [1_000_000, '1,000,000'],
  ])('%j accepts %j', (expected, given) => {
    expect(answerMatches(expected, given)).toBe(true);
  });

  it.each([
    [4, '5'],
    [4, '4.01'],
    [4, 'four'],
    [4, '4 units'],
    [4, ''],
    [4, '4e0'],
    [4, '0x4'],
    [4, '٤'],
    [45, '4,5'],
    [1000, '1.000'],
    [1000, '1 000'],
    ['14', '15'],
    ['14', '141'],
  ])('%j refuses %j (no edit tolerated on a number)', (expected, given) => {
    expect(answerMatches(expected, given)).toBe(false);
  });

  it('reads a comma followed by three digits both ways', () => {
    expect(numberReadings('1,000')).toEqual([1, 1000]);
    expect(numberReadings('12,5')).toEqual([12.5]);
    expect(numberReadings('1,000,000')).toEqual([1_000_000]);
    expect(numberReadings('-')).toEqual([]);
    expect(numberReadings('.')).toEqual([]);
  });
});

describe('text answers are normalized', () => {
  it.each([
    ['  The Bullwhip   Effect! ', 'the bullwhip effect'],
    ['Bull-whip, effect?', 'bullwhip effect'],
    ['«L’effet coup de fouet»', 'leffet coup de fouet'],
    ['Tab\tand\nnewline', 'tab and newline'],
    ['ÉTÉ', 'été'],
    ['e\u0301te\u0301', 'été'],
    ['Σειρά εφοδιασμού.', 'σειρά εφοδιασμού'],
    ['サプライチェーン。', 'サプライチェーン'],
    ['سلسلة التوريد؟', 'سلسلة التوريد'],
    ['आपूर्ति श्रृंखला।', 'आपूर्ति श्रृंखला'],
    ['cost: 5 €', 'cost 5 €'],
  ])('%j becomes %j', (text, normalized) => {
    expect(normalizeAnswer(text)).toBe(normalized);
  });
});

describe('text answers tolerate one edit, two beyond 5 characters', () => {
  it.each([
    [0, 0],
    [1, 0],
    [2, 1],
    [5, 1],
    [6, 2],
    [40, 2],
  ])('an expected text of %d characters tolerates %d edits', (length, edits) => {
    expect(toleratedEdits(length)).toBe(edits);
  });

  it('counts insertions, deletions and substitutions by code point', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('été', 'ete')).toBe(2);
    expect(editDistance('🍺🍺', '🍺')).toBe(1);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it.each([
    ['bullwhip', 'Bullwhip'],
    ['bullwhip', 'bulwhip'],
    ['bullwhip', 'bullwhipp'],
    ['bullwhip', 'bulwhipp'],
    ['bullwhip', 'bull whip'],
    ['bullwhip effect', 'Bullwhip efect'],
    ['week', 'weak'],
    ['week', 'Week.'],
    ['stock', 'stok'],
    ['ab', 'ac'],
    ['retailer', 'retialer'],
    ['Σειρά', 'σειρα'],
    ['サプライ', 'サプライチ'],
  ])('%j accepts %j', (expected, given) => {
    expect(answerMatches(expected, given)).toBe(true);
  });

  it.each([
    ['bullwhip', 'bulwipp'],
    ['bullwhip', 'bullfrog'],
    ['week', 'wake'],
    ['stock', 'stuk'],
    ['b', 'c'],
    ['b', ''],
    ['ab', ''],
    ['ab', '?!'],
    ['', ''],
    ['retailer', 'wholesaler'],
    ['サプライ', 'サプ'],
  ])('%j refuses %j', (expected, given) => {
    expect(answerMatches(expected, given)).toBe(false);
  });

  it('takes the length of the expected text, not of the answer, after normalization', () => {
    // "stock!" is 5 characters once its "!" goes: one edit only.
    expect(answerMatches('stock!', 'stuck')).toBe(true);
    expect(answerMatches('stock!', 'stuk')).toBe(false);
    // "stocks" is 6: two edits.
    expect(answerMatches('stocks', 'stuk')).toBe(false);
    expect(answerMatches('stocks', 'stuks')).toBe(true);
  });

  it('checks an expected text with digits in it as text, edits included', () => {
    expect(answerMatches('week 14', 'Week 14!')).toBe(true);
    expect(answerMatches('week 14', 'week 15')).toBe(true);
    expect(answerMatches('week 14', 'week 1')).toBe(true);
    expect(answerMatches('week 14', 'month 2')).toBe(false);
  });
});
