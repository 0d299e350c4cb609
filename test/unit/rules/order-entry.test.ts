import { describe, expect, it } from 'vitest';
import { MAX_ORDER_QUANTITY } from '../../../src-shared/beergame/constants';
import { needsConfirmation, quantitiesSeen, readOrderEntry } from '../../../src-shared/rules/order-entry';

const free = { moq: 0, maxOrderQty: 0, batchSize: 0 };

describe('reading what a player typed in the order box', () => {
  it.each([
    ['0', 0],
    ['8', 8],
    [' 12 ', 12],
    ['007', 7],
    [String(MAX_ORDER_QUANTITY), MAX_ORDER_QUANTITY],
  ])('orders %j as %d', (typed, quantity) => {
    expect(readOrderEntry(typed, free)).toEqual({ ok: true, quantity });
  });

  it.each([
    ['', 'beer.errOrderEmpty'],
    ['   ', 'beer.errOrderEmpty'],
    ['2.5', 'beergame.errOrderNotWhole'],
    ['2,5', 'beergame.errOrderNotWhole'],
    ['-5', 'beer.errOrderNegative'],
    ['- 5', 'beer.errOrderNegative'],
    ['1e9', 'beer.errOrderNotNumber'],
    ['0x10', 'beer.errOrderNotNumber'],
    ['12 boxes', 'beer.errOrderNotNumber'],
    ['1 000', 'beer.errOrderNotNumber'],
    ['+4', 'beer.errOrderNotNumber'],
    ['Infinity', 'beer.errOrderNotNumber'],
    ['٣', 'beer.errOrderNotNumber'],
  ])('refuses %j with %s instead of rewriting it', (typed, messageId) => {
    expect(readOrderEntry(typed, free)).toMatchObject({ ok: false, messageId });
  });

  it('refuses 1,000,000,000 as above the game maximum, with the maximum to show', () => {
    expect(readOrderEntry('1000000000', free)).toEqual({
      ok: false,
      messageId: 'beergame.errOrderAboveMax',
      values: { max: MAX_ORDER_QUANTITY },
    });
  });

  it("applies the capability's minimum, maximum and batch size as the engine does", () => {
    const constrained = { moq: 10, maxOrderQty: 60, batchSize: 5 };
    expect(readOrderEntry('0', constrained)).toEqual({ ok: true, quantity: 0 });
    expect(readOrderEntry('5', constrained)).toMatchObject({
      messageId: 'beergame.errOrderBelowMoq',
      values: { moq: 10 },
    });
    expect(readOrderEntry('65', constrained)).toMatchObject({
      messageId: 'beergame.errOrderAboveMax',
      values: { max: 60 },
    });
    expect(readOrderEntry('12', constrained)).toMatchObject({
      messageId: 'beergame.errOrderNotMultiple',
      values: { batchSize: 5 },
    });
    expect(readOrderEntry('15', constrained)).toEqual({ ok: true, quantity: 15 });
  });
});

describe('asking to confirm an unusually large order', () => {
  it('never asks below the floor, whatever the facility saw', () => {
    expect(needsConfirmation(50, [])).toBe(false);
    expect(needsConfirmation(50, [0, 1])).toBe(false);
    expect(needsConfirmation(51, [])).toBe(true);
  });

  it('asks above four times the largest order the facility has seen', () => {
    const seen = [4, 8, 30, 12];
    expect(needsConfirmation(120, seen)).toBe(false);
    expect(needsConfirmation(121, seen)).toBe(true);
  });
});

describe('what a facility usually sees', () => {
  it('is every order it received or placed so far, and nothing when its numbers are hidden', () => {
    const history = [
      { incomingOrder: 4, order: 8 },
      { incomingOrder: 30, order: null },
    ] as never;
    expect(quantitiesSeen({ incomingOrder: 12, history })).toEqual([12, 4, 8, 30, 0]);
    expect(quantitiesSeen(null)).toEqual([]);
  });
});
