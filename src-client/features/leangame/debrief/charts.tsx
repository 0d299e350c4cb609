/**
 * The lean debrief's charts (`@mantine/charts`, as the beer game's debrief): WIP over the round,
 * a bar per station or per time category, busy against idle time. The minute axis spans the whole
 * round.
 */
import { BarChart, LineChart } from '@mantine/charts';
import { useIntl } from 'react-intl';
import type { LeanTimeCategory } from '../../../../src-shared/leangame/constants';

/** The legend below the chart, in the series' order. */
const legendProps = { verticalAlign: 'bottom' as const, itemSorter: null, height: 40 };
const formatter = (digits: number) => (value: number) =>
  new Intl.NumberFormat(undefined, { maximumFractionDigits: digits }).format(value);

/** Units released and not yet delivered, step by step over the round, with the mean and a cursor. */
export function WipChart({
  series,
  mean,
  minutes,
  cursor,
}: {
  series: { minute: number; wip: number }[];
  mean: number;
  minutes: number;
  /** The replay's minute, drawn as a vertical line. */
  cursor?: number | null;
}) {
  const intl = useIntl();
  const wip = intl.formatMessage({ id: 'lean.debrief.chart.wip' });
  // One point per change, and the level held to the round's end.
  const data = [...series.map((p) => ({ minute: p.minute, [wip]: p.wip }))];
  const lastPoint = series.at(-1);
  if (lastPoint && lastPoint.minute < minutes) data.push({ minute: minutes, [wip]: lastPoint.wip });
  return (
    <LineChart
      h={280}
      data={data}
      dataKey="minute"
      curveType="stepAfter"
      withDots={false}
      xAxisProps={{ type: 'number', domain: [0, Math.max(1, minutes)], allowDecimals: false }}
      xAxisLabel={intl.formatMessage({ id: 'lean.debrief.chart.minute' })}
      yAxisLabel={intl.formatMessage({ id: 'lean.debrief.chart.units' })}
      valueFormatter={formatter(0)}
      series={[{ name: wip, color: 'blue.6' }]}
      referenceLines={[
        {
          y: mean,
          color: 'orange.6',
          label: intl.formatMessage({ id: 'lean.debrief.chart.meanWip' }, { value: formatter(1)(mean) }),
          labelPosition: 'insideTopRight',
        },
        ...(cursor === null || cursor === undefined ? [] : [{ x: cursor, color: 'gray.6' }]),
      ]}
      data-testid="chart-wip"
    />
  );
}

/** One bar per station (or facility): a measure in minutes. */
export function StationBars({
  data,
  label,
  color = 'teal.6',
  testId,
  reference,
  unit = 'minutes',
}: {
  data: { name: string; value: number }[];
  label: string;
  color?: string;
  testId: string;
  reference?: { value: number; label: string };
  /** What the bars count: minutes, or a number of things (an axis without a unit). */
  unit?: 'minutes' | 'count';
}) {
  const intl = useIntl();
  return (
    <BarChart
      h={260}
      data={data.map((d) => ({ name: d.name, [label]: d.value }))}
      dataKey="name"
      valueFormatter={formatter(unit === 'count' ? 0 : 2)}
      yAxisLabel={unit === 'minutes' ? intl.formatMessage({ id: 'lean.debrief.chart.minutes' }) : undefined}
      yAxisProps={unit === 'count' ? { allowDecimals: false } : undefined}
      series={[{ name: label, color }]}
      referenceLines={
        reference
          ? [
              {
                y: reference.value,
                color: 'orange.6',
                label: reference.label,
                labelPosition: 'insideTopRight',
              },
            ]
          : []
      }
      data-testid={testId}
    />
  );
}

/** Minutes per delivered unit in each category, in the ranked order of spec point 9. */
export function TimeByCategoryChart({
  rows,
}: {
  rows: { category: LeanTimeCategory; rank: number; minutes: number }[];
}) {
  const intl = useIntl();
  const label = intl.formatMessage({ id: 'lean.debrief.chart.minutesPerUnit' });
  const ranked = [...rows].sort((a, b) => a.rank - b.rank);
  return (
    <BarChart
      h={280}
      data={ranked.map((r) => ({
        category: intl.formatMessage(
          { id: 'lean.debrief.category.ranked' },
          { rank: r.rank, name: intl.formatMessage({ id: `lean.debrief.category.${r.category}` }) },
        ),
        [label]: r.minutes,
      }))}
      dataKey="category"
      valueFormatter={formatter(3)}
      yAxisLabel={intl.formatMessage({ id: 'lean.debrief.chart.minutes' })}
      series={[{ name: label, color: 'grape.6' }]}
      data-testid="chart-time-by-category"
    />
  );
}

/** Each facility's busy and idle minutes: together, the round's elapsed time. */
export function ResourceChart({ rows }: { rows: { name: string; busy: number; elapsed: number }[] }) {
  const intl = useIntl();
  const busy = intl.formatMessage({ id: 'lean.debrief.chart.busy' });
  const idle = intl.formatMessage({ id: 'lean.debrief.chart.idle' });
  return (
    <BarChart
      h={280}
      type="stacked"
      data={rows.map((r) => ({
        name: r.name,
        [busy]: r.busy,
        [idle]: Math.max(0, Math.round((r.elapsed - r.busy) * 100) / 100),
      }))}
      dataKey="name"
      withLegend
      legendProps={legendProps}
      valueFormatter={formatter(2)}
      yAxisLabel={intl.formatMessage({ id: 'lean.debrief.chart.minutes' })}
      series={[
        { name: busy, color: 'teal.6' },
        { name: idle, color: 'gray.4' },
      ]}
      data-testid="chart-resource-efficiency"
    />
  );
}

/** The profit and loss as bars: revenue up, each cost down. */
export function PnlChart({ rows }: { rows: { label: string; value: number }[] }) {
  const intl = useIntl();
  const amount = intl.formatMessage({ id: 'lean.debrief.chart.amount' });
  return (
    <BarChart
      h={260}
      data={rows.map((r) => ({ line: r.label, [amount]: r.value }))}
      dataKey="line"
      valueFormatter={formatter(2)}
      getBarColor={(value) => (value >= 0 ? 'teal.6' : 'red.6')}
      referenceLines={[{ y: 0, color: 'gray.5' }]}
      series={[{ name: amount, color: 'teal.6' }]}
      data-testid="chart-pnl"
    />
  );
}
