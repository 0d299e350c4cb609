/**
 * The end of a round: the computer's actions due by then are recorded with the end, and the
 * round-end timer ends the round at its length however late it fires, so the same game always ends
 * with the same events as the engine's simulation of it; an instructor's end is at its instant.
 */
import { describe, expect, it } from 'vitest';
import { type CommandContext, handle } from '../../../src-shared/eventsourcing';
import {
  getLeanScenario,
  type LeanCommand,
  type LeanEvent,
  leangameDecider,
  MINUTE_MS,
  simulateLeanSetup,
} from '../../../src-shared/leangame';

const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const setup = getLeanScenario('workshop4-choose')!.setupFor(2);

function playedUntilEnd(endCommandAt: number, actor: CommandContext['actor']) {
  let state = leangameDecider.initialState;
  const events: LeanEvent[] = [];
  const run = (command: LeanCommand, now: number, by: CommandContext['actor']) => {
    const result = handle(leangameDecider, state, command, { now, actor: by });
    events.push(...result.events);
    state = result.state;
  };
  const teacher = { userId: 'teacher', role: 'instructor' as const };
  run({ type: 'CreateLeanGame', gameId: 'g', name: 'Round', seed: 5, setup }, START, teacher);
  run({ type: 'StartGame' }, START, teacher);
  // No computer timer fires in between: the end records what was due.
  run({ type: 'EndGame' }, endCommandAt, actor);
  return { events, state };
}

describe('the end of a round', () => {
  it('by its timer, fired late, is at the round length, with every computer action the simulation records', () => {
    const late = START + 2 * MINUTE_MS + 40_000;
    const { events, state } = playedUntilEnd(late, { userId: 'system', role: 'system' });
    const simulated = simulateLeanSetup(setup, { name: 'Round', seed: 5, startAt: START }).events;
    expect(events).toEqual(simulated.map((e) => (e.type === 'LeanGameCreated' ? events[0] : e)));
    expect(state.endAt).toBe(START + 2 * MINUTE_MS);
  });

  it("by the instructor, is at the instructor's instant, with the computer's actions due by then", () => {
    const at = START + MINUTE_MS;
    const { events, state } = playedUntilEnd(at, { userId: 'teacher', role: 'instructor' });
    expect(state.endAt).toBe(at);
    const computer = events.filter(
      (e) =>
        !['LeanGameCreated', 'GameStarted', 'ComputerActionsScheduled', 'LeanGameEnded'].includes(e.type),
    );
    expect(computer.length).toBeGreaterThan(3);
    expect(computer.every((e) => e.data.at <= at)).toBe(true);
  });
});
