/**
 * The controls of a debrief's step-by-step replay, for any game: a scrubber over the steps, buttons
 * by large step (a week, a minute) and by small step (an event, a tenth of a minute), the arrow keys
 * (large steps; with Shift, small ones; Home and End), and play/pause at a chosen speed. The game's
 * feature says what a step is, words every label and keeps the step (in the URL).
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
import { type ReactNode, useCallback, useEffect, useState } from 'react';

/** Speeds offered: multiples of the game's own pace (`ticksPerSecond`). */
const SPEEDS = ['0.5', '1', '2', '4'] as const;
type Speed = (typeof SPEEDS)[number];

export interface ReplayMoves {
  step: number;
  last: number;
  goTo: (step: number) => void;
  previousLarge: () => void;
  nextLarge: () => void;
  previousSmall: () => void;
  nextSmall: () => void;
}

export interface ReplayLabels {
  previousLarge: string;
  previousSmall: string;
  nextSmall: string;
  nextLarge: string;
  play: string;
  pause: string;
  speed: ReactNode;
  speedValue: (speed: number) => string;
  slider: string;
  sliderLabel: (step: number) => string;
}

export function ReplayBar({
  moves,
  labels,
  position,
  marks,
  footer,
  playMove,
  ticksPerSecond = 1,
  testId = 'replay',
}: {
  moves: ReplayMoves;
  labels: ReplayLabels;
  /** Where the replay is, in words (shown beside the buttons). */
  position: ReactNode;
  marks: { value: number; label?: string }[];
  footer?: ReactNode;
  /** The move at each tick of play; by default a large step. */
  playMove?: () => void;
  /** Ticks per second at speed 1. */
  ticksPerSecond?: number;
  testId?: string;
}) {
  const [playing, setPlaying] = useState(false);
  const [speed, setSpeed] = useState<Speed>('1');
  const { step, last, goTo, previousLarge, nextLarge, previousSmall, nextSmall } = moves;
  const tick = playMove ?? nextLarge;

  const togglePlaying = useCallback(() => {
    // Play at the end starts again from the beginning.
    if (!playing && step >= last) goTo(0);
    setPlaying(!playing);
  }, [playing, step, last, goTo]);

  // Playing moves at each tick and stops at the end.
  useEffect(() => {
    if (!playing) return;
    if (step >= last) {
      setPlaying(false);
      return;
    }
    const timer = setTimeout(tick, 1000 / (ticksPerSecond * Number(speed)));
    return () => clearTimeout(timer);
  }, [playing, step, last, speed, tick, ticksPerSecond]);

  // The arrow keys move the replay unless the focus is in a field that uses them.
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [role="slider"], [contenteditable="true"]')) return;
      if (event.altKey || event.ctrlKey || event.metaKey) return;
      const keyMoves: Record<string, () => void> = {
        ArrowLeft: event.shiftKey ? previousSmall : previousLarge,
        ArrowRight: event.shiftKey ? nextSmall : nextLarge,
        Home: () => goTo(0),
        End: () => goTo(last),
      };
      if (event.key === ' ' && !target?.closest('button, a')) {
        event.preventDefault();
        togglePlaying();
        return;
      }
      const move = keyMoves[event.key];
      if (!move) return;
      event.preventDefault();
      setPlaying(false);
      move();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [goTo, last, nextLarge, previousLarge, nextSmall, previousSmall, togglePlaying]);

  const button = (label: string, onClick: () => void, icon: ReactNode, disabled: boolean) => (
    <Tooltip label={label}>
      <ActionIcon
        variant="default"
        size="lg"
        aria-label={label}
        onClick={() => {
          setPlaying(false);
          onClick();
        }}
        disabled={disabled}
      >
        {icon}
      </ActionIcon>
    </Tooltip>
  );
  const playLabel = playing ? labels.pause : labels.play;
  return (
    <Paper withBorder p="md" radius="md" className="debrief-replay" data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="sm">
        <Group gap={6} wrap="nowrap">
          {button(labels.previousLarge, previousLarge, <IconChevronsLeft size={18} />, step === 0)}
          {button(labels.previousSmall, previousSmall, <IconChevronLeft size={18} />, step === 0)}
          <Tooltip label={playLabel}>
            <ActionIcon
              size="lg"
              aria-label={playLabel}
              onClick={togglePlaying}
              data-testid={`${testId}-play`}
            >
              {playing ? <IconPlayerPauseFilled size={18} /> : <IconPlayerPlayFilled size={18} />}
            </ActionIcon>
          </Tooltip>
          {button(labels.nextSmall, nextSmall, <IconChevronRight size={18} />, step >= last)}
          {button(labels.nextLarge, nextLarge, <IconChevronsRight size={18} />, step >= last)}
        </Group>
        <Text fw={700} data-testid={`${testId}-position`}>
          {position}
        </Text>
        <Group gap="xs" wrap="nowrap">
          <Text size="sm" c="dimmed">
            {labels.speed}
          </Text>
          <SegmentedControl
            size="xs"
            value={speed}
            onChange={(value) => setSpeed(value as Speed)}
            data={SPEEDS.map((value) => ({ value, label: labels.speedValue(Number(value)) }))}
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
        label={labels.sliderLabel}
        marks={marks}
        thumbLabel={labels.slider}
        data-testid={`${testId}-slider`}
      />
      {footer}
    </Paper>
  );
}
