/**
 * The scheduler's pure parts: the deadlines a beer game's state calls for, the command each runs,
 * the row writes between two states, and the command id that makes a deadline apply once.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../src-server/config';
import { type Deadline, deadlineWrites } from '../../src-server/scheduler/deadlines';
import { deadlineCommandId } from '../../src-server/scheduler/scheduler';
import { beergameTimers } from '../../src-server/streams/beergame';
import { as, CREATOR, classicWithPlayers, created, Game, system } from './beergame/helpers';

const turn = (dueAt: number, week: number): Deadline => ({ kind: 'turn', dueAt, payload: { week } });

describe('the beer game’s timers', () => {
  it('call for no deadline without a running timer', () => {
    expect(beergameTimers.due(new Game().state)).toEqual([]);
    expect(beergameTimers.due(classicWithPlayers().state)).toEqual([]);
    // Armed (`playTimer`) but not running: the seats are not all filled yet.
    expect(beergameTimers.due(new Game(created({ playTimer: true, timer: 30 })).state)).toEqual([]);
  });

  it('call for the turn deadline once every seat is filled, and the next one as a week closes', () => {
    const game = classicWithPlayers({ playTimer: true, timer: 30 });
    expect(beergameTimers.due(game.state)).toEqual([turn(1_000 + 30_000, 1)]);
    game.run({ type: 'CloseWeek', reason: 'timer', week: 1 }, { ...system, now: 31_000 });
    expect(beergameTimers.due(game.state)).toEqual([turn(31_000 + 30_000, 2)]);
  });

  it('call for none once the timer stops or the game ends', () => {
    const stopped = classicWithPlayers({ playTimer: true, timer: 30 });
    stopped.run({ type: 'StopTimer' }, as(CREATOR));
    expect(beergameTimers.due(stopped.state)).toEqual([]);
    const ended = classicWithPlayers({ playTimer: true, timer: 30 });
    ended.run({ type: 'EndGame' }, as(CREATOR));
    expect(beergameTimers.due(ended.state)).toEqual([]);
  });

  it('run a timer close of the deadline’s week, which the decider accepts from the system', () => {
    const game = classicWithPlayers({ playTimer: true, timer: 30 });
    const [deadline] = beergameTimers.due(game.state);
    const command = beergameTimers.command(deadline!);
    expect(command).toEqual({ type: 'CloseWeek', reason: 'timer', week: 1 });
    const events = game.decide(command, { ...system, now: deadline!.dueAt });
    expect(events.map((e) => e.type)).toEqual(['WeekClosed']);
    // The same deadline after the week moved on is refused, never applied to the next week.
    game.run(command, { ...system, now: deadline!.dueAt });
    game.when(command, { ...system, now: deadline!.dueAt + 30_000 }).thenRefused('beergame.errWeekMismatch');
  });
});

describe('deadline rows between two states', () => {
  it('write nothing when the deadlines are the same', () => {
    expect(deadlineWrites([turn(5, 1)], [turn(5, 1)])).toEqual({ upserts: [], deletes: [] });
    expect(deadlineWrites([], [])).toEqual({ upserts: [], deletes: [] });
  });

  it('upsert a set or moved deadline and delete a cleared one', () => {
    expect(deadlineWrites([], [turn(5, 1)])).toEqual({ upserts: [turn(5, 1)], deletes: [] });
    expect(deadlineWrites([turn(5, 1)], [turn(9, 2)])).toEqual({ upserts: [turn(9, 2)], deletes: [] });
    expect(deadlineWrites([turn(5, 1)], [turn(5, 2)])).toEqual({ upserts: [turn(5, 2)], deletes: [] });
    expect(deadlineWrites([turn(5, 1)], [])).toEqual({ upserts: [], deletes: ['turn'] });
  });
});

it('names a deadline’s command after its stream, kind and time: the same deadline, the same id', () => {
  const deadline = { streamId: 'game-abc', kind: 'turn', dueAt: 1_795_000_000_000 };
  expect(deadlineCommandId(deadline)).toBe('deadline-game-abc-turn-1795000000000');
  expect(deadlineCommandId({ ...deadline, dueAt: deadline.dueAt + 1 })).not.toBe(deadlineCommandId(deadline));
});

it('reads the scheduler’s poll interval from SCHEDULER_POLL_MS', () => {
  expect(loadConfig({}).schedulerPollMs).toBe(1000);
  expect(loadConfig({ SCHEDULER_POLL_MS: '2000' }).schedulerPollMs).toBe(2000);
  expect(() => loadConfig({ SCHEDULER_POLL_MS: '0' })).toThrow(/SCHEDULER_POLL_MS/);
});
