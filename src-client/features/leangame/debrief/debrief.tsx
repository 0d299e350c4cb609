/**
 * The lean game's debrief (`/game/{id}/results`, spec point 9): its ten sections in the spec's
 * order, drawn from the engine's debrief of the round (`leanDebrief`), the round compared with the
 * one before (else with the same factory played by the computer with no improvement), and the
 * round replayed minute by minute from its events. Printable, and readable on a phone; its creator
 * downloads the workbook and the research export from it.
 */
import { Alert, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { memo, type ReactNode, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { leanReference, leanRoundBaseline } from '../../../../src-shared/leangame/comparison';
import { LEAN_DEBRIEF_SECTIONS, type LeanDebriefSection } from '../../../../src-shared/leangame/constants';
import { leanStateAt } from '../../../../src-shared/leangame/copy';
import { leanDebrief } from '../../../../src-shared/leangame/debrief';
import { leanMetrics } from '../../../../src-shared/leangame/metrics';
import type { LeanGameView } from '../../../../src-shared/leangame/view';
import { debriefItems } from '../../../../src-shared/rules/debrief-config';
import { ExportButtons, type ResearchFormat } from '../../../ui/debrief/export-buttons';
import { InstructorTextBlock, ThankYouNote } from '../../../ui/debrief/instructor-text';
import { DebriefSection } from '../../../ui/debrief/section';
import {
  BalanceSection as BalanceBody,
  FlowEfficiencySection as FlowBody,
  QualitySection as QualityBody,
  ResourceSection as ResourceBody,
  WipSection,
} from './flow-sections';
import type { LeanHistory } from './history';
import {
  DeliveriesSection as DeliveriesBody,
  FacilitiesTable as FacilitiesBody,
  PnlSection as PnlBody,
} from './performance-sections';
import { LeanQuestions } from './questions';
import { LeanReplay, useLeanReplay } from './replay';
import { leanReplaySteps } from './replay-steps';
import { ComparisonTable as ComparisonBody, ImprovementList, TeamFigures as TeamBody } from './team';

// The sections are the round's end: a step of the replay redraws the replay and the WIP chart's
// cursor only, not every chart (ten steps a second while it plays).
const TeamFigures = memo(TeamBody);
const ComparisonTable = memo(ComparisonBody);
const FacilitiesTable = memo(FacilitiesBody);
const PnlSection = memo(PnlBody);
const DeliveriesSection = memo(DeliveriesBody);
const BalanceSection = memo(BalanceBody);
const QualitySection = memo(QualityBody);
const FlowEfficiencySection = memo(FlowBody);
const ResourceSection = memo(ResourceBody);

/** The anchor of a section, for the jump buttons. */
const anchor = (id: LeanDebriefSection | 'replay') => `lean-${id}`;

function Section({ id, children }: { id: LeanDebriefSection | 'replay'; children: ReactNode }) {
  return (
    <DebriefSection
      testId={`debrief-${id}`}
      id={anchor(id)}
      title={<FormattedMessage id={`lean.debrief.section.${id}`} />}
    >
      {children}
    </DebriefSection>
  );
}

/** Scrolls to a section without touching the address (which holds the replay's minute). */
function JumpButton({ to }: { to: LeanDebriefSection | 'replay' }) {
  return (
    <Button
      component="a"
      href={`#${anchor(to)}`}
      size="xs"
      variant="light"
      onClick={(event: React.MouseEvent) => {
        event.preventDefault();
        document.getElementById(anchor(to))?.scrollIntoView({ behavior: 'smooth', block: 'start' });
      }}
      data-testid={`jump-${to}`}
    >
      <FormattedMessage id={`lean.debrief.section.${to}`} />
    </Button>
  );
}

/** The lean game's research formats: its wide layout is by facility and minute. */
const RESEARCH_FORMATS: readonly ResearchFormat[] = [
  { format: 'jsonl', labelId: 'debrief.format.jsonl' },
  { format: 'csv-long', labelId: 'debrief.format.csv-long' },
  { format: 'csv-wide', labelId: 'lean.debrief.format.csv-wide' },
  { format: 'codebook', labelId: 'debrief.format.codebook' },
];
export function LeanDebrief({ view, history }: { view: LeanGameView; history: LeanHistory }) {
  const intl = useIntl();
  const events = history.events;
  // The round as the events tell it, folded with the engine's reducer.
  const final = useMemo(() => leanStateAt(events, Number.POSITIVE_INFINITY), [events]);
  const startAt = final.startAt;
  const endAt = final.endAt;
  const played = startAt !== null && endAt !== null && final.setup !== null;
  const debrief = useMemo(
    () => view.debrief ?? (played ? leanDebrief(final, endAt) : null),
    [view.debrief, played, final, endAt],
  );
  const metrics = useMemo(() => (played ? leanMetrics(final, endAt) : null), [played, final, endAt]);
  const reference = useMemo(
    () => (played ? leanReference(view.previousRounds, () => leanRoundBaseline(final)) : null),
    [played, view.previousRounds, final],
  );
  const steps = useMemo(() => leanReplaySteps(startAt ?? 0, endAt ?? 0), [startAt, endAt]);
  const names = useMemo(() => Object.fromEntries(final.facilities.map((f) => [f.id, f.name])), [final]);
  const replay = useLeanReplay(steps);

  if (!debrief || !metrics || !reference || startAt === null || endAt === null) {
    return (
      <Alert color="gray" data-testid="lean-debrief-unplayed">
        <FormattedMessage id="lean.debrief.notPlayed" />
      </Alert>
    );
  }
  const minutes = metrics.minutes;
  // The sections the instructor chose, in their order (every one when they chose nothing).
  const config = view.configDebrief;
  const shown = config?.debriefContent ?? LEAN_DEBRIEF_SECTIONS;
  const cursor = replay.step < steps.last ? steps.minuteAt(replay.step) : null;

  const content: Record<LeanDebriefSection, () => ReactNode> = {
    optionButtons: () => (
      <Section id="optionButtons">
        <Group gap="xs" wrap="wrap" mb="xs">
          <Text size="sm" fw={600}>
            <FormattedMessage id="lean.debrief.options.improvements" />
          </Text>
          <ImprovementList list={debrief.optionButtons.improvements} />
        </Group>
        <Text size="sm" mb="md" data-testid="lean-batch-size">
          <FormattedMessage
            id="lean.debrief.options.batchSize"
            values={{ size: debrief.optionButtons.batchSize }}
          />
        </Text>
        <Group gap="xs" wrap="wrap" className="debrief-no-print">
          {[...shown.filter((s) => s !== 'optionButtons'), 'replay' as const].map((to) => (
            <JumpButton key={to} to={to} />
          ))}
        </Group>
        <Group gap="sm" mt="md" className="debrief-no-print">
          <Button leftSection={<IconPrinter size={18} />} variant="default" onClick={() => window.print()}>
            <FormattedMessage id="lean.debrief.print" />
          </Button>
          <ExportButtons gameId={view.gameId} isCreator={view.isCreator} formats={RESEARCH_FORMATS} />
        </Group>
      </Section>
    ),
    teamPerformance: () => (
      <Section id="teamPerformance">
        <Text size="sm" c="dimmed" mb="sm" data-testid="lean-reference">
          <FormattedMessage
            id={`lean.debrief.comparedWith.${reference.kind}`}
            values={{ round: reference.round }}
          />
        </Text>
        <TeamFigures metrics={metrics} reference={reference} />
        <ComparisonTable
          metrics={metrics}
          reference={reference}
          improvements={debrief.optionButtons.improvements}
          batchSize={debrief.optionButtons.batchSize}
        />
        {reference.kind === 'baseline' && (
          <Text size="xs" c="dimmed" mt="xs">
            <FormattedMessage id="lean.debrief.reference.baselineHelp" />
          </Text>
        )}
      </Section>
    ),
    individualPerformance: () => (
      <Section id="individualPerformance">
        <FacilitiesTable rows={debrief.individualPerformance} view={view} />
      </Section>
    ),
    pnl: () => (
      <Section id="pnl">
        <PnlSection pnl={debrief.pnl} />
      </Section>
    ),
    deliveries: () => (
      <Section id="deliveries">
        <DeliveriesSection deliveries={debrief.deliveries} view={view} startAt={startAt} />
      </Section>
    ),
    balance: () => (
      <Section id="balance">
        <BalanceSection balance={debrief.balance} />
      </Section>
    ),
    wip: () => (
      <Section id="wip">
        <WipSection wip={debrief.wip} minutes={minutes} cursor={cursor} />
      </Section>
    ),
    quality: () => (
      <Section id="quality">
        <QualitySection quality={debrief.quality} names={names} />
      </Section>
    ),
    flowefficiency: () => (
      <Section id="flowefficiency">
        <FlowEfficiencySection flow={debrief.flowefficiency} />
      </Section>
    ),
    resefficiency: () => (
      <Section id="resefficiency">
        <ResourceSection rows={debrief.resefficiency} />
      </Section>
    ),
  };

  return (
    <Stack gap="lg" className="debrief">
      <div>
        <Title order={2}>
          <FormattedMessage id="lean.debrief.title" />
        </Title>
        <Text c="dimmed">
          <FormattedMessage
            id="lean.debrief.subtitle"
            values={{
              name: view.name,
              minutes: intl.formatNumber(minutes, { maximumFractionDigits: 1 }),
            }}
          />
        </Text>
      </div>
      <ThankYouNote section={config?.thankYouSection} />
      {debriefItems({ debriefContent: shown, textBlocks: config?.textBlocks }).map((item) =>
        item.kind === 'text' ? (
          <InstructorTextBlock key={`text-${item.block.id}`} block={item.block} />
        ) : (
          <div key={item.section}>{content[item.section]()}</div>
        ),
      )}
      <LeanQuestions view={view} />
      <div className="debrief-no-print">
        <Section id="replay">
          <LeanReplay view={view} events={events} steps={steps} replay={replay} />
        </Section>
      </div>
    </Stack>
  );
}
