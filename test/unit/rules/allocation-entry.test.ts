import { describe, expect, it } from 'vitest';
import { readAllocation } from '../../../src-shared/rules/allocation-entry';

const requests = { north: 6, south: 14 };

describe("reading a supplier's split of a shortage", () => {
  it('accepts whole numbers within what each client asked, adding up to what is available', () => {
    expect(readAllocation({ north: '6', south: ' 4 ' }, requests, 10)).toEqual({
      ok: true,
      allocation: { north: 6, south: 4 },
    });
  });

  it('refuses a split that does not add up to the stock, saying both sums', () => {
    expect(readAllocation({ north: '3', south: '3' }, requests, 10)).toEqual({
      ok: false,
      messageId: 'allocation.errSum',
      values: { sum: 6, available: 10 },
    });
  });

  it('refuses more than a client asked, and anything that is not a whole number', () => {
    expect(readAllocation({ north: '7', south: '3' }, requests, 10)).toMatchObject({
      messageId: 'allocation.errAboveAsked',
      values: { asked: 6 },
    });
    expect(readAllocation({ north: '2.5', south: '7.5' }, requests, 10)).toMatchObject({
      messageId: 'beergame.errOrderNotWhole',
    });
    expect(readAllocation({ north: '', south: '10' }, requests, 10)).toMatchObject({
      messageId: 'beer.errOrderEmpty',
    });
  });
});
