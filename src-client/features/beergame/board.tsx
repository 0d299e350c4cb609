import { Button, Card, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame';
import { newCommandId, trpc } from '../../trpc';
import { useFacilityName } from '../../ui/facility-name';
import { Money } from '../../ui/money';
import { toastError } from '../../ui/notify';
import { SupplyChainMap } from './map/supply-chain-map';

/** Every facility's figures, as far as the viewer may see them; its creator may close the week. */
export function Board({ view }: { view: BeerView }) {
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
      <SupplyChainMap view={view} />
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
