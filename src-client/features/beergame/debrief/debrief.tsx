/**
 * The beer game's debrief (`/game/{id}/results`, spec point 9): the sections the game's
 * `configDebrief.debriefContent` lists, in its order, each drawn from the state at the replay's
 * step (the fold of the events up to it, with the engine's own reducer and KPIs). Printable, and
 * readable on a phone.
 */
import { Alert, Anchor, Button, Group, List, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { type ReactNode, useMemo } from 'react';
import { FormattedMessage, FormattedNumber, useIntl } from 'react-intl';
import type { BeerView } from '../../../../src-shared/beergame';
import type { BEERGAME_DEBRIEF_SECTIONS } from '../../../../src-shared/beergame/constants';
import { beerDebriefFigures } from '../../../../src-shared/beergame/debrief-figures';
import { beergameKpis, productSeries } from '../../../../src-shared/beergame/kpis';
import { viewGame } from '../../../../src-shared/beergame/view';
import { replayFiguresStep } from '../../../../src-shared/beergame/weeks-played';
import { debriefItems } from '../../../../src-shared/rules/debrief-config';
import { loadChunk } from '../../../load-chunk';
import { chartWhenSeen } from '../../../ui/debrief/chart-when-seen';
import { ExportButtons, type ResearchFormat } from '../../../ui/debrief/export-buttons';
import { InstructorTextBlock, ThankYouNote } from '../../../ui/debrief/instructor-text';
import { DebriefFigure, DebriefSection } from '../../../ui/debrief/section';
import { useFacilityName } from '../../../ui/facility-name';
import { Money } from '../../../ui/money';
import { SupplyChainMap } from '../map/supply-chain-map';
import type { StageLabel } from './charts';
import type { FoldedHistory } from './history';
import { DebriefQuestions } from './questions';
import { ReplayControls, useReplayStep } from './replay-controls';

type Section = (typeof BEERGAME_DEBRIEF_SECTIONS)[number];

// The charts are drawn as they come near the screen (ui/debrief/chart-when-seen.tsx), in their height.
const loadCharts = () => loadChunk(() => import('./charts'));
const AmplificationChart = chartWhenSeen(loadCharts, (charts) => charts.AmplificationChart, 260);
const BenchmarkChart = chartWhenSeen(loadCharts, (charts) => charts.BenchmarkChart, 260);
const CostChart = chartWhenSeen(loadCharts, (charts) => charts.CostChart, 300);
const LeadTimeChart = chartWhenSeen(loadCharts, (charts) => charts.LeadTimeChart, 260);
const NetInventoryChart = chartWhenSeen(loadCharts, (charts) => charts.NetInventoryChart, 300);
const OrdersChart = chartWhenSeen(loadCharts, (charts) => charts.OrdersChart, 300);
// A chart per product of several, none for a game of one product.
const ProductCharts = chartWhenSeen(loadCharts, (charts) => charts.ProductCharts, 0);

/** The figures of each role's row, after its name and player. */
const FIGURE_COLUMNS = [
  'results.cost',
  'debrief.averageStock',
  'debrief.averageBacklog',
  'debrief.onTime',
  'debrief.amplification',
] as const;

function SectionCard({ id, children }: { id: Section; children: ReactNode }) {
  return (
    <DebriefSection testId={`debrief-${id}`} title={<FormattedMessage id={`debrief.section.${id}`} />}>
      {children}
    </DebriefSection>
  );
}

const Figure = DebriefFigure;

/** The download and print buttons: the workbook for the creator and the players, the research export for the creator. */
/** The beer game's research formats: the wide layout is by facility and week. */
const RESEARCH_FORMATS: readonly ResearchFormat[] = (
  ['jsonl', 'csv-long', 'csv-wide', 'codebook'] as const
).map((format) => ({ format, labelId: `debrief.format.${format}` }));

function OptionButtons({ view }: { view: BeerView }) {
  return (
    <Group gap="sm" className="debrief-no-print">
      <Button leftSection={<IconPrinter size={18} />} variant="default" onClick={() => window.print()}>
        <FormattedMessage id="debrief.print" />
      </Button>
      <ExportButtons gameId={view.gameId} isCreator={view.isCreator} formats={RESEARCH_FORMATS} />
    </Group>
  );
}

export function BeerDebrief({ view, history }: { view: BeerView; history: FoldedHistory }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const replay = useReplayStep(history);
  // The map draws the state at the step; the figures count the weeks played, so at a week's own
  // step they are drawn after its close (`replayFiguresStep`): week n shows weeks 1 to n.
  const state = history.steps[replay.step]!.state;
  const counted = history.steps[replayFiguresStep(history.weekSteps, replay.step)]!.state;
  const kpis = useMemo(() => beergameKpis(counted), [counted]);
  // What `npm run rederive` prints for the same events: the team's figures and the benchmark.
  const figures = useMemo(() => beerDebriefFigures(counted, kpis), [counted, kpis]);
  // Empty for a game of one product; else each product's own series, drawn side by side.
  const products = useMemo(() => productSeries(counted), [counted]);
  // Everything is visible in a debrief: the state at the step, drawn as a transparent game.
  const stepView = useMemo(
    () =>
      viewGame(
        { ...state, transparent: true },
        {
          userId: null,
          playerNames: Object.fromEntries(
            view.facilities.flatMap((f) => {
              const holder = state.facilities.find((s) => s.id === f.id)?.userId;
              return holder && f.playerName ? [[holder, f.playerName]] : [];
            }),
          ),
        },
      ),
    [state, view.facilities],
  );
  const stages: StageLabel[] = stepView.facilities.map((f) => ({ id: f.id, label: facilityName(f) }));
  // The charts' week axis runs to the weeks the game played, whatever the step.
  const weeks = history.weekSteps.length;
  const sections = view.debrief?.debriefContent ?? [];
  const thankYou = view.debrief?.thankYouSection;
  const variableLeadTimes = kpis.leadTimes.some((shipment) => shipment.drawn !== shipment.planned);

  const content: Record<Section, () => ReactNode> = {
    optionButtons: () => <OptionButtons view={view} />,
    teamPerformance: () => (
      <SectionCard id="teamPerformance">
        <SimpleGrid cols={{ base: 2, sm: 4 }}>
          <Figure label={<FormattedMessage id="results.teamCost" />} testId="team-cost">
            <Money value={figures.teamCost} />
          </Figure>
          <Figure label={<FormattedMessage id="debrief.fillRate" />}>
            <FormattedNumber value={figures.fillRate} style="percent" maximumFractionDigits={0} />
          </Figure>
          <Figure label={<FormattedMessage id="debrief.averageStock" />}>
            <FormattedNumber value={kpis.averageStock} maximumFractionDigits={1} />
          </Figure>
          <Figure label={<FormattedMessage id="debrief.weeksWithBackorder" />}>
            <FormattedNumber value={kpis.weeksWithBackorder} />
          </Figure>
        </SimpleGrid>
        <Text size="sm" c="dimmed" mt="sm">
          <FormattedMessage id="debrief.teamPerformanceHelp" />
        </Text>
        {figures.benchmark && (
          <>
            <Text size="sm" mt="md" data-testid="benchmark">
              <FormattedMessage
                id="debrief.benchmark.summary"
                values={{
                  passthrough: intl.formatNumber(figures.benchmark.passthrough.teamCost, {
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  }),
                  basestock: intl.formatNumber(figures.benchmark.basestock.teamCost, {
                    minimumFractionDigits: 2,
                    maximumFractionDigits: 2,
                  }),
                  policy: figures.benchmark.basestock.policy,
                }}
              />
            </Text>
            <BenchmarkChart figures={figures} weeks={weeks} />
          </>
        )}
      </SectionCard>
    ),
    individualPerformance: () => (
      <SectionCard id="individualPerformance">
        <Table.ScrollContainer minWidth={560}>
          <Table withTableBorder striped data-testid="debrief-facilities">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>
                  <FormattedMessage id="results.facility" />
                </Table.Th>
                <Table.Th>
                  <FormattedMessage id="results.player" />
                </Table.Th>
                {FIGURE_COLUMNS.map((id) => (
                  <Table.Th key={id} ta="right" style={{ whiteSpace: 'nowrap' }}>
                    <FormattedMessage id={id} />
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {kpis.byFacility.map((row) => {
                const facility = view.facilities.find((f) => f.id === row.id);
                const label = stages.find((s) => s.id === row.id)?.label ?? row.name;
                return (
                  <Table.Tr key={row.id} data-testid={`result-${row.id}`}>
                    <Table.Td fw={600}>{label}</Table.Td>
                    <Table.Td>
                      {facility?.playerName ??
                        (facility?.computer ? (
                          <Text span size="sm" c="dimmed">
                            <FormattedMessage id="debrief.computer" />
                          </Text>
                        ) : (
                          '—'
                        ))}
                    </Table.Td>
                    <Table.Td ta="right" fw={600}>
                      <Money value={row.cost} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FormattedNumber value={row.averageStock} maximumFractionDigits={1} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FormattedNumber value={row.averageBacklog} maximumFractionDigits={1} />
                    </Table.Td>
                    <Table.Td ta="right">
                      <FormattedNumber value={row.onTimeRate} style="percent" maximumFractionDigits={0} />
                    </Table.Td>
                    <Table.Td ta="right">
                      {row.amplification === null ? (
                        '—'
                      ) : (
                        <FormattedNumber value={row.amplification} maximumFractionDigits={1} />
                      )}
                    </Table.Td>
                  </Table.Tr>
                );
              })}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      </SectionCard>
    ),
    supplychainEvolution: () => (
      <SectionCard id="supplychainEvolution">
        <ReplayControls history={history} replay={replay} />
        <div className="debrief-map">
          <SupplyChainMap view={stepView} />
        </div>
      </SectionCard>
    ),
    stagesEvolution: () => (
      <SectionCard id="stagesEvolution">
        <Text size="sm" c="dimmed" mb="sm">
          <FormattedMessage id="debrief.netInventoryHelp" />
        </Text>
        <NetInventoryChart kpis={kpis} stages={stages} weeks={weeks} />
        <ProductCharts products={products} stages={stages} weeks={weeks} measure="netInventory" />
        <Title order={4} mt="lg" mb="xs">
          <FormattedMessage id="debrief.costBuildUp" />
        </Title>
        <CostChart kpis={kpis} stages={stages} weeks={weeks} />
      </SectionCard>
    ),
    responseToDemand: () => (
      <SectionCard id="responseToDemand">
        <Text size="sm" c="dimmed" mb="sm">
          <FormattedMessage id="debrief.ordersHelp" />
        </Text>
        <OrdersChart kpis={kpis} stages={stages} weeks={weeks} />
        <ProductCharts products={products} stages={stages} weeks={weeks} measure="orders" />
      </SectionCard>
    ),
    variability: () => (
      <SectionCard id="variability">
        <Text size="sm" c="dimmed" mb="sm">
          <FormattedMessage
            id="debrief.amplificationHelp"
            values={{
              variance: intl.formatNumber(kpis.demandVariance, { maximumFractionDigits: 1 }),
              // In units, as the orders are: what the variance, in units squared, means to a reader.
              deviation: intl.formatNumber(Math.sqrt(kpis.demandVariance), { maximumFractionDigits: 1 }),
            }}
          />
        </Text>
        {kpis.demandVariance === 0 ? (
          <Alert color="gray">
            <FormattedMessage id="debrief.noDemandVariance" />
          </Alert>
        ) : (
          <AmplificationChart kpis={kpis} stages={stages} />
        )}
      </SectionCard>
    ),
    leadTimes: () => (
      <SectionCard id="leadTimes">
        {variableLeadTimes ? (
          <>
            <Text size="sm" c="dimmed" mb="sm">
              <FormattedMessage id="debrief.leadTimesHelp" />
            </Text>
            <LeadTimeChart kpis={kpis} stages={stages} weeks={weeks} />
          </>
        ) : (
          <Text size="sm">
            <FormattedMessage id="debrief.leadTimesFixed" />
          </Text>
        )}
      </SectionCard>
    ),
    toGoFurther: () => (
      <SectionCard id="toGoFurther">
        <Text size="sm" mb="sm">
          <FormattedMessage id="debrief.furtherIntro" />
        </Text>
        <List size="sm" spacing="xs">
          <List.Item>
            <FormattedMessage id="debrief.furtherCauses" />
          </List.Item>
          <List.Item>
            <FormattedMessage id="debrief.furtherRemedies" />
          </List.Item>
          <List.Item>
            <Text span size="sm">
              Sterman, J. D. (1989). Modeling managerial behavior: misperceptions of feedback in a dynamic
              decision making experiment. <i>Management Science</i>, 35(3), 321–339.
            </Text>
          </List.Item>
          <List.Item>
            <Text span size="sm">
              Lee, H. L., Padmanabhan, V., &amp; Whang, S. (1997). The bullwhip effect in supply chains.{' '}
              <i>Sloan Management Review</i>, 38(3), 93–102.
            </Text>
          </List.Item>
        </List>
        <Text size="sm" mt="sm">
          <FormattedMessage id="debrief.furtherReplay" />{' '}
          <Anchor href="#debrief-replay" onClick={() => replay.goTo(0)}>
            <FormattedMessage id="debrief.furtherReplayLink" />
          </Anchor>
        </Text>
      </SectionCard>
    ),
  };

  return (
    <Stack gap="lg" className="debrief">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <div>
          <Title order={2}>
            <FormattedMessage id="debrief.title" />
          </Title>
          <Text c="dimmed">
            <FormattedMessage id="debrief.subtitle" values={{ name: view.name, weeks }} />
          </Text>
        </div>
      </Group>
      <ThankYouNote section={thankYou} />
      {debriefItems({ debriefContent: sections, textBlocks: view.debrief?.textBlocks }).map((item) =>
        item.kind === 'text' ? (
          <InstructorTextBlock key={`text-${item.block.id}`} block={item.block} />
        ) : (
          <div key={item.section} id={item.section === 'supplychainEvolution' ? 'debrief-replay' : undefined}>
            {content[item.section]()}
          </div>
        ),
      )}
      <DebriefQuestions view={view} />
    </Stack>
  );
}
