import {
  Badge,
  Button,
  Card,
  Group,
  Loader,
  SimpleGrid,
  Stack,
  Text,
  TextInput,
  Title,
  VisuallyHidden,
} from '@mantine/core';
import { IconArrowRight, IconCpu, IconDice5, IconUser } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { PLAYER_NAME_MAX } from '../../../src-shared/api/account';
import type { SessionSeatView, SessionTeamView, SessionView } from '../../../src-shared/session/view';
import type { useJoinSession } from './join-session';
import { useSessionLabels } from './lobby-labels';

type Joining = ReturnType<typeof useJoinSession>;

/**
 * Before a player is seated: their name when they have none, the random seat first (the quickest
 * way in on a phone), then every team with its seats; a free seat is one tap.
 */
export function TeamPicker({ view, joining }: { view: SessionView; joining: Joining }) {
  const intl = useIntl();
  const labels = useSessionLabels(view);
  const anyFree = view.teams.some((team) => team.freeSeats > 0);
  const busy = joining.pending !== null;
  return (
    <Stack gap="md">
      {/* The way in stays phone-wide on a large screen: a full-width field reads as a banner. */}
      <Stack gap="md" maw={480}>
        {joining.asksName && (
          <TextInput
            label={intl.formatMessage({ id: 'game.yourName' })}
            placeholder={intl.formatMessage({ id: 'game.yourNamePlaceholder' })}
            value={joining.name}
            onChange={(event) => joining.setName(event.currentTarget.value)}
            maxLength={PLAYER_NAME_MAX}
            error={joining.nameError}
            size="md"
            autoComplete="nickname"
            data-testid="player-name"
          />
        )}
        {view.config.allowJoinRandom && anyFree && (
          <Button
            size="lg"
            fullWidth
            leftSection={<IconDice5 size={22} />}
            onClick={() => joining.joinSeat(null)}
            loading={joining.isPending(null)}
            disabled={busy && !joining.isPending(null)}
            data-testid="join-random"
          >
            <FormattedMessage id="session.lobby.joinRandom" />
          </Button>
        )}
      </Stack>
      {!anyFree && (
        <Text c="dimmed" data-testid="session-full">
          <FormattedMessage id="session.lobby.full" />
        </Text>
      )}
      <Title order={3} fz="lg">
        <FormattedMessage
          id={view.config.allowJoinRandom ? 'session.lobby.orPickSeat' : 'session.lobby.pickSeat'}
        />
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="sm">
        {view.teams.map((team) => (
          <TeamCard key={team.teamNumber} team={team} teamLabel={labels.team(team.teamNumber)}>
            {team.seats.map((seat) =>
              seat.taken || seat.computer ? (
                <TakenSeat key={seat.facilityId} seat={seat} role={labels.role(seat)} />
              ) : (
                <Button
                  key={seat.facilityId}
                  variant="light"
                  fullWidth
                  justify="space-between"
                  rightSection={<IconArrowRight size={16} />}
                  // The label fills the row, so that "Free" lines up at its right edge.
                  styles={{ label: { flex: 1 } }}
                  onClick={() =>
                    joining.joinSeat({ teamNumber: team.teamNumber, facilityId: seat.facilityId })
                  }
                  loading={joining.isPending({ teamNumber: team.teamNumber, facilityId: seat.facilityId })}
                  disabled={busy}
                  data-testid={`seat-${team.teamNumber}-${seat.facilityId}`}
                >
                  <Group gap={8} wrap="nowrap" w="100%" justify="space-between">
                    <span>{labels.role(seat)}</span>
                    <Text span size="sm" c="dimmed">
                      <FormattedMessage id="game.roleFree" />
                    </Text>
                  </Group>
                  {/* Named by what it shows (the role, free), then what it does. */}
                  <VisuallyHidden>
                    {intl.formatMessage(
                      { id: 'session.lobby.takeSeat' },
                      { role: labels.role(seat), team: labels.team(team.teamNumber) },
                    )}
                  </VisuallyHidden>
                </Button>
              ),
            )}
          </TeamCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** A team with how many seats are left and its seats, one row each. */
export function TeamCard({
  team,
  teamLabel,
  children,
}: {
  team: SessionTeamView;
  teamLabel: string;
  children: React.ReactNode;
}) {
  return (
    <Card withBorder padding="sm" radius="md" data-testid={`team-${team.teamNumber}`}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={700}>{teamLabel}</Text>
        <Badge variant="light" color={team.freeSeats > 0 ? 'green' : 'gray'}>
          <FormattedMessage id="session.lobby.freeSeats" values={{ count: team.freeSeats }} />
        </Badge>
      </Group>
      <Stack gap={6}>{children}</Stack>
    </Card>
  );
}

/** A seat someone holds: the role, and the player's name or the computer. */
export function TakenSeat({ seat, role }: { seat: SessionSeatView; role: string }) {
  return (
    <Group justify="space-between" wrap="nowrap" gap="xs" px="sm" mih={36}>
      <Text size="sm">{role}</Text>
      <Group gap={4} wrap="nowrap" miw={0}>
        {seat.computer ? <IconCpu size={14} /> : <IconUser size={14} />}
        <Text size="sm" c={seat.mine ? undefined : 'dimmed'} fw={seat.mine ? 700 : undefined} truncate>
          {seat.computer ? (
            <FormattedMessage id="session.lobby.computer" />
          ) : (
            (seat.playerName ?? <FormattedMessage id="game.roleTaken" />)
          )}
        </Text>
      </Group>
    </Group>
  );
}

/** A seat nobody holds yet, where it cannot be taken from here. */
export function FreeSeat({ role }: { role: string }) {
  return (
    <Group justify="space-between" px="sm" mih={36} wrap="nowrap">
      <Text size="sm">{role}</Text>
      <Text size="sm" c="dimmed" fs="italic">
        <FormattedMessage id="session.lobby.seatFree" />
      </Text>
    </Group>
  );
}

/**
 * A seated player's place: their role and team, their teammates, and what happens next: wait
 * for the instructor, or go to the game once the round has started.
 */
export function SeatedCard({
  view,
  team,
  onGoToGame,
}: {
  view: SessionView;
  team: SessionTeamView;
  onGoToGame: () => void;
}) {
  const labels = useSessionLabels(view);
  const mine = team.seats.find((seat) => seat.mine)!;
  const teammates = team.seats.filter((seat) => !seat.mine);
  return (
    <Card withBorder padding="lg" radius="md" bg="var(--mantine-color-blue-light)" data-testid="my-seat">
      <Stack gap="md">
        <Title order={2} fz={{ base: 22, sm: 26 }} data-testid="my-seat-title">
          <FormattedMessage
            id="session.lobby.youAre"
            values={{ role: labels.role(mine), team: labels.team(team.teamNumber) }}
          />
        </Title>
        {view.started ? (
          <Button
            size="xl"
            fullWidth
            rightSection={<IconArrowRight size={22} />}
            onClick={onGoToGame}
            data-testid="go-to-game"
          >
            <FormattedMessage id="session.lobby.goToGame" />
          </Button>
        ) : (
          <Group gap="sm" wrap="nowrap" align="flex-start" data-testid="waiting-start">
            <Loader size="sm" mt={2} />
            <Stack gap={2}>
              <Text fw={600}>
                <FormattedMessage id="session.lobby.waiting" />
              </Text>
              <Text size="sm" c="dimmed">
                <FormattedMessage id="session.lobby.waitingText" />
              </Text>
            </Stack>
          </Group>
        )}
        {teammates.length > 0 && (
          <Stack gap={4}>
            <Text size="sm" fw={600} c="dimmed" tt="uppercase">
              <FormattedMessage id="session.lobby.teammates" />
            </Text>
            <Stack gap={0} data-testid="teammates">
              {teammates.map((seat) =>
                seat.taken || seat.computer ? (
                  <TakenSeat key={seat.facilityId} seat={seat} role={labels.role(seat)} />
                ) : (
                  <FreeSeat key={seat.facilityId} role={labels.role(seat)} />
                ),
              )}
            </Stack>
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
