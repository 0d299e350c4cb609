/** The instructor's proposals and starting-order reset (issue 26): the pure rules the board and the engine share. */
import { describe, expect, it } from 'vitest';
import { messageAudience } from '../../src-client/message-audience';
import { startingOrdersOpen } from '../../src-shared/beergame/levers';
import { type ProposalRole, proposalTargets, readProposal } from '../../src-shared/beergame/proposals';

const cap = (id: string, extra: Partial<ProposalRole['capabilities'][number]> = {}) => ({
  id,
  moq: 0,
  maxOrderQty: 0,
  batchSize: 0,
  validatedOrder: false,
  ...extra,
});
const roles: ProposalRole[] = [
  { id: 'retailer', computer: false, capabilities: [cap('A1')] },
  { id: 'wholesaler', computer: false, capabilities: [cap('A1', { validatedOrder: true })] },
  { id: 'distributor', computer: true, capabilities: [cap('A1')] },
  {
    id: 'factory',
    computer: false,
    capabilities: [cap('A1', { batchSize: 5 }), cap('A2', { maxOrderQty: 20 })],
  },
];

describe('proposalTargets', () => {
  it('goes to every capability of one role not ordered yet', () => {
    expect(proposalTargets(roles, 'factory')).toEqual([
      { facilityId: 'factory', capabilityId: 'A1' },
      { facilityId: 'factory', capabilityId: 'A2' },
    ]);
    expect(proposalTargets(roles, 'wholesaler')).toEqual([]);
    // A role the computer plays may be proposed to on its own (the instructor chose it).
    expect(proposalTargets(roles, 'distributor')).toEqual([
      { facilityId: 'distributor', capabilityId: 'A1' },
    ]);
  });

  it("to every role: those that have not ordered, but the computer's (a free role may be taken)", () => {
    expect(proposalTargets(roles, null)).toEqual([
      { facilityId: 'retailer', capabilityId: 'A1' },
      { facilityId: 'factory', capabilityId: 'A1' },
      { facilityId: 'factory', capabilityId: 'A2' },
    ]);
  });
});

describe('readProposal', () => {
  it('reads the typed number exactly, for every target', () => {
    expect(readProposal(' 10 ', roles, null)).toEqual({
      ok: true,
      quantity: 10,
      targets: proposalTargets(roles, null),
    });
    expect(readProposal('007', roles, 'retailer')).toMatchObject({ ok: true, quantity: 7 });
  });

  it('refuses what it would have to rewrite, with the order box words', () => {
    for (const [typed, messageId] of [
      ['', 'beer.errOrderEmpty'],
      ['2.5', 'beergame.errOrderNotWhole'],
      ['1e3', 'beer.errOrderNotNumber'],
      ['-4', 'beer.errOrderNegative'],
      ['+4', 'beer.errOrderNotNumber'],
      ['1 000', 'beer.errOrderNotNumber'],
    ] as const)
      expect(readProposal(typed, roles, 'retailer'), typed).toMatchObject({ ok: false, messageId });
  });

  it("refuses a quantity one target's constraints refuse, naming that role, so that nothing is sent", () => {
    expect(readProposal('12', roles, null)).toMatchObject({
      ok: false,
      messageId: 'beergame.errOrderNotMultiple',
      facilityId: 'factory',
    });
    expect(readProposal('25', roles, 'factory')).toMatchObject({ ok: false, facilityId: 'factory' });
    expect(readProposal('15', roles, 'factory')).toMatchObject({ ok: true, quantity: 15 });
  });

  it('refuses a proposal that would reach nobody, and an unknown role', () => {
    expect(readProposal('4', roles, 'wholesaler')).toEqual({
      ok: false,
      messageId: 'proposals.errOrdered',
    });
    const ordered = roles.map((r) => ({
      ...r,
      capabilities: r.capabilities.map((c) => ({ ...c, validatedOrder: true })),
    }));
    expect(readProposal('4', ordered, null)).toEqual({ ok: false, messageId: 'proposals.errNobody' });
    expect(readProposal('4', roles, 'mall')).toEqual({ ok: false, messageId: 'beergame.errFacilityUnknown' });
  });
});

describe('startingOrdersOpen', () => {
  it('holds during week 1 of a game not ended', () => {
    expect(startingOrdersOpen({ week: 1, finished: false })).toBe(true);
    expect(startingOrdersOpen({ week: 2, finished: false })).toBe(false);
    expect(startingOrdersOpen({ week: 1, finished: true })).toBe(false);
  });
});

it("keeps the board's proposal words out of a player's first load (an instructor proposes)", () => {
  expect(messageAudience('proposals.title')).toBe('instructor');
  expect(messageAudience('proposals.errNobody')).toBe('instructor');
  // The player's side of a proposal is every page's.
  expect(messageAudience('beer.acceptProposal')).toBeNull();
});
