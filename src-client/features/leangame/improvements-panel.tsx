import { Alert, Badge, Box, Button, Card, Checkbox, Group, Stack, Switch, Text, Title } from '@mantine/core';
import { IconLock, IconLockOpen, IconSettings } from '@tabler/icons-react';
import { type FormEvent, lazy, Suspense, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  LEAN_IMPROVEMENTS,
  LEAN_MAX_BATCH_SIZE,
  LEAN_MAX_KANBAN_CAP,
  type LeanImprovement,
} from '../../../src-shared/leangame/constants';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { loadChunk } from '../../load-chunk';
import { NumberField, useNumberField } from '../../ui/number-field';
import { useLeanPanel } from './commands';
import { FloorMap } from './floor-map';
import { useHolderOfPanel } from './lean-view';

// Which station holds which tool: its drop-down lists (Mantine's Select and its floating layer,
// some 30 KB gzipped) load only in a game with that improvement on.
const ToolReassignment = lazy(async () => ({
  default: (await loadChunk(() => import('./tool-reassignment'))).ToolReassignment,
}));

/**
 * The improvements panel (spec point 2): the eight improvements, each with what it changes. A
 * player with a facility or the creator opens it, and holds it until they close it; everyone sees
 * who holds it and what is chosen. Its holder turns improvements on and off and sets what they
 * allow (batch size, kanban cap, where stations stand, which station holds which tool), before
 * the round starts.
 */
export function ImprovementsPanel({ view, now }: { view: LeanGameView; now: number }) {
  const panel = useLeanPanel(view);
  const holderName = useHolderOfPanel(view);
  const [apply, setApply] = useState(true);
  const heldByMe = view.improvementsPanelHolder !== null && view.canOpenImprovementsPanel;
  // A player may ask for the panel while someone else holds it: the refusal says so (a toast).
  const editable = heldByMe && !view.started;
  const enabled = view.improvements.enabled;
  return (
    <Card withBorder padding="md" data-testid="improvements-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="wrap" gap="xs">
          <Group gap="xs">
            <IconSettings size={20} />
            <Title order={3}>
              <FormattedMessage id="lean.improvementsTitle" />
            </Title>
          </Group>
          {!view.started &&
            !heldByMe &&
            (view.me !== null || (view.isCreator && view.improvementsPanelHolder === null)) && (
              <Button
                leftSection={<IconLockOpen size={16} />}
                onClick={panel.open}
                loading={panel.pending}
                h="auto"
                py={6}
                maw="100%"
                styles={{ label: { whiteSpace: 'normal', textAlign: 'left' } }}
                data-testid="open-panel"
              >
                <FormattedMessage id="lean.openPanel" />
              </Button>
            )}
          {!view.started && view.improvementsPanelHolder !== null && (heldByMe || view.isCreator) && (
            <Button
              variant="default"
              leftSection={<IconLock size={16} />}
              onClick={panel.close}
              loading={panel.pending}
              data-testid="close-panel"
            >
              <FormattedMessage id="lean.closePanel" />
            </Button>
          )}
        </Group>
        <Text size="sm" data-testid="panel-status">
          {view.started ? (
            <FormattedMessage id="lean.panelAfterStart" />
          ) : heldByMe ? (
            <FormattedMessage id="lean.panelYours" />
          ) : holderName !== null ? (
            <FormattedMessage id="lean.panelHeldBy" values={{ name: holderName }} />
          ) : (
            <FormattedMessage id="lean.panelClosed" />
          )}
        </Text>
        {view.started ? (
          <StartedSummary view={view} />
        ) : (
          <>
            {editable && (
              <Checkbox
                checked={apply}
                onChange={(event) => setApply(event.currentTarget.checked)}
                label={<FormattedMessage id="lean.applySuggested" />}
                data-testid="apply-suggested"
              />
            )}
            <Stack gap={6}>
              {LEAN_IMPROVEMENTS.map((improvement) => (
                <ImprovementRow
                  key={improvement}
                  improvement={improvement}
                  on={enabled.includes(improvement)}
                  available={view.improvements.available.includes(improvement)}
                  editable={editable}
                  onChange={(on) =>
                    panel.send(
                      on
                        ? { type: 'EnableImprovement', improvement, apply }
                        : { type: 'DisableImprovement', improvement },
                    )
                  }
                />
              ))}
            </Stack>
            <Settings view={view} editable={editable} now={now} send={panel.send} />
          </>
        )}
      </Stack>
    </Card>
  );
}

/** Once the round runs: the improvements on, the batch size and the kanban cap, read-only. */
function StartedSummary({ view }: { view: LeanGameView }) {
  const enabled = LEAN_IMPROVEMENTS.filter((i) => view.improvements.enabled.includes(i));
  return (
    <Stack gap={6} data-testid="improvements-on">
      {enabled.length === 0 ? (
        <Text size="sm" c="dimmed">
          <FormattedMessage id="lean.noImprovement" />
        </Text>
      ) : (
        <Group gap={6} wrap="wrap">
          {enabled.map((improvement) => (
            <Badge key={improvement} variant="light" color="green" data-testid={`on-${improvement}`}>
              <FormattedMessage id={`lean.improvement.${improvement}`} />
            </Badge>
          ))}
        </Group>
      )}
      <Text size="sm">
        <FormattedMessage
          id={view.improvements.enabled.includes('kanban') ? 'lean.batchAndCap' : 'lean.batchOnly'}
          values={{ batchSize: view.batchSize, cap: view.kanbanCap }}
        />
      </Text>
    </Stack>
  );
}

function ImprovementRow({
  improvement,
  on,
  available,
  editable,
  onChange,
}: {
  improvement: LeanImprovement;
  on: boolean;
  available: boolean;
  editable: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Group
      gap="sm"
      wrap="nowrap"
      align="flex-start"
      data-testid={`improvement-${improvement}`}
      data-enabled={on}
      style={{ opacity: available || on ? 1 : 0.55 }}
    >
      <Switch
        checked={on}
        disabled={!editable || !available}
        onChange={(event) => onChange(event.currentTarget.checked)}
        label={
          <Text size="sm" fw={600} component="span">
            <FormattedMessage id={`lean.improvement.${improvement}`} />
          </Text>
        }
        description={<FormattedMessage id={`lean.improvementText.${improvement}`} />}
        data-testid={`toggle-${improvement}`}
        style={{ flex: 1 }}
      />
      {!available && !on && (
        <Badge size="xs" variant="light" color="gray">
          <FormattedMessage id="lean.notAvailable" />
        </Badge>
      )}
      {on && (
        <Badge size="xs" variant="light" color="green">
          <FormattedMessage id="lean.on" />
        </Badge>
      )}
    </Group>
  );
}

/** A whole number typed and set with a button (the panel's settings, the round's length on the board). */
export function NumberSetting({
  label,
  current,
  min,
  max,
  editable,
  testId,
  onSet,
}: {
  label: string;
  current: number;
  min: number;
  max: number;
  editable: boolean;
  testId: string;
  onSet: (value: number) => void;
}) {
  const intl = useIntl();
  const typed = useNumberField({ min, max }, '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const value = typed.submit();
    if (value === null) return;
    typed.reset();
    onSet(value);
  };
  return (
    <form onSubmit={submit} noValidate>
      <NumberField
        {...typed.field}
        label={label}
        description={intl.formatMessage({ id: 'lean.currentValue' }, { value: current })}
        placeholder={String(current)}
        disabled={!editable}
        maw={300}
        // The button beside the box, however many lines the label takes.
        inputContainer={(input) => (
          <Group gap="xs" wrap="nowrap">
            <Box flex={1}>{input}</Box>
            <Button
              type="submit"
              disabled={!editable || typed.text.trim() === ''}
              data-testid={`${testId}-set`}
            >
              <FormattedMessage id="lean.set" />
            </Button>
          </Group>
        )}
        data-testid={testId}
      />
    </form>
  );
}

/** What the enabled improvements let the panel's holder set; everyone else sees the settings. */
function Settings({
  view,
  editable,
  now,
  send,
}: {
  view: LeanGameView;
  editable: boolean;
  now: number;
  send: ReturnType<typeof useLeanPanel>['send'];
}) {
  const intl = useIntl();
  const [moving, setMoving] = useState<string | null>(null);
  const on = (improvement: LeanImprovement) => view.improvements.enabled.includes(improvement);
  const show = on('batch') || on('kanban') || on('movestations') || on('balancestations');
  if (!show) return null;
  return (
    <Stack gap="sm" data-testid="panel-settings">
      <Title order={4}>
        <FormattedMessage id="lean.settingsTitle" />
      </Title>
      {on('batch') && (
        <NumberSetting
          label={intl.formatMessage({ id: 'lean.batchSize' })}
          current={view.batchSize}
          min={1}
          max={LEAN_MAX_BATCH_SIZE}
          editable={editable}
          testId="batch-size"
          onSet={(batchSize) => send({ type: 'SetBatchSize', batchSize })}
        />
      )}
      {on('kanban') && (
        <NumberSetting
          label={intl.formatMessage({ id: 'lean.kanbanCap' })}
          current={view.kanbanCap}
          min={view.batchSize}
          max={LEAN_MAX_KANBAN_CAP}
          editable={editable}
          testId="kanban-cap"
          onSet={(cap) => send({ type: 'SetKanbanCap', cap })}
        />
      )}
      {on('movestations') && (
        <Stack gap={6}>
          <Text size="sm" fw={600}>
            <FormattedMessage id="lean.moveStations" />
          </Text>
          {editable && (
            <Text size="xs" c="dimmed" data-testid="move-hint">
              {moving === null ? (
                <FormattedMessage id="lean.moveChooseFacility" />
              ) : (
                <FormattedMessage
                  id="lean.moveChooseCell"
                  values={{ name: view.facilities.find((f) => f.id === moving)?.name ?? '' }}
                />
              )}
            </Text>
          )}
          {editable ? (
            <FloorMap
              view={view}
              now={now}
              selected={moving}
              onFacility={(id) => setMoving(id === moving ? null : id)}
              onFreeCell={
                moving === null
                  ? undefined
                  : (position) => {
                      send({ type: 'MoveStation', facilityId: moving, position });
                      setMoving(null);
                    }
              }
            />
          ) : null}
        </Stack>
      )}
      {on('balancestations') && (
        <Suspense fallback={null}>
          <ToolReassignment view={view} editable={editable} send={send} />
        </Suspense>
      )}
      {!editable && !view.started && (
        <Alert color="gray" p="xs">
          <Text size="xs">
            <FormattedMessage id="lean.settingsReadOnly" />
          </Text>
        </Alert>
      )}
    </Stack>
  );
}
