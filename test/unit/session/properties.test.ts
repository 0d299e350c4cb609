/**
 * Properties of the session decider (fast-check, seeds printed: test/support/property.ts): any
 * sequence of admin commands, refused or not, gives a history whose replay is the state reached
 * command by command, the same for the same commands; rounds only open in order, one game per team.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { DomainError, fold } from '../../../src-shared/eventsourcing';
import {
  currentRound,
  type SessionCommand,
  type SessionEvent,
  type SessionState,
  sessionDecider,
  sessionSetupSchema,
} from '../../../src-shared/session';
import { assertProperty } from '../../support/property';

const TEAMS = 3;
const ROUNDS = ['r1', 'r2', 'r3'];
const setup = sessionSetupSchema.parse({
  name: 'Property class',
  rounds: ROUNDS.map((id) => ({ id, name: id, gameType: 'beergame', config: { weeks: 4 } })),
  teamCount: TEAMS,
});

const command: fc.Arbitrary<SessionCommand> = fc.oneof(
  fc.constant<SessionCommand>({ type: 'PublishSession' }),
  fc.constant<SessionCommand>({ type: 'UnpublishSession' }),
  fc.constant<SessionCommand>({ type: 'GenerateCode', code: 'ACD347' }),
  fc.record({ round: fc.integer({ min: 1, max: 4 }), games: fc.integer({ min: 2, max: 4 }) }).map(
    ({ round, games }): SessionCommand => ({
      type: 'OpenRound',
      roundNumber: round,
      gameIds: Array.from({ length: games }, (_, t) => `g${round}-${t + 1}`),
    }),
  ),
  fc.integer({ min: 1, max: 4 }).map((round): SessionCommand => ({ type: 'StartRound', roundNumber: round })),
  fc.constantFrom(...ROUNDS, 'r9').map((roundId): SessionCommand => ({ type: 'LockRound', roundId })),
  fc.constantFrom(...ROUNDS, 'r9').map((roundId): SessionCommand => ({ type: 'UnlockRound', roundId })),
  fc
    .integer({ min: 1, max: 4 })
    .map((teamCount): SessionCommand => ({ type: 'EditSession', setup: { ...setup, teamCount } })),
  fc.constant<SessionCommand>({ type: 'DeleteSession' }),
);

const context = (now: number) => ({ now, actor: { userId: 'creator', role: 'instructor' as const } });

/** Runs the commands one by one (a refused one changes nothing), keeping the events and states. */
function play(commands: readonly SessionCommand[]) {
  const events: SessionEvent[] = [];
  let state: SessionState = sessionDecider.initialState;
  const create: SessionCommand = {
    type: 'CreateSession',
    sessionId: 's1',
    creatorId: 'creator',
    template: null,
    setup,
    duplicateOf: null,
  };
  for (const [i, next] of [create, ...commands].entries()) {
    try {
      const decided = sessionDecider.decide(next, state, context(1_000 + i));
      for (const event of decided) state = sessionDecider.evolve(state, event);
      events.push(...decided);
    } catch (error) {
      if (!(error instanceof DomainError)) throw error;
    }
  }
  return { events, state };
}

describe('the session decider, for any sequence of commands', () => {
  it('replays its history into the state reached command by command, the same every time', () => {
    assertProperty(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const { events, state } = play(commands);
        expect(fold(sessionDecider, events)).toEqual(state);
        expect(play(commands)).toEqual({ events, state });
      }),
      { numRuns: 300 },
    );
  });

  it('opens rounds in order, each with one game per team, never more rounds than planned', () => {
    assertProperty(
      fc.property(fc.array(command, { maxLength: 40 }), (commands) => {
        const { events, state } = play(commands);
        const opened = events.flatMap((e) => (e.type === 'RoundOpened' ? [e.data] : []));
        expect(opened.map((o) => o.roundNumber)).toEqual(opened.map((_, i) => i + 1));
        for (const round of opened) expect(round.gameIds).toHaveLength(state.setup.teamCount);
        expect(currentRound(state)).toBeLessThanOrEqual(state.setup.rounds.length);
        // A round starts only once it is open, and once.
        const started = events.flatMap((e) => (e.type === 'RoundStarted' ? [e.data.roundNumber] : []));
        expect(new Set(started).size).toBe(started.length);
        for (const round of started) expect(round).toBeLessThanOrEqual(opened.length);
      }),
      { numRuns: 300 },
    );
  });
});
