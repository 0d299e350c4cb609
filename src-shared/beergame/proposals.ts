/**
 * The instructor's proposal (`isProposal`, spec point 3; rules/beergame.md "proposals") to one role
 * or to all, from the live board (issue 26): which capabilities it goes to, and the quantity typed
 * for them read exactly as the order box reads it (rules/order-entry.ts: never rewritten), within
 * every target's constraints, before anything is sent.
 */
import { readOrderEntry } from '../rules/order-entry';
import type { Capability } from './schemas';

/** What a proposal needs to know of a role (a `BeerFacilityView` has it). */
export interface ProposalRole {
  id: string;
  computer: boolean;
  capabilities: ReadonlyArray<
    Pick<Capability, 'moq' | 'maxOrderQty' | 'batchSize'> & { id: string; validatedOrder: boolean }
  >;
}

export interface ProposalTarget {
  facilityId: string;
  capabilityId: string;
}

export type ProposalReading =
  | { ok: true; quantity: number; targets: ProposalTarget[] }
  | { ok: false; messageId: string; values?: Record<string, string | number>; facilityId?: string };

/**
 * The capabilities a proposal to `to` goes to (`null`: every role), this week: those not ordered
 * yet (an order placed makes a proposal pointless: the player no longer sees it). To every role, a
 * role the computer plays is left out: the computer orders by its own rule, never by a proposal.
 */
export function proposalTargets(roles: readonly ProposalRole[], to: string | null): ProposalTarget[] {
  const chosen =
    to === null ? roles.filter((role) => !role.computer) : roles.filter((role) => role.id === to);
  return chosen.flatMap((role) =>
    role.capabilities
      .filter((capability) => !capability.validatedOrder)
      .map((capability) => ({ facilityId: role.id, capabilityId: capability.id })),
  );
}

/**
 * The quantity `text` proposes to `to`, read exactly and checked against each target's constraints
 * (minimum, maximum, batch), or the first refusal, with the role it concerns: nothing is sent
 * unless every target accepts it.
 */
export function readProposal(
  text: string,
  roles: readonly ProposalRole[],
  to: string | null,
): ProposalReading {
  if (to !== null && !roles.some((role) => role.id === to))
    return { ok: false, messageId: 'beergame.errFacilityUnknown' };
  const targets = proposalTargets(roles, to);
  if (targets.length === 0)
    return { ok: false, messageId: to === null ? 'proposals.errNobody' : 'proposals.errOrdered' };
  let quantity = 0;
  for (const target of targets) {
    const role = roles.find((r) => r.id === target.facilityId)!;
    const capability = role.capabilities.find((c) => c.id === target.capabilityId)!;
    const entry = readOrderEntry(text, capability);
    if (!entry.ok)
      return {
        ok: false,
        messageId: entry.messageId,
        ...(entry.values ? { values: entry.values } : {}),
        facilityId: target.facilityId,
      };
    quantity = entry.quantity;
  }
  return { ok: true, quantity, targets };
}
