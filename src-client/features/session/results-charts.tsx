/**
 * The results' charts (`@mantine/charts`, on Recharts), in their own module so the page loads
 * them lazily: Recharts is heavy and only the results pages draw charts.
 */
import '@mantine/charts/styles.css';
import { BarChart } from '@mantine/charts';
import { useIntl } from 'react-intl';

/** One colour per round, from Mantine's palette, as the debrief colours its stages. */
const ROUND_COLORS = ['blue.6', 'teal.6', 'orange.6', 'grape.6', 'red.6', 'cyan.7', 'lime.7', 'pink.6'];

const money = (intl: ReturnType<typeof useIntl>) => (value: number) =>
  intl.formatNumber(value, { maximumFractionDigits: 0 });

/**
 * Team cost per team of one round, best (lowest) first. (No value labels on the bars: Recharts'
 * label list breaks under Preact, and the table beside the chart gives the figures.)
 */
export function RoundCostChart({ data }: { data: Array<{ team: string; cost: number }> }) {
  const intl = useIntl();
  return (
    <BarChart
      h={Math.max(220, Math.min(420, 80 + data.length * 28))}
      data={data}
      dataKey="team"
      series={[{ name: 'cost', color: 'blue.6', label: intl.formatMessage({ id: 'session.colTeamCost' }) }]}
      valueFormatter={money(intl)}
      yAxisLabel={intl.formatMessage({ id: 'session.colTeamCost' })}
      tickLine="y"
      data-testid="round-cost-chart"
    />
  );
}

/** Each team's cost per week in each round side by side, then the class average. */
export function AcrossRoundsChart({
  data,
  rounds,
}: {
  data: Array<Record<string, string | number>>;
  rounds: Array<{ key: string; label: string }>;
}) {
  const intl = useIntl();
  return (
    <BarChart
      h={360}
      data={data}
      dataKey="team"
      series={rounds.map((round, i) => ({
        name: round.key,
        label: round.label,
        color: ROUND_COLORS[i % ROUND_COLORS.length]!,
      }))}
      valueFormatter={money(intl)}
      yAxisLabel={intl.formatMessage({ id: 'session.colCostPerWeek' })}
      withLegend
      legendProps={{ verticalAlign: 'bottom', height: 48 }}
      tickLine="y"
      data-testid="across-rounds-chart"
    />
  );
}
