import { Alert, Badge, Card, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconPresentation } from '@tabler/icons-react';
import { type ComponentType, useEffect, useRef } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import type { SessionView } from '../../../src-shared/session/view';
import { paths } from '../../paths';
import { useFollowRounds } from './follow-rounds';
import { type ConfirmJoin, useJoinSession } from './join-session';
import { AdminLobby, type QrCodeComponent } from './lobby-admin';
import { useSessionLabels } from './lobby-labels';
import { SeatedCard, TeamPicker } from './lobby-seats';
import { PlayerReset } from './player-reset';

/** What the lobby gets from other features through its route (a feature does not import another). */
export interface LobbyParts {
  confirmJoin: ConfirmJoin;
  QrCode: QrCodeComponent;
  /** The rules briefing of the viewer's game of this round. */
  SeatRules: ComponentType<{ gameId: string }>;
}

/**
 * A session's lobby (spec point 2): the round about to start or being played, then for a player
 * their seat to take or the one they hold and what comes next; for its instructor, the join code
 * for the projector. It follows the session live: the round starting sends seated players to their
 * game, and the next round shows here with their team.
 */
export function SessionLobby({ view, parts }: { view: SessionView; parts: LobbyParts }) {
  const labels = useSessionLabels(view);
  useFollowRounds(view, LOBBY);
  const round = view.rounds[view.currentRound - 1];
  return (
    <Stack gap="lg" maw={1100} mx="auto" w="100%">
      <Stack gap={4}>
        <Text c="dimmed" fw={600} size="sm" data-testid="session-name">
          {view.name}
        </Text>
        {round ? (
          <>
            <Group gap="xs" wrap="nowrap" align="center">
              <Badge variant="light" size="lg" style={{ flexShrink: 0 }} data-testid="round-number">
                <FormattedMessage
                  id="session.lobby.roundOf"
                  values={{ label: labels.roundLabel, number: view.currentRound, count: view.rounds.length }}
                />
              </Badge>
              {view.started && (
                <Badge color="green" variant="dot" size="lg">
                  <FormattedMessage id="session.lobby.roundStarted" />
                </Badge>
              )}
            </Group>
            <Title order={1} fz={{ base: 26, sm: 34 }} data-testid="round-name">
              {round.name}
            </Title>
            {round.description && (
              <Text c="dimmed" lineClamp={4} data-testid="round-description">
                {round.description}
              </Text>
            )}
          </>
        ) : (
          <Title order={1} fz={{ base: 26, sm: 34 }}>
            {view.name}
          </Title>
        )}
      </Stack>
      {round && view.teams.length > 0 ? (
        view.isAdmin ? (
          <AdminLobby view={view} QrCode={parts.QrCode} />
        ) : (
          <PlayerLobby view={view} parts={parts} />
        )
      ) : (
        <Card withBorder padding="lg" radius="md" data-testid="opens-soon">
          <Group gap="sm" wrap="nowrap" align="flex-start">
            <Loader size="sm" mt={4} />
            <Stack gap={2}>
              <Text fw={700} size="lg">
                <FormattedMessage id="session.lobby.opensSoon" />
              </Text>
              <Text c="dimmed">
                <FormattedMessage id="session.lobby.opensSoonText" />
              </Text>
            </Stack>
          </Group>
        </Card>
      )}
    </Stack>
  );
}

const LOBBY = { kind: 'lobby' } as const;

/** A player's lobby: the team picker until seated, then their seat, the round's state and the rules. */
function PlayerLobby({ view, parts }: { view: SessionView; parts: LobbyParts }) {
  const navigate = useNavigate();
  const joining = useJoinSession(view, parts.confirmJoin);
  const myGameId = view.me?.gameId ?? null;
  const myTeam = view.teams.find((team) => team.teamNumber === view.me?.teamNumber);
  const noLobby = view.config.teamComposition === 'nolobby';

  // To the game when they take a seat in a round under way, not when they come back to the lobby
  // during a round; a session without a lobby sends them at once. (A round that opens or starts
  // takes them along by `useFollowRounds`.)
  const before = useRef(myGameId);
  useEffect(() => {
    const gameId = before.current;
    before.current = myGameId;
    if (!myGameId) return;
    const seatedInRound = view.started && gameId === null;
    if (seatedInRound || noLobby) navigate(paths.game(myGameId, 'play'));
  }, [view.started, myGameId, noLobby, navigate]);

  return (
    <Stack gap="lg">
      {myTeam && myGameId ? (
        <>
          <SeatedCard view={view} team={myTeam} onGoToGame={() => navigate(paths.game(myGameId, 'play'))} />
          <PlayerReset view={view} team={myTeam} />
        </>
      ) : (
        <TeamPicker view={view} joining={joining} />
      )}
      <Instructions view={view} myGameId={myGameId} SeatRules={parts.SeatRules} />
    </Stack>
  );
}

/** How the rules reach players (`instructionsMode`): their role's briefing here, or from the instructor. */
function Instructions({
  view,
  myGameId,
  SeatRules,
}: {
  view: SessionView;
  myGameId: string | null;
  SeatRules: LobbyParts['SeatRules'];
}) {
  const mode = view.config.instructionsMode;
  if (mode === 'none') return null;
  if (mode === 'hostslides')
    return (
      <Alert variant="light" icon={<IconPresentation size={20} />} data-testid="host-presents">
        <FormattedMessage id="session.lobby.hostSlides" />
      </Alert>
    );
  // The briefing is the player's role's: it shows once they hold one.
  return myGameId ? <SeatRules gameId={myGameId} /> : null;
}
