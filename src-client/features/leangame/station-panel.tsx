import { Badge, Box, Button, Card, Group, Kbd, Stack, Text, Title } from '@mantine/core';
import {
  IconArrowBarToDown,
  IconCheck,
  IconPlus,
  IconSend,
  IconTool,
  IconTrash,
  IconTruckDelivery,
  IconZoomCheck,
} from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { LeanWorkCommand } from '../../../src-shared/api/leangame';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { Tooltip } from '../../ui/tooltip';
import { useLeanWork } from './commands';
import { LEAN_FACILITY_ICONS, ToolGlyph } from './glyphs';
import {
  type LeanFacilityView,
  type LeanProductView,
  templateOf,
  toolsOf,
  unitsAt,
  useToolName,
} from './lean-view';
import { Sheet } from './sheet';

type Send = (command: LeanWorkCommand) => void;

/** Keys of the frequent actions; the legend lists those of the facility's kind. */
const KEYS = {
  pickUp: 'p',
  send: 's',
  tool: 't',
  next: 'n',
  inspect: 'i',
  release: 'r',
  deliver: 'd',
} as const;
type Shortcut = keyof typeof KEYS | 'targets';

/** Whether a key press belongs to a field, a dialog or a modified key: then it is not a shortcut. */
function ignoredKey(event: KeyboardEvent): boolean {
  if (event.ctrlKey || event.metaKey || event.altKey || event.defaultPrevented) return true;
  const target = event.target as HTMLElement | null;
  if (!target) return false;
  if (target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return true;
  return false;
}

/** Calls `handler` with each key press that is a shortcut (lower case). */
function useShortcuts(handler: (key: string) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (ignoredKey(event)) return;
      const key = event.key.toLowerCase();
      if (key.length !== 1) return;
      latest.current(key);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
}

/** Seconds of a changeover in this game (cut by the game's factor under smed). */
function changeoverSeconds(view: LeanGameView): number {
  const factor = view.improvements.enabled.includes('smed') ? view.params.smedFactor : 1;
  return Math.round(view.params.times.changeover * factor * 60);
}

/** Operations of a sheet still to paint here: a station's own tools, any at a rework desk. */
function workLeft(view: LeanGameView, f: LeanFacilityView, p: LeanProductView): number[] {
  const template = templateOf(view, p.templateId);
  if (!template) return [];
  return p.ops.flatMap((op, i) => {
    if (op.status !== 'todo') return [];
    const expected = template.operations[i];
    if (!expected) return [];
    return toolsOf(view, f).includes(`${expected.shape}:${expected.colour}`) ? [i] : [];
  });
}

/**
 * The player's own facility: what is in its inbox and in hand, and its actions, each a button and
 * a key (the legend says which). A warehouse releases, sends and delivers; a station picks up,
 * changes tool, paints on the sheet's targets and sends; quality control and rework inspect,
 * remove defects and repaint.
 */
export function StationPanel({
  view,
  facility,
  now,
}: {
  view: LeanGameView;
  facility: LeanFacilityView;
  now: number;
}) {
  const work = useLeanWork(view);
  const Picture = LEAN_FACILITY_ICONS[facility.type];
  return (
    <Card withBorder padding="md" data-testid="station-panel">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Picture size={24} stroke={1.6} />
            <Title order={3} data-testid="my-facility">
              {facility.name}
            </Title>
          </Group>
          <Badge variant="light">
            <FormattedMessage id={`lean.facilityType.${facility.type}`} />
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          <FormattedMessage id={`lean.does.${facility.type}`} />
        </Text>
        {!view.started ? (
          <Text size="sm" data-testid="not-started">
            <FormattedMessage id="lean.waitForStart" />
          </Text>
        ) : view.finished ? (
          <Text size="sm">
            <FormattedMessage id="lean.roundOver" />
          </Text>
        ) : facility.type === 'warehouse' ? (
          <WarehouseWork view={view} facility={facility} now={now} send={work.send} />
        ) : (
          <DeskWork view={view} facility={facility} now={now} send={work.send} />
        )}
      </Stack>
    </Card>
  );
}

function KeyLegend({ keys }: { keys: Shortcut[] }) {
  return (
    <Group gap="sm" data-testid="key-legend" wrap="wrap">
      {keys.map((key) => (
        <Group key={key} gap={4} wrap="nowrap">
          <Kbd size="xs">{key === 'targets' ? '1–9' : KEYS[key].toUpperCase()}</Kbd>
          <Text size="xs" c="dimmed">
            <FormattedMessage id={`lean.key.${key}`} />
          </Text>
        </Group>
      ))}
    </Group>
  );
}

/** A shortcut's key shown inside its button. */
function KeyHint({ k }: { k: string }) {
  return (
    <Kbd size="xs" ml={4} aria-hidden>
      {k.toUpperCase()}
    </Kbd>
  );
}

function WarehouseWork({
  view,
  facility,
  now,
  send,
}: {
  view: LeanGameView;
  facility: LeanFacilityView;
  now: number;
  send: Send;
}) {
  const intl = useIntl();
  const { inbox, hand } = unitsAt(view, facility.id, now);
  // Units just asked for are left out until the units change (delivered, or the refusal stands).
  const [asked, setAsked] = useState<{ of: unknown; ids: string[] }>({ of: null, ids: [] });
  const askedIds = asked.of === view.products ? asked.ids : [];
  const finished = inbox.filter((p) => p.ops.every((op) => op.status !== 'todo') && !askedIds.includes(p.id));
  const release = (templateId?: string) =>
    send({ type: 'ReleaseSheet', facilityId: facility.id, ...(templateId ? { templateId } : {}) });
  const sendBatch = () => send({ type: 'SendBatch', facilityId: facility.id });
  const deliver = (productId?: string) => {
    if (productId) setAsked({ of: view.products, ids: [...askedIds, productId] });
    send({ type: 'DeliverProduct', facilityId: facility.id, ...(productId ? { productId } : {}) });
  };
  useShortcuts((key) => {
    if (key === KEYS.release) release();
    else if (key === KEYS.send && hand.length > 0) sendBatch();
    else if (key === KEYS.deliver && finished.length > 0) deliver();
  });
  const count = (list: LeanProductView[], templateId: string) =>
    list.filter((p) => p.templateId === templateId).length;
  return (
    <Stack gap="sm">
      <Stack gap={6}>
        <Text fw={600} size="sm">
          <FormattedMessage id="lean.releaseTitle" />
        </Text>
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} />} onClick={() => release()} data-testid="release-next">
            <FormattedMessage id="lean.releaseNext" />
            <KeyHint k={KEYS.release} />
          </Button>
          {view.params.productsTemplates.map((t) => (
            <Button key={t.id} variant="light" onClick={() => release(t.id)} data-testid={`release-${t.id}`}>
              <FormattedMessage id="lean.releaseOne" values={{ product: t.name }} />
            </Button>
          ))}
        </Group>
      </Stack>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="warehouse-hand">
          <FormattedMessage
            id="lean.batchForming"
            values={{ count: hand.length, batchSize: view.batchSize }}
          />
          {view.params.productsTemplates
            .filter((t) => count(hand, t.id) > 0)
            .map((t) => ` · ${t.name} × ${count(hand, t.id)}`)
            .join('')}
        </Text>
        <Button
          leftSection={<IconSend size={16} />}
          onClick={sendBatch}
          disabled={hand.length === 0}
          data-testid="send-batch"
        >
          <FormattedMessage id="lean.sendBatch" />
          <KeyHint k={KEYS.send} />
        </Button>
      </Group>
      <Stack gap={6}>
        <Text fw={600} size="sm">
          <FormattedMessage id="lean.finishedTitle" values={{ count: finished.length }} />
        </Text>
        <Group gap="xs">
          {view.params.productsTemplates
            .filter((t) => count(finished, t.id) > 0)
            .map((t) => (
              <Button
                key={t.id}
                variant="light"
                color="green"
                leftSection={<IconTruckDelivery size={16} />}
                onClick={() => deliver(finished.find((p) => p.templateId === t.id)?.id)}
                data-testid={`deliver-${t.id}`}
              >
                <FormattedMessage
                  id="lean.deliverOne"
                  values={{ product: t.name, count: count(finished, t.id) }}
                />
              </Button>
            ))}
          <Button
            color="green"
            leftSection={<IconTruckDelivery size={16} />}
            onClick={() => deliver()}
            disabled={finished.length === 0}
            data-testid="deliver"
          >
            <FormattedMessage id="lean.deliver" />
            <KeyHint k={KEYS.deliver} />
          </Button>
        </Group>
      </Stack>
      <Text size="xs" c="dimmed">
        {intl.formatMessage({ id: 'lean.nextRank' }, { rank: view.params.nextRank })}
      </Text>
      <KeyLegend keys={['release', 'send', 'deliver']} />
    </Stack>
  );
}

function DeskWork({
  view,
  facility,
  now,
  send,
}: {
  view: LeanGameView;
  facility: LeanFacilityView;
  now: number;
  send: Send;
}) {
  const intl = useIntl();
  const toolName = useToolName();
  const { inbox, coming, hand } = unitsAt(view, facility.id, now);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const inspector = facility.type === 'qualitycontrol';
  const canRemove =
    inspector || facility.type === 'rework' || view.improvements.enabled.includes('autoinspect');
  const tools = toolsOf(view, facility);
  // The sheet worked on: the one chosen, else the first with work left here, else the first.
  const selected =
    hand.find((p) => p.id === selectedId) ??
    hand.find((p) => workLeft(view, facility, p).length > 0) ??
    hand[0] ??
    null;
  const template = selected ? templateOf(view, selected.templateId) : undefined;
  const toolReady = facility.toolReadyAt === null || facility.toolReadyAt <= now;
  const changeover = changeoverSeconds(view);

  const pickUp = () => send({ type: 'PickUpBatch', facilityId: facility.id });
  const sendBatch = () => send({ type: 'SendBatch', facilityId: facility.id });
  const changeTool = (tool: string) => send({ type: 'ChangeTool', facilityId: facility.id, tool });
  const paint = (target: number) =>
    selected && send({ type: 'PerformOperation', facilityId: facility.id, productId: selected.id, target });
  const inspect = () =>
    selected && send({ type: 'InspectSheet', facilityId: facility.id, productId: selected.id });
  const remove = (opIndex: number) =>
    selected && send({ type: 'RemoveDefect', facilityId: facility.id, productId: selected.id, opIndex });
  const nextSheet = () => {
    if (hand.length === 0) return;
    const at = selected ? hand.indexOf(selected) : -1;
    setSelectedId(hand[(at + 1) % hand.length]!.id);
  };
  const nextTool = () => {
    if (tools.length === 0) return;
    const at = facility.tool ? tools.indexOf(facility.tool) : -1;
    changeTool(tools[(at + 1) % tools.length]!);
  };
  useShortcuts((key) => {
    if (key === KEYS.pickUp) pickUp();
    else if (key === KEYS.send && hand.length > 0) sendBatch();
    else if (key === KEYS.tool) nextTool();
    else if (key === KEYS.next) nextSheet();
    else if (key === KEYS.inspect && inspector) inspect();
    else if (/^[1-9]$/.test(key) && selected) paint(Number(key) - 1);
  });

  const keys: Shortcut[] = [
    'pickUp',
    'tool',
    'targets',
    'next',
    ...(inspector ? (['inspect'] as const) : []),
    'send',
  ];
  return (
    <Stack gap="sm">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" data-testid="desk-inbox">
          <IconArrowBarToDown size={16} style={{ verticalAlign: 'text-bottom' }} />{' '}
          <FormattedMessage id="lean.inboxWaiting" values={{ count: inbox.length, coming: coming.length }} />
        </Text>
        <Button
          leftSection={<IconArrowBarToDown size={16} />}
          onClick={pickUp}
          disabled={hand.length > 0 || inbox.length === 0}
          data-testid="pick-up"
        >
          <FormattedMessage id="lean.pickUp" />
          <KeyHint k={KEYS.pickUp} />
        </Button>
      </Group>

      {tools.length > 0 && (
        <Stack gap={4}>
          <Group gap="xs" wrap="wrap">
            <Text size="sm" fw={600}>
              <FormattedMessage id="lean.tools" />
            </Text>
            <Text size="xs" c="dimmed" data-testid="changeover-time">
              <FormattedMessage id="lean.changeoverTime" values={{ seconds: changeover }} />
            </Text>
          </Group>
          <Group gap={6} wrap="wrap" role="radiogroup" aria-label={intl.formatMessage({ id: 'lean.tools' })}>
            {tools.map((tool) => {
              const held = facility.tool === tool;
              return (
                <Tooltip key={tool} label={toolName(tool)}>
                  <Button
                    variant={held ? 'filled' : 'default'}
                    color={held ? 'dark' : undefined}
                    size="compact-md"
                    role="radio"
                    aria-checked={held}
                    aria-label={toolName(tool)}
                    onClick={() => changeTool(tool)}
                    data-testid={`tool-${tool}`}
                    px={8}
                  >
                    <ToolGlyph tool={tool} size={22} label={toolName(tool)} />
                  </Button>
                </Tooltip>
              );
            })}
            <KeyHint k={KEYS.tool} />
          </Group>
          <Text size="xs" data-testid="tool-in-hand" c={toolReady ? undefined : 'orange.8'}>
            {facility.tool === null ? (
              <FormattedMessage id="lean.noTool" />
            ) : toolReady ? (
              <FormattedMessage id="lean.toolReady" values={{ tool: toolName(facility.tool) }} />
            ) : (
              <FormattedMessage
                id="lean.toolChanging"
                values={{
                  tool: toolName(facility.tool),
                  seconds: Math.ceil(((facility.toolReadyAt ?? now) - now) / 1000),
                }}
              />
            )}
          </Text>
        </Stack>
      )}

      {hand.length === 0 ? (
        <Text size="sm" c="dimmed" data-testid="hand-empty">
          <FormattedMessage id="lean.handEmpty" />
        </Text>
      ) : (
        <Stack gap="xs">
          <Group
            gap={6}
            wrap="wrap"
            role="tablist"
            aria-label={intl.formatMessage({ id: 'lean.sheetsInHand' })}
          >
            {hand.map((p) => {
              const left = workLeft(view, facility, p).length;
              const name = templateOf(view, p.templateId)?.name ?? p.templateId;
              return (
                <Button
                  key={p.id}
                  role="tab"
                  aria-selected={p === selected}
                  size="compact-sm"
                  variant={p === selected ? 'filled' : 'light'}
                  onClick={() => setSelectedId(p.id)}
                  data-testid={`hand-${p.id}`}
                  data-left={left}
                  data-inspected={p.inspected}
                  rightSection={
                    inspector ? (
                      p.inspected ? (
                        <IconZoomCheck size={14} aria-label={intl.formatMessage({ id: 'lean.inspected' })} />
                      ) : undefined
                    ) : left === 0 ? (
                      <IconCheck size={14} />
                    ) : undefined
                  }
                >
                  {name}
                  {p.rank >= 0 ? ` #${p.rank}` : ''}
                </Button>
              );
            })}
            <KeyHint k={KEYS.next} />
          </Group>
          {selected && template && (
            <Group align="flex-start" gap="md" wrap="wrap">
              <Sheet
                product={selected}
                template={template}
                onTarget={paint}
                showDefects={inspector || facility.type === 'rework'}
              />
              <Stack gap={6} style={{ flex: 1, minWidth: 160 }}>
                <Text size="sm" fw={600}>
                  {template.name}
                  {selected.inspected && (
                    <Badge ml={6} size="sm" color="green" variant="light">
                      <FormattedMessage id="lean.inspected" />
                    </Badge>
                  )}
                </Text>
                <Text size="xs" c="dimmed">
                  <FormattedMessage id="lean.paintHint" />
                </Text>
                {inspector && (
                  <Button
                    variant="light"
                    leftSection={<IconZoomCheck size={16} />}
                    onClick={inspect}
                    data-testid="inspect"
                  >
                    <FormattedMessage id="lean.inspect" />
                    <KeyHint k={KEYS.inspect} />
                  </Button>
                )}
                {canRemove && (
                  <OperationList
                    view={view}
                    facility={facility}
                    product={selected}
                    onRemove={remove}
                    toolName={toolName}
                  />
                )}
              </Stack>
            </Group>
          )}
        </Stack>
      )}

      <Group justify="flex-end">
        <Button
          leftSection={<IconSend size={16} />}
          onClick={sendBatch}
          disabled={hand.length === 0}
          data-testid="send-batch"
        >
          <FormattedMessage id="lean.sendBatch" />
          <KeyHint k={KEYS.send} />
        </Button>
      </Group>
      <KeyLegend keys={keys} />
    </Stack>
  );
}

/** The painted operations of a sheet, each removable (a defect is marked). */
function OperationList({
  view,
  facility,
  product,
  onRemove,
  toolName,
}: {
  view: LeanGameView;
  facility: LeanFacilityView;
  product: LeanProductView;
  onRemove: (opIndex: number) => void;
  toolName: (tool: string) => string;
}) {
  const template = templateOf(view, product.templateId);
  if (!template) return null;
  const own = facility.type === 'station';
  const rows = product.ops
    .map((op, index) => ({ op, index, expected: template.operations[index]! }))
    .filter(({ op }) => op.status !== 'todo' && (!own || op.by === facility.id));
  if (rows.length === 0) return null;
  return (
    <Stack gap={4} data-testid="operations">
      <Text size="xs" fw={600}>
        <FormattedMessage id="lean.paintedOperations" />
      </Text>
      {rows.map(({ op, index, expected }) => {
        const shown = op.painted ?? expected;
        const tool = `${shown.shape}:${shown.colour}`;
        return (
          <Group key={index} gap={6} wrap="nowrap">
            <ToolGlyph tool={tool} size={18} label={toolName(tool)} />
            <Text size="xs" style={{ flex: 1 }}>
              <FormattedMessage id="lean.opOnTarget" values={{ target: shown.target + 1 }} />
              {op.painted !== null && (
                <Badge ml={4} size="xs" color="red" data-testid={`defect-${index}`}>
                  <FormattedMessage id="lean.defect" />
                </Badge>
              )}
            </Text>
            <Button
              size="compact-xs"
              variant="subtle"
              color="red"
              leftSection={<IconTrash size={12} />}
              onClick={() => onRemove(index)}
              data-testid={`remove-${index}`}
            >
              <FormattedMessage id="lean.remove" />
            </Button>
          </Group>
        );
      })}
      <Box>
        <Text size="xs" c="dimmed">
          <IconTool size={12} /> <FormattedMessage id="lean.repaintHint" />
        </Text>
      </Box>
    </Stack>
  );
}
