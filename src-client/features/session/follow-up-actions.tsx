/**
 * The follow-up's selection bar: what the instructor does to many teams' games at once (close the
 * week, the turn timer, a message, free seats to the computer in a beer round; start a lean
 * round's factories; reset and end the games of either), and its outcome as one toast.
 */
import { Button, Group, Modal, Paper, Stack, Text, Textarea } from '@mantine/core';
import {
  IconClockPause,
  IconClockPlay,
  IconCpu,
  IconFlag,
  IconMessage,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconRefresh,
  IconX,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, type IntlShape, useIntl } from 'react-intl';
import { MESSAGE_MAX, TIMER_SECONDS } from '../../../src-shared/beergame/constants';
import { trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { DialogButtons } from '../../ui/dialog-buttons';
import { TOAST_MS, toastError } from '../../ui/notify';
import { NumberField, useNumberField } from '../../ui/number-field';
import { showNotification } from '../../ui/toasts';

type TeamsAction =
  | { type: 'closeWeek' }
  | { type: 'startTimer'; seconds: number }
  | { type: 'stopTimer' }
  | { type: 'message'; text: string }
  | { type: 'handFreeSeatsToComputer' }
  | { type: 'start' }
  | { type: 'reset' }
  | { type: 'endGame' };

type Dialog =
  | 'closeWeek'
  | 'startTimer'
  | 'message'
  | 'handFreeSeatsToComputer'
  | 'start'
  | 'reset'
  | 'endGame';

/** The timer's default: two minutes a week, the pace of a class that discusses as it plays. */
const DEFAULT_TIMER_SECONDS = 120;

/** "Done for 12 teams; 1 refused: …", each refusal's reason translated once with its count. */
function toastOutcome(intl: IntlShape, done: number, refused: Array<{ messageId: string }>) {
  const reasons = new Map<string, number>();
  for (const { messageId } of refused) reasons.set(messageId, (reasons.get(messageId) ?? 0) + 1);
  const why = [...reasons]
    .map(([id, count]) => {
      const text = intl.messages[id]
        ? intl.formatMessage({ id })
        : intl.formatMessage({ id: 'errors.unexpected' });
      return count > 1 ? `${text} (×${count})` : text;
    })
    .join(' ');
  const message =
    refused.length === 0
      ? intl.formatMessage({ id: 'followUp.actionDone' }, { done })
      : intl.formatMessage(
          { id: 'followUp.actionDoneRefused' },
          { done, refused: refused.length, reasons: why },
        );
  // A refusal is worth reading: it stays longer than the 3 seconds of a plain success.
  showNotification({
    color: refused.length === 0 ? 'green' : 'orange',
    autoClose: refused.length === 0 ? TOAST_MS : TOAST_MS * 3,
    message,
  });
}

export function FollowUpSelectionBar({
  sessionId,
  gameType,
  gameIds,
  teamNames,
  onClear,
}: {
  sessionId: string;
  /** The round's game type: a lean round has no weeks, timer or messages, and starts team by team. */
  gameType: 'beergame' | 'leangame';
  gameIds: string[];
  /** The selected teams' names, in the order they show: what "end the games" names before it acts. */
  teamNames: string[];
  onClear: () => void;
}) {
  const intl = useIntl();
  const [dialog, setDialog] = useState<Dialog | null>(null);
  const seconds = useNumberField(TIMER_SECONDS, String(DEFAULT_TIMER_SECONDS));
  const [text, setText] = useState('');
  const [textError, setTextError] = useState<string | null>(null);
  const act = trpc.session.teamsAction.useMutation({
    onSuccess: ({ done, refused }) => toastOutcome(intl, done, refused),
    onError: (error) => toastError(intl, error),
  });
  const run = (action: TeamsAction) =>
    act.mutate({ sessionId, gameIds, action, commandId: crypto.randomUUID() });
  const close = () => setDialog(null);
  const count = gameIds.length;

  const submitTimer = (event: FormEvent) => {
    event.preventDefault();
    const value = seconds.submit();
    if (value === null) return;
    run({ type: 'startTimer', seconds: value });
    close();
  };
  const submitMessage = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (!trimmed) return setTextError('followUp.errMessageEmpty');
    run({ type: 'message', text: trimmed });
    setText('');
    setTextError(null);
    close();
  };

  const button = (id: string, icon: React.ReactNode, onClick: () => void, testId: string) => (
    <Button
      size="xs"
      variant="default"
      leftSection={icon}
      onClick={onClick}
      data-testid={testId}
      disabled={act.isPending}
    >
      <FormattedMessage id={id} />
    </Button>
  );
  return (
    <Paper
      withBorder
      p="xs"
      radius="md"
      bg="blue.0"
      style={{ position: 'sticky', top: 64, zIndex: 4 }}
      data-testid="selection-bar"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text fw={600} size="sm" data-testid="selected-count">
          <FormattedMessage id="followUp.teamsSelected" values={{ count }} />
        </Text>
        <Group gap="xs" wrap="wrap">
          {gameType === 'leangame' &&
            button(
              'followUp.startGames',
              <IconPlayerPlay size={14} />,
              () => setDialog('start'),
              'bulk-start',
            )}
          {gameType === 'beergame' && (
            <>
              {button(
                'followUp.closeWeek',
                <IconPlayerSkipForward size={14} />,
                () => setDialog('closeWeek'),
                'bulk-close-week',
              )}
              {button(
                'followUp.startTimer',
                <IconClockPlay size={14} />,
                () => setDialog('startTimer'),
                'bulk-start-timer',
              )}
              {button(
                'followUp.stopTimer',
                <IconClockPause size={14} />,
                () => run({ type: 'stopTimer' }),
                'bulk-stop-timer',
              )}
              {button(
                'followUp.messageEveryone',
                <IconMessage size={14} />,
                () => setDialog('message'),
                'bulk-message',
              )}
              {button(
                'followUp.handFreeSeats',
                <IconCpu size={14} />,
                () => setDialog('handFreeSeatsToComputer'),
                'bulk-free-seats',
              )}
            </>
          )}
          {button('followUp.resetGames', <IconRefresh size={14} />, () => setDialog('reset'), 'bulk-reset')}
          {button('followUp.endGames', <IconFlag size={14} />, () => setDialog('endGame'), 'bulk-end-games')}
          <Button size="xs" variant="subtle" color="gray" leftSection={<IconX size={14} />} onClick={onClear}>
            <FormattedMessage id="followUp.clearSelection" />
          </Button>
        </Group>
      </Group>
      <Confirm
        opened={dialog === 'closeWeek'}
        onClose={close}
        title={<FormattedMessage id="followUp.closeWeekTitle" values={{ count }} />}
        confirmLabel={<FormattedMessage id="followUp.closeWeek" />}
        color="blue"
        testId="confirm-close-week"
        onConfirm={() => run({ type: 'closeWeek' })}
      >
        <Text size="sm">
          <FormattedMessage id="followUp.closeWeekExplain" />
        </Text>
      </Confirm>
      <Confirm
        opened={dialog === 'handFreeSeatsToComputer'}
        onClose={close}
        title={<FormattedMessage id="followUp.handFreeSeatsTitle" values={{ count }} />}
        confirmLabel={<FormattedMessage id="followUp.handFreeSeats" />}
        color="blue"
        testId="confirm-free-seats"
        onConfirm={() => run({ type: 'handFreeSeatsToComputer' })}
      >
        <Text size="sm">
          <FormattedMessage id="followUp.handFreeSeatsExplain" />
        </Text>
      </Confirm>
      <Confirm
        opened={dialog === 'start'}
        onClose={close}
        title={<FormattedMessage id="followUp.startGamesTitle" values={{ count }} />}
        confirmLabel={<FormattedMessage id="followUp.startGames" />}
        color="blue"
        testId="confirm-start-games"
        onConfirm={() => run({ type: 'start' })}
      >
        <Text size="sm">
          <FormattedMessage id="followUp.startGamesExplain" />
        </Text>
      </Confirm>
      <Confirm
        opened={dialog === 'reset'}
        onClose={close}
        title={<FormattedMessage id="followUp.resetGamesTitle" values={{ count }} />}
        confirmLabel={<FormattedMessage id="followUp.resetGames" />}
        color="red"
        testId="confirm-reset-games"
        onConfirm={() => run({ type: 'reset' })}
      >
        <Text size="sm">
          <FormattedMessage
            id={gameType === 'leangame' ? 'followUp.resetLeanExplain' : 'followUp.resetBeerExplain'}
          />
        </Text>
      </Confirm>
      <Confirm
        opened={dialog === 'endGame'}
        onClose={close}
        title={<FormattedMessage id="followUp.endGamesTitle" values={{ count }} />}
        confirmLabel={<FormattedMessage id="followUp.endGames" />}
        color="red"
        testId="confirm-end-games"
        onConfirm={() => run({ type: 'endGame' })}
      >
        <Text size="sm" data-testid="end-games-teams">
          <FormattedMessage
            id="session.endGamesExplain"
            values={{ count, teams: intl.formatList(teamNames, { type: 'conjunction' }) }}
          />
        </Text>
      </Confirm>
      <Modal
        opened={dialog === 'startTimer'}
        onClose={close}
        centered
        title={<FormattedMessage id="followUp.startTimerTitle" values={{ count }} />}
      >
        <form onSubmit={submitTimer} noValidate>
          <Stack>
            <NumberField
              {...seconds.field}
              label={intl.formatMessage({ id: 'followUp.timerSeconds' })}
              description={intl.formatMessage(
                { id: 'followUp.timerSecondsHint' },
                { min: TIMER_SECONDS.min, max: TIMER_SECONDS.max },
              )}
              data-autofocus
              data-testid="timer-seconds"
            />
            <DialogButtons
              onCancel={close}
              submitLabel={<FormattedMessage id="followUp.startTimer" />}
              testId="confirm-start-timer"
            />
          </Stack>
        </form>
      </Modal>
      <Modal
        opened={dialog === 'message'}
        onClose={close}
        centered
        title={<FormattedMessage id="followUp.messageTitle" values={{ count }} />}
      >
        <form onSubmit={submitMessage} noValidate>
          <Stack>
            <Textarea
              label={intl.formatMessage({ id: 'followUp.messageText' })}
              value={text}
              onChange={(e) => {
                setText(e.currentTarget.value);
                setTextError(null);
              }}
              maxLength={MESSAGE_MAX}
              autosize
              minRows={3}
              maxRows={8}
              error={textError && intl.formatMessage({ id: textError })}
              data-autofocus
              data-testid="message-text"
            />
            <DialogButtons
              onCancel={close}
              submitLabel={<FormattedMessage id="followUp.send" />}
              testId="send-message"
            />
          </Stack>
        </form>
      </Modal>
    </Paper>
  );
}
