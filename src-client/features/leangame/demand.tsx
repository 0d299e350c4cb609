import './demand.css';
import { Badge, Card, Group, Text, Title } from '@mantine/core';
import { IconClock } from '@tabler/icons-react';
import { FormattedMessage } from 'react-intl';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { clockMinute, templateOf, useMinutes } from './lean-view';

/**
 * The lean clock (spec point 4): minutes in tenths, refreshed each second from the server's
 * start time; before the start, the first minute at which demand outruns the stock.
 */
export function LeanClock({ view, now }: { view: LeanGameView; now: number }) {
  const minutes = useMinutes();
  const minute = clockMinute(view, now);
  const total = view.params.consumerDemandParams.totalDuration;
  const state = !view.started ? 'notStarted' : view.finished ? 'ended' : 'running';
  return (
    <Group gap={6} wrap="nowrap" data-testid="lean-clock" data-state={state}>
      <IconClock size={20} />
      <Text fw={700} ff="monospace" size="lg" data-testid="lean-minute">
        <FormattedMessage id="lean.clockMinute" values={{ minute: minutes(minute), total }} />
      </Text>
      <Badge
        variant="light"
        color={state === 'running' ? 'green' : state === 'ended' ? 'gray' : 'orange'}
        size="sm"
      >
        <FormattedMessage id={`lean.clock.${state}`} />
      </Badge>
    </Group>
  );
}

/** Where an order stands: delivered, late, open. */
function orderState(d: LeanGameView['params']['consumerDemand'][number], minute: number) {
  if (d.fulfilled_qty >= d.qty) return d.lateProducts > 0 ? 'deliveredLate' : 'delivered';
  return minute > d.due_min ? 'late' : 'open';
}
const STATE_COLOUR = { delivered: 'green', deliveredLate: 'orange', late: 'red', open: 'blue' } as const;

/** The customers' orders shown so far (spec point 4): minute, product, quantity, delivered, due, late. */
export function DemandPanel({
  view,
  now,
  compact = false,
}: {
  view: LeanGameView;
  now: number;
  compact?: boolean;
}) {
  const minutes = useMinutes();
  const minute = clockMinute(view, now);
  const demand = view.params.consumerDemand;
  return (
    <Card withBorder padding="sm" data-testid="demand-panel">
      <Title order={4} mb={6}>
        <FormattedMessage id="lean.demandTitle" />
      </Title>
      {demand.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="no-demand">
          <FormattedMessage id={view.started ? 'lean.noDemandYet' : 'lean.demandAtStart'} />
        </Text>
      ) : (
        <div className="lean-demand-scroll" style={{ maxHeight: compact ? 190 : 320 }}>
          <table className="lean-demand">
            <thead>
              <tr>
                <th>
                  <FormattedMessage id="lean.demandMinute" />
                </th>
                <th>
                  <FormattedMessage id="lean.demandProduct" />
                </th>
                <th>
                  <FormattedMessage id="lean.demandDelivered" />
                </th>
                <th>
                  <FormattedMessage id="lean.demandDue" />
                </th>
              </tr>
            </thead>
            <tbody>
              {demand.map((d) => {
                const state = orderState(d, minute);
                return (
                  <tr key={d.id} data-testid={`order-${d.id}`} data-state={state}>
                    <td>{minutes(d.created_min)}</td>
                    <td>{templateOf(view, d.template_id)?.name ?? d.template_id}</td>
                    <td style={{ minWidth: 90 }}>
                      <Text size="xs" fw={600}>
                        <FormattedMessage
                          id="lean.demandProgress"
                          values={{ delivered: d.fulfilled_qty, qty: d.qty }}
                        />
                      </Text>
                      <div className="lean-demand-bar" aria-hidden>
                        <div
                          style={{
                            width: `${(100 * d.fulfilled_qty) / d.qty}%`,
                            background: `var(--mantine-color-${STATE_COLOUR[state]}-filled)`,
                          }}
                        />
                      </div>
                    </td>
                    <td>
                      <Group gap={4} wrap="nowrap">
                        <Text size="sm">{minutes(d.due_min)}</Text>
                        {state !== 'open' && (
                          <Badge size="xs" color={STATE_COLOUR[state]} variant="light">
                            <FormattedMessage
                              id={`lean.orderState.${state}`}
                              values={{ late: d.lateProducts }}
                            />
                          </Badge>
                        )}
                      </Group>
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </Card>
  );
}
