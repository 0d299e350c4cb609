import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  mayRecordReferral,
  parseInvitedBy,
  REFERRAL_WINDOW_MS,
  type ReferralFacts,
  referralLink,
} from '../../../src-shared/rules/referral';

const now = Date.UTC(2026, 10, 27, 12);
const facts: ReferralFacts = {
  caller: { id: 'newcomer', createdAt: now - 60_000, invitedBy: null },
  referrer: { id: 'referrer', instructor: true, joinedReferralProgram: true },
  now,
};

describe('the referral program', () => {
  it('records a referrer in the program for a new account', () => {
    expect(mayRecordReferral(facts)).toBe(true);
  });

  it.each<[string, Partial<ReferralFacts>]>([
    ['already invited', { caller: { ...facts.caller, invitedBy: 'someone' } }],
    ['no such referrer', { referrer: null }],
    ['oneself', { referrer: { ...facts.referrer!, id: 'newcomer' } }],
    ['a referrer out of the program', { referrer: { ...facts.referrer!, joinedReferralProgram: false } }],
    ['a referrer who is no instructor', { referrer: { ...facts.referrer!, instructor: false } }],
    ['an account a day old', { caller: { ...facts.caller, createdAt: now - REFERRAL_WINDOW_MS } }],
    ['an account from the future', { caller: { ...facts.caller, createdAt: now + 1 } }],
  ])('records nothing for %s', (_, change) => {
    expect(mayRecordReferral({ ...facts, ...change })).toBe(false);
  });

  it('records only for accounts younger than a day, whatever their age', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1_000, max: 3 * REFERRAL_WINDOW_MS }), (age) => {
        const recorded = mayRecordReferral({ ...facts, caller: { ...facts.caller, createdAt: now - age } });
        expect(recorded).toBe(age >= 0 && age < REFERRAL_WINDOW_MS);
      }),
    );
  });

  it('keeps user ids from the address and nothing else', () => {
    expect(parseInvitedBy(' aB3_x-9 ')).toBe('aB3_x-9');
    expect(parseInvitedBy('')).toBeNull();
    expect(parseInvitedBy(null)).toBeNull();
    expect(parseInvitedBy('a/b')).toBeNull();
    expect(parseInvitedBy('x'.repeat(65))).toBeNull();
    fc.assert(
      fc.property(fc.string(), (text) => {
        const id = parseInvitedBy(text);
        if (id !== null) expect(id).toMatch(/^[A-Za-z0-9_-]+$/);
      }),
    );
  });

  it('links to the sign-up page with the referrer', () => {
    expect(referralLink('https://simgames.example/', 'u1')).toBe(
      'https://simgames.example/signup?invitedby=u1',
    );
  });
});
