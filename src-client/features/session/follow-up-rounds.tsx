/**
 * The follow-up's round controls: the round being played, starting it, moving everyone on, and
 * each round's lock (a locked round cannot be entered by players).
 */
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconLock, IconLockOpen, IconPlayerPlay, IconPlayerTrackNext } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { SessionView } from '../../../src-shared/session';
import { trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { toastError, toastMessage } from '../../ui/notify';

const commandId = () => crypto.randomUUID();

export function FollowUpRounds({ view }: { view: SessionView }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState<'start' | 'next' | null>(null);
  const onError = (error: unknown) => toastError(intl, error);
  const start = trpc.session.startRound.useMutation({
    onSuccess: () => toastMessage(intl, 'followUp.roundStartedToast', 'green'),
    onError,
  });
  const next = trpc.session.nextRound.useMutation({
    onSuccess: ({ roundNumber }) =>
      toastMessage(intl, 'followUp.movedToRoundToast', 'green', undefined, { round: roundNumber }),
    onError,
  });
  const lock = trpc.session.lockRound.useMutation({ onError });
  const unlock = trpc.session.unlockRound.useMutation({ onError });
  const current = view.rounds[view.currentRound - 1];
  const isLast = view.currentRound >= view.rounds.length;
  const sessionId = view.sessionId;

  return (
    <Paper withBorder radius="md" p="md" data-testid="round-controls">
      <Group justify="space-between" align="flex-start" wrap="wrap" gap="md">
        <Stack gap={4} miw={0} style={{ flex: '1 1 320px' }}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            <FormattedMessage id="followUp.roundBeingPlayed" />
          </Text>
          {current ? (
            <Group gap="sm" wrap="wrap">
              <Title order={2} fz={{ base: 20, sm: 24 }} data-testid="current-round">
                <FormattedMessage
                  id="session.roundTitle"
                  values={{ round: view.currentRound, name: current.name }}
                />
              </Title>
              {view.finished ? (
                <Badge color="gray" variant="filled" tt="none" size="lg">
                  <FormattedMessage id="session.statusFinished" />
                </Badge>
              ) : (
                <Badge color={view.started ? 'blue' : 'orange'} variant="light" tt="none" size="lg">
                  <FormattedMessage id={view.started ? 'followUp.started' : 'followUp.notStarted'} />
                </Badge>
              )}
            </Group>
          ) : (
            <Text c="dimmed">
              <FormattedMessage id="followUp.noRoundOpen" />
            </Text>
          )}
          <Group gap="sm" mt="xs" wrap="wrap">
            <Button
              leftSection={<IconPlayerPlay size={16} />}
              disabled={!current || view.started}
              loading={start.isPending}
              onClick={() => setConfirming('start')}
              data-testid="start-round"
            >
              <FormattedMessage id="session.startRound" />
            </Button>
            <Tooltip label={intl.formatMessage({ id: 'followUp.lastRoundHint' })} disabled={!isLast}>
              {/* A disabled button fires no hover event: the wrapper carries the tooltip. */}
              <span>
                <Button
                  variant="default"
                  leftSection={<IconPlayerTrackNext size={16} />}
                  disabled={!current || isLast}
                  loading={next.isPending}
                  onClick={() => setConfirming('next')}
                  data-testid="next-round"
                >
                  <FormattedMessage id="session.nextRound" />
                </Button>
              </span>
            </Tooltip>
          </Group>
        </Stack>
        <Stack gap={6} style={{ flex: '1 1 360px' }} maw={560}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            <FormattedMessage id="session.rounds" />
          </Text>
          {view.rounds.map((round, i) => {
            const number = i + 1;
            const toggle = round.locked ? unlock : lock;
            return (
              <Group
                key={round.id}
                gap="xs"
                wrap="nowrap"
                justify="space-between"
                data-testid={`round-${number}`}
                data-locked={round.locked || undefined}
              >
                <Group gap={8} wrap="nowrap" miw={0}>
                  <Badge
                    circle
                    size="lg"
                    variant={number === view.currentRound ? 'filled' : 'light'}
                    color={number < view.currentRound ? 'gray' : 'blue'}
                  >
                    {number}
                  </Badge>
                  <Text size="sm" truncate fw={number === view.currentRound ? 700 : 400}>
                    {round.name}
                  </Text>
                  {round.locked && (
                    <Badge size="sm" color="red" variant="light" tt="none">
                      <FormattedMessage id="followUp.locked" />
                    </Badge>
                  )}
                </Group>
                <Tooltip
                  label={intl.formatMessage({
                    id: round.locked ? 'session.unlockRound' : 'session.lockRound',
                  })}
                >
                  <ActionIcon
                    variant={round.locked ? 'filled' : 'default'}
                    color={round.locked ? 'red' : undefined}
                    loading={toggle.isPending && toggle.variables?.roundId === round.id}
                    aria-label={intl.formatMessage(
                      { id: round.locked ? 'followUp.unlockRoundNamed' : 'followUp.lockRoundNamed' },
                      { round: number },
                    )}
                    aria-pressed={round.locked}
                    onClick={() => toggle.mutate({ sessionId, roundId: round.id, commandId: commandId() })}
                    data-testid={`lock-round-${number}`}
                  >
                    {round.locked ? <IconLock size={16} /> : <IconLockOpen size={16} />}
                  </ActionIcon>
                </Tooltip>
              </Group>
            );
          })}
        </Stack>
      </Group>
      <Confirm
        opened={confirming === 'start'}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="followUp.startRoundTitle" values={{ round: view.currentRound }} />}
        confirmLabel={<FormattedMessage id="session.startRound" />}
        color="blue"
        testId="confirm-start-round"
        onConfirm={() => start.mutate({ sessionId, commandId: commandId() })}
      >
        <Text size="sm">
          <FormattedMessage id="followUp.startRoundExplain" />
        </Text>
      </Confirm>
      <Confirm
        opened={confirming === 'next'}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="followUp.nextRoundTitle" values={{ round: view.currentRound + 1 }} />}
        confirmLabel={<FormattedMessage id="session.nextRound" />}
        color="blue"
        testId="confirm-next-round"
        onConfirm={() => next.mutate({ sessionId, commandId: commandId() })}
      >
        <Text size="sm">
          <FormattedMessage id="followUp.nextRoundExplain" values={{ round: view.currentRound + 1 }} />
        </Text>
      </Confirm>
    </Paper>
  );
}
