/**
 * A session's lean round (src-shared/session/lean-round.ts) and how a session reads a team's game
 * of either type (team-game.ts): the round's configuration checked before any event, the set-up
 * each team's game starts from, and the follow-up's facts of a lean factory as it plays.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LEAN_CREATE_MINUTES, LEAN_IMPROVEMENTS } from '../../../src-shared/leangame/constants';
import { getLeanScenario } from '../../../src-shared/leangame/templates';
import {
  LEAN_ROUND_DEFAULT_MINUTES,
  LEAN_ROUND_FACTORIES,
  leanRoundMinutes,
  leanRoundSetup,
} from '../../../src-shared/session/lean-round';
import { beerTeamGame, leanTeamGame } from '../../../src-shared/session/team-game';
import { assertProperty } from '../../support/property';
import { classicWithPlayers } from '../beergame/helpers';
import { alice, creator, Game, MIN, T0 } from '../leangame/helpers';

describe('a lean round of a session', () => {
  it('plays a built-in factory at its default length when it names only the factory', () => {
    for (const { id } of LEAN_ROUND_FACTORIES) {
      const check = leanRoundSetup({ scenario: id });
      expect(check.ok).toBe(true);
      if (!check.ok) continue;
      expect(check.scenarioId).toBe(id);
      expect(check.setup).toEqual(getLeanScenario(id)!.setupFor(LEAN_ROUND_DEFAULT_MINUTES));
    }
  });

  it('reads a typed length exactly, or refuses it', () => {
    assertProperty(
      fc.property(fc.oneof(fc.integer({ min: -100, max: 200 }), fc.double({ noNaN: false })), (minutes) => {
        const check = leanRoundSetup({ scenario: 'workshop4-choose', minutes });
        const valid =
          Number.isInteger(minutes) &&
          minutes >= LEAN_CREATE_MINUTES.min &&
          minutes <= LEAN_CREATE_MINUTES.max;
        if (!valid) return !check.ok && check.messageId === 'session.errLeanMinutes';
        return check.ok && check.setup.params.consumerDemandParams.totalDuration === minutes;
      }),
    );
  });

  it('offers players the improvements chosen for the round, once each', () => {
    assertProperty(
      fc.property(fc.subarray([...LEAN_IMPROVEMENTS]), (available) => {
        const check = leanRoundSetup({ scenario: 'factory7-choose', available });
        return (
          check.ok && JSON.stringify(check.setup.params.improvements.available) === JSON.stringify(available)
        );
      }),
    );
    expect(leanRoundSetup({ scenario: 'factory7-choose', available: ['smed', 'smed'] })).toEqual({
      ok: false,
      messageId: 'session.errLeanImprovements',
    });
    expect(leanRoundSetup({ scenario: 'factory7-choose', available: ['teleport'] })).toEqual({
      ok: false,
      messageId: 'session.errLeanRound',
    });
  });

  it('refuses a factory it does not know, and a saved set-up the engine refuses', () => {
    expect(leanRoundSetup({ scenario: 'moon-base' })).toEqual({
      ok: false,
      messageId: 'session.errLeanFactory',
    });
    expect(leanRoundSetup({})).toEqual({ ok: false, messageId: 'session.errLeanRound' });
    expect(leanRoundSetup(null)).toEqual({ ok: false, messageId: 'session.errLeanRound' });
    expect(leanRoundSetup({ scenario: 'workshop4-choose', setup: { params: 'x' } })).toEqual({
      ok: false,
      messageId: 'session.errLeanRound',
    });
    expect(leanRoundMinutes({ scenario: 'moon-base' })).toBeNull();
  });

  it('plays a saved set-up as saved, its customers’ orders laid out again for a new length', () => {
    const saved = getLeanScenario('workshop4-choose')!.setupFor(9);
    const asSaved = leanRoundSetup({ scenario: 'workshop4-choose', setup: saved });
    expect(asSaved.ok && asSaved.setup).toEqual(saved);
    const longer = leanRoundSetup({ scenario: 'workshop4-choose', setup: saved, minutes: 20 });
    expect(longer.ok).toBe(true);
    if (!longer.ok) return;
    expect(longer.setup.facilities).toEqual(saved.facilities);
    expect(longer.setup.params.consumerDemandParams.totalDuration).toBe(20);
    expect(longer.setup.params.consumerDemand).toEqual(
      getLeanScenario('workshop4-choose')!.setupFor(20).params.consumerDemand,
    );
    expect(leanRoundMinutes({ scenario: 'workshop4-choose', setup: saved })).toBe(9);
  });
});

describe('a team’s game as the session reads it', () => {
  it('of the beer game: its week, whose order is in, and no cost before a week has closed', () => {
    const game = classicWithPlayers();
    const facts = beerTeamGame(game.state);
    expect(facts).toMatchObject({
      gameType: 'beergame',
      week: 1,
      started: false,
      finished: false,
      cost: null,
    });
    expect(facts.seats.every((seat) => typeof seat.ordered === 'boolean')).toBe(true);
    const over = beerTeamGame(game.playOut().state);
    expect(over.finished).toBe(true);
    expect(over.cost).toBeGreaterThan(0);
  });

  it('of the lean game: the clock, the computer on free stations while it runs, and the flow so far', () => {
    const game = Game.create();
    game.run({ type: 'JoinFacility', facilityId: 'wh' }, alice, T0 - MIN);
    const before = leanTeamGame(game.state, T0);
    expect(before).toMatchObject({
      gameType: 'leangame',
      started: false,
      startAt: null,
      endAt: null,
      otif: null,
    });
    expect(before.seats.every((seat) => seat.ordered === null && !seat.computer)).toBe(true);
    game.run({ type: 'StartGame' }, creator, T0);
    const running = leanTeamGame(game.state, T0 + MIN);
    expect(running.started).toBe(true);
    expect(running.endAt! - running.startAt!).toBe(running.minutes * MIN);
    expect(running.seats.find((seat) => seat.facilityId === 'wh')).toMatchObject({
      userId: 'alice',
      computer: false,
    });
    expect(running.seats.filter((seat) => seat.userId === null).every((seat) => seat.computer)).toBe(true);
    game.run({ type: 'EndGame' }, creator, T0 + 2 * MIN);
    const over = leanTeamGame(game.state, T0 + 10 * MIN);
    expect(over.finished).toBe(true);
    // Once over, nobody is the computer's any more, and the figures stop at the end.
    expect(over.seats.some((seat) => seat.computer)).toBe(false);
    expect(over.deliveries + over.wip).toBeGreaterThanOrEqual(0);
    expect(leanTeamGame(game.state, T0 + 60 * MIN)).toEqual(over);
  });
});
