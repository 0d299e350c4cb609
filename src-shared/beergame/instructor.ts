/**
 * The instructor's commands on a beer game (the creator, or the server acting for them): closing
 * a week, the timer, messages, scheduled changes, resets, the end, transparency.
 */
import { isCleanText } from '../api/inputs';
import { type CommandContext, DomainError } from '../eventsourcing/decider';
import { own } from '../eventsourcing/own';
import { closeEvent, timerStart } from './closing';
import { CHANGE_RANGES, MESSAGE_MAX, TIMER_SECONDS } from './constants';
import type { BeerCommandOf } from './decide';
import type { BeerEvent } from './events';
import { capabilityOf, facilityAt, fail, requireAdmin, requireGame, requireOpen } from './guards';
import { startingOrdersOpen } from './levers';
import type { BeerState } from './state';

type Ctx = CommandContext;

/** The instructor (or the timer, once the deadline has passed) closes the week. */
export function closeWeekNow(command: BeerCommandOf<'CloseWeek'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  if (command.week !== undefined && command.week !== s.week) fail('errWeekMismatch', { week: s.week });
  if (command.reason === 'timer') {
    if (s.deadline === null) fail('errTimerNotRunning');
    else if (ctx.now < s.deadline - 1000) fail('errTimerNotExpired');
  }
  return [closeEvent(s, command.reason, ctx)];
}

/** The turn timer's commands: start, stop, pause, resume. */
export function timerCommand(
  command: BeerCommandOf<'StartTimer' | 'StopTimer' | 'PauseTimer' | 'ResumeTimer'>,
  s: BeerState,
  ctx: Ctx,
): BeerEvent[] {
  switch (command.type) {
    case 'StartTimer':
      return startTimer(command, s, ctx);
    case 'StopTimer':
      return stopTimer(s, ctx);
    case 'PauseTimer':
      return pauseTimer(s, ctx);
    case 'ResumeTimer':
      return resumeTimer(s, ctx);
  }
}

function startTimer(command: BeerCommandOf<'StartTimer'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  const seconds = command.seconds ?? s.timerSeconds;
  if (!Number.isInteger(seconds) || seconds < TIMER_SECONDS.min || seconds > TIMER_SECONDS.max)
    fail('errTimerOutOfRange', TIMER_SECONDS);
  return [timerStart(s, ctx, seconds)];
}

function stopTimer(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  if (s.deadline === null && !s.playTimer) return [];
  return [{ type: 'TimerStopped', data: { week: s.week } }];
}

/** Holds a running countdown with the time it has left; a paused timer stays paused. */
function pauseTimer(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  if (s.pausedMs !== null) return [];
  if (s.deadline === null) return fail('errTimerNotRunning');
  return [{ type: 'TimerPaused', data: { week: s.week, remainingMs: Math.max(0, s.deadline - ctx.now) } }];
}

/** Runs a paused countdown again with the time it had left; a running timer keeps running. */
function resumeTimer(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  if (s.pausedMs === null) return s.deadline !== null ? [] : fail('errTimerNotPaused');
  return [{ type: 'TimerResumed', data: { week: s.week, deadline: ctx.now + s.pausedMs } }];
}

export function sendMessage(command: BeerCommandOf<'SendMessage'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  const text = command.text.trim();
  if (text === '') fail('errMessageEmpty');
  if (text.length > MESSAGE_MAX) throw new DomainError('errors.textTooLong', { max: MESSAGE_MAX });
  if (!isCleanText(text, true)) throw new DomainError('errors.textInvalid');
  if (command.to !== 'all') for (const fid of command.to) facilityAt(s, fid);
  const week = command.showAt ?? s.week;
  if (!Number.isInteger(week) || week < s.week || week > s.config.weeks)
    fail('errChangeWeek', { from: s.week, to: s.config.weeks });
  // A message for a later week joins the schedule (`scheduleList`), like the configured ones.
  const id =
    week > s.week
      ? `s${s.config.configMessages.scheduleList.length}`
      : `m${s.messages.filter((m) => m.kind === 'instructor').length + 1}`;
  return [{ type: 'MessageSent', data: { id, to: command.to, text, week, at: ctx.now } }];
}

export function scheduleChange(
  command: BeerCommandOf<'ScheduleChange'>,
  s: BeerState,
  ctx: Ctx,
): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  const { field, value, week } = command;
  if (!s.config.allEventTypes.includes(field)) fail('errChangeInvalid', { field });
  if (!Number.isInteger(week) || week <= s.week || week > s.config.weeks)
    fail('errChangeWeek', { from: s.week + 1, to: s.config.weeks });
  const range = CHANGE_RANGES[field];
  if (value < range.min || value > range.max || !Number.isInteger(value / range.step))
    fail('errChangeOutOfRange', { field, min: range.min, max: range.max, step: range.step });
  for (const fid of command.facilityIds) {
    const fc = s.live[facilityAt(s, fid)]!;
    if (command.pid !== undefined && !own(fc.pdata, command.pid)) fail('errProductUnknown');
  }
  const taken = new Set(s.config.scheduledChanges.map((c) => c.id));
  let changeId = command.changeId;
  if (changeId !== undefined && taken.has(changeId)) fail('errChangeInvalid', { field });
  if (changeId === undefined) {
    let n = s.config.scheduledChanges.length + 1;
    while (taken.has(`c${n}`)) n++;
    changeId = `c${n}`;
  }
  const change = {
    id: changeId,
    week,
    facilityIds: [...new Set(command.facilityIds)],
    field,
    value,
    ...(command.pid !== undefined ? { pid: command.pid } : {}),
  };
  return [{ type: 'ChangeScheduled', data: { change } }];
}

export function cancelChange(command: BeerCommandOf<'CancelChange'>, s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  const change = s.config.scheduledChanges.find((c) => c.id === command.changeId);
  if (!change) return fail('errChangeUnknown');
  if (change.week <= s.week) fail('errChangeWeek', { from: s.week + 1, to: s.config.weeks });
  return [{ type: 'ChangeCancelled', data: { changeId: change.id } }];
}

/** New starting orders in every pipeline slot, before the first week closes: the game restarts. */
export function resetStartingOrders(
  command: BeerCommandOf<'ResetStartingOrders'>,
  s: BeerState,
  ctx: Ctx,
): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  if (!startingOrdersOpen(s)) fail('errGameStarted');
  const q = command.startOrders;
  if (!Number.isInteger(q) || q < 0 || q > 999) fail('errOrderNotWhole');
  if (command.facilityId !== undefined) {
    const fc = s.live[facilityAt(s, command.facilityId)]!;
    if (command.capabilityId !== undefined) capabilityOf(fc, command.capabilityId);
  } else if (command.capabilityId !== undefined) fail('errFacilityUnknown');
  return [
    {
      type: 'StartingOrdersReset',
      data: {
        startOrders: q,
        facilityId: command.facilityId ?? null,
        capabilityId: command.capabilityId ?? null,
      },
    },
  ];
}

export function resetGame(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  return [{ type: 'GameReset', data: { at: ctx.now } }];
}

export function endGame(s: BeerState, ctx: Ctx): BeerEvent[] {
  requireOpen(s);
  requireAdmin(s, ctx);
  return [{ type: 'GameEnded', data: { week: s.week, at: ctx.now } }];
}

export function setTransparent(
  command: BeerCommandOf<'SetTransparent'>,
  s: BeerState,
  ctx: Ctx,
): BeerEvent[] {
  requireGame(s);
  requireAdmin(s, ctx);
  if (s.transparent === command.transparent) return [];
  return [{ type: 'TransparencyChanged', data: { transparent: command.transparent } }];
}
