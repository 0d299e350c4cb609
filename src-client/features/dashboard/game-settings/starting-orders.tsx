/**
 * The starting orders (`resetStartingOrders`, spec point 7): the quantity in every order and
 * shipment slot at the start (rules/beergame.md, `startOrders`). Until the first week closes the
 * creator may put a new one in every slot of one role or of all, after a confirmation: the game
 * starts over from week 1. Afterwards the button stays, disabled, with the reason.
 */
import { Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconLock, IconRestore } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { startingOrdersOpen } from '../../../../src-shared/beergame/levers';
import type { BeerConfig } from '../../../../src-shared/beergame/schemas';
import type { BeerView } from '../../../../src-shared/beergame/view';
import { newCommandId, retryUnanswered, trpc } from '../../../trpc';
import { Confirm } from '../../../ui/confirm';
import { useFacilityName } from '../../../ui/facility-name';
import { toastError, toastMessage } from '../../../ui/notify';
import { NumberField, useNumberField } from '../../../ui/number-field';

const ALL = '*';
const START_ORDERS = { min: 0, max: 999 };

export function StartingOrders({ view, config }: { view: BeerView; config: BeerConfig }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const utils = trpc.useUtils();
  const open = startingOrdersOpen(view);
  const now = [
    ...new Set(config.facilities.flatMap((f) => Object.values(f.capabilities).map((c) => c.startOrders))),
  ].sort((a, b) => a - b);
  const quantity = useNumberField(START_ORDERS, String(now[0] ?? 4));
  const [to, setTo] = useState(ALL);
  const [confirming, setConfirming] = useState<number | null>(null);
  const reset = trpc.beergame.resetStartingOrders.useMutation({
    retry: retryUnanswered(3),
    onSuccess: () => {
      quantity.reset();
      void utils.beergame.settings.invalidate({ gameId: view.gameId });
      toastMessage(intl, 'gameSettings.startingOrdersDone', 'green');
    },
    onError: (error) => toastError(intl, error),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = quantity.submit();
    if (value !== null) setConfirming(value);
  };
  const roles = [
    { value: ALL, label: intl.formatMessage({ id: 'gameSettings.startingOrdersAll' }) },
    ...view.facilities.map((f) => ({ value: f.id, label: facilityName(f) })),
  ];
  return (
    <Stack gap={6} data-testid="starting-orders">
      <Text size="sm">
        <Text span c="dimmed" size="sm">
          <FormattedMessage id="gameSettings.startingOrders" />
          {': '}
        </Text>
        <span data-testid="starting-orders-now">
          <FormattedMessage id="gameSettings.startingOrdersNow" values={{ quantities: now.join(', ') }} />
        </span>
      </Text>
      {open ? (
        <Stack gap={6} component="form" onSubmit={submit}>
          <Text size="sm" c="dimmed">
            <FormattedMessage id="gameSettings.startingOrdersHint" />
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="xs">
            <Select
              label={intl.formatMessage({ id: 'gameSettings.startingOrdersFor' })}
              data={roles}
              value={to}
              onChange={(value) => value && setTo(value)}
              allowDeselect={false}
              data-testid="starting-orders-for"
            />
            <NumberField
              {...quantity.field}
              label={intl.formatMessage({ id: 'gameSettings.startingOrdersQuantity' })}
              data-testid="starting-orders-quantity"
            />
          </SimpleGrid>
          <Group>
            <Button
              type="submit"
              variant="light"
              color="orange"
              leftSection={<IconRestore size={16} />}
              loading={reset.isPending}
              data-testid="starting-orders-reset"
            >
              <FormattedMessage id="gameSettings.startingOrdersReset" />
            </Button>
          </Group>
        </Stack>
      ) : (
        <Stack gap={4}>
          <Group>
            <Button
              variant="light"
              color="orange"
              leftSection={<IconRestore size={16} />}
              disabled
              data-testid="starting-orders-reset"
            >
              <FormattedMessage id="gameSettings.startingOrdersReset" />
            </Button>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <IconLock size={16} />
            <Text size="sm" c="dimmed" data-testid="starting-orders-closed">
              <FormattedMessage id="gameSettings.startingOrdersClosed" />
            </Text>
          </Group>
        </Stack>
      )}
      <Confirm
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="gameSettings.startingOrdersTitle" />}
        confirmLabel={<FormattedMessage id="gameSettings.startingOrdersReset" />}
        color="orange"
        testId="confirm-starting-orders"
        onConfirm={() =>
          confirming !== null &&
          reset.mutate({
            gameId: view.gameId,
            startOrders: confirming,
            ...(to === ALL ? {} : { facilityId: to }),
            commandId: newCommandId(),
          })
        }
      >
        <Text size="sm" fw={600}>
          {roles.find((r) => r.value === to)?.label}
          {' · '}
          <FormattedMessage id="gameSettings.startingOrdersQuantity" />
          {': '}
          <span data-testid="starting-orders-confirmed">{confirming}</span>
        </Text>
        <Text size="sm">
          <FormattedMessage id="gameSettings.startingOrdersText" />
        </Text>
      </Confirm>
    </Stack>
  );
}
