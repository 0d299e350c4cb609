/** Pausing the turn timer keeps the time left; resuming gives it back (docs/beergame.md, "Timer"). */
import { describe, expect, it } from 'vitest';
import { viewGame } from '../../../src-shared/beergame';
import { as, CLASSIC, CREATOR, classicWithPlayers, created, Game, given, system } from './helpers';

const pause = { type: 'PauseTimer' } as const;
const resume = { type: 'ResumeTimer' } as const;

/** Four players, a 60-second timer started at t = 10 s (deadline 70 s). */
function timedGame(): Game {
  const game = classicWithPlayers();
  game.run({ type: 'StartTimer', seconds: 60 }, as(CREATOR, 10_000));
  return game;
}

describe('PauseTimer and ResumeTimer', () => {
  it('given a running timer, when the creator pauses at 30 s, then 40 s are kept and no deadline runs', () => {
    const game = timedGame();
    game
      .when(pause, as(CREATOR, 30_000))
      .thenEvents([{ type: 'TimerPaused', data: { week: 1, remainingMs: 40_000 } }])
      .thenState({ deadline: null, pausedMs: 40_000, playTimer: true });
    game.run(pause, as(CREATOR, 30_000));
    expect(viewGame(game.state, { userId: 'u-retailer' }).timer).toEqual({
      playTimer: true,
      running: false,
      seconds: 60,
      deadline: null,
      pausedSeconds: 40,
    });
    // The timer cannot close a paused week.
    game
      .when({ type: 'CloseWeek', reason: 'timer' }, { ...system, now: 90_000 })
      .thenRefused('beergame.errTimerNotRunning');
  });

  it('when resumed at 100 s, then the deadline is 40 s later and the week length is unchanged', () => {
    const game = timedGame();
    game.run(pause, as(CREATOR, 30_000));
    game
      .when(resume, as(CREATOR, 100_000))
      .thenEvents([{ type: 'TimerResumed', data: { week: 1, deadline: 140_000 } }])
      .thenState({ deadline: 140_000, pausedMs: null, timerSeconds: 60 });
  });

  it('a week closed while paused leaves the next week paused with a full week', () => {
    const game = timedGame();
    game.run(pause, as(CREATOR, 30_000));
    const events = game.run({ type: 'CloseWeek', reason: 'instructor' }, as(CREATOR, 40_000));
    expect(events[0]!.data).toMatchObject({ nextDeadline: null });
    expect(game.state).toMatchObject({ week: 2, deadline: null, pausedMs: 60_000 });
    game.run(resume, as(CREATOR, 50_000));
    expect(game.state.deadline).toBe(110_000);
    game.refold();
  });

  it('a paused timer does not start when the last seat fills; StartTimer and StopTimer end the pause', () => {
    const game = new Game(created({ playTimer: true, timer: 30 }));
    for (const id of CLASSIC) game.run({ type: 'JoinRole', facilityId: id }, as(`u-${id}`, 1_000));
    game.run(pause, as(CREATOR, 11_000));
    game.run({ type: 'LeaveRole', facilityId: 'factory' }, as('u-factory'));
    expect(game.run({ type: 'JoinRole', facilityId: 'factory' }, as('u-factory')).map((e) => e.type)).toEqual(
      ['RoleJoined'],
    );
    expect(game.state.pausedMs).toBe(20_000);
    game.run({ type: 'StartTimer' }, as(CREATOR, 50_000));
    expect(game.state).toMatchObject({ deadline: 80_000, pausedMs: null });
    game.run(pause, as(CREATOR, 60_000));
    game.run({ type: 'StopTimer' }, as(CREATOR));
    expect(game.state).toMatchObject({ playTimer: false, deadline: null, pausedMs: null });
  });

  it('pausing twice or resuming a running timer records nothing; nothing to pause or resume is refused', () => {
    const game = timedGame();
    game.when(resume, as(CREATOR, 20_000)).thenEvents([]);
    game.run(pause, as(CREATOR, 20_000));
    game.when(pause, as(CREATOR, 25_000)).thenEvents([]);
    given(created()).when(pause, as(CREATOR)).thenRefused('beergame.errTimerNotRunning');
    given(created()).when(resume, as(CREATOR)).thenRefused('beergame.errTimerNotPaused');
  });

  it('only the creator pauses and resumes; a reset or the end clears the pause', () => {
    const game = timedGame();
    game.when(pause, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run(pause, as(CREATOR, 20_000));
    game.when(resume, as('u-retailer')).thenRefused('beergame.errNotAllowed');
    game.run({ type: 'ResetGame' });
    expect(game.state.pausedMs).toBeNull();
    game.run({ type: 'StartTimer' }, as(CREATOR, 0));
    game.run(pause, as(CREATOR, 1_000));
    game.run({ type: 'EndGame' });
    expect(game.state).toMatchObject({ finished: true, pausedMs: null, deadline: null });
  });
});
