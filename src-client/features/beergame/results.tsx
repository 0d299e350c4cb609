import { Card, Group, Progress, Table, Text, Title } from '@mantine/core';
import { FormattedMessage } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame';
import { useFacilityName } from '../../ui/facility-name';
import { Money } from '../../ui/money';

/** The team's cost and each facility's, once the game is over. */
export function BeerGameResults({ view }: { view: BeerView }) {
  const facilityName = useFacilityName();
  const results = view.results;
  const highest = Math.max(1, ...(results?.byFacility.map((f) => f.cost) ?? []));
  return (
    <>
      <Title order={2}>
        <FormattedMessage id="results.title" />
      </Title>
      {!results ? (
        <Text c="dimmed">
          <FormattedMessage id="results.notYet" />
        </Text>
      ) : (
        <>
          <Card withBorder padding="lg">
            <Text size="sm" c="dimmed" tt="uppercase" fw={600}>
              <FormattedMessage id="results.teamCost" />
            </Text>
            <Text fz={36} fw={800} data-testid="team-cost">
              <Money value={results.teamCost} />
            </Text>
          </Card>
          <Table withTableBorder verticalSpacing="sm" data-testid="results-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="results.facility" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="results.player" />
                </Table.Th>
                <Table.Th w="45%">
                  <FormattedMessage id="results.cost" />
                </Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {results.byFacility.map((row) => {
                const facility = view.facilities.find((f) => f.id === row.id);
                return (
                  <Table.Tr key={row.id} data-testid={`result-${row.id}`}>
                    <Table.Td fw={600}>{facility ? facilityName(facility) : row.name}</Table.Td>
                    <Table.Td>{facility?.playerName ?? '—'}</Table.Td>
                    <Table.Td>
                      <Group gap="sm" wrap="nowrap">
                        <Progress value={(row.cost / highest) * 100} w="60%" />
                        <Text fw={600}>
                          <Money value={row.cost} />
                        </Text>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </>
      )}
    </>
  );
}
