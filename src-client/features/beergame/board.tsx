import { Badge, Card, Grid, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconPlugConnected, IconPlugConnectedX, IconRobot } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import type { BeerFacilityView, BeerView } from '../../../src-shared/beergame/view';
import { withInstructorMessages } from '../../i18n';
import { loadChunk } from '../../load-chunk';
import { useFacilityName } from '../../ui/facility-name';
import { Money } from '../../ui/money';
import {
  CloseWeekButton,
  GameControls,
  MessageComposer,
  RoleMenu,
  TimerControls,
} from './instructor-controls';
import { SupplyChainMap } from './map/supply-chain-map';
import { MessagesPanel } from './messages';
import { TeamStatus } from './team-status';

// The creator's proposals and scheduled events speak instructors' words (`proposals.*`,
// `events.*`), which a page opened on the board may not have loaded yet: they come with their code.
const loadProposals = () => withInstructorMessages(loadChunk(() => import('./propose-order')));
const loadEvents = () => withInstructorMessages(loadChunk(() => import('./event-editor')));
const ProposeOrder = lazy(async () => ({ default: (await loadProposals()).ProposeOrder }));
const ProposedOrders = lazy(async () => ({ default: (await loadProposals()).ProposedOrders }));
const EventEditor = lazy(async () => ({ default: (await loadEvents()).EventEditor }));
const ScheduledMessages = lazy(async () => ({ default: (await loadEvents()).ScheduledMessages }));

/**
 * The live board: the map and every role's numbers as far as the viewer may see them; for the
 * game's creator, the controls that run the class (timer, close the week, seats, messages, end).
 */
export function Board({ view }: { view: BeerView }) {
  const controls = view.isCreator && !view.finished;
  return (
    <Stack gap="md">
      {controls && (
        <Card withBorder padding="sm">
          <Group justify="space-between" align="flex-end">
            <TimerControls view={view} />
            <CloseWeekButton view={view} />
          </Group>
        </Card>
      )}
      <TeamStatus view={view} />
      <Grid gap="md">
        <Grid.Col span={{ base: 12, lg: controls ? 8 : 12 }}>
          <Stack gap="md">
            <SupplyChainMap view={view} />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              {view.facilities.map((facility) => (
                <FacilityCard key={facility.id} view={view} facility={facility} controls={controls} />
              ))}
            </SimpleGrid>
          </Stack>
        </Grid.Col>
        {controls && (
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md">
              <Suspense fallback={null}>
                <ProposeOrder view={view} />
              </Suspense>
              <MessageComposer view={view} />
              <MessagesPanel view={view} />
              <Suspense fallback={null}>
                <EventEditor view={view} />
                <ScheduledMessages view={view} />
              </Suspense>
              <GameControls view={view} />
            </Stack>
          </Grid.Col>
        )}
      </Grid>
    </Stack>
  );
}

/** Who holds a role (a player, the computer or nobody) and, for the creator, whether they are connected. */
function Holder({ facility }: { facility: BeerFacilityView }) {
  if (facility.computer)
    return (
      <Badge variant="light" color="violet" leftSection={<IconRobot size={14} />} tt="none">
        <FormattedMessage id="board.computerRole" />
      </Badge>
    );
  if (!facility.taken)
    return (
      <Badge variant="outline" color="gray" tt="none">
        <FormattedMessage id="board.freeSeat" />
      </Badge>
    );
  return (
    <Group gap={6}>
      <Text size="sm">{facility.playerName}</Text>
      {facility.connected !== undefined &&
        (facility.connected ? (
          <Badge variant="light" color="green" leftSection={<IconPlugConnected size={14} />} tt="none">
            <FormattedMessage id="board.connected" />
          </Badge>
        ) : (
          <Badge variant="light" color="red" leftSection={<IconPlugConnectedX size={14} />} tt="none">
            <FormattedMessage id="board.disconnected" />
          </Badge>
        ))}
    </Group>
  );
}

function FacilityCard({
  view,
  facility,
  controls,
}: {
  view: BeerView;
  facility: BeerFacilityView;
  controls: boolean;
}) {
  const facilityName = useFacilityName();
  // The creator's proposals still waiting for this role's order (placing it removes them).
  const proposed = view.proposals.filter((p) => p.facilityId === facility.id && p.week === view.week);
  return (
    <Card withBorder padding="sm" data-testid={`board-${facility.id}`}>
      <Group justify="space-between" mb={6} wrap="nowrap">
        <Text fw={700}>{facilityName(facility)}</Text>
        <Group gap={4} wrap="nowrap">
          <Holder facility={facility} />
          {controls && <RoleMenu view={view} facility={facility} />}
        </Group>
      </Group>
      {facility.numbers ? (
        <Group gap="lg">
          <Text size="sm">
            <FormattedMessage id="beer.stock" />: <b>{facility.numbers.stock}</b>
          </Text>
          <Text size="sm">
            <FormattedMessage id="beer.backlog" />: <b>{facility.numbers.backlog}</b>
          </Text>
          <Text size="sm">
            <FormattedMessage id="beer.cumulativeCost" />:{' '}
            <b>
              <Money value={facility.numbers.cumulativeCost} />
            </b>
          </Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="beer.hidden" />
        </Text>
      )}
      {controls && proposed.length > 0 && (
        <Suspense fallback={null}>
          <ProposedOrders facilityId={facility.id} proposed={proposed} />
        </Suspense>
      )}
    </Card>
  );
}
