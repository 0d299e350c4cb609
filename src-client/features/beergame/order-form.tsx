import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { toastError } from '../../ui/notify';

/** This week's order of one facility; it can be changed until the week closes. */
export function OrderForm({ view, facilityId }: { view: BeerView; facilityId: string }) {
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
