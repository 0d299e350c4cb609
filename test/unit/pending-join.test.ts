import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { signUpFirstMessageId } from '../../src-client/features/auth/after-login';
import { joinTeamValue, parseJoinTeam } from '../../src-shared/api/team';
import {
  joinTeamParts,
  PENDING_JOIN_MAX_AGE_MS,
  pendingJoinStep,
  readPendingJoin,
  withoutJoinTeam,
} from '../../src-shared/rules/pending-join';

/** A join link opened before signing in, acted on after (spec, router behaviour and pending actions). */
const value = 'team_1.abcdefghijklmnopqrstuvwx';
const now = 1_800_000_000_000;
const stored = { value, storedAt: now - 1000 };
const instructor = { email: 'a@example.org', isAnonymous: false, profileType: 'teacher' };
const notSetUp = { ...instructor, profileType: null };
const anonymous = { email: null, isAnonymous: true, profileType: null };

describe('a stored join', () => {
  type Input = Parameters<typeof pendingJoinStep>[0];
  const step = (input: Partial<Input>) =>
    pendingJoinStep({ stored, user: instructor, page: 'instructor', inAddress: true, now, ...input });

  it('runs for a set-up instructor on any page but an account page', () => {
    expect(step({})).toBe('run');
    expect(step({ page: 'other', inAddress: false })).toBe('run');
    expect(step({ page: 'account' })).toBe('wait');
  });

  it('waits for the sign-in check and for the set-up questions', () => {
    expect(step({ user: 'checking' })).toBe('wait');
    expect(step({ user: notSetUp })).toBe('wait');
    expect(step({ user: notSetUp, page: 'other' })).toBe('wait');
  });

  it('sends a visitor without an instructor account who opened the link to sign up, unless the page does', () => {
    for (const user of [null, anonymous]) {
      expect(step({ user, page: 'other' })).toBe('signUpFirst');
      expect(step({ user, page: 'instructor' })).toBe('wait');
      expect(step({ user, page: 'account' })).toBe('wait');
      // Playing a game later, with the join still stored: nobody is taken away from the game.
      expect(step({ user, page: 'other', inAddress: false })).toBe('wait');
    }
  });

  it('is nothing when nothing is stored, and forgotten when too old or not a join link', () => {
    expect(step({ stored: null })).toBe('none');
    expect(step({ stored: { value, storedAt: now - PENDING_JOIN_MAX_AGE_MS - 1 } })).toBe('drop');
    expect(step({ stored: { value: 'team_1.short', storedAt: now } })).toBe('drop');
  });

  it('never runs for someone without a set-up e-mail account, whatever is stored', () => {
    const pages = fc.constantFrom('account' as const, 'instructor' as const, 'other' as const);
    fc.assert(
      fc.property(fc.string(), fc.integer(), pages, fc.boolean(), (text, storedAt, page, inAddress) => {
        for (const user of [null, anonymous, notSetUp, 'checking' as const])
          expect(step({ stored: { value: text, storedAt }, user, page, inAddress })).not.toBe('run');
      }),
    );
  });

  it('reads back what was stored, and nothing else', () => {
    expect(readPendingJoin(JSON.stringify(stored))).toEqual(stored);
    for (const raw of [null, '', '{', 'null', '"x"', JSON.stringify({ value: 'x', storedAt: 1 })])
      expect(readPendingJoin(raw)).toBeNull();
    fc.assert(fc.property(fc.string(), (raw) => void readPendingJoin(raw)));
  });

  it("splits a join link's value as the server does", () => {
    expect(joinTeamParts(value)).toEqual({ teamId: 'team_1', joinToken: 'abcdefghijklmnopqrstuvwx' });
    const part = (min: number, max: number) =>
      fc.stringMatching(new RegExp(`^[A-Za-z0-9_-]{${min},${max}}$`));
    fc.assert(
      fc.property(part(1, 64), part(16, 64), (teamId, token) => {
        expect(joinTeamParts(joinTeamValue(teamId, token))).toEqual({ teamId, joinToken: token });
      }),
    );
    fc.assert(
      fc.property(fc.string(), (text) => {
        expect(joinTeamParts(text)).toEqual(parseJoinTeam(text));
      }),
    );
  });

  it('leaves the address without its joinTeam', () => {
    expect(withoutJoinTeam(`?joinTeam=${value}`)).toBe('');
    expect(withoutJoinTeam(`?tab=1&joinTeam=${value}&b=2`)).toBe('?tab=1&b=2');
    expect(withoutJoinTeam('')).toBe('');
  });

  it('tells a visitor sent to sign up that they will join the team', () => {
    expect(signUpFirstMessageId(`?joinTeam=${value}`)).toBe('dashboard.messSignupToJoinTeam');
  });
});
