/**
 * The instructor's controls on the live board: the turn timer, closing the week (with what the
 * computer will order for whom), each role's seat, messages, transparency, the end and a reset.
 * Every action that cannot be undone asks first (spec point 8).
 */
import {
  ActionIcon,
  Button,
  Card,
  Group,
  List,
  Menu,
  MultiSelect,
  Select,
  Stack,
  Switch,
  Text,
  Textarea,
  Title,
} from '@mantine/core';
import {
  IconDotsVertical,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlayerSkipForward,
  IconPlayerStop,
  IconRefresh,
  IconRobot,
  IconSend,
  IconUser,
  IconUserMinus,
} from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { TIMER_SECONDS } from '../../../src-shared/beergame/constants';
import { describePolicy, POLICY_EXAMPLES } from '../../../src-shared/beergame/policies';
import type { BeerFacilityView, BeerView } from '../../../src-shared/beergame/view';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { useFacilityName } from '../../ui/facility-name';
import { toastError, toastMessage } from '../../ui/notify';
import { NumberField, useNumberField } from '../../ui/number-field';

/** A mutation's options for an instructor command: retried while unanswered, refusals shown. */
function useCommandOptions(successId?: string) {
  const intl = useIntl();
  return {
    retry: retryUnanswered(3),
    onError: (error: unknown) => toastError(intl, error),
    onSuccess: () => {
      if (successId) toastMessage(intl, successId, 'green');
    },
  };
}

/** The policy in words, for the facility at `index` in network order. */
function usePolicyWords() {
  const intl = useIntl();
  return (policy: string, index: number) => {
    const { messageId, values } = describePolicy(policy, index);
    return intl.formatMessage({ id: messageId }, values);
  };
}

/** Closing the week now, after saying which roles get a computer order and by which rule. */
export function CloseWeekButton({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  const policyWords = usePolicyWords();
  const [opened, setOpened] = useState(false);
  const closeWeek = trpc.beergame.closeWeek.useMutation(useCommandOptions());
  const missing = view.facilities
    .map((facility, index) => ({ facility, index }))
    .filter(({ facility }) => !facility.validated);
  return (
    <>
      <Button
        leftSection={<IconPlayerSkipForward size={18} />}
        onClick={() => setOpened(true)}
        loading={closeWeek.isPending}
        data-testid="close-week"
      >
        <FormattedMessage id="beer.closeWeek" />
      </Button>
      <Confirm
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="board.closeWeekTitle" values={{ week: view.week }} />}
        confirmLabel={<FormattedMessage id="board.closeWeekConfirm" values={{ week: view.week }} />}
        color="blue"
        testId="confirm-close-week"
        onConfirm={() => closeWeek.mutate({ gameId: view.gameId, commandId: newCommandId() })}
      >
        {missing.length === 0 ? (
          <Text>
            <FormattedMessage id="board.closeWeekEveryone" />
          </Text>
        ) : (
          <>
            <Text>
              <FormattedMessage id="board.closeWeekMissing" values={{ count: missing.length }} />
            </Text>
            <List size="sm" spacing={4}>
              {missing.map(({ facility, index }) => (
                <List.Item key={facility.id}>
                  <b>{facilityName(facility)}</b>
                  {': '}
                  {facility.computerPolicy ? policyWords(facility.computerPolicy, index) : null}
                </List.Item>
              ))}
            </List>
          </>
        )}
      </Confirm>
    </>
  );
}

/** The turn timer: its countdown, and start (with the seconds per week), pause, resume or stop. */
export function TimerControls({ view }: { view: BeerView }) {
  const intl = useIntl();
  const seconds = useNumberField(TIMER_SECONDS, String(view.timer.seconds));
  const options = useCommandOptions();
  const start = trpc.beergame.startTimer.useMutation(options);
  const stop = trpc.beergame.stopTimer.useMutation(options);
  const pause = trpc.beergame.pauseTimer.useMutation(options);
  const resume = trpc.beergame.resumeTimer.useMutation(options);
  const ids = () => ({ gameId: view.gameId, commandId: newCommandId() });
  const paused = view.timer.pausedSeconds !== null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = seconds.submit();
    if (value !== null) start.mutate({ ...ids(), seconds: value });
  };
  return (
    <Group gap="sm" align="flex-end" data-testid="timer-controls">
      {!view.timer.running && !paused && (
        <Group component="form" onSubmit={submit} gap="sm" align="flex-start">
          <NumberField
            {...seconds.field}
            label={intl.formatMessage({ id: 'board.timerSeconds' })}
            w={200}
            data-testid="timer-seconds"
          />
          <Button
            type="submit"
            variant="light"
            mt={25}
            leftSection={<IconPlayerPlay size={18} />}
            loading={start.isPending}
            data-testid="start-timer"
          >
            <FormattedMessage id="board.startTimer" />
          </Button>
        </Group>
      )}
      {view.timer.running && (
        <Button
          variant="light"
          leftSection={<IconPlayerPause size={18} />}
          onClick={() => pause.mutate(ids())}
          data-testid="pause-timer"
        >
          <FormattedMessage id="board.pauseTimer" />
        </Button>
      )}
      {paused && (
        <Button
          variant="light"
          leftSection={<IconPlayerPlay size={18} />}
          onClick={() => resume.mutate(ids())}
          data-testid="resume-timer"
        >
          <FormattedMessage id="board.resumeTimer" />
        </Button>
      )}
      {(view.timer.running || paused || view.timer.playTimer) && (
        <Button
          variant="subtle"
          color="gray"
          leftSection={<IconPlayerStop size={18} />}
          onClick={() => stop.mutate(ids())}
          data-testid="stop-timer"
        >
          <FormattedMessage id="board.stopTimer" />
        </Button>
      )}
    </Group>
  );
}

/** What the creator can do with one role: hand it to the computer, take it back, free it. */
export function RoleMenu({ view, facility }: { view: BeerView; facility: BeerFacilityView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const policyWords = usePolicyWords();
  const index = view.facilities.findIndex((f) => f.id === facility.id);
  const [handing, setHanding] = useState(false);
  const [freeing, setFreeing] = useState(false);
  const [policy, setPolicy] = useState<string | null>(facility.computerPolicy);
  const hand = trpc.beergame.handToComputer.useMutation(useCommandOptions());
  const takeBack = trpc.beergame.takeBack.useMutation(useCommandOptions());
  const leave = trpc.beergame.leave.useMutation(useCommandOptions());
  const role = facilityName(facility);
  const choices = [...new Set([facility.computerPolicy, ...Object.values(POLICY_EXAMPLES)])]
    .filter((p): p is string => p !== null)
    .map((p) => ({ value: p, label: policyWords(p, index) }));
  const ids = { gameId: view.gameId, facilityId: facility.id };
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <ActionIcon
            variant="subtle"
            aria-label={intl.formatMessage({ id: 'board.roleActions' }, { role })}
            data-testid={`role-menu-${facility.id}`}
          >
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconRobot size={16} />} onClick={() => setHanding(true)}>
            <FormattedMessage id={facility.computer ? 'board.changePolicy' : 'board.handToComputer'} />
          </Menu.Item>
          {facility.computer && (
            <Menu.Item
              leftSection={<IconUser size={16} />}
              onClick={() => takeBack.mutate({ ...ids, commandId: newCommandId() })}
            >
              <FormattedMessage id="board.takeBack" />
            </Menu.Item>
          )}
          {facility.taken && (
            <Menu.Item color="red" leftSection={<IconUserMinus size={16} />} onClick={() => setFreeing(true)}>
              <FormattedMessage id="board.freeRole" />
            </Menu.Item>
          )}
        </Menu.Dropdown>
      </Menu>
      <Confirm
        opened={handing}
        onClose={() => setHanding(false)}
        title={<FormattedMessage id="board.handToComputerTitle" values={{ role }} />}
        confirmLabel={<FormattedMessage id="board.handToComputer" />}
        color="blue"
        testId="confirm-hand-to-computer"
        onConfirm={() => hand.mutate({ ...ids, ...(policy ? { policy } : {}), commandId: newCommandId() })}
      >
        <Text size="sm">
          <FormattedMessage id="board.handToComputerText" />
        </Text>
        <Select
          label={intl.formatMessage({ id: 'board.policy' })}
          data={choices}
          value={policy}
          onChange={setPolicy}
          allowDeselect={false}
          comboboxProps={{ withinPortal: false }}
        />
      </Confirm>
      <Confirm
        opened={freeing}
        onClose={() => setFreeing(false)}
        title={<FormattedMessage id="board.freeRoleTitle" values={{ role }} />}
        confirmLabel={<FormattedMessage id="board.freeRole" />}
        onConfirm={() => leave.mutate({ ...ids, commandId: newCommandId() })}
      >
        <Text size="sm">
          <FormattedMessage id="board.freeRoleText" values={{ player: facility.playerName ?? role }} />
        </Text>
      </Confirm>
    </>
  );
}

/** A message to every player or to some roles, shown to them at once. */
export function MessageComposer({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const [to, setTo] = useState<string[]>([]);
  const [text, setText] = useState('');
  const send = trpc.beergame.sendMessage.useMutation({
    ...useCommandOptions('board.messageSent'),
    onSuccess: () => {
      setText('');
      toastMessage(intl, 'board.messageSent', 'green');
    },
  });
  return (
    <Card withBorder padding="md">
      <Stack gap="xs">
        <Title order={4}>
          <FormattedMessage id="board.sendMessage" />
        </Title>
        <MultiSelect
          label={intl.formatMessage({ id: 'board.messageTo' })}
          placeholder={to.length === 0 ? intl.formatMessage({ id: 'messages.toAll' }) : undefined}
          data={view.facilities.map((f) => ({ value: f.id, label: facilityName(f) }))}
          value={to}
          onChange={setTo}
          clearable
        />
        <Textarea
          label={intl.formatMessage({ id: 'board.messageText' })}
          value={text}
          onChange={(event) => setText(event.currentTarget.value)}
          autosize
          minRows={2}
          maxLength={2000}
          data-testid="message-text"
        />
        <Group justify="flex-end">
          <Button
            leftSection={<IconSend size={16} />}
            disabled={text.trim() === ''}
            loading={send.isPending}
            onClick={() =>
              send.mutate({
                gameId: view.gameId,
                to: to.length === 0 ? 'all' : to,
                text,
                commandId: newCommandId(),
              })
            }
            data-testid="send-message"
          >
            <FormattedMessage id="board.send" />
          </Button>
        </Group>
      </Stack>
    </Card>
  );
}

/** Transparency, the end of the game and a reset, the last two after a confirmation. */
export function GameControls({ view }: { view: BeerView }) {
  const [ending, setEnding] = useState(false);
  const [resetting, setResetting] = useState(false);
  const options = useCommandOptions();
  const transparent = trpc.beergame.setTransparent.useMutation(options);
  const end = trpc.beergame.endGame.useMutation(options);
  const reset = trpc.beergame.resetGame.useMutation(options);
  const ids = () => ({ gameId: view.gameId, commandId: newCommandId() });
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Switch
          checked={view.transparent}
          onChange={(event) => transparent.mutate({ ...ids(), transparent: event.currentTarget.checked })}
          label={<FormattedMessage id="board.transparent" />}
          description={<FormattedMessage id="board.transparentHint" />}
          data-testid="transparent"
        />
        <Group>
          <Button
            variant="light"
            color="red"
            leftSection={<IconPlayerStop size={16} />}
            onClick={() => setEnding(true)}
            disabled={view.finished}
          >
            <FormattedMessage id="board.endGame" />
          </Button>
          <Button
            variant="subtle"
            color="red"
            leftSection={<IconRefresh size={16} />}
            onClick={() => setResetting(true)}
          >
            <FormattedMessage id="board.resetGame" />
          </Button>
        </Group>
      </Stack>
      <Confirm
        opened={ending}
        onClose={() => setEnding(false)}
        title={<FormattedMessage id="board.endGameTitle" />}
        confirmLabel={<FormattedMessage id="board.endGame" />}
        onConfirm={() => end.mutate(ids())}
      >
        <Text size="sm">
          <FormattedMessage id="board.endGameText" values={{ week: view.week, weeks: view.weeks }} />
        </Text>
      </Confirm>
      <Confirm
        opened={resetting}
        onClose={() => setResetting(false)}
        title={<FormattedMessage id="board.resetGameTitle" />}
        confirmLabel={<FormattedMessage id="board.resetGame" />}
        onConfirm={() => reset.mutate(ids())}
      >
        <Text size="sm">
          <FormattedMessage id="board.resetGameText" />
        </Text>
      </Confirm>
    </Card>
  );
}
