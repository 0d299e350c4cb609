import { Alert, Button, Group, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconArrowsSplit } from '@tabler/icons-react';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame/view';
import { readAllocation } from '../../../src-shared/rules/allocation-entry';
import { newCommandId, retryUnanswered, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { toastError } from '../../ui/notify';

type Allocation = BeerView['allocations'][number];

/**
 * A supplier short of stock splits what it has among its clients (manual allocation): the
 * engine's proportional split is proposed; the player changes it and confirms before the week closes.
 */
export function AllocationPanel({ view, allocation }: { view: BeerView; allocation: Allocation }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const clients = Object.keys(allocation.requests);
  const [typed, setTyped] = useState<Record<string, string>>(() =>
    Object.fromEntries(clients.map((c) => [c, String(allocation.allocation[c] ?? 0)])),
  );
  const [commandId, setCommandId] = useState(newCommandId);
  const confirm = trpc.beergame.confirmAllocations.useMutation({
    retry: retryUnanswered(5),
    onSuccess: () => setCommandId(newCommandId()),
    onError: (error) => toastError(intl, error),
  });
  const entry = readAllocation(typed, allocation.requests, allocation.available);
  const nameOf = (id: string) => {
    const f = view.facilities.find((x) => x.id === id);
    return f ? facilityName(f) : id;
  };
  return (
    <Alert color="orange" icon={<IconArrowsSplit />} title={<FormattedMessage id="allocation.title" />}>
      <Stack gap="sm" data-testid="allocation">
        <Text size="sm">
          <FormattedMessage id="allocation.explain" values={{ available: allocation.available }} />
        </Text>
        <Table>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="allocation.client" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="allocation.asked" />
              </Table.Th>
              <Table.Th>
                <FormattedMessage id="allocation.ship" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {clients.map((client) => (
              <Table.Tr key={client}>
                <Table.Td>{nameOf(client)}</Table.Td>
                <Table.Td>{allocation.requests[client]}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={intl.formatMessage({ id: 'allocation.shipTo' }, { client: nameOf(client) })}
                    value={typed[client] ?? ''}
                    onChange={(event) => {
                      const value = event.currentTarget.value;
                      setTyped((t) => ({ ...t, [client]: value }));
                    }}
                    inputMode="numeric"
                    w={100}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
        <Group justify="space-between">
          <Text size="sm" c={entry.ok ? 'dimmed' : 'red.7'} data-testid="allocation-check">
            {entry.ok ? (
              <FormattedMessage id="allocation.ready" values={{ available: allocation.available }} />
            ) : (
              intl.formatMessage({ id: entry.messageId }, entry.values)
            )}
          </Text>
          <Button
            disabled={!entry.ok || allocation.isResolved}
            loading={confirm.isPending}
            onClick={() =>
              entry.ok &&
              confirm.mutate({
                gameId: view.gameId,
                facilityId: allocation.fid,
                productId: allocation.pid,
                allocation: entry.allocation,
                commandId,
              })
            }
          >
            <FormattedMessage id={allocation.isResolved ? 'allocation.confirmed' : 'allocation.confirm'} />
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
