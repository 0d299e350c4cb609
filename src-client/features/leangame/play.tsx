import { Alert, Box, Button, Card, Grid, Group, List, Stack, Text, Title } from '@mantine/core';
import { IconChartBar, IconEye, IconInfoCircle } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import { FormattedMessage } from 'react-intl';
import { useNavigate } from 'react-router';
import { LEAN_FACILITY_TYPES } from '../../../src-shared/leangame/constants';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { withInstructorMessages } from '../../i18n';
import { loadChunk } from '../../load-chunk';
import { paths } from '../../paths';
import { PageLoader } from '../../ui/page-loader';
import { DemandPanel, LeanClock } from './demand';
import { FloorMap } from './floor-map';
import { LEAN_FACILITY_ICONS } from './glyphs';
import { ImprovementsPanel } from './improvements-panel';
import { clockMinute, templateOf, useLeanNow, useMinutes } from './lean-view';
import { LeaveStation } from './leave-station';
import { StationPanel } from './station-panel';

// The creator's board loads for the creator only, with the instructors' words it shows (the
// round's length field is the templates' own), whichever page the creator came from.
const InstructorBoard = lazy(async () => ({
  default: (await withInstructorMessages(loadChunk(() => import('./instructor-board')))).InstructorBoard,
}));

/**
 * The lean game being played, under the game's navigation. A player sees first, on a phone, the
 * clock and the next order (kept at the top), their facility's work, the orders, then the floor;
 * before the start, what each facility does and the improvements panel. The creator sees the
 * instructor's board; an observer the floor, the orders and the panel's choices. A player may
 * leave their station or quit the game, at the bottom, each after a confirmation.
 */
export function LeanGamePlay({ view }: { view: LeanGameView }) {
  const now = useLeanNow(view.clock.refreshMs);
  const mine = view.facilities.find((f) => f.id === view.me);
  if (view.isCreator)
    return (
      <Stack gap="md">
        {view.finished && <DebriefReady gameId={view.gameId} />}
        {mine && <StationPanel view={view} facility={mine} now={now} />}
        <Suspense fallback={<PageLoader />}>
          <InstructorBoard view={view} now={now} />
        </Suspense>
      </Stack>
    );
  if (!mine)
    return (
      <Stack gap="md" data-testid="lean-observer">
        <ClockBar view={view} now={now} />
        {view.finished && <DebriefReady gameId={view.gameId} />}
        <Alert color="gray" icon={<IconEye size={18} />}>
          <FormattedMessage id="lean.observing" />
        </Alert>
        {!view.started && <BeforeStart view={view} />}
        <FloorMap view={view} now={now} highlight={null} />
        <DemandPanel view={view} now={now} />
        <ImprovementsPanel view={view} now={now} />
      </Stack>
    );
  return (
    <Stack gap="md" data-testid="lean-player">
      <ClockBar view={view} now={now} />
      {view.finished && <DebriefReady gameId={view.gameId} />}
      {!view.started && <BeforeStart view={view} />}
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="md">
            <StationPanel view={view} facility={mine} now={now} />
            <DemandPanel view={view} now={now} compact />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <Stack gap="md">
            <FloorMap view={view} now={now} />
            {(!view.started || view.improvements.enabled.length > 0) && (
              <ImprovementsPanel view={view} now={now} />
            )}
          </Stack>
        </Grid.Col>
      </Grid>
      {!view.finished && <LeaveStation view={view} facilityId={mine.id} />}
    </Stack>
  );
}

/** Once the round is over: the way to its debrief. */
function DebriefReady({ gameId }: { gameId: string }) {
  const navigate = useNavigate();
  return (
    <Alert color="blue" icon={<IconChartBar size={18} />} data-testid="debrief-ready">
      <Group justify="space-between" gap="xs">
        <Text size="sm">
          <FormattedMessage id="lean.debriefReady" />
        </Text>
        <Button size="xs" onClick={() => navigate(paths.game(gameId, 'results'))} data-testid="see-debrief">
          <FormattedMessage id="lean.seeDebrief" />
        </Button>
      </Group>
    </Alert>
  );
}

/** The clock and the next order due, kept at the top of a phone's screen. */
function ClockBar({ view, now }: { view: LeanGameView; now: number }) {
  const minutes = useMinutes();
  const minute = clockMinute(view, now);
  const next = view.params.consumerDemand.find((d) => d.fulfilled_qty < d.qty);
  return (
    <Box
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 5,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
      py={6}
      data-testid="clock-bar"
    >
      <Group justify="space-between" wrap="wrap" gap="xs">
        <LeanClock view={view} now={now} />
        {next && view.started && !view.finished && (
          <Text size="sm" data-testid="next-order" c={minute > next.due_min ? 'red.8' : undefined}>
            <FormattedMessage
              id="lean.nextOrder"
              values={{
                product: templateOf(view, next.template_id)?.name ?? next.template_id,
                left: next.qty - next.fulfilled_qty,
                due: minutes(next.due_min),
              }}
            />
          </Text>
        )}
      </Group>
    </Box>
  );
}

/** Before the start: the round has not begun, and what each kind of facility does. */
function BeforeStart({ view }: { view: LeanGameView }) {
  const types = LEAN_FACILITY_TYPES.filter((type) => view.facilities.some((f) => f.type === type));
  return (
    <Card withBorder padding="md" data-testid="before-start">
      <Stack gap="xs">
        <Group gap="xs">
          <IconInfoCircle size={20} />
          <Title order={4}>
            <FormattedMessage id="lean.notStartedTitle" />
          </Title>
        </Group>
        <Text size="sm">
          <FormattedMessage id="lean.notStartedText" />
        </Text>
        <List spacing={6} size="sm" listStyleType="none">
          {types.map((type) => {
            const Picture = LEAN_FACILITY_ICONS[type];
            return (
              <List.Item key={type} icon={<Picture size={18} stroke={1.6} />}>
                <Text size="sm" component="span" fw={600}>
                  <FormattedMessage id={`lean.facilityType.${type}`} />
                </Text>
                {': '}
                <FormattedMessage id={`lean.does.${type}`} />
              </List.Item>
            );
          })}
        </List>
      </Stack>
    </Card>
  );
}
