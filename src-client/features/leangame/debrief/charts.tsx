/**
 * The lean debrief's charts (`@mantine/charts`, as the beer game's debrief): WIP over the round,
 * a bar per station or per time category, busy against idle time. The minute axis spans the whole
 * round.
 */
import '@mantine/charts/styles.css';
import { BarChart, LineChart } from '@mantine/charts';
import { useMediaQuery } from '@mantine/hooks';
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

/**
 * On a phone the facilities' names go down the side (horizontal bars), where they are read in
 * full; from a tablet up, a column per facility.
 */
function useFacilityAxis(count: number) {
  const narrow = useMediaQuery('(max-width: 40em)') ?? false;
  return narrow
    ? { orientation: 'vertical' as const, h: count * 40 + 60, category: { width: 100, interval: 0 } }
    : { orientation: 'horizontal' as const, h: 260, category: { interval: 0 } };
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
  const axis = useFacilityAxis(data.length);
  const sideways = axis.orientation === 'vertical';
  const valueAxis = unit === 'count' ? { allowDecimals: false } : {};
  const valueLabel =
    unit === 'minutes' ? intl.formatMessage({ id: 'lean.debrief.chart.minutes' }) : undefined;
  return (
    <BarChart
      h={axis.h}
      orientation={axis.orientation}
      data={data.map((d) => ({ name: d.name, [label]: d.value }))}
      dataKey="name"
      valueFormatter={formatter(unit === 'count' ? 0 : 2)}
      xAxisProps={sideways ? valueAxis : axis.category}
      yAxisProps={sideways ? axis.category : valueAxis}
      xAxisLabel={sideways ? valueLabel : undefined}
      yAxisLabel={sideways ? undefined : valueLabel}
      series={[{ name: label, color }]}
      referenceLines={
        reference
          ? [
              {
                ...(sideways ? { x: reference.value } : { y: reference.value }),
                color: 'orange.6',
                label: reference.label,
                labelPosition: sideways ? 'insideBottomRight' : 'insideTopRight',
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
      h={5 * 40 + 50}
      orientation="vertical"
      data={ranked.map((r) => ({
        category: intl.formatMessage(
          { id: 'lean.debrief.category.ranked' },
          { rank: r.rank, name: intl.formatMessage({ id: `lean.debrief.category.${r.category}` }) },
        ),
        [label]: r.minutes,
      }))}
      dataKey="category"
      valueFormatter={formatter(3)}
      // The categories down the side, in rank order from the top, their names in full on a phone.
      yAxisProps={{ width: 110, interval: 0 }}
      xAxisLabel={intl.formatMessage({ id: 'lean.debrief.chart.minutesPerUnit' })}
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
  const axis = useFacilityAxis(rows.length);
  const sideways = axis.orientation === 'vertical';
  const minutes = intl.formatMessage({ id: 'lean.debrief.chart.minutes' });
  return (
    <BarChart
      h={axis.h + 20}
      orientation={axis.orientation}
      xAxisProps={sideways ? undefined : axis.category}
      yAxisProps={sideways ? axis.category : undefined}
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
      // Sideways, the legend takes the place of the minutes' axis label (the table below says minutes).
      yAxisLabel={sideways ? undefined : minutes}
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
      h={rows.length * 36 + 50}
      orientation="vertical"
      data={rows.map((r) => ({ line: r.label, [amount]: r.value }))}
      dataKey="line"
      valueFormatter={formatter(2)}
      getBarColor={(value) => (value >= 0 ? 'teal.6' : 'red.6')}
      referenceLines={[{ x: 0, color: 'gray.5' }]}
      // The lines down the side, their names in full on a phone.
      yAxisProps={{ width: 120, interval: 0 }}
      series={[{ name: amount, color: 'teal.6' }]}
      data-testid="chart-pnl"
    />
  );
}
