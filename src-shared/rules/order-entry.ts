/**
 * What a player types in an order box, read as the engine will read it: a whole number of units,
 * checked against the capability's constraints before anything is sent. Nothing typed is ever
 * rewritten: `2.5`, `1e9` or `-5` are refused with a message, not ordered as 25, 19 or 5.
 */
import { MAX_ORDER_QUANTITY } from '../beergame/constants';
import { checkOrder } from '../beergame/guards';
import type { Capability } from '../beergame/schemas';
import type { BeerFacilityNumbers } from '../beergame/view-model';
import { DomainError } from '../eventsourcing/decider';
import { type NumberRefusalReason, readTypedNumber } from './typed-number';

export type OrderConstraints = Pick<Capability, 'moq' | 'maxOrderQty' | 'batchSize'>;

export type OrderEntry = { ok: true; quantity: number } | Refusal;

type Refusal = { ok: false; messageId: string; values?: Record<string, string | number> };
const refuse = (messageId: string, values?: Record<string, string | number>): Refusal =>
  values ? { ok: false, messageId, values } : { ok: false, messageId };

/** How the order box words each refusal of the shared reading: in terms of units to order. */
const ORDER_MESSAGES: Record<NumberRefusalReason, string> = {
  empty: 'beer.errOrderEmpty',
  digits: 'beer.errOrderNotNumber',
  whole: 'beergame.errOrderNotWhole',
  decimals: 'beergame.errOrderNotWhole',
  below: 'beer.errOrderNegative',
  above: 'beergame.errOrderAboveMax',
  step: 'beergame.errOrderNotWhole',
};

/** A whole number of units typed by a person (the shared reading, typed-number.ts), or why it is refused. */
export function readWholeNumber(
  text: string,
): { ok: true; value: number } | { ok: false; messageId: string; values?: Record<string, string | number> } {
  const read = readTypedNumber(text, { min: 0, max: MAX_ORDER_QUANTITY });
  if (read.ok) return read;
  return read.reason === 'above'
    ? refuse(ORDER_MESSAGES.above, { max: MAX_ORDER_QUANTITY })
    : refuse(ORDER_MESSAGES[read.reason]);
}

/** The order `text` stands for, or why it is refused (a locale message id and its values). */
export function readOrderEntry(text: string, constraints: OrderConstraints): OrderEntry {
  const read = readWholeNumber(text);
  if (!read.ok) return read;
  const quantity = read.value;
  try {
    checkOrder(quantity, constraints);
  } catch (error) {
    if (error instanceof DomainError) return refuse(error.messageId, error.values);
    throw error;
  }
  return { ok: true, quantity };
}

/** Orders no larger than this never ask for a confirmation, whatever the facility saw so far. */
export const ORDER_CONFIRMATION_FLOOR = 50;
/** How many times the largest order a facility has seen an order may be before it is confirmed. */
export const ORDER_CONFIRMATION_FACTOR = 4;

/** The orders a facility has received or placed so far (none when its numbers are hidden): what it usually sees. */
export function quantitiesSeen(
  numbers: Pick<BeerFacilityNumbers, 'incomingOrder' | 'history'> | null,
): number[] {
  if (!numbers) return [];
  return [numbers.incomingOrder, ...numbers.history.flatMap((row) => [row.incomingOrder, row.order ?? 0])];
}

/**
 * Whether an order is so far above what the facility usually sees (the largest order it received
 * or placed so far) that it is more likely a typo than a decision: the player is asked to confirm.
 */
export function needsConfirmation(quantity: number, usualQuantities: readonly number[]): boolean {
  const usual = Math.max(0, ...usualQuantities);
  return quantity > Math.max(ORDER_CONFIRMATION_FLOOR, ORDER_CONFIRMATION_FACTOR * usual);
}
