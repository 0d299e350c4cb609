/**
 * Step-by-step replay of a game (issue 10): a scrubber over every event, buttons by week and by
 * event, the arrow keys (week by week; with Shift, event by event; Home and End), and play/pause at
 * a chosen speed. A week is shown at its own step (`replayWeekSteps`: the last before it closed).
 * The step lives in the URL (`?week=14`, or `?event=123` between two weeks), so a link opens the
 * class at week 14; without either, the replay rests at the end of the game.
 */
import { Text } from '@mantine/core';
import { useCallback, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import {
  nextWeekStep,
  previousWeekStep,
  replayStepOfWeek,
  replayWeekOf,
} from '../../../../src-shared/beergame/weeks-played';
import { ReplayBar } from '../../../ui/debrief/replay-bar';
import { useStepInAddress } from '../../../ui/debrief/step-in-address';
import type { FoldedHistory } from './history';

/** The step the URL names, clamped to the history; the last step when it names none. */
function stepFromUrl(params: URLSearchParams, history: FoldedHistory): number {
  const last = history.steps.length - 1;
  const week = Number(params.get('week'));
  if (params.has('week') && Number.isInteger(week)) return replayStepOfWeek(history.weekSteps, week, last);
  const event = Number(params.get('event'));
  if (params.has('event') && Number.isInteger(event)) return Math.max(0, Math.min(last, event - 1));
  return last;
}

/**
 * The replay's step and the moves between steps. The step is React state, each move computed from
 * the latest one (keys pressed faster than the page renders all count), and written to the URL.
 */
export function useReplayStep(history: FoldedHistory) {
  const [params] = useSearchParams();
  const [step, setStep] = useState(() => stepFromUrl(params, history));
  const last = history.steps.length - 1;
  const clamp = useCallback((next: number) => Math.max(0, Math.min(last, next)), [last]);

  useStepInAddress(step, (params, at) => {
    params.delete('week');
    params.delete('event');
    // The end of the game is the page's own address, without a step.
    if (at === last) return;
    const week = history.weekSteps.indexOf(at);
    if (week >= 0) params.set('week', String(week + 1));
    else params.set('event', String(at + 1));
  });

  const goTo = useCallback((next: number) => setStep(clamp(next)), [clamp]);
  const previousWeek = useCallback(
    () => setStep((current) => previousWeekStep(history.weekSteps, current)),
    [history],
  );
  const nextWeek = useCallback(
    () => setStep((current) => nextWeekStep(history.weekSteps, current, last)),
    [history, last],
  );
  const previousEvent = useCallback(() => setStep((current) => clamp(current - 1)), [clamp]);
  const nextEvent = useCallback(() => setStep((current) => clamp(current + 1)), [clamp]);
  return {
    step,
    week: replayWeekOf(history.weekSteps, step),
    last,
    goTo,
    previousWeek,
    nextWeek,
    previousEvent,
    nextEvent,
  };
}

export function ReplayControls({
  history,
  replay,
}: {
  history: FoldedHistory;
  replay: ReturnType<typeof useReplayStep>;
}) {
  const intl = useIntl();
  const { step, week, last } = replay;
  const label = (id: string) => intl.formatMessage({ id: `debrief.replay.${id}` });
  const current = history.steps[step];
  const weeks = history.weekSteps.length;
  return (
    <ReplayBar
      moves={{
        step,
        last,
        goTo: replay.goTo,
        previousLarge: replay.previousWeek,
        nextLarge: replay.nextWeek,
        previousSmall: replay.previousEvent,
        nextSmall: replay.nextEvent,
      }}
      labels={{
        previousLarge: label('previousWeek'),
        previousSmall: label('previousEvent'),
        nextSmall: label('nextEvent'),
        nextLarge: label('nextWeek'),
        play: label('play'),
        pause: label('pause'),
        speed: <FormattedMessage id="debrief.replay.speed" />,
        speedValue: (speed) => intl.formatMessage({ id: 'debrief.replay.speedValue' }, { speed }),
        slider: label('slider'),
        sliderLabel: (value) => {
          const valueWeek = replayWeekOf(history.weekSteps, value);
          return intl.formatMessage(
            { id: valueWeek > weeks ? 'debrief.replay.sliderLabelEnd' : 'debrief.replay.sliderLabel' },
            { week: valueWeek, event: value + 1 },
          );
        },
      }}
      position={
        <FormattedMessage
          // After the last week played closed, no week is under way that the game played.
          id={week > weeks ? 'debrief.replay.positionEnd' : 'debrief.replay.position'}
          values={{ week, weeks, event: step + 1, events: last + 1 }}
        />
      }
      marks={history.weekSteps.map((value, index) => ({
        value,
        label: (index + 1) % 5 === 0 ? String(index + 1) : undefined,
      }))}
      footer={
        current && (
          <Text size="xs" c="dimmed" mt="lg">
            <FormattedMessage id={`debrief.event.${current.type}`} />
          </Text>
        )
      }
    />
  );
}
