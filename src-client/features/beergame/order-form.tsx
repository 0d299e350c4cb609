import { Box, Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertTriangle, IconBulb, IconCheck, IconPlugConnectedX } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerFacilityView, BeerView } from '../../../src-shared/beergame/view';
import { needsConfirmation, quantitiesSeen, readOrderEntry } from '../../../src-shared/rules/order-entry';
import { useConnection } from '../../connection';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { LazyModal } from '../../ui/lazy-modal';
import { toastError } from '../../ui/notify';

type Capability = BeerFacilityView['capabilities'][number];

/** This week's orders of one facility, one box per capability; they can be changed until the week closes. */
export function OrderForm({ view, facilityId }: { view: BeerView; facilityId: string }) {
  const mine = view.facilities.find((f) => f.id === facilityId)!;
  // Computer roles order when the week closes: only people are waited for.
  const waitingFor = view.facilities.filter((f) => !f.validated && !f.computer).length;
  return (
    <Card withBorder padding="md" bg={mine.validated ? 'green.0' : undefined} data-testid="order-card">
      <Stack gap="sm">
        <Title order={4}>
          <FormattedMessage id="beer.orderTitle" values={{ week: view.week }} />
        </Title>
        {mine.capabilities.map((capability) => (
          <CapabilityOrder
            key={capability.id}
            view={view}
            facility={mine}
            capability={capability}
            labelled={mine.capabilities.length > 1}
          />
        ))}
        {mine.validated && (
          <Text size="sm" c="green.9" data-testid="order-placed">
            <IconCheck size={16} style={{ verticalAlign: 'text-bottom' }} />{' '}
            <FormattedMessage id="beer.orderPlacedWaiting" values={{ count: waitingFor }} />
          </Text>
        )}
      </Stack>
    </Card>
  );
}

function CapabilityOrder({
  view,
  facility,
  capability,
  labelled,
}: {
  view: BeerView;
  facility: BeerFacilityView;
  capability: Capability;
  labelled: boolean;
}) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [commandId, setCommandId] = useState(newCommandId);
  const connection = useConnection();
  // An order sent while the server is away waits for it (connection.ts), and is then sent with its
  // command id and the week it was typed for: never twice, never for a later week.
  const placeOrder = trpc.beergame.placeOrder.useMutation({
    retry: retryUnanswered(5),
    retryDelay: 1000,
    onSuccess: () => {
      setCommandId(newCommandId());
      setTyped('');
      setTouched(false);
    },
    onError: (error) => toastError(intl, error),
  });
  const entry = readOrderEntry(typed, capability);
  const error = touched && !entry.ok ? intl.formatMessage({ id: entry.messageId }, entry.values) : undefined;
  const ordered = view.myOrders?.[capability.id];
  const proposal = view.proposals.find(
    (p) => p.facilityId === facility.id && p.capabilityId === capability.id && p.week === view.week,
  );

  const send = (quantity: number) => {
    setConfirming(null);
    placeOrder.mutate({
      gameId: view.gameId,
      facilityId: facility.id,
      capabilityId: capability.id,
      quantity,
      week: view.week,
      commandId,
    });
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTouched(true);
    if (!entry.ok) return;
    if (needsConfirmation(entry.quantity, quantitiesSeen(facility.numbers))) setConfirming(entry.quantity);
    else send(entry.quantity);
  };

  const product = view.products.find((p) => p.id === capability.pid);
  const supplier = view.facilities.find((f) => f.id === capability.from);
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap={6}>
        {labelled && (
          <Text fw={600} size="sm">
            {product ? `${product.productEmoji} ${product.name} · ` : ''}
            {supplier ? (
              <FormattedMessage id="beer.orderFrom" values={{ supplier: facilityName(supplier) }} />
            ) : (
              <FormattedMessage id="beer.produce" />
            )}
          </Text>
        )}
        <TextInput
          label={intl.formatMessage({ id: 'beer.orderQuantity' })}
          value={typed}
          onChange={(event) => setTyped(event.currentTarget.value)}
          onBlur={() => setTouched(typed !== '')}
          inputMode="numeric"
          autoComplete="off"
          enterKeyHint="send"
          error={error}
          size="md"
          data-testid="order-quantity"
          // The button beside the box, under the label however many lines it takes; a quantity needs
          // little room, so the button's words ("Złóż zamówienie") take what they need first.
          inputContainer={(box) => (
            <Group align="flex-start" gap="sm" wrap="nowrap">
              <Box style={{ flex: '1 1 6rem', minWidth: '5rem', maxWidth: 220 }}>{box}</Box>
              <Button
                type="submit"
                size="md"
                loading={placeOrder.isPending}
                disabled={typed.trim() === ''}
                data-testid="place-order"
              >
                <FormattedMessage id={ordered !== undefined ? 'beer.changeOrder' : 'beer.placeOrder'} />
              </Button>
            </Group>
          )}
        />
        {placeOrder.isPending && (placeOrder.isPaused || connection === 'reconnecting') && (
          <Text size="sm" c="orange.9" fw={600} data-testid="order-waiting" role="status">
            <IconPlugConnectedX size={16} style={{ verticalAlign: 'text-bottom' }} />{' '}
            <FormattedMessage
              id="beer.orderWaitsForConnection"
              values={{ quantity: placeOrder.variables?.quantity ?? 0 }}
            />
          </Text>
        )}
        <OrderConstraints capability={capability} />
        {ordered !== undefined && (
          <Text size="sm" c="green.9" data-testid="ordered-quantity">
            <FormattedMessage id="beer.youOrdered" values={{ quantity: ordered }} />
          </Text>
        )}
        {proposal && ordered === undefined && (
          <Group gap="xs">
            <IconBulb size={16} />
            <Text size="sm">
              <FormattedMessage id="beer.proposal" values={{ quantity: proposal.quantity }} />
            </Text>
            <Button size="compact-sm" variant="light" onClick={() => send(proposal.quantity)}>
              <FormattedMessage id="beer.acceptProposal" />
            </Button>
          </Group>
        )}
      </Stack>
      <LazyModal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={
          <Group gap="xs">
            <IconAlertTriangle size={20} color="var(--mantine-color-orange-6)" />
            <FormattedMessage id="beer.confirmLargeTitle" />
          </Group>
        }
        centered
      >
        <Stack>
          <Text>
            <FormattedMessage
              id="beer.confirmLargeText"
              values={{ quantity: confirming ?? 0, usual: Math.max(0, ...quantitiesSeen(facility.numbers)) }}
            />
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)} data-autofocus>
              <FormattedMessage id="beer.confirmLargeCancel" />
            </Button>
            <Button color="orange" onClick={() => send(confirming!)} data-testid="confirm-large-order">
              <FormattedMessage id="beer.confirmLargeOrder" values={{ quantity: confirming ?? 0 }} />
            </Button>
          </Group>
        </Stack>
      </LazyModal>
    </form>
  );
}

/** What the capability accepts, said before the player errs. */
function OrderConstraints({ capability }: { capability: Capability }) {
  const parts = [
    <FormattedMessage
      key="arrives"
      id="beer.arrivesIn"
      values={{ weeks: capability.ordertime + capability.leadtime }}
    />,
  ];
  if (capability.moq > 0)
    parts.push(<FormattedMessage key="moq" id="beer.constraintMoq" values={{ moq: capability.moq }} />);
  if (capability.maxOrderQty > 0)
    parts.push(
      <FormattedMessage key="max" id="beer.constraintMax" values={{ max: capability.maxOrderQty }} />,
    );
  if (capability.batchSize > 0)
    parts.push(
      <FormattedMessage key="batch" id="beer.constraintBatch" values={{ batchSize: capability.batchSize }} />,
    );
  return (
    <Text size="xs" c="dimmed" data-testid="order-constraints">
      {parts.map((part, index) => (
        <span key={part.key}>
          {index > 0 && ' · '}
          {part}
        </span>
      ))}
    </Text>
  );
}
