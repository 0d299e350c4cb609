import { Group, Text } from '@mantine/core';
import { IconClock, IconClockOff, IconPlayerPause } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useConnection } from '../connection';
import { useTimeLeft } from './server-clock';

/** `m:ss` of a number of milliseconds, rounded up (a countdown shows 0:00 only when time is up). */
export const minutesSeconds = (ms: number) => {
  const seconds = Math.ceil(ms / 1000);
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
};

/**
 * The time left in the week, from the server's deadline and clock; or that the timer is paused
 * (with what is left), or nothing when the game plays without a timer. While the server is away
 * no week can close: the countdown stops showing a time it cannot keep.
 */
export function Countdown({
  deadline,
  pausedSeconds,
}: {
  deadline: number | null;
  pausedSeconds?: number | null;
}) {
  const intl = useIntl();
  const left = useTimeLeft(deadline);
  const connection = useConnection();
  if (connection === 'reconnecting' && (left !== null || pausedSeconds != null))
    return (
      <Group
        gap={6}
        data-testid="countdown"
        data-stale
        title={intl.formatMessage({ id: 'timer.waitingForServer' })}
      >
        <IconClockOff size={18} />
        <Text fw={700} ff="monospace" c="dimmed">
          –:––
        </Text>
      </Group>
    );
  if (pausedSeconds != null)
    return (
      <Group gap={6} data-testid="countdown" data-paused>
        <IconPlayerPause size={18} />
        <Text fw={700} ff="monospace">
          {minutesSeconds(pausedSeconds * 1000)}
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id="timer.paused" />
        </Text>
      </Group>
    );
  if (left === null) return null;
  const urgent = left <= 10_000;
  return (
    <Group gap={6} data-testid="countdown" aria-live="off">
      <IconClock size={18} color={urgent ? 'var(--mantine-color-red-7)' : undefined} />
      <Text fw={700} ff="monospace" size="lg" c={urgent ? 'red.7' : undefined}>
        {minutesSeconds(left)}
      </Text>
      {left === 0 && (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="timer.closing" />
        </Text>
      )}
    </Group>
  );
}
