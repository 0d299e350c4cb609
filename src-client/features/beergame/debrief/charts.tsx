/**
 * The debrief's charts (`@mantine/charts`, on Recharts), drawn from `beergameKpis` of the state at
 * the replay's step. The week axis always spans the weeks the game played, so scrubbing grows the
 * lines instead of rescaling them.
 */
import '@mantine/charts/styles.css';
import { BarChart, LineChart, type LineChartProps } from '@mantine/charts';
import { SimpleGrid, Text, Title } from '@mantine/core';
import { FormattedMessage, useIntl } from 'react-intl';
import type { BeerDebriefFigures } from '../../../../src-shared/beergame/debrief-figures';
import type { BeerKpis, ProductSeries } from '../../../../src-shared/beergame/kpis';

/** One colour per stage, in network order (most downstream first), from Mantine's palette. */
const STAGE_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.7', 'lime.7', 'pink.6'];
export const stageColor = (index: number) => STAGE_COLORS[index % STAGE_COLORS.length]!;
const DEMAND_COLOR = 'dark.4';

export interface StageLabel {
  id: string;
  label: string;
}

interface SeriesChartProps {
  kpis: BeerKpis;
  stages: StageLabel[];
  /** Weeks the game played (`weeksPlayed`): the x axis's extent. */
  weeks: number;
}

/** Weeks 1 to the last played, ticked every 5 weeks. */
const weekAxis = (weeks: number) => ({
  type: 'number' as const,
  domain: [1, Math.max(2, weeks)],
  ticks: [1, ...Array.from({ length: Math.floor(weeks / 5) }, (_, i) => (i + 1) * 5)],
  allowDecimals: false,
});
/** The legend in the series' order (network order), not alphabetical (Recharts' default). */
const legendProps = { verticalAlign: 'bottom' as const, itemSorter: null, height: 56 };

/**
 * A line chart over the game's weeks with the debrief's settings: the weeks played on the x axis,
 * straight lines without dots, the legend below in network order.
 */
function WeekChart({
  weeks,
  yLabel,
  testId,
  h = 300,
  withWeekLabel = true,
  ...chart
}: Omit<LineChartProps, 'dataKey' | 'h'> & {
  weeks: number;
  yLabel: string;
  testId?: string;
  h?: number;
  withWeekLabel?: boolean;
}) {
  const intl = useIntl();
  return (
    <LineChart
      h={h}
      dataKey="week"
      withLegend
      legendProps={legendProps}
      xAxisProps={weekAxis(weeks)}
      xAxisLabel={withWeekLabel ? intl.formatMessage({ id: 'debrief.chart.week' }) : undefined}
      yAxisLabel={yLabel}
      curveType="linear"
      withDots={false}
      data-testid={testId}
      {...chart}
    />
  );
}

/** Orders placed by each stage against consumer demand, week by week: the bullwhip. */
export function OrdersChart({ kpis, stages, weeks }: SeriesChartProps) {
  const intl = useIntl();
  const demand = intl.formatMessage({ id: 'debrief.chart.consumerDemand' });
  const data = kpis.perWeek.map((row) => ({
    week: row.week,
    [demand]: row.consumerDemand,
    ...Object.fromEntries(
      row.facilities.flatMap((f) => {
        const stage = stages.find((s) => s.id === f.id);
        return stage && f.order !== null ? [[stage.label, f.order]] : [];
      }),
    ),
  }));
  return (
    <WeekChart
      weeks={weeks}
      h={300}
      data={data}
      yLabel={intl.formatMessage({ id: 'debrief.chart.units' })}
      series={[
        { name: demand, color: DEMAND_COLOR, strokeDasharray: '6 4' },
        ...stages.map((stage, index) => ({ name: stage.label, color: stageColor(index) })),
      ]}
      testId="chart-orders"
    />
  );
}

/** Net inventory (stock above zero, backlog below) of each stage over time. */
export function NetInventoryChart({ kpis, stages, weeks }: SeriesChartProps) {
  const intl = useIntl();
  const data = kpis.perWeek.map((row) => ({
    week: row.week,
    ...Object.fromEntries(
      row.facilities.flatMap((f) => {
        const stage = stages.find((s) => s.id === f.id);
        return stage ? [[stage.label, f.netInventory]] : [];
      }),
    ),
  }));
  return (
    <WeekChart
      weeks={weeks}
      h={300}
      data={data}
      yLabel={intl.formatMessage({ id: 'debrief.chart.netInventory' })}
      referenceLines={[{ y: 0, color: 'gray.5' }]}
      series={stages.map((stage, index) => ({ name: stage.label, color: stageColor(index) }))}
      testId="chart-net-inventory"
    />
  );
}

/** The cost each stage has built up, week by week, and the team's. */
export function CostChart({ kpis, stages, weeks }: SeriesChartProps) {
  const intl = useIntl();
  const team = intl.formatMessage({ id: 'debrief.chart.team' });
  const data = kpis.perWeek.map((row) => ({
    week: row.week,
    [team]: row.cumulativeTeamCost,
    ...Object.fromEntries(
      row.facilities.flatMap((f) => {
        const stage = stages.find((s) => s.id === f.id);
        return stage ? [[stage.label, f.cumulativeCost]] : [];
      }),
    ),
  }));
  return (
    <WeekChart
      weeks={weeks}
      h={300}
      data={data}
      yLabel={intl.formatMessage({ id: 'debrief.chart.cumulativeCost' })}
      valueFormatter={(value) => intl.formatNumber(value, { maximumFractionDigits: 2 })}
      series={[
        { name: team, color: DEMAND_COLOR, strokeDasharray: '6 4' },
        ...stages.map((stage, index) => ({ name: stage.label, color: stageColor(index) })),
      ]}
      testId="chart-cost"
    />
  );
}

/** Each stage's order variance over the consumers' demand variance. */
export function AmplificationChart({ kpis, stages }: Omit<SeriesChartProps, 'weeks'>) {
  const intl = useIntl();
  const ratio = intl.formatMessage({ id: 'debrief.chart.amplification' });
  const data = stages.map((stage) => ({
    stage: stage.label,
    [ratio]: kpis.byFacility.find((f) => f.id === stage.id)?.amplification ?? 0,
  }));
  return (
    <BarChart
      h={260}
      data={data}
      dataKey="stage"
      valueFormatter={(value) => intl.formatNumber(value, { maximumFractionDigits: 1 })}
      referenceLines={[
        {
          y: 1,
          color: 'gray.6',
          label: intl.formatMessage({ id: 'debrief.chart.noAmplification' }),
          labelPosition: 'insideTopRight',
        },
      ]}
      series={[{ name: ratio, color: 'orange.6' }]}
      data-testid="chart-amplification"
    />
  );
}

/** Transit times as actually drawn, shipment by shipment, against the planned ones. */
export function LeadTimeChart({ kpis, stages, weeks }: SeriesChartProps) {
  const intl = useIntl();
  const byWeek = new Map<number, Record<string, number>>();
  for (const shipment of kpis.leadTimes) {
    const stage = stages.find((s) => s.id === shipment.from);
    if (!stage) continue;
    const row = byWeek.get(shipment.week) ?? {};
    row[stage.label] = Math.max(row[stage.label] ?? 0, shipment.drawn);
    byWeek.set(shipment.week, row);
  }
  const data = [...byWeek.entries()].sort(([a], [b]) => a - b).map(([week, row]) => ({ week, ...row }));
  return (
    <WeekChart
      weeks={weeks}
      h={260}
      data={data}
      yLabel={intl.formatMessage({ id: 'debrief.chart.weeksInTransit' })}
      curveType="step"
      series={stages.map((stage, index) => ({ name: stage.label, color: stageColor(index) }))}
      testId="chart-lead-times"
    />
  );
}

/** The team's cost as it built up, against the same game played by two simple rules (the engine's benchmark). */
export function BenchmarkChart({ figures, weeks }: { figures: BeerDebriefFigures; weeks: number }) {
  const intl = useIntl();
  const benchmark = figures.benchmark;
  if (!benchmark) return null;
  const team = intl.formatMessage({ id: 'debrief.chart.team' });
  const passthrough = intl.formatMessage({ id: 'debrief.benchmark.passthrough' });
  const basestock = intl.formatMessage({ id: 'debrief.benchmark.basestock' });
  const data = figures.cumulativeTeamCost.map((cost, index) => ({
    week: index + 1,
    [team]: cost,
    [passthrough]: benchmark.passthrough.cumulativeTeamCost[index] ?? null,
    [basestock]: benchmark.basestock.cumulativeTeamCost[index] ?? null,
  }));
  return (
    <WeekChart
      weeks={weeks}
      h={260}
      data={data}
      yLabel={intl.formatMessage({ id: 'debrief.chart.cumulativeCost' })}
      valueFormatter={(value) => intl.formatNumber(value, { maximumFractionDigits: 2 })}
      series={[
        { name: team, color: 'blue.6' },
        { name: passthrough, color: 'gray.6', strokeDasharray: '6 4' },
        { name: basestock, color: 'teal.6', strokeDasharray: '2 3' },
      ]}
      testId="chart-benchmark"
    />
  );
}

/**
 * Several products side by side: for each, the orders its stages placed against its consumer
 * demand, or their stock − backlog, drawn only for the stages that handle it. Nothing for a game
 * of one product.
 */
export function ProductCharts({
  products,
  stages,
  weeks,
  measure,
}: {
  products: ProductSeries[];
  stages: StageLabel[];
  weeks: number;
  measure: 'orders' | 'netInventory';
}) {
  const intl = useIntl();
  const demand = intl.formatMessage({ id: 'debrief.chart.consumerDemand' });
  if (products.length === 0) return null;
  return (
    <>
      <Title order={4} mt="lg" mb="xs">
        <FormattedMessage id="debrief.byProduct" />
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg" data-testid={`product-charts-${measure}`}>
        {products.map((product) => {
          const handling = stages.filter((stage) => product.weeks[0]?.facilities[stage.id] !== undefined);
          const withDemand = measure === 'orders' && product.weeks.some((w) => w.consumerDemand > 0);
          const data = product.weeks.map((w) => ({
            week: w.week,
            ...(withDemand ? { [demand]: w.consumerDemand } : {}),
            ...Object.fromEntries(
              handling.flatMap((stage) => {
                const value = w.facilities[stage.id]![measure === 'orders' ? 'order' : 'netInventory'];
                return value === null ? [] : [[stage.label, value]];
              }),
            ),
          }));
          return (
            <div key={product.pid}>
              {/* The name alone: a product's emoji may have no glyph on the device (an empty box). */}
              <Text fw={700} mb={4}>
                {product.name}
              </Text>
              <WeekChart
                weeks={weeks}
                h={240}
                data={data}
                yLabel={intl.formatMessage({
                  id: measure === 'orders' ? 'debrief.chart.units' : 'debrief.chart.netInventory',
                })}
                referenceLines={measure === 'netInventory' ? [{ y: 0, color: 'gray.5' }] : []}
                series={[
                  ...(withDemand ? [{ name: demand, color: DEMAND_COLOR, strokeDasharray: '6 4' }] : []),
                  ...handling.map((stage) => ({
                    name: stage.label,
                    color: stageColor(stages.indexOf(stage)),
                  })),
                ]}
              />
            </div>
          );
        })}
      </SimpleGrid>
    </>
  );
}
