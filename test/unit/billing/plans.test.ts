import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  availableGameTypes,
  DAY_MS,
  gameTypeAvailable,
  isHistoricUser,
  isPlanActive,
  nextPlan,
  type Plan,
  planFull,
  playerAdmitted,
  usageTag,
} from '../../../src-shared/billing/plans';
import { assertProperty } from '../../support/property';

const plan = (overrides: Partial<Plan> = {}): Plan => ({
  planName: 'class',
  players: 60,
  since: 0,
  until: 30 * DAY_MS,
  durationDays: 30,
  source: 'invoice',
  invoiceNumber: '2026-000001',
  cancelled: false,
  ...overrides,
});

describe('plans (spec points 3, 6, 9)', () => {
  it('is active within its period and not cancelled', () => {
    expect(isPlanActive(plan(), 0)).toBe(true);
    expect(isPlanActive(plan(), 30 * DAY_MS)).toBe(false);
    expect(isPlanActive(plan({ cancelled: true }), 1)).toBe(false);
    expect(isPlanActive(undefined, 1)).toBe(false);
  });

  it('makes a game type available only to a member assigned it on a team whose plan is active', () => {
    const team = { games: ['beergame'], plans: { beergame: plan(), leangame: plan() } };
    expect(gameTypeAvailable(true, [team], 'beergame', 1)).toBe(true);
    expect(gameTypeAvailable(true, [team], 'leangame', 1)).toBe(false);
    expect(gameTypeAvailable(true, [{ ...team, plans: {} }], 'beergame', 1)).toBe(false);
    expect(gameTypeAvailable(true, [], 'beergame', 1)).toBe(false);
    expect(availableGameTypes(true, [team, { games: ['leangame'], plans: { leangame: plan() } }], 1)).toEqual(
      ['beergame', 'leangame'],
    );
  });

  it('gives a self-hosted server every game type without limit', () => {
    expect(availableGameTypes(false, [], 1)).toEqual(['beergame', 'leangame']);
    expect(playerAdmitted(false, undefined, { current: 10_000, alreadyCounted: false }, 1)).toBe(true);
  });

  it('shows "{current}/{max}", hidden when unlimited, without a maximum or without an active plan', () => {
    expect(usageTag(12, plan(), 1)).toBe('12/60');
    expect(usageTag(12, plan({ players: null }), 1)).toBeNull();
    expect(usageTag(12, plan({ players: 0 }), 1)).toBeNull();
    expect(usageTag(12, plan(), 31 * DAY_MS)).toBeNull();
  });

  it('lets the 60th player of a 60-player plan in and refuses the 61st, never one already counted', () => {
    expect(playerAdmitted(true, plan(), { current: 59, alreadyCounted: false }, 1)).toBe(true);
    expect(playerAdmitted(true, plan(), { current: 60, alreadyCounted: false }, 1)).toBe(false);
    expect(playerAdmitted(true, plan(), { current: 60, alreadyCounted: true }, 1)).toBe(true);
    expect(planFull(plan(), 60, 1)).toBe(true);
    expect(planFull(plan(), 59, 1)).toBe(false);
    assertProperty(
      fc.property(fc.nat(1000), fc.integer({ min: 1, max: 1000 }), (current, players) => {
        const admitted = playerAdmitted(true, plan({ players }), { current, alreadyCounted: false }, 1);
        expect(admitted).toBe(current < players);
        expect(planFull(plan({ players }), current, 1)).toBe(!admitted);
      }),
    );
  });

  it('extends an active plan from its end, starts an ended one now', () => {
    const bought = {
      planName: 'class',
      players: 60,
      durationDays: 30,
      source: 'invoice' as const,
      invoiceNumber: 'x',
    };
    expect(nextPlan(plan(), bought, 10 * DAY_MS)).toMatchObject({ since: 0, until: 60 * DAY_MS });
    expect(nextPlan(plan(), bought, 40 * DAY_MS)).toMatchObject({ since: 40 * DAY_MS, until: 70 * DAY_MS });
    expect(nextPlan(undefined, bought, 5)).toMatchObject({ since: 5, until: 5 + 30 * DAY_MS });
  });

  it('calls historic a user with shared games over 20 days old, or with a plan over 90 days old', () => {
    const now = 100 * DAY_MS;
    const user = (days: number, hasSharedGames: boolean, hasPlan: boolean) => ({
      createdAt: now - days * DAY_MS,
      hasSharedGames,
      hasPlan,
    });
    expect(isHistoricUser(user(21, true, false), now)).toBe(true);
    expect(isHistoricUser(user(19, true, false), now)).toBe(false);
    expect(isHistoricUser(user(91, false, true), now)).toBe(true);
    expect(isHistoricUser(user(89, false, true), now)).toBe(false);
    expect(isHistoricUser(user(99, false, false), now)).toBe(false);
  });
});
