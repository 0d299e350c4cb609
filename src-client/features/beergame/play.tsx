import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconDoorExit } from '@tabler/icons-react';
import { lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import type { BeerFacilityView, BeerView } from '../../../src-shared/beergame/view';
import { loadChunk } from '../../load-chunk';
import { paths } from '../../paths';
import { newCommandId, trpc } from '../../trpc';
import { Confirm } from '../../ui/confirm';
import { Countdown } from '../../ui/countdown';
import { useFacilityName } from '../../ui/facility-name';
import { toastError, toastMessage } from '../../ui/notify';
import { PageLoader } from '../../ui/page-loader';
import { AllocationPanel } from './allocation';
import { DecisionFigures, FacilityFigures, HistoryTable } from './facility-panel';
import { WithSupplyChainMap } from './map/map-beside';
import { MessagesPanel } from './messages';
import { OrderForm } from './order-form';
import { BeerRulesButton } from './rules';
import { TeamStatus } from './team-status';

/** The board (observers and the creator, with the instructor's controls): never in a player's first load. */
const Board = lazy(async () => ({ default: (await loadChunk(() => import('./board'))).Board }));

/** The week's heading: which week, the time left, the rules a click away. */
export function WeekHeader({ view }: { view: BeerView }) {
  return (
    <Group justify="space-between" gap="xs" wrap="wrap">
      <Group gap="sm">
        <Title order={2} data-testid="week">
          <FormattedMessage id="game.weekOf" values={{ week: view.week, weeks: view.weeks }} />
        </Title>
        <Countdown deadline={view.timer.deadline} pausedSeconds={view.timer.pausedSeconds} />
      </Group>
      <BeerRulesButton view={view} />
    </Group>
  );
}

/**
 * The week being played. A player sees, in this order on a phone, what decides their order, the
 * order box, then the team, messages, the map and their history; the creator and observers the board.
 */
export function BeerGamePlay({ view }: { view: BeerView }) {
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  if (!mine?.numbers)
    return (
      <Stack gap="md">
        <WeekHeader view={view} />
        {!view.isCreator && (
          <Alert color="gray">
            <FormattedMessage id="game.observing" />
          </Alert>
        )}
        <Suspense fallback={<PageLoader />}>
          <Board view={view} />
        </Suspense>
      </Stack>
    );
  const allocation = view.allocations.find((a) => a.fid === mine.id && a.week === view.week);
  return (
    <Stack gap="md">
      <WeekHeader view={view} />
      <WithSupplyChainMap view={view}>
        <MyRole facility={mine} />
        <DecisionFigures numbers={mine.numbers} week={view.week} products={view.products} />
        {/* A new week starts with a fresh, empty order form. */}
        {!view.finished && <OrderForm key={view.week} view={view} facilityId={mine.id} />}
        {allocation && <AllocationPanel view={view} allocation={allocation} />}
        <TeamStatus view={view} />
        <MessagesPanel view={view} />
      </WithSupplyChainMap>
      <FacilityFigures numbers={mine.numbers} />
      <HistoryTable history={mine.numbers.history} />
      {!view.finished && <LeaveGame view={view} facility={mine} />}
    </Stack>
  );
}

function MyRole({ facility }: { facility: BeerFacilityView }) {
  const facilityName = useFacilityName();
  return (
    <Title order={3} data-testid="my-role">
      {facilityName(facility)}
    </Title>
  );
}

/** Leaving the role (spec quitGame), after a confirmation: the role becomes free, the player goes to the game page. */
function LeaveGame({ view, facility }: { view: BeerView; facility: BeerFacilityView }) {
  const intl = useIntl();
  const navigate = useNavigate();
  const [opened, setOpened] = useState(false);
  const leave = trpc.beergame.leave.useMutation({
    onSuccess: () => {
      toastMessage(intl, 'game.left');
      navigate(paths.game(view.gameId, 'intro'));
    },
    onError: (error) => toastError(intl, error),
  });
  return (
    <Group justify="flex-end">
      <Button
        variant="subtle"
        color="gray"
        leftSection={<IconDoorExit size={16} />}
        onClick={() => setOpened(true)}
        data-testid="leave-game"
      >
        <FormattedMessage id="game.leave" />
      </Button>
      <Confirm
        opened={opened}
        onClose={() => setOpened(false)}
        title={<FormattedMessage id="game.leaveTitle" />}
        confirmLabel={<FormattedMessage id="game.leave" />}
        loading={leave.isPending}
        onConfirm={() =>
          leave.mutate({ gameId: view.gameId, facilityId: facility.id, commandId: newCommandId() })
        }
      >
        <Text size="sm">
          <FormattedMessage id="game.leaveText" />
        </Text>
      </Confirm>
    </Group>
  );
}
