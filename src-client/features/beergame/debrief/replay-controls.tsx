/**
 * Step-by-step replay of a game (issue 10): a scrubber over every event, buttons by week and by
 * event, the arrow keys (week by week; with Shift, event by event; Home and End), and play/pause at
 * a chosen speed. The step lives in the URL (`?week=14`, or `?event=123` between two weeks), so a
 * link opens the class at week 14; without either, the replay rests at the end of the game.
 */
import { ActionIcon, Group, Paper, SegmentedControl, Slider, Text, Tooltip } from '@mantine/core';
import {
  IconChevronLeft,
  IconChevronRight,
  IconChevronsLeft,
  IconChevronsRight,
  IconPlayerPauseFilled,
  IconPlayerPlayFilled,
} from '@tabler/icons-react';
import { useCallback, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { type FoldedHistory, weekAt } from './history';

/** Weeks shown per second while playing. */
const SPEEDS = ['0.5', '1', '2', '4'] as const;

/** The step the URL names, clamped to the history; the last step when it names none. */
function stepFromUrl(params: URLSearchParams, history: FoldedHistory): number {
  const last = history.steps.length - 1;
  const week = Number(params.get('week'));
  if (params.has('week') && Number.isInteger(week)) {
    if (week <= 0) return 0;
    return history.weekEnds[Math.min(week, history.weekEnds.length) - 1] ?? last;
  }
  const event = Number(params.get('event'));
  if (params.has('event') && Number.isInteger(event)) return Math.max(0, Math.min(last, event - 1));
  return last;
}

/**
 * The replay's step and the moves between steps. The step is React state, each move computed from
 * the latest one (keys pressed faster than the page renders all count), and written to the URL.
 */
export function useReplayStep(history: FoldedHistory) {
  const [params, setParams] = useSearchParams();
  const [step, setStep] = useState(() => stepFromUrl(params, history));
  const last = history.steps.length - 1;
  const clamp = useCallback((next: number) => Math.max(0, Math.min(last, next)), [last]);

  useEffect(() => {
    const week = history.weekEnds.indexOf(step);
    setParams(
      (current) => {
        const updated = new URLSearchParams(current);
        updated.delete('week');
        updated.delete('event');
        // The end of the game is the page's own address, without a step.
        if (step === last) return updated;
        if (step === 0) updated.set('week', '0');
        else if (week >= 0) updated.set('week', String(week + 1));
        else updated.set('event', String(step + 1));
        return updated;
      },
      { replace: true },
    );
  }, [step, history, last, setParams]);

  const goTo = useCallback((next: number) => setStep(clamp(next)), [clamp]);
  const previousWeek = useCallback(
    () =>
      setStep((current) => {
        const week = weekAt(history, current);
        return week >= 2 ? history.weekEnds[week - 2]! : 0;
      }),
    [history],
  );
  const nextWeek = useCallback(
    () => setStep((current) => history.weekEnds[weekAt(history, current)] ?? last),
    [history, last],
  );
  const previousEvent = useCallback(() => setStep((current) => clamp(current - 1)), [clamp]);
  const nextEvent = useCallback(() => setStep((current) => clamp(current + 1)), [clamp]);
  return { step, week: weekAt(history, step), last, goTo, previousWeek, nextWeek, previousEvent, nextEvent };
}

export function ReplayControls({
  history,
  replay,
}: {
  history: FoldedHistory;
  replay: ReturnType<typeof useReplayStep>;
}) {
  const intl = useIntl();
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<(typeof SPEEDS)[number]>('1');
  const { step, week, last, goTo, previousWeek, nextWeek, previousEvent, nextEvent } = replay;

  const togglePlaying = useCallback(() => {
    // Play at the end starts again from the beginning.
    if (!playing && step >= last) goTo(0);
    setPlaying(!playing);
  }, [playing, step, last, goTo]);

  // Playing moves one week at each tick and stops at the end.
  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(nextWeek, 1000 / Number(speed));
    return () => clearTimeout(timer);
  }, [playing, step, last, speed, nextWeek]);

  // The arrow keys move the replay unless the focus is in a field that uses them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="slider"], [contenteditable="true"]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const moves: Record<string, () => void> = {
        ArrowLeft: event.shiftKey ? previousEvent : previousWeek,
        ArrowRight: event.shiftKey ? nextEvent : nextWeek,
        Home: () => goTo(0),
        End: () => goTo(last),
      };
      if (event.key === ' ' && !target?.closest('button, a')) {
        event.preventDefault();
        togglePlaying();
        return;
      }
      const move = moves[event.key];
      if (!move) return;
      event.preventDefault();
      setPlaying(false);
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, last, nextWeek, previousWeek, nextEvent, previousEvent, togglePlaying]);

  const current = history.steps[step];
  const button = (label: string, onClick: () => void, icon: React.ReactNode, disabled: boolean) => (
    <Tooltip label={label}>
      <ActionIcon variant="default" size="lg" aria-label={label} onClick={onClick} disabled={disabled}>
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  return (
    <Paper withBorder p="md" radius="md" className="debrief-replay" data-testid="replay">
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap={6} wrap="nowrap">
          {button(
            intl.formatMessage({ id: 'debrief.replay.previousWeek' }),
            () => {
              setPlaying(false);
              previousWeek();
            },
            <IconChevronsLeft size={18} />,
            step === 0,
          )}
          {button(
            intl.formatMessage({ id: 'debrief.replay.previousEvent' }),
            () => {
              setPlaying(false);
              previousEvent();
            },
            <IconChevronLeft size={18} />,
            step === 0,
          )}
          <Tooltip
            label={intl.formatMessage({ id: playing ? 'debrief.replay.pause' : 'debrief.replay.play' })}
          >
            <ActionIcon
              size="lg"
              aria-label={intl.formatMessage({
                id: playing ? 'debrief.replay.pause' : 'debrief.replay.play',
              })}
              onClick={togglePlaying}
              data-testid="replay-play"
            >
              {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
            </ActionIcon>
          </Tooltip>
          {button(
            intl.formatMessage({ id: 'debrief.replay.nextEvent' }),
            () => {
              setPlaying(false);
              nextEvent();
            },
            <IconChevronRight size={18} />,
            step >= last,
          )}
          {button(
            intl.formatMessage({ id: 'debrief.replay.nextWeek' }),
            () => {
              setPlaying(false);
              nextWeek();
            },
            <IconChevronsRight size={18} />,
            step >= last,
          )}
        </Group>
        <Text fw={700} data-testid="replay-position">
          <FormattedMessage
            id="debrief.replay.position"
            values={{ week, weeks: history.weekEnds.length, event: step + 1, events: last + 1 }}
          />
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="debrief.replay.speed" />
          </Text>
          <SegmentedControl
            size="xs"
            value={speed}
            onChange={(value) => setSpeed(value as (typeof SPEEDS)[number])}
            data={SPEEDS.map((value) => ({
              value,
              label: intl.formatMessage({ id: 'debrief.replay.speedValue' }, { speed: Number(value) }),
            }))}
          />
        </Group>
      </Group>
      <Slider
        mt="md"
        min={0}
        max={last}
        value={step}
        onChange={(value) => {
          setPlaying(false);
          goTo(value);
        }}
        label={(value) =>
          intl.formatMessage(
            { id: 'debrief.replay.sliderLabel' },
            { week: weekAt(history, value), event: value + 1 },
          )
        }
        marks={history.weekEnds.map((value, index) => ({
          value,
          label: (index + 1) % 5 === 0 ? String(index + 1) : undefined,
        }))}
        aria-label={intl.formatMessage({ id: 'debrief.replay.slider' })}
        data-testid="replay-slider"
      />
      {current && (
        <Text size="xs" c="dimmed" mt="lg">
          <FormattedMessage id={`debrief.event.${current.type}`} />
        </Text>
      )}
    </Paper>
  );
}
