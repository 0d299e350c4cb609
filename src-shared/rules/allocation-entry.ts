/**
 * What a supplier typed to split a shortage among its clients, read before sending: whole
 * numbers, none above what the client asked, adding up to exactly what is available (the engine's
 * `ConfirmAllocations` rule, said before the player errs).
 */
import { readWholeNumber } from './order-entry';

export type AllocationEntry =
  | { ok: true; allocation: Record<string, number> }
  | { ok: false; messageId: string; values?: Record<string, string | number> };

export function readAllocation(
  typed: Readonly<Record<string, string>>,
  requests: Readonly<Record<string, number>>,
  available: number,
): AllocationEntry {
  const allocation: Record<string, number> = {};
  let sum = 0;
  for (const [client, asked] of Object.entries(requests)) {
    const entry = readWholeNumber(typed[client] ?? '');
    if (!entry.ok) return entry;
    if (entry.value > asked) return { ok: false, messageId: 'allocation.errAboveAsked', values: { asked } };
    allocation[client] = entry.value;
    sum += entry.value;
  }
  if (sum !== available) return { ok: false, messageId: 'allocation.errSum', values: { sum, available } };
  return { ok: true, allocation };
}
