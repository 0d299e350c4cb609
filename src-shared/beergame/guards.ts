/** The checks every beer command starts with; each failure is a `DomainError` with a `beergame.*` id. */
import { type CommandContext, DomainError } from '../eventsourcing/decider';
import { own } from '../eventsourcing/own';
import { MAX_ORDER_QUANTITY } from './constants';
import type { Capability, FacilityConfig } from './schemas';
import type { BeerState } from './state';

export const fail = (messageId: string, values?: Record<string, string | number>): never => {
  throw new DomainError(`beergame.${messageId}`, values);
};

/** The default of an exhaustive switch over commands: `never` makes a forgotten command a compile error. */
export function unknownCommand(_command: never): never {
  return fail('errUnknownCommand');
}

export function requireGame(s: BeerState): void {
  if (!s.exists || s.deleted) fail('errGameUnknown');
}

export function requireOpen(s: BeerState): void {
  requireGame(s);
  if (s.finished) fail('errGameFinished');
}

/** The creator, or the server acting for an admin it has checked (role `system`). */
export function isGameAdmin(s: BeerState, ctx: CommandContext): boolean {
  return ctx.actor.role === 'system' || ctx.actor.userId === s.creatorId;
}

export function requireAdmin(s: BeerState, ctx: CommandContext): void {
  if (!isGameAdmin(s, ctx)) fail('errNotAllowed');
}

/** The index of a facility of the game (into `live` and `facilities`). */
export function facilityAt(s: BeerState, facilityId: string): number {
  const i = own(s.index, facilityId);
  if (i === undefined) return fail('errFacilityUnknown');
  return i;
}

/** A facility's capability by id, or its first one when no id is given. */
export function capabilityOf(fc: FacilityConfig, capabilityId: string | undefined): [string, Capability] {
  if (capabilityId === undefined) {
    const first = Object.keys(fc.capabilities)[0];
    if (first === undefined) return fail('errCapabilityUnknown');
    return [first, fc.capabilities[first]!];
  }
  const cap = own(fc.capabilities, capabilityId);
  if (!cap) return fail('errCapabilityUnknown');
  return [capabilityId, cap];
}

/** Rules "Order constraints": throws the reason a quantity is refused. */
export function checkOrder(q: number, cap: Pick<Capability, 'moq' | 'maxOrderQty' | 'batchSize'>): void {
  if (typeof q !== 'number' || !Number.isInteger(q) || q < 0) fail('errOrderNotWhole');
  if (cap.moq > 0 && q > 0 && q < cap.moq) fail('errOrderBelowMoq', { moq: cap.moq });
  // A capability's own maximum, and in any case the game's (one order cannot wreck the totals).
  const max = cap.maxOrderQty > 0 ? Math.min(cap.maxOrderQty, MAX_ORDER_QUANTITY) : MAX_ORDER_QUANTITY;
  if (q > max) fail('errOrderAboveMax', { max });
  if (cap.batchSize > 0 && q % cap.batchSize !== 0) fail('errOrderNotMultiple', { batchSize: cap.batchSize });
}
