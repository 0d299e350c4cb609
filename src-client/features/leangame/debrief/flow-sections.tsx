/** The lean debrief's sections about flow: line balance, WIP, quality, flow and resource efficiency. */
import { SimpleGrid, Table, Text } from '@mantine/core';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import { DebriefFigure } from '../../../ui/debrief/section';
import { ResourceChart, StationBars, TimeByCategoryChart, WipChart } from './charts-when-seen';
import { LeanValue, ToolName } from './format';
import type { LeanDebriefData } from './performance-sections';

export function BalanceSection({ balance }: { balance: LeanDebriefData['balance'] }) {
  const intl = useIntl();
  const mean =
    balance.stations.length > 0
      ? balance.stations.reduce((s, f) => s + f.busyMinutes, 0) / balance.stations.length
      : 0;
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} mb="md">
        <DebriefFigure
          label={<FormattedMessage id="lean.debrief.metric.lineBalance" />}
          testId="lean-line-balance"
        >
          <LeanValue value={balance.lineBalance} format="percent" />
        </DebriefFigure>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="lean.debrief.balance.help" />
      </Text>
      <StationBars
        data={balance.stations.map((s) => ({ name: s.name, value: s.busyMinutes }))}
        label={intl.formatMessage({ id: 'lean.debrief.chart.busyMinutes' })}
        testId="chart-balance"
        reference={{
          value: Math.round(mean * 100) / 100,
          label: intl.formatMessage({ id: 'lean.debrief.chart.mean' }),
        }}
      />
      <Table mt="sm" data-testid="lean-tools">
        <Table.Tbody>
          {balance.stations.map((s) => (
            <Table.Tr key={s.id}>
              <Table.Td fw={600} style={{ whiteSpace: 'nowrap' }}>
                {s.name}
              </Table.Td>
              <Table.Td>
                <Text size="sm">
                  {s.tools.map((tool, i) => (
                    <span key={tool}>
                      {i > 0 && ', '}
                      <ToolName tool={tool} />
                    </span>
                  ))}
                </Text>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}

export function WipSection({
  wip,
  minutes,
  cursor,
}: {
  wip: LeanDebriefData['wip'];
  minutes: number;
  cursor: number | null;
}) {
  const intl = useIntl();
  const digits = (value: number) => intl.formatNumber(value, { maximumFractionDigits: 2 });
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 4 }} mb="md">
        <DebriefFigure label={<FormattedMessage id="lean.debrief.wip.mean" />} testId="lean-wip-mean">
          <FormattedNumber value={wip.mean} maximumFractionDigits={1} />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.wip.max" />}>
          <FormattedNumber value={wip.max} />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.metric.flowTime" />}>
          <LeanValue value={wip.flowTime.mean} format="minutes" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.wip.little" />}>
          <FormattedNumber value={wip.littlesLaw.throughputTimesFlowTime} maximumFractionDigits={1} />
        </DebriefFigure>
      </SimpleGrid>
      <WipChart series={wip.series} mean={wip.mean} minutes={minutes} cursor={cursor} />
      <Text size="sm" c="dimmed" mt="sm" data-testid="lean-little">
        <FormattedMessage
          id="lean.debrief.wip.littleHelp"
          values={{
            wip: digits(wip.littlesLaw.wip),
            product: digits(wip.littlesLaw.throughputTimesFlowTime),
          }}
        />
      </Text>
    </>
  );
}

export function QualitySection({
  quality,
  names,
}: {
  quality: LeanDebriefData['quality'];
  names: Record<string, string>;
}) {
  const intl = useIntl();
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} mb="md">
        <DebriefFigure label={<FormattedMessage id="lean.debrief.metric.firstPassYield" />} testId="lean-fpy">
          <LeanValue value={quality.firstPassYield} format="percent" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.quality.defects" />} testId="lean-defects">
          <FormattedNumber value={quality.defects} />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.quality.defectProducts" />}>
          <FormattedNumber value={quality.defectProducts} />
        </DebriefFigure>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="lean.debrief.quality.help" />
      </Text>
      <StationBars
        data={quality.byFacility.map((f) => ({ name: names[f.id] ?? f.id, value: f.defects }))}
        label={intl.formatMessage({ id: 'lean.debrief.quality.defects' })}
        color="red.6"
        testId="chart-defects"
        unit="count"
      />
    </>
  );
}

export function FlowEfficiencySection({ flow }: { flow: LeanDebriefData['flowefficiency'] }) {
  return (
    <>
      <SimpleGrid cols={{ base: 2, sm: 3 }} mb="md">
        <DebriefFigure
          label={<FormattedMessage id="lean.debrief.metric.flowEfficiency" />}
          testId="lean-flow-efficiency"
        >
          <LeanValue value={flow.flowEfficiency} format="percent" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.flow.valueAdded" />}>
          <LeanValue value={flow.valueAddedMinutes} format="minutes" />
        </DebriefFigure>
        <DebriefFigure label={<FormattedMessage id="lean.debrief.metric.flowTime" />}>
          <LeanValue value={flow.flowTime.mean} format="minutes" />
        </DebriefFigure>
      </SimpleGrid>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="lean.debrief.flow.help" />
      </Text>
      <TimeByCategoryChart rows={flow.timeByCategory} />
    </>
  );
}

export function ResourceSection({ rows }: { rows: LeanDebriefData['resefficiency'] }) {
  return (
    <>
      <Text size="sm" c="dimmed" mb="sm">
        <FormattedMessage id="lean.debrief.resource.help" />
      </Text>
      <ResourceChart
        rows={rows.map((r) => ({ name: r.name, busy: r.busyMinutes, elapsed: r.elapsedMinutes }))}
      />
      <Table mt="sm" maw={480} data-testid="lean-resource">
        <Table.Tbody>
          {rows.map((r) => (
            <Table.Tr key={r.id}>
              <Table.Td fw={600}>{r.name}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                <FormattedMessage
                  id="lean.debrief.resource.busyOf"
                  values={{
                    busy: <FormattedNumber value={r.busyMinutes} maximumFractionDigits={1} />,
                    elapsed: <FormattedNumber value={r.elapsedMinutes} maximumFractionDigits={1} />,
                  }}
                />
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                <LeanValue value={r.resourceEfficiency} format="percent" />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </>
  );
}
