import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import type { BeerView } from '../../../src-shared/beergame/view';
import { Money } from '../../ui/money';

type Numbers = NonNullable<BeerView['facilities'][number]['numbers']>;

function Figure({
  id,
  value,
  tone,
  testId,
}: {
  id: string;
  value: ReactNode;
  tone?: string;
  testId?: string;
}) {
  return (
    <Card withBorder padding="xs">
      {/* Smaller on a phone, where three labels share its width ("ZALEGŁOŚCI"); hyphenated where the browser can. */}
      <Text
        fz={{ base: 11, sm: 'xs' }}
        c="dimmed"
        tt="uppercase"
        fw={600}
        lh={1.2}
        style={{ hyphens: 'auto' }}
      >
        <FormattedMessage id={id} />
      </Text>
      <Text size="xl" fw={700} c={tone} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

/**
 * What decides this week's order, in view with the order box on a phone: stock, backlog, what was
 * ordered from the facility, and what arrives next.
 */
export function DecisionFigures({
  numbers,
  week,
  products,
}: {
  numbers: Numbers;
  week: number;
  products: BeerView['products'];
}) {
  return (
    <Stack gap={6}>
      {numbers.products.length > 1 && <ProductFigures numbers={numbers} products={products} />}
      <SimpleGrid cols={{ base: 3, sm: 3 }} spacing="xs">
        <Figure id="beer.stock" value={numbers.stock} testId="stock" />
        <Figure
          id="beer.backlog"
          value={numbers.backlog}
          tone={numbers.backlog > 0 ? 'red' : undefined}
          testId="backlog"
        />
        <Figure id="beer.incomingOrder" value={numbers.incomingOrder} testId="incoming-order" />
      </SimpleGrid>
      {numbers.arriving.length > 0 && (
        <Group gap="xs" data-testid="arriving">
          <Text size="sm" c="dimmed">
            <FormattedMessage id="beer.arriving" />
          </Text>
          {numbers.arriving.map((quantity, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: one slot per coming week
            <Text key={index} size="sm" fw={600}>
              <FormattedMessage id="beer.arrivingWeek" values={{ week: week + index + 1, quantity }} />
            </Text>
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** With several products, each one's stock, backlog, what was ordered and what arrives next week. */
function ProductFigures({ numbers, products }: { numbers: Numbers; products: BeerView['products'] }) {
  return (
    <Table withTableBorder fz="sm" data-testid="product-figures">
      <Table.Thead>
        <Table.Tr>
          <Table.Th />
          <Table.Th>
            <FormattedMessage id="beer.stock" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="beer.backlog" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="beer.incomingOrder" />
          </Table.Th>
          <Table.Th>
            <FormattedMessage id="beer.arriving" />
          </Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {numbers.products.map((p) => {
          const product = products.find((x) => x.id === p.pid);
          return (
            <Table.Tr key={p.pid}>
              <Table.Td fw={600}>{product ? `${product.productEmoji} ${product.name}` : p.pid}</Table.Td>
              <Table.Td>{p.stock}</Table.Td>
              <Table.Td c={p.backlog > 0 ? 'red' : undefined}>{p.backlog}</Table.Td>
              <Table.Td>{p.incomingOrder}</Table.Td>
              <Table.Td>{p.arriving[0] ?? 0}</Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}

/** The rest of the facility's week: what moved, the last order, and what it cost. */
export function FacilityFigures({ numbers }: { numbers: Numbers }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 5 }} spacing="xs">
      <Figure id="beer.shipped" value={numbers.shipped} />
      <Figure id="beer.received" value={numbers.received} />
      <Figure id="beer.lastOrder" value={numbers.lastOrder ?? '—'} />
      <Figure id="beer.weekCost" value={<Money value={numbers.weekCost} />} />
      <Figure
        id="beer.cumulativeCost"
        value={<Money value={numbers.cumulativeCost} />}
        testId="cumulative-cost"
      />
    </SimpleGrid>
  );
}

/** Week-by-week history of one facility, newest first. */
export function HistoryTable({ history }: { history: Numbers['history'] }) {
  if (history.length === 0) return null;
  const columns = [
    'week',
    'received',
    'incomingOrder',
    'shipped',
    'stock',
    'backlog',
    'order',
    'cost',
  ] as const;
  return (
    <Stack gap="xs">
      <Title order={4}>
        <FormattedMessage id="beer.history" />
      </Title>
      <Table.ScrollContainer minWidth={560}>
        <Table striped withTableBorder fz="sm">
          <Table.Thead>
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column}>
                  <FormattedMessage id={`beer.col.${column}`} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {[...history].reverse().map((row) => (
              <Table.Tr key={row.week}>
                {columns.map((column) => (
                  <Table.Td key={column}>
                    {column === 'cost' ? <Money value={row.cost} /> : (row[column] ?? '—')}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}
