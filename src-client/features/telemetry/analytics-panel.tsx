/** The operator's analytics: each tracked event's count per day over the last 30 days, newest day first. */
import { Loader, Table, Text } from '@mantine/core';
import { FormattedDate, FormattedMessage, useIntl } from 'react-intl';
import { ANALYTICS_EVENTS } from '../../../src-shared/rules/tracking';
import { trpc } from '../../trpc';
import { Refusal } from './refusal';

export function AnalyticsPanel() {
  const intl = useIntl();
  const summary = trpc.telemetry.analyticsSummary.useQuery(undefined, { refetchInterval: 10_000 });
  if (summary.isPending) return <Loader />;
  if (summary.error) return <Refusal error={summary.error} />;
  const days = [...new Set(summary.data.map((row) => row.day))].sort().reverse();
  const countOf = (day: string, name: string) =>
    summary.data.find((row) => row.day === day && row.name === name)?.count ?? 0;
  const totals = ANALYTICS_EVENTS.map((name) =>
    summary.data.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0),
  );
  return (
    <>
      <Text mb="sm">
        <FormattedMessage id="operator.analyticsIntro" />
      </Text>
      <Table.ScrollContainer minWidth={420}>
        <Table striped withTableBorder aria-label={intl.formatMessage({ id: 'operator.tab.analytics' })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th scope="col">
                <FormattedMessage id="operator.day" />
              </Table.Th>
              {ANALYTICS_EVENTS.map((name) => (
                <Table.Th key={name} scope="col" style={{ textAlign: 'right' }}>
                  <FormattedMessage id={`operator.event.${name}`} />
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {days.length === 0 && (
              <Table.Tr>
                <Table.Td colSpan={ANALYTICS_EVENTS.length + 1}>
                  <FormattedMessage id="operator.noEvents" />
                </Table.Td>
              </Table.Tr>
            )}
            {days.map((day) => (
              <Table.Tr key={day} data-testid="analytics-day">
                <Table.Th scope="row" fw={400}>
                  <FormattedDate value={new Date(`${day}T12:00:00Z`)} dateStyle="medium" timeZone="UTC" />
                </Table.Th>
                {ANALYTICS_EVENTS.map((name) => (
                  <Table.Td key={name} style={{ textAlign: 'right' }}>
                    {countOf(day, name)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row">
                <FormattedMessage id="operator.total" />
              </Table.Th>
              {totals.map((total, index) => (
                <Table.Td key={ANALYTICS_EVENTS[index]} style={{ textAlign: 'right', fontWeight: 700 }}>
                  {total}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
