/**
 * /operator: what the people who run this installation read. "Errors": the error groups, the most
 * recently seen first, with their counts, first and last sight, their samples on demand, and a
 * button marking one resolved; "Analytics": the tracked events per day over the last 30 days.
 * Anyone else reads the server's refusal (errors.operatorOnly), translated.
 */
import { Container, Loader, Tabs, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../look';
import { trpc } from '../../trpc';
import { AnalyticsPanel } from './analytics-panel';
import { ErrorsPanel } from './errors-panel';
import { Refusal } from './refusal';

const TABS = ['errors', 'analytics'] as const;
type Tab = (typeof TABS)[number];

export function OperatorPage({
  extraTabs = [],
}: {
  extraTabs?: { value: string; label: ReactNode; panel: ReactNode }[];
}) {
  const intl = useIntl();
  usePageTitle(intl.formatMessage({ id: 'operator.title' }));
  const [search, setSearch] = useSearchParams();
  const asked = search.get('tab') ?? 'errors';
  const tab: string = [...TABS, ...extraTabs.map((extra) => extra.value)].includes(asked) ? asked : 'errors';
  // The errors' query answers whether the viewer is an operator at all.
  const access = trpc.telemetry.errorGroups.useQuery({ includeResolved: false }, { retry: false });
  if (access.isPending) return <Loader m="xl" aria-label={intl.formatMessage({ id: 'operator.loading' })} />;
  if (access.error)
    return (
      <Container size="sm" py="xl">
        <Refusal error={access.error} />
      </Container>
    );
  return (
    <Container size="lg" py="md">
      <Title order={1} mb="md">
        <FormattedMessage id="operator.title" />
      </Title>
      <Tabs
        value={tab}
        onChange={(value) => setSearch(value && value !== 'errors' ? { tab: value } : {})}
        keepMounted={false}
      >
        <Tabs.List mb="md">
          {TABS.map((value: Tab) => (
            <Tabs.Tab key={value} value={value}>
              <FormattedMessage id={`operator.tab.${value}`} />
            </Tabs.Tab>
          ))}
          {extraTabs.map((extra) => (
            <Tabs.Tab key={extra.value} value={extra.value}>
              {extra.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        <Tabs.Panel value="errors">
          <ErrorsPanel />
        </Tabs.Panel>
        <Tabs.Panel value="analytics">
          <AnalyticsPanel />
        </Tabs.Panel>
        {extraTabs.map((extra) => (
          <Tabs.Panel key={extra.value} value={extra.value}>
            {extra.panel}
          </Tabs.Panel>
        ))}
      </Tabs>
    </Container>
  );
}
