/**
 * The lean round replayed minute by minute (tenths with Shift): the state at a step is the fold of
 * the events stamped up to its instant (`leanStateAt`, the engine's own reducer), shown as the
 * headline numbers of that instant and the factory floor. The step is in the URL (`?minute=3.4`);
 * without it the replay rests at the round's end.
 */
import { SimpleGrid, Text } from '@mantine/core';
import { useCallback, useMemo, useState } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { leanStateAt } from '../../../../src-shared/leangame/copy';
import { leanMetrics } from '../../../../src-shared/leangame/metrics';
import { leanClock } from '../../../../src-shared/leangame/rules';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import { viewLeanGame } from '../../../../src-shared/leangame/view';
import { ReplayBar } from '../../../ui/debrief/replay-bar';
import { DebriefFigure } from '../../../ui/debrief/section';
import { useStepInAddress } from '../../../ui/debrief/step-in-address';
import { FloorMap } from '../floor-map';
import type { LeanHistoryEvent } from './history';
import { type LeanReplaySteps, minuteParam, stepFromSearch } from './replay-steps';

/** The replay's step and its moves; the step is written to the URL. */
export function useLeanReplay(steps: LeanReplaySteps) {
  const [params] = useSearchParams();
  const [step, setStep] = useState(() => stepFromSearch(params, steps));
  const { last } = steps;
  const clamp = useCallback((next: number) => Math.max(0, Math.min(last, next)), [last]);

  useStepInAddress(step, (params, at) => {
    const minute = minuteParam(at, steps);
    if (minute === null) params.delete('minute');
    else params.set('minute', minute);
  });

  return {
    step,
    last,
    goTo: useCallback((next: number) => setStep(clamp(next)), [clamp]),
    previousLarge: useCallback(() => setStep((s) => steps.previousMinute(s)), [steps]),
    nextLarge: useCallback(() => setStep((s) => steps.nextMinute(s)), [steps]),
    previousSmall: useCallback(() => setStep((s) => clamp(s - 1)), [clamp]),
    nextSmall: useCallback(() => setStep((s) => clamp(s + 1)), [clamp]),
  };
}

export function LeanReplay({
  view,
  events,
  steps,
  replay,
}: {
  view: LeanGameView;
  events: readonly LeanHistoryEvent[];
  steps: LeanReplaySteps;
  replay: ReturnType<typeof useLeanReplay>;
}) {
  const intl = useIntl();
  const instant = steps.instantAt(replay.step);
  const state = useMemo(() => leanStateAt(events, instant), [events, instant]);
  const figures = useMemo(() => {
    const metrics = leanMetrics(state, instant);
    return {
      minute: leanClock(state, instant).minute,
      deliveries: metrics.deliveries,
      released: metrics.released,
      wip: metrics.wip.final,
      otif: metrics.otif,
    };
  }, [state, instant]);
  // Everything is visible in a debrief: the floor as its creator sees it, with the players' names
  // (they live in user records, which the live view has and the events do not). The creator as the
  // events name them: a player's history names people by their seats.
  const floor = useMemo(() => {
    const seen = viewLeanGame(state, { userId: state.creatorId, role: 'instructor' }, instant);
    if (!seen) return null;
    const named = new Map(view.facilities.map((f) => [f.id, f.playerName]));
    return {
      ...seen,
      facilities: seen.facilities.map((f) => ({ ...f, playerName: f.playerName ?? named.get(f.id) ?? null })),
    };
  }, [state, view.facilities, instant]);
  const minute = (value: number) =>
    intl.formatNumber(value, { minimumFractionDigits: 1, maximumFractionDigits: 1 });
  const label = (id: string) => intl.formatMessage({ id: `lean.debrief.replay.${id}` });
  return (
    <>
      <ReplayBar
        moves={replay}
        labels={{
          previousLarge: label('previousMinute'),
          previousSmall: label('previousTenth'),
          nextSmall: label('nextTenth'),
          nextLarge: label('nextMinute'),
          play: label('play'),
          pause: label('pause'),
          speed: <FormattedMessage id="lean.debrief.replay.speed" />,
          speedValue: (speed) => intl.formatMessage({ id: 'lean.debrief.replay.speedValue' }, { speed }),
          slider: label('slider'),
          sliderLabel: (value) =>
            intl.formatMessage(
              { id: 'lean.debrief.replay.sliderLabel' },
              { minute: minute(steps.minuteAt(value)) },
            ),
        }}
        position={
          <FormattedMessage
            id="lean.debrief.replay.position"
            values={{
              minute: minute(steps.minuteAt(replay.step)),
              minutes: minute(steps.minuteAt(steps.last)),
            }}
          />
        }
        marks={Array.from({ length: steps.minutes + 1 }, (_, m) => ({
          value: Math.min(steps.last, m * 10),
          label: m % 5 === 0 ? String(m) : undefined,
        }))}
        // A minute a second at speed 1, a tenth at each tick.
        playMove={replay.nextSmall}
        ticksPerSecond={10}
      />
      <SimpleGrid cols={{ base: 2, sm: 4 }} mt="md">
        <DebriefFigure label={<FormattedMessage id="lean.debrief.replay.clock" />} testId="replay-clock">
          {minute(figures.minute)}
        </DebriefFigure>
        <DebriefFigure
          label={<FormattedMessage id="lean.debrief.replay.deliveries" />}
          testId="replay-deliveries"
        >
          <FormattedNumber value={figures.deliveries} />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.replay.wip" />} testId="replay-wip">
          <FormattedNumber value={figures.wip} />
        </DebriefFigure>
        <DebriefFigure
          label={<FormattedMessage id="lean.debrief.replay.released" />}
          testId="replay-released"
        >
          <FormattedNumber value={figures.released} />
        </DebriefFigure>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mt="md" mb="xs">
        <FormattedMessage id="lean.debrief.replay.floorHelp" />
      </Text>
      {floor && (
        <div data-testid="replay-floor">
          <FloorMap view={floor} now={instant} highlight={null} />
        </div>
      )}
    </>
  );
}
