import { describe, expect, it } from 'vitest';
import type { CommandContext } from '../../../src-shared/eventsourcing';
import { isSessionAdmin, sessionPageRefusal } from '../../../src-shared/rules/session-admin';
import {
  computerSeatForLateJoiner,
  currentRound,
  emptiestTeam,
  gameOfTeam,
  nextRoundSeats,
  placeOfGame,
  roundPage,
  roundStatus,
  type SessionCommand,
  type SessionEvent,
  type SessionSetupInput,
  type SessionState,
  sessionDecider,
  sessionSetupSchema,
  teamName,
} from '../../../src-shared/session';
import { Running } from '../../support/decider';

const CREATOR = 'creator';
const as = (userId: string, now = 1_000): CommandContext => ({
  now,
  actor: { userId, role: userId === CREATOR ? 'instructor' : userId === 'system' ? 'system' : 'player' },
});

const round = (id: string, name = id) => ({
  id,
  name,
  description: '',
  gameType: 'beergame' as const,
  config: { weeks: 4 },
});
const setup = (overrides: Partial<SessionSetupInput> = {}) =>
  sessionSetupSchema.parse({
    name: 'Tuesday class',
    rounds: [round('r1'), round('r2')],
    teamCount: 3,
    ...overrides,
  });

function created(overrides: Partial<SessionSetupInput> = {}) {
  const session = new Running<SessionCommand, SessionEvent, SessionState>(sessionDecider);
  session.run(
    {
      type: 'CreateSession',
      sessionId: 's1',
      creatorId: CREATOR,
      template: null,
      setup: setup(overrides),
      duplicateOf: null,
    },
    as(CREATOR),
  );
  return session;
}

describe('the session decider', () => {
  it('creates a session as a draft with the config defaults of spec point 3', () => {
    const session = created();
    expect(session.state).toMatchObject({ exists: true, published: false, code: null, creatorId: CREATOR });
    expect(session.state.setup.config).toEqual({
      teamComposition: 'maintainall',
      instructionsMode: 'hostvideo-playerslides',
      debriefingMode: 'access',
      allowPlayerReset: false,
      allowJoinRandom: true,
      allowLanguagePicker: true,
      allowAudioPlayer: ['instructor'],
    });
    session
      .when(
        {
          type: 'CreateSession',
          sessionId: 's1',
          creatorId: CREATOR,
          template: null,
          setup: setup(),
          duplicateOf: null,
        },
        as(CREATOR),
      )
      .thenRefused('session.errExists');
  });

  it('publishes a duplicate at once, with no code, games or players (spec point 4)', () => {
    const copy = new Running<SessionCommand, SessionEvent, SessionState>(sessionDecider);
    copy.run(
      {
        type: 'CreateSession',
        sessionId: 's2',
        creatorId: CREATOR,
        template: null,
        setup: setup(),
        duplicateOf: 's1',
      },
      as(CREATOR),
    );
    expect(copy.state).toMatchObject({ published: true, code: null, roundGames: [], duplicateOf: 's1' });
  });

  it('refuses every command but creation on an unknown or deleted session, and admin commands to others', () => {
    const none = new Running<SessionCommand, SessionEvent, SessionState>(sessionDecider);
    none.when({ type: 'PublishSession' }, as(CREATOR)).thenRefused('session.sessionNotFound');
    const session = created();
    session.when({ type: 'PublishSession' }, as('stranger')).thenRefused('session.errNotAdmin');
    session
      .when({ type: 'PublishSession' }, as('system'))
      .thenEvents((events) => expect(events).toHaveLength(1));
    session.run({ type: 'DeleteSession' }, as(CREATOR));
    session.when({ type: 'PublishSession' }, as(CREATOR)).thenRefused('session.sessionNotFound');
  });

  it('publishes and unpublishes once each; the code is drawn once', () => {
    const session = created();
    session.run({ type: 'PublishSession' }, as(CREATOR));
    session.when({ type: 'PublishSession' }, as(CREATOR)).thenEvents([]);
    session.run({ type: 'GenerateCode', code: 'ACD347' }, as(CREATOR));
    session.when({ type: 'GenerateCode', code: 'XYW999' }, as(CREATOR)).thenEvents([]);
    session.run({ type: 'UnpublishSession' }, as(CREATOR));
    expect(session.state).toMatchObject({ published: false, code: 'ACD347' });
  });

  it('opens rounds in order, one game per team, and only once the session has a code', () => {
    const session = created();
    session
      .when({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b', 'c'] }, as(CREATOR))
      .thenRefused('session.errNoCode');
    session.run({ type: 'GenerateCode', code: 'ACD347' }, as(CREATOR));
    session
      .when({ type: 'OpenRound', roundNumber: 2, gameIds: ['a', 'b', 'c'] }, as(CREATOR))
      .thenRefused('session.errRoundOrder');
    session
      .when({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b'] }, as(CREATOR))
      .thenRefused('session.errRoundGames');
    session
      .when({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'a', 'b'] }, as(CREATOR))
      .thenRefused('session.errRoundGames');
    session.run({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b', 'c'] }, as(CREATOR));
    // A retried opening of the round in play records nothing more.
    session.when({ type: 'OpenRound', roundNumber: 1, gameIds: ['x', 'y', 'z'] }, as(CREATOR)).thenEvents([]);
    session.run({ type: 'OpenRound', roundNumber: 2, gameIds: ['d', 'e', 'f'] }, as(CREATOR));
    session
      .when({ type: 'OpenRound', roundNumber: 3, gameIds: ['g', 'h', 'i'] }, as(CREATOR))
      .thenRefused('session.errRoundOrder');
    expect(currentRound(session.state)).toBe(2);
    expect(gameOfTeam(session.state, 2, 3)).toBe('f');
    expect(gameOfTeam(session.state, 3, 1)).toBeNull();
    expect(placeOfGame(session.state, 'e')).toEqual({ roundNumber: 2, teamNumber: 2 });
    expect(placeOfGame(session.state, 'zz')).toBeNull();
  });

  it('starts the open round once', () => {
    const session = created();
    session.run({ type: 'GenerateCode', code: 'ACD347' }, as(CREATOR));
    session.when({ type: 'StartRound', roundNumber: 1 }, as(CREATOR)).thenRefused('session.errRoundNotOpen');
    session.run({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b', 'c'] }, as(CREATOR));
    session.run({ type: 'StartRound', roundNumber: 1 }, as(CREATOR));
    session.when({ type: 'StartRound', roundNumber: 1 }, as(CREATOR)).thenEvents([]);
    expect(session.state.startedRounds).toEqual([1]);
  });

  it('locks and unlocks rounds by id (spec `lockedRounds`)', () => {
    const session = created();
    session.when({ type: 'LockRound', roundId: 'nope' }, as(CREATOR)).thenRefused('session.errRoundUnknown');
    session.run({ type: 'LockRound', roundId: 'r2' }, as(CREATOR));
    session.when({ type: 'LockRound', roundId: 'r2' }, as(CREATOR)).thenEvents([]);
    expect(session.state.lockedRounds).toEqual({ r2: true });
    session.run({ type: 'UnlockRound', roundId: 'r2' }, as(CREATOR));
    session.when({ type: 'UnlockRound', roundId: 'r2' }, as(CREATOR)).thenEvents([]);
    expect(session.state.lockedRounds).toEqual({});
  });

  it('edits freely before any round has games, then keeps opened rounds and the team count', () => {
    const session = created();
    session.run({ type: 'EditSession', setup: setup({ teamCount: 5, name: 'Renamed' }) }, as(CREATOR));
    expect(session.state.setup).toMatchObject({ teamCount: 5, name: 'Renamed' });
    session
      .when({ type: 'EditSession', setup: setup({ rounds: [round('r1'), round('r1')] }) }, as(CREATOR))
      .thenRefused('session.errRoundIdsRepeat');
    session.run({ type: 'GenerateCode', code: 'ACD347' }, as(CREATOR));
    session.run({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b', 'c', 'd', 'e'] }, as(CREATOR));
    const now = session.state.setup;
    session
      .when({ type: 'EditSession', setup: { ...now, teamCount: 6 } }, as(CREATOR))
      .thenRefused('session.errRoundsStarted');
    session
      .when(
        { type: 'EditSession', setup: { ...now, rounds: [round('r1', 'Other'), round('r2')] } },
        as(CREATOR),
      )
      .thenRefused('session.errRoundsStarted');
    // The rounds to come, the names and the labels stay editable.
    session.run(
      {
        type: 'EditSession',
        setup: {
          ...now,
          name: 'Tuesday',
          teamNames: ['Ants'],
          rounds: [now.rounds[0]!, round('r2', 'Transparent')],
        },
      },
      as(CREATOR),
    );
    expect(session.state.setup.rounds[1]!.name).toBe('Transparent');
  });
});

describe('seats from round to round', () => {
  const seats = [
    { userId: 'a', teamNumber: 1, facilityId: 'retailer' },
    { userId: 'b', teamNumber: 1, facilityId: 'wholesaler' },
    { userId: 'c', teamNumber: 2, facilityId: 'retailer' },
    { userId: 'd', teamNumber: 2, facilityId: 'wholesaler' },
    { userId: 'e', teamNumber: 3, facilityId: 'wholesaler' },
  ];
  const roles = ['retailer', 'wholesaler'];

  it('keeps every team and role under maintainall and nolobby', () => {
    expect(nextRoundSeats('maintainall', seats, 3, roles, 2)).toEqual(seats);
    expect(nextRoundSeats('nolobby', seats, 3, roles, 2)).toEqual(seats);
  });

  it('shuffles teams but keeps roles, never two players on one seat, new teammates each round', () => {
    for (const roundNumber of [2, 3, 4]) {
      const next = nextRoundSeats('shuffle', seats, 3, roles, roundNumber);
      expect(next.map((s) => s.facilityId)).toEqual(seats.map((s) => s.facilityId));
      const taken = next.map((s) => `${s.teamNumber}/${s.facilityId}`);
      expect(new Set(taken).size).toBe(taken.length);
      expect(next.every((s) => s.teamNumber >= 1 && s.teamNumber <= 3)).toBe(true);
    }
    const round2 = nextRoundSeats('shuffle', seats, 3, roles, 2);
    expect(round2.find((s) => s.userId === 'a')!.teamNumber).toBe(1);
    expect(round2.find((s) => s.userId === 'b')!.teamNumber).toBe(2);
  });
});

describe('a player joining at random', () => {
  it('goes to the team with the most free seats, the lowest number among equals', () => {
    const teams = [
      { teamNumber: 1, freeSeats: 1 },
      { teamNumber: 2, freeSeats: 3 },
      { teamNumber: 3, freeSeats: 3 },
    ];
    expect(emptiestTeam(teams)).toBe(teams[1]);
    expect(emptiestTeam([...teams].reverse())).toBe(teams[1]);
    expect(emptiestTeam([{ teamNumber: 1, freeSeats: 0 }])).toBeNull();
  });
});

describe('a late joiner (issue 12: late joiners fill free roles)', () => {
  const team = (teamNumber: number, seats: Array<[string | null, boolean]>) => ({
    teamNumber,
    facilities: seats.map(([userId, computer], i) => ({ id: `f${i}`, userId, computer })),
  });

  it('takes a role the computer plays, in the team with the fewest players', () => {
    const teams = [
      team(1, [
        ['a', false],
        [null, true],
      ]),
      team(2, [
        [null, true],
        [null, true],
      ]),
      team(3, [
        [null, true],
        [null, true],
      ]),
    ];
    expect(computerSeatForLateJoiner(teams)).toEqual({ teamNumber: 2, facilityId: 'f0' });
    expect(computerSeatForLateJoiner([teams[0]!])).toEqual({ teamNumber: 1, facilityId: 'f1' });
  });

  it('finds nothing when every role has a player', () => {
    expect(
      computerSeatForLateJoiner([
        team(1, [
          ['a', false],
          ['b', false],
        ]),
      ]),
    ).toBeNull();
    expect(computerSeatForLateJoiner([])).toBeNull();
  });
});

describe('the round list and team names (spec point 2)', () => {
  it('marks locked, finished, playing and upcoming rounds and where each leads', () => {
    const session = created({ rounds: [round('r1'), round('r2'), round('r3')] });
    session.run({ type: 'GenerateCode', code: 'ACD347' }, as(CREATOR));
    session.run({ type: 'OpenRound', roundNumber: 1, gameIds: ['a', 'b', 'c'] }, as(CREATOR));
    expect(roundStatus(session.state, 1, false)).toBe('upcoming');
    session.run({ type: 'StartRound', roundNumber: 1 }, as(CREATOR));
    session.run({ type: 'LockRound', roundId: 'r3' }, as(CREATOR));
    expect(roundStatus(session.state, 1, false)).toBe('playing');
    expect(roundStatus(session.state, 1, true)).toBe('finished');
    expect(roundStatus(session.state, 2, false)).toBe('upcoming');
    expect(roundStatus(session.state, 3, false)).toBe('locked');
    expect(['locked', 'finished', 'playing', 'upcoming'].map((s) => roundPage(s as never))).toEqual([
      null,
      'results',
      'play',
      'intro',
    ]);
  });

  it('names teams by their given name, else the class label or the default with the number', () => {
    const session = created({ teamNames: ['Ants', ' '], localeLabels: { team: '', round: '' } });
    expect(teamName(session.state.setup, 1, 'Team')).toBe('Ants');
    expect(teamName(session.state.setup, 2, 'Team')).toBe('Team 2');
    const labelled = created({ localeLabels: { team: 'Group', round: '' } });
    expect(teamName(labelled.state.setup, 3, 'Team')).toBe('Group 3');
  });
});

describe('session admin (spec point 6)', () => {
  it("is the creator or a member of one of the creator's teams", () => {
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: 'c' })).toBe(true);
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: 'x' })).toBe(false);
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: null })).toBe(false);
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: 'x', teammateIds: ['c', 'd'] })).toBe(true);
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: 'x', teammateIds: ['d'] })).toBe(false);
    expect(isSessionAdmin({ creatorId: 'c' }, { userId: null, teammateIds: ['c'] })).toBe(false);
  });

  it("takes a teammate's command (the server passes the actor's teammates)", () => {
    const { state } = created();
    const asTeammate = { ...as('colleague'), teammateIds: [CREATOR] };
    expect(sessionDecider.decide({ type: 'LockRound', roundId: 'r1' }, state, asTeammate)).toHaveLength(1);
    expect(() => sessionDecider.decide({ type: 'LockRound', roundId: 'r1' }, state, as('colleague'))).toThrow(
      'session.errNotAdmin',
    );
  });

  it('refuses unknown and deleted sessions to all, unpublished ones to non-admins', () => {
    const session = { creatorId: 'c', exists: true, deleted: false, published: false };
    expect(sessionPageRefusal(null, { userId: 'c' })).toBe('session.sessionNotFound');
    expect(sessionPageRefusal({ ...session, deleted: true }, { userId: 'c' })).toBe(
      'session.sessionNotFound',
    );
    expect(sessionPageRefusal(session, { userId: 'x' })).toBe('session.sessionNotPublished');
    expect(sessionPageRefusal(session, { userId: 'c' })).toBeNull();
    expect(sessionPageRefusal({ ...session, published: true }, { userId: null })).toBeNull();
  });
});
