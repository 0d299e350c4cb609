import { Box, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconArrowBarToDown, IconArrowBarUp, IconRobot, IconUser } from '@tabler/icons-react';
import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import type { LeanGameView } from '../../../src-shared/leangame/view';
import { LEAN_FACILITY_ICONS, ToolGlyph } from './glyphs';
import {
  type LeanFacilityView,
  type LeanProductView,
  seesWorkOf,
  transitOrigin,
  travelMs,
  unitsAt,
  useLeanHolder,
  useToolName,
} from './lean-view';

/** A cell of the floor, in pixels, and the aisle between cells. */
const CELL = { width: 138, height: 124 };
const GAP = 14;
const PAD = 8;
/** The map fits its box, from this scale (below, it scrolls sideways) up to the largest. */
const LEAST_SCALE = 0.62;
const MOST_SCALE = 1.3;

const cellLeft = (column: number) => PAD + column * (CELL.width + GAP);
const cellTop = (row: number) => PAD + row * (CELL.height + GAP);
const centre = (f: LeanFacilityView) => ({
  x: cellLeft(f.position.column) + CELL.width / 2,
  y: cellTop(f.position.row) + CELL.height / 2,
});

/**
 * The way between two facilities' cards: from the edge of the first to the edge of the second
 * (a line between centres would run under the cards).
 */
function way(from: LeanFacilityView, to: LeanFacilityView) {
  const a = centre(from);
  const b = centre(to);
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  // The fraction of the centre-to-centre line inside one card.
  const inside = Math.min(
    dx === 0 ? Number.POSITIVE_INFINITY : CELL.width / 2 / Math.abs(dx),
    dy === 0 ? Number.POSITIVE_INFINITY : CELL.height / 2 / Math.abs(dy),
  );
  const t = Math.min(0.5, inside);
  return {
    start: { x: a.x + dx * t, y: a.y + dy * t },
    end: { x: b.x - dx * t, y: b.y - dy * t },
  };
}

interface Transit {
  key: string;
  from: LeanFacilityView | undefined;
  to: LeanFacilityView;
  count: number;
  arrivesAt: number;
}

/** Units on their way, one batch per origin, destination and arrival time. */
function transits(view: LeanGameView, now: number): Transit[] {
  const groups = new Map<string, Transit>();
  for (const p of view.products as LeanProductView[]) {
    if (p.place !== 'inbox' || p.arrivesAt <= now) continue;
    const to = view.facilities.find((f) => f.id === p.at);
    if (!to) continue;
    const from = transitOrigin(view, p);
    const key = `${from?.id ?? '?'}>${to.id}@${p.arrivesAt}`;
    const group = groups.get(key);
    if (group) group.count += 1;
    else groups.set(key, { key, from, to, count: 1, arrivesAt: p.arrivesAt });
  }
  return [...groups.values()];
}

/**
 * The factory floor: the grid of `params.mapSize`, each facility on its cell with its picture, its
 * name, who plays it, the units in its inbox and in hand, and its tools; batches on their way
 * drawn between cells with the seconds left before they arrive. A pure picture of the view at
 * `now` (the debrief's replay draws past instants with it). `onFreeCell` makes empty cells
 * buttons (moving a station); `highlight` outlines a facility (the viewer's own).
 */
export function FloorMap({
  view,
  now,
  highlight = view.me,
  onFreeCell,
  onFacility,
  selected,
}: {
  view: LeanGameView;
  now: number;
  highlight?: string | null;
  onFreeCell?: (position: { row: number; column: number }) => void;
  onFacility?: (facilityId: string) => void;
  selected?: string | null;
}) {
  const intl = useIntl();
  const { rows, columns } = view.params.mapSize;
  const width = PAD * 2 + columns * CELL.width + (columns - 1) * GAP;
  const height = PAD * 2 + rows * CELL.height + (rows - 1) * GAP;
  const box = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const available = entry?.contentRect.width ?? width;
      setScale(Math.max(LEAST_SCALE, Math.min(MOST_SCALE, available / width)));
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  // On a narrow screen, the viewer's own facility is scrolled into view once.
  const scrolled = useRef(false);
  const own = view.facilities.find((f) => f.id === highlight);
  useEffect(() => {
    const element = box.current;
    if (!element || !own || scrolled.current || element.scrollWidth <= element.clientWidth) return;
    scrolled.current = true;
    const middle = (cellLeft(own.position.column) + CELL.width / 2) * scale;
    element.scrollLeft = Math.max(0, middle - element.clientWidth / 2);
  }, [own, scale]);
  const occupied = new Set(view.facilities.map((f) => `${f.position.row}:${f.position.column}`));
  const moving = transits(view, now);
  return (
    <Box
      ref={box}
      // Its content never widens the column it stands in (which would feed back into its scale).
      style={{ overflowX: 'auto', overflowY: 'hidden', contain: 'inline-size', minWidth: 0 }}
      data-testid="floor-map"
      // Scrolled with the arrow keys on a phone, where it is wider than the screen.
      tabIndex={0}
      role="group"
      aria-label={intl.formatMessage({ id: 'lean.floorLabel' })}
    >
      <Box style={{ width: width * scale, height: height * scale, position: 'relative' }}>
        <Box
          style={{
            width,
            height,
            position: 'absolute',
            top: 0,
            left: 0,
            transform: `scale(${scale})`,
            transformOrigin: 'top left',
            borderRadius: 12,
            background: 'var(--mantine-color-gray-light)',
          }}
        >
          {Array.from({ length: rows * columns }, (_, i) => {
            const row = Math.floor(i / columns);
            const column = i % columns;
            if (occupied.has(`${row}:${column}`)) return null;
            const style = {
              position: 'absolute' as const,
              left: cellLeft(column),
              top: cellTop(row),
              width: CELL.width,
              height: CELL.height,
              borderRadius: 10,
              border: '1.5px dashed var(--mantine-color-default-border)',
            };
            return onFreeCell ? (
              <UnstyledButton
                key={`${row}:${column}`}
                style={{ ...style, textAlign: 'center' }}
                onClick={() => onFreeCell({ row, column })}
                data-testid={`free-cell-${row}-${column}`}
                aria-label={intl.formatMessage({ id: 'lean.moveHere' }, { row: row + 1, column: column + 1 })}
              >
                <Text size="xs" c="dimmed">
                  {intl.formatMessage({ id: 'lean.moveHere' }, { row: row + 1, column: column + 1 })}
                </Text>
              </UnstyledButton>
            ) : (
              <div key={`${row}:${column}`} style={style} />
            );
          })}
          <svg
            width={width}
            height={height}
            style={{ position: 'absolute', inset: 0, pointerEvents: 'none', zIndex: 1 }}
            aria-hidden
          >
            {moving.map((t) =>
              t.from ? (
                <line
                  key={t.key}
                  x1={way(t.from, t.to).start.x}
                  y1={way(t.from, t.to).start.y}
                  x2={way(t.from, t.to).end.x}
                  y2={way(t.from, t.to).end.y}
                  strokeWidth={3}
                  strokeDasharray="7 6"
                  strokeLinecap="round"
                  style={{ stroke: 'var(--mantine-color-orange-filled)' }}
                />
              ) : null,
            )}
          </svg>
          {view.facilities.map((f) => (
            <FacilityCell
              key={f.id}
              view={view}
              facility={f}
              now={now}
              mine={f.id === highlight}
              selected={f.id === selected}
              onClick={onFacility ? () => onFacility(f.id) : undefined}
            />
          ))}
          {moving.map((t) => (
            <TransitChip key={t.key} view={view} transit={t} now={now} />
          ))}
        </Box>
      </Box>
    </Box>
  );
}

/** A batch on its way: how many units, and the seconds before they arrive, placed along the way. */
function TransitChip({ view, transit, now }: { view: LeanGameView; transit: Transit; now: number }) {
  const intl = useIntl();
  const to = centre(transit.to);
  const seconds = Math.max(0, Math.ceil((transit.arrivesAt - now) / 1000));
  let point = { x: to.x, y: to.y - CELL.height / 2 - 4 };
  if (transit.from) {
    const { start, end } = way(transit.from, transit.to);
    const total = travelMs(view, transit.from, transit.to);
    const done = total > 0 ? Math.min(1, Math.max(0, 1 - (transit.arrivesAt - now) / total)) : 1;
    point = { x: start.x + (end.x - start.x) * done, y: start.y + (end.y - start.y) * done };
    // Beside the way rather than on it: above a level way, to the right of an upright one.
    if (Math.abs(end.x - start.x) >= Math.abs(end.y - start.y)) point.y -= 14;
    else point.x += 14;
  }
  const text = intl.formatMessage({ id: 'lean.inTransit' }, { count: transit.count, seconds });
  return (
    <Box
      data-testid={`transit-${transit.to.id}`}
      style={{
        position: 'absolute',
        left: point.x,
        top: point.y,
        transform: `translate(${transit.from && Math.abs(centre(transit.from).x - to.x) < Math.abs(centre(transit.from).y - to.y) ? '0' : '-50%'}, -50%)`,
        zIndex: 3,
        whiteSpace: 'nowrap',
        background: 'var(--mantine-color-orange-filled)',
        color: 'white',
        borderRadius: 999,
        padding: '1px 8px',
        fontSize: 12,
        fontWeight: 700,
        boxShadow: '0 1px 3px rgba(0,0,0,.25)',
      }}
      title={intl.formatMessage({ id: 'lean.inTransitTo' }, { name: transit.to.name })}
    >
      {text}
    </Box>
  );
}

/** One facility on its cell. */
function FacilityCell({
  view,
  facility: f,
  now,
  mine,
  selected,
  onClick,
}: {
  view: LeanGameView;
  facility: LeanFacilityView;
  now: number;
  mine: boolean;
  selected: boolean;
  onClick?: () => void;
}) {
  const intl = useIntl();
  const holder = useLeanHolder();
  const toolName = useToolName();
  const Picture = LEAN_FACILITY_ICONS[f.type];
  const visible = seesWorkOf(view, f);
  const { inbox, hand } = unitsAt(view, f.id, now);
  const accent = mine
    ? 'var(--mantine-color-blue-filled)'
    : selected
      ? 'var(--mantine-color-orange-filled)'
      : 'var(--mantine-color-default-border)';
  return (
    <Paper
      {...(onClick
        ? { component: 'button' as const, type: 'button' as const, onClick, 'aria-pressed': selected }
        : {})}
      withBorder
      radius={10}
      p={6}
      style={{
        position: 'absolute',
        left: cellLeft(f.position.column),
        top: cellTop(f.position.row),
        width: CELL.width,
        height: CELL.height,
        zIndex: 2,
        borderColor: accent,
        borderWidth: mine || selected ? 3 : 1,
        display: 'flex',
        flexDirection: 'column',
        gap: 2,
        overflow: 'hidden',
        textAlign: 'left',
        cursor: onClick ? 'pointer' : undefined,
        font: 'inherit',
        color: 'inherit',
      }}
      data-testid={`floor-facility-${f.id}`}
      aria-label={f.name}
    >
      <Group
        gap={6}
        wrap="nowrap"
        align="flex-start"
        title={intl.formatMessage({ id: `lean.facilityType.${f.type}` })}
      >
        <Box
          style={{
            width: 26,
            height: 26,
            borderRadius: 13,
            flexShrink: 0,
            display: 'grid',
            placeItems: 'center',
            background: 'var(--mantine-color-blue-light)',
          }}
        >
          <Picture
            size={17}
            stroke={1.7}
            color="var(--mantine-color-blue-light-color)"
            aria-label={intl.formatMessage({ id: `lean.facilityType.${f.type}` })}
          />
        </Box>
        <Text size="sm" fw={700} lh={1.15} lineClamp={2} style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {f.name}
        </Text>
      </Group>
      <Group gap={4} wrap="nowrap">
        {f.computer ? <IconRobot size={14} /> : <IconUser size={14} />}
        <Text size="xs" truncate fw={mine ? 700 : 400} data-testid={`floor-holder-${f.id}`}>
          {mine ? intl.formatMessage({ id: 'lean.you' }) : holder(f)}
        </Text>
      </Group>
      {visible ? (
        <Group gap={8} wrap="nowrap">
          <Group
            gap={2}
            wrap="nowrap"
            data-testid={`floor-inbox-${f.id}`}
            title={intl.formatMessage({ id: 'lean.inboxCount' }, { count: inbox.length })}
          >
            <IconArrowBarToDown size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {intl.formatMessage({ id: 'lean.inShort' }, { count: inbox.length })}
            </Text>
          </Group>
          <Group
            gap={2}
            wrap="nowrap"
            data-testid={`floor-hand-${f.id}`}
            title={intl.formatMessage({ id: 'lean.handCount' }, { count: hand.length })}
          >
            <IconArrowBarUp size={14} aria-hidden />
            <Text size="xs" fw={600}>
              {intl.formatMessage({ id: 'lean.handShort' }, { count: hand.length })}
            </Text>
          </Group>
        </Group>
      ) : (
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'lean.workHidden' })}
        </Text>
      )}
      {f.tools.length > 0 && (
        <Group gap={2} wrap="wrap" mt="auto">
          {f.tools.map((tool) => (
            <Box
              key={tool}
              style={{
                borderRadius: 4,
                outline: f.tool === tool ? '2px solid var(--mantine-color-text)' : undefined,
              }}
            >
              <ToolGlyph tool={tool} size={16} label={toolName(tool)} />
            </Box>
          ))}
        </Group>
      )}
    </Paper>
  );
}
