import {
  Badge,
  Button,
  Card,
  CopyButton,
  Group,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDice5, IconEye } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { checkPlayerName, PLAYER_NAME_MAX } from '../../../src-shared/api/account';
import type { BeerView } from '../../../src-shared/beergame';
import { formatJoinCode, joinCodeOf } from '../../../src-shared/rules/join-code';
import { useCurrentUser } from '../../auth';
import { joinLink, paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { inputErrorMessage, TOAST_MS, toastError, toastMessage } from '../../ui/notify';
import { JoinCodeButton } from './join-code';
import { joinUntilSeated } from './join-until-seated';
import { signInAs } from './sign-in-as';

/** The join target that asks for any free seat. */
const RANDOM_SEAT = '*';

/**
 * A game's intro page: its roles, and for a visitor a name and a role to take (signing in
 * anonymously if needed); for its creator, the join link to share.
 */
export function GameIntro({ view }: { view: BeerView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const facilityName = useFacilityName();
  const { user } = useCurrentUser();
  const [name, setName] = useState<string | null>(null);
  const [joining, setJoining] = useState<string | null>(null);
  const join = trpc.beergame.join.useMutation();
  const joinRandom = trpc.beergame.joinRandom.useMutation();
  // The latest live view, for the join to see its seat in (join-until-seated.ts).
  const latestView = useRef(view);
  latestView.current = view;
  const gameId = view.gameId;
  const playPath = paths.game(gameId, 'play');

  const defaultName = user && !(user.isAnonymous && user.name === 'Anonymous') ? user.name : '';
  const playerName = name ?? defaultName;
  const nameRefusal = checkPlayerName(playerName);
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  const canJoin = !view.finished && !view.isCreator && !mine;

  // What is wrong with the name, as the shared rule says it (empty, too long, unusable characters).
  const nameError = nameRefusal ? inputErrorMessage(intl, nameRefusal, 'game.errNameRequired') : undefined;
  /** Takes the seat `facilityId`, or any free one (`RANDOM_SEAT`), signing in anonymously if needed. */
  const joinAs = async (facilityId: string) => {
    if (nameError) {
      notifications.show({ color: 'red', autoClose: TOAST_MS, message: nameError });
      return;
    }
    setJoining(facilityId);
    try {
      const refusal = await signInAs(user, playerName);
      if (refusal) {
        toastMessage(intl, refusal, 'red');
        return;
      }
      // Sent again, with the same command id, until the live view shows the seat (spec point 4).
      const commandId = newCommandId();
      await joinUntilSeated(
        facilityId === RANDOM_SEAT
          ? {
              send: () => joinRandom.mutateAsync({ gameId, commandId }),
              seated: () => latestView.current.myFacilityId !== null,
            }
          : {
              send: () => join.mutateAsync({ gameId, facilityId, commandId }),
              seated: () => latestView.current.myFacilityId === facilityId,
            },
      );
      navigate(playPath);
    } catch (error) {
      toastError(intl, error, 'game.errCouldNotConnect');
    } finally {
      setJoining(null);
    }
  };

  return (
    <>
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>{view.name}</Title>
          <Text c="dimmed">
            {view.finished ? (
              <FormattedMessage id="game.finished" />
            ) : (
              <FormattedMessage id="game.weekOf" values={{ week: view.week, weeks: view.weeks }} />
            )}
          </Text>
        </Stack>
        {view.isCreator && (
          <Group>
            <JoinCodeButton gameId={gameId} />
            <CopyButton value={joinLink(gameId)}>
              {({ copied, copy }) => (
                <Button variant="light" onClick={copy} data-testid="copy-join-link">
                  <FormattedMessage id={copied ? 'dashboard.copied' : 'dashboard.copyLink'} />
                </Button>
              )}
            </CopyButton>
            <Button onClick={() => navigate(playPath)}>
              <FormattedMessage id="game.watchBoard" />
            </Button>
          </Group>
        )}
      </Group>

      {mine && !view.finished && (
        <Card withBorder padding="lg" bg="var(--mantine-color-blue-light)" data-testid="my-seat">
          <Group justify="space-between" gap="sm">
            <Text size="lg" fw={600}>
              <FormattedMessage id="game.youPlay" values={{ role: facilityName(mine) }} />
            </Text>
            <Button size="md" onClick={() => navigate(playPath)} data-testid="continue">
              <FormattedMessage id="game.continueAs" values={{ role: facilityName(mine) }} />
            </Button>
          </Group>
        </Card>
      )}

      {view.isCreator && (
        <Card withBorder>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="game.shareLink" />
          </Text>
          <Text ff="monospace" data-testid="join-link" style={{ overflowWrap: 'anywhere' }}>
            {joinLink(gameId)}
          </Text>
          <Text size="sm" c="dimmed" mt="xs">
            <FormattedMessage
              id="game.orTypeCode"
              values={{
                code: (
                  <Text
                    span
                    ff="monospace"
                    fw={700}
                    c="var(--mantine-color-text)"
                    data-testid="intro-join-code"
                  >
                    {formatJoinCode(joinCodeOf(gameId))}
                  </Text>
                ),
              }}
            />
          </Text>
        </Card>
      )}

      {canJoin && (
        <TextInput
          label={intl.formatMessage({ id: 'game.yourName' })}
          placeholder={intl.formatMessage({ id: 'game.yourNamePlaceholder' })}
          value={playerName}
          onChange={(e) => setName(e.currentTarget.value)}
          maxLength={PLAYER_NAME_MAX}
          maw={360}
          error={name !== null ? nameError : undefined}
          data-testid="player-name"
        />
      )}

      <Group justify="space-between">
        <Title order={3}>
          <FormattedMessage id={canJoin ? 'game.roles' : 'game.rolesOverview'} />
        </Title>
        <Group gap="xs">
          {canJoin && view.facilities.some((f) => !f.taken) && (
            <Button
              variant="light"
              leftSection={<IconDice5 size={18} />}
              onClick={() => joinAs(RANDOM_SEAT)}
              loading={joining === RANDOM_SEAT}
              disabled={joining !== null && joining !== RANDOM_SEAT}
              data-testid="join-random"
            >
              <FormattedMessage id="game.joinRandom" />
            </Button>
          )}
          {!mine && !view.isCreator && !view.finished && (
            <Button
              variant="subtle"
              leftSection={<IconEye size={18} />}
              onClick={() => navigate(playPath)}
              data-testid="watch"
            >
              <FormattedMessage id="game.watch" />
            </Button>
          )}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {view.facilities.map((facility) => (
          <Card key={facility.id} withBorder padding="lg" data-testid={`role-${facility.id}`}>
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={700}>{facilityName(facility)}</Text>
                {facility.taken ? (
                  <Badge color="gray">
                    <FormattedMessage id="game.roleTaken" />
                  </Badge>
                ) : (
                  <Badge color="green">
                    <FormattedMessage id="game.roleFree" />
                  </Badge>
                )}
              </Group>
              <Text size="sm" c="dimmed">
                {facility.playerName ?? <FormattedMessage id="game.noPlayer" />}
              </Text>
              {canJoin && (
                <Button
                  onClick={() => joinAs(facility.id)}
                  loading={joining === facility.id}
                  disabled={facility.taken || (joining !== null && joining !== facility.id)}
                  aria-label={intl.formatMessage({ id: 'game.playAs' }, { role: facilityName(facility) })}
                >
                  <FormattedMessage id="game.takeRole" />
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
    </>
  );
}
