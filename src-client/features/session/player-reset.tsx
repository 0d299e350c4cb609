/**
 * `allowPlayerReset` on the player's side (issue 26): in a session that allows it, a seated player
 * may start their team's game of the round over while it has not started, after a confirmation.
 * Offered only when the server would accept it (the shared rule, src-shared/session/player-reset.ts).
 * Its words are the board's own reset's (a player's every page carries them, within its budget).
 */
import { Button, Text } from '@mantine/core';
import { IconRestore } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { mayResetOwnGame } from '../../../src-shared/session/player-reset';
import type { SessionTeamView, SessionView } from '../../../src-shared/session/view';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { toastError, toastMessage } from '../../ui/notify';

export function PlayerReset({ view, team }: { view: SessionView; team: SessionTeamView }) {
  const intl = useIntl();
  const [confirming, setConfirming] = useState(false);
  const reset = trpc.session.resetOwnGame.useMutation({
    retry: retryUnanswered(3),
    onSuccess: () => toastMessage(intl, 'session.reset.done', 'green'),
    onError: (error) => toastError(intl, error),
  });
  const allowed = mayResetOwnGame({
    allowPlayerReset: view.config.allowPlayerReset,
    game: { finished: team.finished, deleted: false, started: team.started },
  });
  if (!allowed) return null;
  return (
    <>
      <Button
        variant="light"
        color="red"
        leftSection={<IconRestore size={18} />}
        onClick={() => setConfirming(true)}
        loading={reset.isPending}
        style={{ alignSelf: 'flex-start' }}
        data-testid="player-reset-open"
      >
        <FormattedMessage id="board.resetGame" />
      </Button>
      <Confirm
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={<FormattedMessage id="board.resetGameTitle" />}
        confirmLabel={<FormattedMessage id="board.resetGame" />}
        testId="player-reset-confirm"
        onConfirm={() => reset.mutate({ sessionId: view.sessionId, commandId: newCommandId() })}
      >
        <Text size="sm">
          <FormattedMessage id="board.resetGameText" />
        </Text>
      </Confirm>
    </>
  );
}
