/**
 * The lean replay's steps: tenths of a minute from the round's start to its end (the last step is
 * the end itself). A step's instant is what `leanStateAt` folds up to. Pure.
 */
import { MINUTE_MS } from '../../../../src-shared/leangame/constants';

const TENTH_MS = MINUTE_MS / 10;

export interface LeanReplaySteps {
  /** The last step: the round's end. */
  last: number;
  /** The server time of a step (epoch ms), clamped to the round. */
  instantAt: (step: number) => number;
  /** The round's minute at a step, in tenths. */
  minuteAt: (step: number) => number;
  /** The step of a minute (rounded to the tenth, clamped to the round). */
  stepOfMinute: (minute: number) => number;
  /** The step a whole minute before or after `step`. */
  previousMinute: (step: number) => number;
  nextMinute: (step: number) => number;
  /** Whole minutes of the round, for the scrubber's marks. */
  minutes: number;
}

export function leanReplaySteps(startAt: number, endAt: number): LeanReplaySteps {
  const span = Math.max(0, endAt - startAt);
  const last = Math.ceil(span / TENTH_MS - 1e-9);
  const clamp = (step: number) => Math.max(0, Math.min(last, step));
  return {
    last,
    instantAt: (step) => Math.min(endAt, startAt + clamp(step) * TENTH_MS),
    minuteAt: (step) => (clamp(step) === last ? Math.floor(span / TENTH_MS) / 10 : clamp(step) / 10),
    stepOfMinute: (minute) => (Number.isFinite(minute) ? clamp(Math.round(minute * 10)) : last),
    // To the whole minute before (from 3.4: 3; from 3: 2), or after (from 3.4: 4).
    previousMinute: (step) => clamp(Math.ceil(clamp(step) / 10) * 10 - 10),
    nextMinute: (step) => clamp(Math.floor(clamp(step) / 10) * 10 + 10),
    minutes: Math.floor(span / MINUTE_MS),
  };
}

/** The step the URL's `minute` names; the end when it names none or nonsense. */
export function stepFromSearch(params: URLSearchParams, steps: LeanReplaySteps): number {
  const raw = params.get('minute');
  if (raw === null || raw.trim() === '') return steps.last;
  const minute = Number(raw);
  return Number.isFinite(minute) ? steps.stepOfMinute(minute) : steps.last;
}

/** The URL's `minute` for a step: none at the end (the page's own address). */
export function minuteParam(step: number, steps: LeanReplaySteps): string | null {
  return step >= steps.last ? null : String(steps.minuteAt(step));
}
