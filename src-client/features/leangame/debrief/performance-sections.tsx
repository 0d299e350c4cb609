/** The lean debrief's sections about people and money: each facility, the profit and loss, the deliveries. */
import { Box, Group, Paper, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { MINUTE_MS } from '../../../../src-shared/leangame/constants';
import type { leanDebrief } from '../../../../src-shared/leangame/debrief';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import { DebriefFigure } from '../../../ui/debrief/section';
import { Money } from '../../../ui/money';
import { PnlChart } from './charts-when-seen';
import { LeanValue } from './format';

export type LeanDebriefData = ReturnType<typeof leanDebrief>;

const Th = ({ id, right }: { id: string; right?: boolean }) => (
  <Table.Th ta={right ? 'right' : undefined} style={{ whiteSpace: 'nowrap' }}>
    <FormattedMessage id={id} />
  </Table.Th>
);

export function FacilitiesTable({
  rows,
  view,
}: {
  rows: LeanDebriefData['individualPerformance'];
  view: LeanGameView;
}) {
  const intl = useIntl();
  // Players' names live in their user records: the live view has them, the events do not.
  const playerName = (id: string, recorded: string | null) =>
    view.facilities.find((f) => f.id === id)?.playerName ?? recorded;
  const player = (row: (typeof rows)[number]) =>
    row.computer ? (
      <Text span inherit c="dimmed">
        <FormattedMessage id="lean.debrief.computer" />
      </Text>
    ) : (
      (playerName(row.id, row.playerName) ?? <FormattedMessage id="lean.debrief.anonymous" />)
    );
  const kind = (row: (typeof rows)[number]) =>
    // The kind of facility, unless its name already says it.
    intl.formatMessage({ id: `lean.debrief.type.${row.type}` }) === row.name ? null : (
      <FormattedMessage id={`lean.debrief.type.${row.type}`} />
    );
  return (
    <>
      {/* A phone: a card per facility rather than a table of seven columns. */}
      <Stack gap="xs" hiddenFrom="sm" data-testid="lean-facilities-cards">
        {rows.map((row) => (
          <Paper key={row.id} withBorder p="sm" radius="md">
            <Group justify="space-between" wrap="nowrap" align="flex-start">
              <div>
                <Text fw={700} size="sm">
                  {row.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {kind(row)}
                  {kind(row) && ' · '}
                  {player(row)}
                </Text>
              </div>
              <div style={{ textAlign: 'right' }}>
                <Text fw={800}>
                  <LeanValue value={row.resourceEfficiency} format="percent" />
                </Text>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="lean.debrief.individual.efficiency" />
                </Text>
              </div>
            </Group>
            <SimpleGrid cols={2} spacing="md" verticalSpacing={2} mt="xs">
              {(
                [
                  ['actions', <FormattedNumber key="a" value={row.actions} />],
                  ['operations', <FormattedNumber key="o" value={row.operations} />],
                  ['defects', <FormattedNumber key="d" value={row.defects} />],
                  ['busy', <LeanValue key="b" value={row.busyMinutes} format="minutes" />],
                ] as const
              ).map(([label, value]) => (
                <Group key={label} justify="space-between" gap={4} wrap="nowrap">
                  <Text size="xs" c="dimmed">
                    <FormattedMessage id={`lean.debrief.individual.${label}`} />
                  </Text>
                  <Text size="sm" fw={600}>
                    {value}
                  </Text>
                </Group>
              ))}
            </SimpleGrid>
          </Paper>
        ))}
      </Stack>
      <Box visibleFrom="sm">
        <Table.ScrollContainer minWidth={680}>
          <Table withTableBorder striped data-testid="lean-facilities">
            <Table.Thead>
              <Table.Tr>
                <Th id="lean.debrief.facility" />
                <Th id="lean.debrief.player" />
                <Th id="lean.debrief.individual.actions" right />
                <Th id="lean.debrief.individual.operations" right />
                <Th id="lean.debrief.individual.defects" right />
                <Th id="lean.debrief.individual.busy" right />
                <Th id="lean.debrief.individual.efficiency" right />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((row) => (
                <Table.Tr key={row.id} data-testid={`lean-result-${row.id}`}>
                  <Table.Td>
                    <Text fw={600} size="sm">
                      {row.name}
                    </Text>
                    {kind(row) && (
                      <Text size="xs" c="dimmed">
                        {kind(row)}
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{player(row)}</Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={row.actions} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={row.operations} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <FormattedNumber value={row.defects} />
                  </Table.Td>
                  <Table.Td ta="right">
                    <LeanValue value={row.busyMinutes} format="minutes" />
                  </Table.Td>
                  <Table.Td ta="right" fw={600}>
                    <LeanValue value={row.resourceEfficiency} format="percent" />
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </Box>
    </>
  );
}

const PNL_LINES = ['revenue', 'materials', 'labour', 'wipHolding', 'defects', 'lateness'] as const;

export function PnlSection({ pnl }: { pnl: LeanDebriefData['pnl'] }) {
  const intl = useIntl();
  // A cost is drawn below zero (a cost of 0 stays 0, not -0).
  const signed = (line: (typeof PNL_LINES)[number]) =>
    line === 'revenue' || pnl[line] === 0 ? pnl[line] : -pnl[line];
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="lean.debrief.pnl.help" />
      </Text>
      {/* The account beside its bars from a laptop up, above them on a phone. */}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Table withTableBorder data-testid="lean-pnl">
          <Table.Tbody>
            {PNL_LINES.map((line) => (
              <Table.Tr key={line}>
                <Table.Td>
                  <FormattedMessage id={`lean.debrief.pnl.${line}`} />
                </Table.Td>
                <Table.Td ta="right">
                  <Money value={signed(line)} />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr>
              <Table.Td fw={800}>
                <FormattedMessage id="lean.debrief.pnl.profit" />
              </Table.Td>
              <Table.Td ta="right" fw={800} data-testid="lean-profit">
                <Money value={pnl.profit} />
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
        <PnlChart
          rows={[...PNL_LINES, 'profit' as const].map((line) => ({
            label: intl.formatMessage({ id: `lean.debrief.pnl.${line}` }),
            value: line === 'profit' ? pnl.profit : signed(line),
          }))}
        />
      </SimpleGrid>
    </>
  );
}

/** The customers' orders due within the round, each with what was delivered; those due after it are counted apart. */
export function DeliveriesSection({
  deliveries,
  view,
  startAt,
}: {
  deliveries: LeanDebriefData['deliveries'];
  view: LeanGameView;
  startAt: number;
}) {
  const productName = (id: string) => view.params.productsTemplates.find((t) => t.id === id)?.name ?? id;
  const minute = (at: number | null) =>
    at === null ? '—' : <FormattedNumber value={(at - startAt) / MINUTE_MS} maximumFractionDigits={1} />;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <DebriefFigure label={<FormattedMessage id="lean.debrief.metric.leadTime" />}>
          <LeanValue value={deliveries.leadTime.mean} format="minutes" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.deliveries.p90" />}>
          <LeanValue value={deliveries.leadTime.p90} format="minutes" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.deliveries.late" />}>
          <FormattedNumber value={deliveries.late} />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.metric.otif" />}>
          <LeanValue value={deliveries.otif} format="percent" />
        </DebriefFigure>
      </SimpleGrid>
      <Table.ScrollContainer minWidth={700}>
        <Table withTableBorder striped data-testid="lean-deliveries">
          <Table.Thead>
            <Table.Tr>
              <Th id="lean.debrief.deliveries.minute" right />
              <Th id="lean.debrief.deliveries.due" right />
              <Th id="lean.debrief.deliveries.product" />
              <Th id="lean.debrief.deliveries.qty" right />
              <Th id="lean.debrief.deliveries.delivered" right />
              <Th id="lean.debrief.deliveries.deliveredAt" right />
              <Th id="lean.debrief.deliveries.lateUnits" right />
              <Th id="lean.debrief.deliveries.defective" right />
              <Th id="lean.debrief.deliveries.otif" right />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {deliveries.items.map((item) => (
              <Table.Tr key={item.id}>
                <Table.Td ta="right">
                  <FormattedNumber value={item.created_min} maximumFractionDigits={1} />
                </Table.Td>
                <Table.Td ta="right">
                  <FormattedNumber value={item.due_min} maximumFractionDigits={1} />
                </Table.Td>
                <Table.Td>{productName(item.template_id)}</Table.Td>
                <Table.Td ta="right">{item.qty}</Table.Td>
                <Table.Td ta="right">{item.fulfilled_qty}</Table.Td>
                <Table.Td ta="right">{minute(item.fulfilled_at)}</Table.Td>
                <Table.Td ta="right" c={item.lateProducts > 0 ? 'orange.8' : undefined}>
                  {item.lateProducts}
                </Table.Td>
                <Table.Td ta="right" c={item.defectProducts > 0 ? 'red.8' : undefined}>
                  {item.defectProducts}
                </Table.Td>
                <Table.Td ta="right" fw={600}>
                  <FormattedMessage
                    id="lean.debrief.deliveries.otifOf"
                    values={{ otif: item.otifProducts, qty: item.qty }}
                  />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {deliveries.dueLater > 0 && (
        <Text size="sm" c="dimmed" mt="xs" data-testid="lean-deliveries-due-later">
          <FormattedMessage id="lean.debrief.deliveries.dueLater" values={{ count: deliveries.dueLater }} />
        </Text>
      )}
    </>
  );
}
