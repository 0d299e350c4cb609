import { Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconLayoutDashboard } from '@tabler/icons-react';
import type { ComponentType } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { formatJoinCode } from '../../../src-shared/rules/join-code';
import type { SessionView } from '../../../src-shared/session/view';
import { joinCodeLink, paths } from '../../paths';
import { useSessionLabels } from './lobby-labels';
import { FreeSeat, TakenSeat, TeamCard } from './lobby-seats';

/** Draws a QR code of `text` (game-shell's, handed in by the route). */
export type QrCodeComponent = ComponentType<{ text: string; label: string }>;

/**
 * The lobby as its instructor sees it, for the projector: the join code in type big enough to
 * read across a classroom with its QR code, who sits where, and the way to the follow-up page.
 */
export function AdminLobby({ view, QrCode }: { view: SessionView; QrCode: QrCodeComponent }) {
  const intl = useIntl();
  const labels = useSessionLabels(view);
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Text c="dimmed" maw={640}>
          <FormattedMessage id="session.lobby.adminIntro" />
        </Text>
        <Button
          component={Link}
          to={paths.session(view.sessionId, 'follow-up')}
          leftSection={<IconLayoutDashboard size={18} />}
          data-testid="open-follow-up"
        >
          <FormattedMessage id="session.lobby.openFollowUp" />
        </Button>
      </Group>
      {view.code && (
        <Card withBorder radius="lg" padding="lg" data-testid="session-join-code">
          <Group justify="center" align="center" gap="xl" wrap="wrap">
            <Box w={{ base: 220, sm: 320 }} h={{ base: 220, sm: 320 }}>
              <QrCode
                text={joinCodeLink(view.code)}
                label={intl.formatMessage({ id: 'session.lobby.qrLabel' })}
              />
            </Box>
            <Stack gap="xs" align="center" miw={0}>
              <Title order={2} ta="center">
                <FormattedMessage id="session.lobby.joinTitle" />
              </Title>
              <Text size="lg" c="dimmed" ta="center">
                <FormattedMessage id="game.joinCodeSteps" values={{ site: location.host }} />
              </Text>
              <Text
                ff="monospace"
                fw={800}
                lh={1.1}
                fz={{ base: 52, sm: 96 }}
                style={{ letterSpacing: '0.08em', whiteSpace: 'nowrap' }}
                data-testid="join-code"
              >
                {formatJoinCode(view.code)}
              </Text>
            </Stack>
          </Group>
        </Card>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {view.teams.map((team) => (
          <TeamCard key={team.teamNumber} team={team} teamLabel={labels.team(team.teamNumber)}>
            {team.seats.map((seat) =>
              seat.taken || seat.computer ? (
                <TakenSeat key={seat.facilityId} seat={seat} role={labels.role(seat)} />
              ) : (
                <FreeSeat key={seat.facilityId} role={labels.role(seat)} />
              ),
            )}
          </TeamCard>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
