import { Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDice5, IconEye } from '@tabler/icons-react';
import { useRef } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { BeerView } from '../../../src-shared/beergame';
import { paths } from '../../paths';
import { trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { JoinInLobby } from '../../ui/join-in-lobby';
import { MySeatCard, ShareButtons, ShareLinkCard, useTakeSeat } from './take-seat';

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
  const join = trpc.beergame.join.useMutation();
  const joinRandom = trpc.beergame.joinRandom.useMutation();
  // The latest live view, for the join to see its seat in (join-until-seated.ts).
  const latestView = useRef(view);
  latestView.current = view;
  const gameId = view.gameId;
  const playPath = paths.game(gameId, 'play');
  const { take, joining, nameInput } = useTakeSeat(gameId);
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  // A session's team game is joined through its lobby (the server refuses a seat taken here).
  const inSession = !view.finished && !view.isCreator && !mine && view.session;
  const canJoin = !view.finished && !view.isCreator && !mine && !view.session;

  /** Takes the seat `facilityId`, or any free one (`RANDOM_SEAT`), signing in anonymously if needed. */
  const joinAs = (facilityId: string) =>
    facilityId === RANDOM_SEAT
      ? take(
          facilityId,
          (commandId) => joinRandom.mutateAsync({ gameId, commandId }),
          () => latestView.current.myFacilityId !== null,
        )
      : take(
          facilityId,
          (commandId) => join.mutateAsync({ gameId, facilityId, commandId }),
          () => latestView.current.myFacilityId === facilityId,
        );

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
            <ShareButtons gameId={gameId} />
            <Button onClick={() => navigate(playPath)}>
              <FormattedMessage id="game.watchBoard" />
            </Button>
          </Group>
        )}
      </Group>

      {mine && !view.finished && <MySeatCard gameId={gameId} seat={facilityName(mine)} />}

      {view.isCreator && <ShareLinkCard gameId={gameId} />}

      {inSession && <JoinInLobby sessionId={inSession.sessionId} />}

      {canJoin && nameInput}

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
                  // The visible words first, then whose role: the name a voice user says is the one they see.
                  aria-label={`${intl.formatMessage({ id: 'game.takeRole' })}: ${facilityName(facility)}`}
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
