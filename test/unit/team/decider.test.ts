import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../src-shared/eventsourcing';
import { type TeamCommand, type TeamEvent, type TeamState, teamDecider } from '../../../src-shared/team';
import { Running } from '../../support/decider';

const DAY = 86_400_000;
const as = (userId: string, now = 1_000): CommandContext => ({
  now,
  actor: { userId, role: userId === 'system' ? 'system' : 'instructor' },
});
const TOKEN = 'a'.repeat(24);

function team() {
  const t = new Running<TeamCommand, TeamEvent, TeamState>(teamDecider);
  t.run({ type: 'CreateTeam', teamId: 't1', name: 'Supply chain, fall', joinToken: TOKEN }, as('ann'));
  return t;
}

describe('the team decider', () => {
  it('makes its creator the admin with every game type', () => {
    expect(team().state.members).toEqual({
      ann: { role: 'admin', games: ['beergame', 'leangame'], joinedAt: 1_000 },
    });
  });

  it("makes the creator's team once when two first actions make it at once, and no one else's", () => {
    const t = team();
    const again = { type: 'CreateTeam', teamId: 't1', name: 'Other', joinToken: 'b'.repeat(24) } as const;
    expect(teamDecider.decide(again, t.state, as('ann'))).toEqual([]);
    expect(() => teamDecider.decide(again, t.state, as('eve'))).toThrow('team.errTeamExists');
  });

  it('lets a colleague join by the link only, with the game types of their invitation', () => {
    const t = team();
    expect(() => t.run({ type: 'JoinTeam', joinToken: 'b'.repeat(24), games: null }, as('bob'))).toThrow(
      'team.errJoinLinkInvalid',
    );
    t.run({ type: 'JoinTeam', joinToken: TOKEN, games: ['leangame'] }, as('bob'));
    expect(t.state.members.bob).toMatchObject({ role: 'member', games: ['leangame'] });
    // A second join changes nothing.
    expect(
      teamDecider.decide({ type: 'JoinTeam', joinToken: TOKEN, games: null }, t.state, as('bob')),
    ).toEqual([]);
  });

  it('stops an old link working once the admin makes a new one', () => {
    const t = team();
    t.run({ type: 'RotateJoinLink', joinToken: 'c'.repeat(24) }, as('ann'));
    expect(() => t.run({ type: 'JoinTeam', joinToken: TOKEN, games: null }, as('bob'))).toThrow(
      'team.errJoinLinkInvalid',
    );
  });

  it("keeps the admin's commands for admins, and a team always has one", () => {
    const t = team();
    t.run({ type: 'JoinTeam', joinToken: TOKEN, games: null }, as('bob'));
    expect(() => t.run({ type: 'RemoveMember', userId: 'ann' }, as('bob'))).toThrow('team.errAdminOnly');
    expect(() => t.run({ type: 'LeaveTeam' }, as('ann'))).toThrow('team.errLastAdmin');
    t.run({ type: 'TransferAdmin', userId: 'bob' }, as('ann'));
    expect(t.state.members.ann!.role).toBe('member');
    expect(t.state.members.bob!.role).toBe('admin');
    t.run({ type: 'LeaveTeam' }, as('ann'));
    expect(Object.keys(t.state.members)).toEqual(['bob']);
    expect(() => t.run({ type: 'RemoveMember', userId: 'bob' }, as('bob'))).toThrow('team.errLastAdmin');
  });

  it("sets a member's game types in the catalogue's order", () => {
    const t = team();
    t.run({ type: 'JoinTeam', joinToken: TOKEN, games: [] }, as('bob'));
    t.run({ type: 'SetMemberGames', userId: 'bob', games: ['leangame', 'beergame'] }, as('ann'));
    expect(t.state.members.bob!.games).toEqual(['beergame', 'leangame']);
    expect(() => t.run({ type: 'SetMemberGames', userId: 'eve', games: [] }, as('ann'))).toThrow(
      'team.errNotMember',
    );
  });

  it('gives one trial, for days from now, and none over a plan already paid', () => {
    const t = team();
    const trial: TeamCommand = {
      type: 'StartTrial',
      gameTypes: ['beergame'],
      planName: 'trial',
      players: 30,
      durationDays: 14,
    };
    t.run(trial, as('ann', 5 * DAY));
    expect(t.state.plans.beergame).toMatchObject({
      since: 5 * DAY,
      until: 19 * DAY,
      players: 30,
      source: 'trial',
    });
    expect(() => t.run({ ...trial, gameTypes: ['leangame'] }, as('ann', 6 * DAY))).toThrow(
      'team.errTrialUsed',
    );
  });

  it('extends an active plan from its end when bought again, and a credit note ends or shortens it', () => {
    const t = team();
    const billing = { organisation: 'ULB', address: [], countryCode: 'BE', euVatNumber: 'BE0403170701' };
    const buy = (invoiceNumber: string, now: number) =>
      t.run(
        {
          type: 'PurchasePlan',
          gameType: 'beergame',
          planName: 'class',
          players: 60,
          durationDays: 30,
          invoiceNumber,
          billing,
        },
        as('system', now),
      );
    buy('2026-000001', 0);
    expect(t.events.map((e) => e.type)).toContain('BillingDataSet');
    buy('2026-000002', 10 * DAY);
    expect(t.state.plans.beergame).toMatchObject({ since: 0, until: 60 * DAY, invoiceNumber: '2026-000002' });
    t.run(
      { type: 'CancelPlan', gameType: 'beergame', invoiceNumber: '2026-000001', durationDays: 30 },
      as('system', 11 * DAY),
    );
    expect(t.state.plans.beergame).toMatchObject({ until: 30 * DAY, cancelled: false });
    t.run(
      { type: 'CancelPlan', gameType: 'beergame', invoiceNumber: '2026-000002', durationDays: 30 },
      as('system', 12 * DAY),
    );
    expect(t.state.plans.beergame!.cancelled).toBe(true);
  });

  it('clears a VAT number the service found not valid', () => {
    const t = team();
    const billing = {
      organisation: 'ULB',
      address: ['Av. F. Roosevelt 50'],
      countryCode: 'BE',
      euVatNumber: 'BE0403170701',
    };
    t.run({ type: 'SetBillingData', billing }, as('ann'));
    t.run({ type: 'ClearVatNumber' }, as('system'));
    expect(t.state.billing).toEqual({ ...billing, euVatNumber: null });
  });
});
