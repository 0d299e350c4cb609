/**
 * The team's performance against the reference (the round before, else the baseline), as big
 * numbers and as the compact table of "a round compared with the same round before improvements".
 */
import { Badge, Group, SimpleGrid, Table, Text, Title } from '@mantine/core';
import { IconArrowDownRight, IconArrowUpRight, IconEqual } from '@tabler/icons-react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  comparisonRows,
  improvementChanges,
  type LeanComparisonRow,
  type LeanReference,
  TEAM_KEYS,
} from '../../../../src-shared/leangame/comparison';
import type { LeanImprovement } from '../../../../src-shared/leangame/constants';
import { LEAN_IMPROVEMENTS } from '../../../../src-shared/leangame/constants';
import type { LeanMetrics } from '../../../../src-shared/leangame/metrics';
import { DebriefFigure } from '../../../ui/debrief/section';
import { LeanValue } from './format';

const VERDICT_COLOR = { better: 'teal', worse: 'red', same: 'gray' } as const;

/** Which reference the figures are compared with, in words. */
function ReferenceName({ reference }: { reference: LeanReference }) {
  return reference.kind === 'previous' ? (
    <FormattedMessage id="lean.debrief.reference.previous" values={{ round: reference.round }} />
  ) : (
    <FormattedMessage id="lean.debrief.reference.baseline" />
  );
}

const verdictIcon = (row: LeanComparisonRow) =>
  row.verdict === 'same' ? IconEqual : row.current > row.reference ? IconArrowUpRight : IconArrowDownRight;

/** The verdict as a badge: its arrow (up or down) and its word. */
function Verdict({ row }: { row: LeanComparisonRow }) {
  const Icon = verdictIcon(row);
  return (
    <Badge
      color={VERDICT_COLOR[row.verdict]}
      variant="light"
      leftSection={<Icon size={12} />}
      data-verdict={row.verdict}
    >
      <FormattedMessage id={`lean.debrief.verdict.${row.verdict}`} />
    </Badge>
  );
}

/** On a phone, where the verdict's column is left out: the figure in the verdict's colour, with its arrow. */
function VerdictMark({ row }: { row: LeanComparisonRow }) {
  const intl = useIntl();
  const Icon = verdictIcon(row);
  return (
    <Text span hiddenFrom="sm" c={row.verdict === 'same' ? 'dimmed' : VERDICT_COLOR[row.verdict]} ml={4}>
      {/* A picture named by its verdict (a span may not carry a name of its own). */}
      <Icon
        size={14}
        style={{ verticalAlign: 'middle' }}
        role="img"
        aria-label={intl.formatMessage({ id: `lean.debrief.verdict.${row.verdict}` })}
      />
    </Text>
  );
}

/** The five headline figures, each with the reference's value under it. */
export function TeamFigures({ metrics, reference }: { metrics: LeanMetrics; reference: LeanReference }) {
  const rows = comparisonRows(metrics, reference.metrics, TEAM_KEYS);
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, lg: 5 }}>
      {rows.map((row) => (
        <DebriefFigure
          key={row.key}
          label={<FormattedMessage id={`lean.debrief.metric.${row.key}`} />}
          testId={`team-${row.key}`}
          note={
            <Group gap={6} mt={4} wrap="wrap">
              <Text size="xs" c="dimmed">
                <FormattedMessage
                  id="lean.debrief.was"
                  values={{ value: <LeanValue value={row.reference} format={row.format} /> }}
                />
              </Text>
              <Text
                size="xs"
                fw={700}
                c={VERDICT_COLOR[row.verdict] === 'gray' ? 'dimmed' : VERDICT_COLOR[row.verdict]}
              >
                <FormattedMessage id={`lean.debrief.verdict.${row.verdict}`} />
              </Text>
            </Group>
          }
        >
          <LeanValue value={row.current} format={row.format} />
        </DebriefFigure>
      ))}
    </SimpleGrid>
  );
}

function ImprovementList({ list }: { list: readonly LeanImprovement[] }) {
  if (list.length === 0)
    return (
      <Text span size="sm" c="dimmed">
        <FormattedMessage id="lean.debrief.improvements.none" />
      </Text>
    );
  return (
    <Group gap={4} wrap="wrap" component="span">
      {list.map((i) => (
        <Badge key={i} variant="outline" size="sm">
          <FormattedMessage id={`lean.debrief.improvement.${i}`} />
        </Badge>
      ))}
    </Group>
  );
}

/** This round against the reference: flow time, WIP, OTIF, first-pass yield, line balance, deliveries. */
export function ComparisonTable({
  metrics,
  reference,
  improvements,
  batchSize,
}: {
  metrics: LeanMetrics;
  reference: LeanReference;
  improvements: readonly LeanImprovement[];
  batchSize: number;
}) {
  const intl = useIntl();
  const rows = comparisonRows(metrics, reference.metrics);
  const changes = improvementChanges(improvements, reference.improvements, LEAN_IMPROVEMENTS);
  return (
    <>
      <Title order={4} mt="lg" mb="xs">
        <FormattedMessage id="lean.debrief.compare.title" />
      </Title>
      {/* Four narrow columns: it fits a phone without scrolling. */}
      <Table.ScrollContainer minWidth={0}>
        <Table withTableBorder striped fz="sm" horizontalSpacing={6} data-testid="lean-comparison">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>
                <FormattedMessage id="lean.debrief.compare.metric" />
              </Table.Th>
              <Table.Th ta="right">
                <FormattedMessage id="lean.debrief.compare.thisRound" />
              </Table.Th>
              <Table.Th ta="right">
                <ReferenceName reference={reference} />
              </Table.Th>
              <Table.Th visibleFrom="sm">
                <FormattedMessage id="lean.debrief.compare.change" />
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((row) => (
              <Table.Tr key={row.key} data-testid={`compare-${row.key}`}>
                <Table.Td fw={600}>
                  <FormattedMessage id={`lean.debrief.metric.${row.key}`} />
                  <Text size="xs" c="dimmed" visibleFrom="sm">
                    <FormattedMessage id={`lean.debrief.better.${row.better}`} />
                  </Text>
                </Table.Td>
                <Table.Td ta="right" fw={700} style={{ whiteSpace: 'nowrap' }}>
                  <LeanValue value={row.current} format={row.format} />
                  <VerdictMark row={row} />
                </Table.Td>
                <Table.Td ta="right">
                  <LeanValue value={row.reference} format={row.format} />
                </Table.Td>
                <Table.Td visibleFrom="sm">
                  <Verdict row={row} />
                </Table.Td>
              </Table.Tr>
            ))}
            <Table.Tr data-testid="compare-improvements">
              <Table.Td fw={600}>
                <FormattedMessage id="lean.debrief.compare.improvements" />
              </Table.Td>
              <Table.Td colSpan={3}>
                {changes.added.length === 0 && changes.removed.length === 0 ? (
                  <Text size="sm" c="dimmed">
                    <FormattedMessage id="lean.debrief.compare.sameImprovements" />
                  </Text>
                ) : (
                  <>
                    {changes.added.length > 0 && (
                      <Group gap={6} wrap="wrap" mb={4}>
                        <Text size="sm">
                          <FormattedMessage id="lean.debrief.compare.added" />
                        </Text>
                        <ImprovementList list={changes.added} />
                      </Group>
                    )}
                    {changes.removed.length > 0 && (
                      <Group gap={6} wrap="wrap">
                        <Text size="sm">
                          <FormattedMessage id="lean.debrief.compare.removed" />
                        </Text>
                        <ImprovementList list={changes.removed} />
                      </Group>
                    )}
                  </>
                )}
                {batchSize !== reference.batchSize && (
                  <Text size="sm" mt={4}>
                    {intl.formatMessage(
                      { id: 'lean.debrief.compare.batchSize' },
                      { now: batchSize, before: reference.batchSize },
                    )}
                  </Text>
                )}
              </Table.Td>
            </Table.Tr>
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}

export { ImprovementList };
