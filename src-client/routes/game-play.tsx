import {
  Alert,
  Badge,
  Button,
  Card,
  Group,
  Loader,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useDocumentTitle } from '@mantine/hooks';
import { type FormEvent, useEffect, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useParams } from 'react-router';
import type { BeerView } from '../../src-shared/beergame';
import { useFacilityName } from '../features/beergame/facility-name';
import { FacilityFigures, HistoryTable } from '../features/beergame/facility-panel';
import { GameNav } from '../features/beergame/game-nav';
import { useGameView } from '../features/beergame/use-game';
import { newCommandId, retryUnanswered, trpc } from '../trpc';
import { Money } from '../ui/money';
import { toastError } from '../ui/notify';

function TeamStatus({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  return (
    <Group gap="xs" data-testid="team-status">
      {view.facilities.map((facility) => (
        <Badge
          key={facility.id}
          variant={facility.validated ? 'filled' : 'outline'}
          color={facility.validated ? 'green' : 'gray'}
          data-validated={facility.validated}
        >
          {facilityName(facility)} {facility.validated ? '✓' : '…'}
        </Badge>
      ))}
    </Group>
  );
}

function OrderForm({ view, facilityId }: { view: BeerView; facilityId: string }) {
  const intl = useIntl();
  const mine = view.facilities.find((f) => f.id === facilityId)!;
  const [quantity, setQuantity] = useState<number | string>('');
  const [commandId, setCommandId] = useState(newCommandId);
  const placeOrder = trpc.beergame.placeOrder.useMutation({
    retry: retryUnanswered(5),
    retryDelay: 1000,
    onSuccess: () => setCommandId(newCommandId()),
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (quantity === '') return;
    placeOrder.mutate({ gameId: view.gameId, facilityId, quantity: Number(quantity), commandId });
  };
  const waitingFor = view.facilities.filter((f) => !f.validated).length;
  return (
    <Card withBorder padding="lg" bg={mine.validated ? 'green.0' : undefined}>
      <form onSubmit={submit}>
        <Stack gap="sm">
          <Title order={4}>
            <FormattedMessage id="beer.orderTitle" values={{ week: view.week }} />
          </Title>
          <Group align="flex-end">
            <NumberInput
              label={intl.formatMessage({ id: 'beer.orderQuantity' })}
              value={quantity}
              onChange={setQuantity}
              min={0}
              allowDecimal={false}
              allowNegative={false}
              w={180}
              data-testid="order-quantity"
            />
            <Button
              type="submit"
              loading={placeOrder.isPending}
              disabled={quantity === ''}
              data-testid="place-order"
            >
              <FormattedMessage id={mine.validated ? 'beer.changeOrder' : 'beer.placeOrder'} />
            </Button>
          </Group>
          {mine.validated && (
            <Text size="sm" c="green.8" data-testid="order-placed">
              <FormattedMessage id="beer.orderPlacedWaiting" values={{ count: waitingFor }} />
            </Text>
          )}
        </Stack>
      </form>
    </Card>
  );
}

function Board({ view }: { view: BeerView }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const [commandId, setCommandId] = useState(newCommandId);
  const closeWeek = trpc.beergame.closeWeek.useMutation({
    onSuccess: () => setCommandId(newCommandId()),
    onError: (error) => toastError(intl, error),
  });
  return (
    <Stack>
      {view.isCreator && !view.finished && (
        <Group>
          <Button
            variant="light"
            onClick={() => closeWeek.mutate({ gameId: view.gameId, commandId })}
            loading={closeWeek.isPending}
          >
            <FormattedMessage id="beer.closeWeek" />
          </Button>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="beer.closeWeekHint" />
          </Text>
        </Group>
      )}
      <SimpleGrid cols={{ base: 1, md: 2 }}>
        {view.facilities.map((facility) => (
          <Card key={facility.id} withBorder padding="md">
            <Group justify="space-between" mb="xs">
              <Text fw={700}>{facilityName(facility)}</Text>
              <Text size="sm" c="dimmed">
                {facility.playerName ?? <FormattedMessage id="game.noPlayer" />}
              </Text>
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
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

export function GamePlayPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const facilityName = useFacilityName();
  const { view, connected } = useGameView(id);
  useDocumentTitle(view?.name ?? '');
  const finished = view?.finished ?? false;
  // After the last week every participant goes to the results.
  useEffect(() => {
    if (finished) navigate(`/game/${id}/results`);
  }, [finished, id, navigate]);
  if (!view) return <Loader mt="xl" />;
  const mine = view.facilities.find((f) => f.id === view.myFacilityId);
  return (
    <Stack gap="lg">
      <GameNav view={view} stage="play" connected={connected} />
      <Group justify="space-between">
        <Title order={2} data-testid="week">
          <FormattedMessage id="game.weekOf" values={{ week: view.week, weeks: view.weeks }} />
        </Title>
        <TeamStatus view={view} />
      </Group>
      {mine?.numbers ? (
        <>
          <Title order={3} data-testid="my-role">
            {facilityName(mine)}
          </Title>
          <FacilityFigures numbers={mine.numbers} week={view.week} />
          {/* A new week starts with a fresh, empty order form. */}
          {!view.finished && <OrderForm key={view.week} view={view} facilityId={mine.id} />}
          <HistoryTable history={mine.numbers.history} />
        </>
      ) : (
        <>
          {!view.isCreator && (
            <Alert color="gray">
              <FormattedMessage id="game.observing" />
            </Alert>
          )}
          <Board view={view} />
        </>
      )}
    </Stack>
  );
}
