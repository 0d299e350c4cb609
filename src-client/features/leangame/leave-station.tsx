import { Button, Group, Text } from '@mantine/core';
import { IconDoorExit, IconLogout } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { toastError, toastMessage } from '../../ui/notify';

type Leaving = 'station' | 'game';

/**
 * A player's way out, each after a confirmation (spec `quitGame`): leave this station and stay to
 * watch the floor, or quit the game and go back to its page. While the round runs, the computer
 * plays the station left (the engine hands it over); before, it is free for someone else.
 */
export function LeaveStation({ view, facilityId }: { view: LeanGameView; facilityId: string }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState<Leaving | null>(null);
  const onError = (error: unknown) => toastError(intl, error);
  const leave = trpc.leangame.leave.useMutation({
    onSuccess: () => toastMessage(intl, 'lean.leftStation'),
    onError,
  });
  const quit = trpc.account.quitGame.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'game.left');
      navigate(paths.game(view.gameId, 'intro'));
    },
    onError,
  });
  const running = view.started && !view.finished;
  const key = confirming === 'game' ? 'quitGame' : 'leaveStation';
  // The user menu's words for quitting (every page has them).
  const confirmLabel = confirming === 'game' ? 'nav.quitGame' : 'lean.leaveStation';
  return (
    <Group justify="flex-end" gap="xs" wrap="wrap" data-testid="lean-leave">
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconDoorExit size={16} />}
        onClick={() => setConfirming('station')}
        loading={leave.isPending}
        data-testid="leave-station"
      >
        <FormattedMessage id="lean.leaveStation" />
      </Button>
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconLogout size={16} />}
        onClick={() => setConfirming('game')}
        loading={quit.isPending}
        data-testid="quit-game"
      >
        <FormattedMessage id="nav.quitGame" />
      </Button>
      <Confirm
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id={`lean.${key}Title`} />}
        confirmLabel={<FormattedMessage id={confirmLabel} />}
        onConfirm={() =>
          confirming === 'game'
            ? quit.mutate({ gameId: view.gameId, commandId: newCommandId() })
            : leave.mutate({ gameId: view.gameId, facilityId, commandId: newCommandId() })
        }
        testId={`${key}-confirm`}
      >
        <Text size="sm">
          <FormattedMessage id={`lean.${key}Text`} />
        </Text>
        <Text size="sm" c="dimmed">
          <FormattedMessage id={running ? 'lean.leaveComputerPlays' : 'lean.leaveSeatFree'} />
        </Text>
      </Confirm>
    </Group>
  );
}
