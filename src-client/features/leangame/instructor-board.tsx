import { Badge, Box, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlayerPlay, IconPlayerStop, IconRefresh, IconRobot } from '@tabler/icons-react';
import { type ReactNode, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { LEAN_CREATE_MINUTES } from '../../../src-shared/leangame/constants';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { Confirm } from '../../ui/confirm';
import { useLeanControls } from './commands';
import { DemandPanel, LeanClock } from './demand';
import { FloorMap } from './floor-map';
import { LEAN_FACILITY_ICONS } from './glyphs';
import { ImprovementsPanel, NumberSetting } from './improvements-panel';
import { unitsAt, useLeanHolder } from './lean-view';

type Action = 'start' | 'end' | 'reset' | { free: string };

/**
 * The creator's board: the whole floor live, the work in progress and deliveries so far, the
 * round's controls (its length before the start; start, end, reset for another round, each behind a
 * confirmation), a seat handed to the computer, and the improvements panel.
 */
export function InstructorBoard({ view, now }: { view: LeanGameView; now: number }) {
  const intl = useIntl();
  const controls = useLeanControls(view);
  const holder = useLeanHolder();
  const [confirming, setConfirming] = useState<Action | null>(null);
  const wip = view.products.filter((p) => p.place !== 'delivered' && p.rank >= 0).length;
  const delivered = view.params.consumerDemand.reduce((sum, d) => sum + d.fulfilled_qty, 0);
  const ordered = view.params.consumerDemand.reduce((sum, d) => sum + d.qty, 0);
  const metrics = view.metrics;
  const freeing = typeof confirming === 'object' && confirming !== null ? confirming.free : null;
  const freeingName = view.facilities.find((f) => f.id === freeing)?.name ?? '';
  return (
    <Stack gap="md" data-testid="instructor-board">
      <Card withBorder padding="sm">
        <Group justify="space-between" wrap="wrap" gap="sm">
          <LeanClock view={view} now={now} />
          <Group gap="xs" wrap="wrap">
            {!view.started && (
              <Button
                color="green"
                leftSection={<IconPlayerPlay size={16} />}
                loading={controls.starting}
                onClick={() => setConfirming('start')}
                data-testid="start-game"
              >
                <FormattedMessage id="lean.start" />
              </Button>
            )}
            {view.started && !view.finished && (
              <Button
                color="red"
                leftSection={<IconPlayerStop size={16} />}
                loading={controls.ending}
                onClick={() => setConfirming('end')}
                data-testid="end-game"
              >
                <FormattedMessage id="lean.end" />
              </Button>
            )}
            {view.started && (
              <Button
                variant="default"
                leftSection={<IconRefresh size={16} />}
                loading={controls.resetting}
                onClick={() => setConfirming('reset')}
                data-testid="reset-game"
              >
                <FormattedMessage id="lean.reset" />
              </Button>
            )}
          </Group>
        </Group>
        {!view.started && (
          <Box mt="xs">
            <NumberSetting
              label={intl.formatMessage({ id: 'templates.roundMinutes' })}
              current={view.params.consumerDemandParams.totalDuration}
              min={LEAN_CREATE_MINUTES.min}
              max={LEAN_CREATE_MINUTES.max}
              editable
              testId="round-length"
              onSet={controls.setRoundLength}
            />
          </Box>
        )}
      </Card>

      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={<FormattedMessage id="lean.figureWip" />} value={wip} testId="figure-wip" />
        <Figure
          label={<FormattedMessage id="lean.figureDelivered" />}
          value={intl.formatMessage({ id: 'lean.outOf' }, { count: delivered, total: ordered })}
          testId="figure-delivered"
        />
        <Figure
          label={<FormattedMessage id="lean.figureReleased" />}
          value={metrics?.released ?? view.params.nextRank}
          testId="figure-released"
        />
        <Figure
          label={<FormattedMessage id="lean.figureOtif" />}
          value={
            metrics && metrics.demandDue > 0 ? intl.formatNumber(metrics.otif, { style: 'percent' }) : '–'
          }
          testId="figure-otif"
        />
      </SimpleGrid>

      <FloorMap view={view} now={now} highlight={null} />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Card withBorder padding="sm" data-testid="seats">
          <Title order={4} mb={6}>
            <FormattedMessage id="lean.seatsTitle" />
          </Title>
          <Stack gap={0}>
            {view.facilities.map((f) => {
              const Picture = LEAN_FACILITY_ICONS[f.type];
              const { inbox, coming, hand } = unitsAt(view, f.id, now);
              return (
                <Group
                  key={f.id}
                  justify="space-between"
                  wrap="wrap"
                  gap={6}
                  py={6}
                  style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  data-testid={`seat-${f.id}`}
                >
                  <Group gap={6} wrap="nowrap" style={{ minWidth: 0, flex: '1 1 200px' }}>
                    <Picture size={18} stroke={1.6} style={{ flexShrink: 0 }} />
                    <Text size="sm" fw={600} truncate>
                      {f.name}
                    </Text>
                    <Group gap={4} wrap="nowrap" style={{ minWidth: 0 }}>
                      {f.computer && <IconRobot size={14} style={{ flexShrink: 0 }} />}
                      <Text size="sm" c="dimmed" truncate>
                        {holder(f)}
                      </Text>
                    </Group>
                  </Group>
                  <Group gap={6} wrap="nowrap">
                    <Text size="xs" c="dimmed">
                      <FormattedMessage
                        id="lean.seatWork"
                        values={{ inbox: inbox.length + coming.length, hand: hand.length }}
                      />
                    </Text>
                    {!f.computer && (
                      <Button
                        size="compact-xs"
                        variant="subtle"
                        color="orange"
                        leftSection={<IconRobot size={12} />}
                        onClick={() => setConfirming({ free: f.id })}
                        data-testid={`free-${f.id}`}
                      >
                        <FormattedMessage id="lean.toComputer" />
                      </Button>
                    )}
                  </Group>
                </Group>
              );
            })}
          </Stack>
        </Card>
        <DemandPanel view={view} now={now} />
      </SimpleGrid>

      {metrics && view.started && (
        <Card withBorder padding="sm" data-testid="live-metrics">
          <Title order={4} mb={6}>
            <FormattedMessage id="lean.metricsTitle" />
          </Title>
          <Group gap="lg" wrap="wrap">
            <Small
              id="lean.metricWipMean"
              value={intl.formatNumber(metrics.wip.mean, { maximumFractionDigits: 1 })}
            />
            <Small
              id="lean.metricLeadTime"
              value={intl.formatNumber(metrics.leadTime.mean, { maximumFractionDigits: 2 })}
            />
            <Small
              id="lean.metricFirstPass"
              value={intl.formatNumber(metrics.firstPassYield, { style: 'percent' })}
            />
            <Small id="lean.metricDefects" value={metrics.defects} />
            <Small id="lean.metricLate" value={metrics.lateProducts} />
          </Group>
        </Card>
      )}

      <ImprovementsPanel view={view} now={now} />

      <Confirm
        opened={confirming === 'start'}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="lean.startTitle" />}
        confirmLabel={<FormattedMessage id="lean.start" />}
        color="green"
        onConfirm={controls.start}
        testId="confirm-start"
      >
        <Text size="sm">
          <FormattedMessage
            id="lean.startText"
            values={{ minutes: view.params.consumerDemandParams.totalDuration }}
          />
        </Text>
      </Confirm>
      <Confirm
        opened={confirming === 'end'}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="lean.endTitle" />}
        confirmLabel={<FormattedMessage id="lean.end" />}
        onConfirm={controls.end}
        testId="confirm-end"
      >
        <Text size="sm">
          <FormattedMessage id="lean.endText" />
        </Text>
      </Confirm>
      <Confirm
        opened={confirming === 'reset'}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="lean.resetTitle" />}
        confirmLabel={<FormattedMessage id="lean.reset" />}
        color="orange"
        onConfirm={controls.reset}
        testId="confirm-reset"
      >
        <Text size="sm">
          <FormattedMessage id="lean.resetText" />
        </Text>
      </Confirm>
      <Confirm
        opened={freeing !== null}
        onClose={() => setConfirming(null)}
        title={<FormattedMessage id="lean.toComputerTitle" values={{ name: freeingName }} />}
        confirmLabel={<FormattedMessage id="lean.toComputer" />}
        color="orange"
        onConfirm={() => freeing && controls.free(freeing)}
        testId="confirm-free"
      >
        <Text size="sm">
          <FormattedMessage id="lean.toComputerText" />
        </Text>
      </Confirm>
    </Stack>
  );
}

function Figure({ label, value, testId }: { label: ReactNode; value: ReactNode; testId: string }) {
  return (
    <Card withBorder padding="xs">
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="xl" fw={700} data-testid={testId}>
        {value}
      </Text>
    </Card>
  );
}

function Small({ id, value }: { id: string; value: ReactNode }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        <FormattedMessage id={id} />
      </Text>
      <Badge variant="light" size="lg">
        {value}
      </Badge>
    </Stack>
  );
}
