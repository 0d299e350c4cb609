import { Box, Group, Text, VisuallyHidden } from '@mantine/core';
import { IconUsersGroup } from '@tabler/icons-react';
import { useId, useMemo } from 'react';
import { useIntl } from 'react-intl';
import type { BeerView } from '../../../../src-shared/beergame';
import {
  CONSUMER_RADIUS,
  type FlowLabel,
  type MapScene,
  mapScene,
  type Segment,
} from '../../../../src-shared/rules/map-scene';
import { useFacilityName } from '../../../ui/facility-name';
import { FacilityCard, orderStatus, useHolder } from './facility-card';
import { SCENERY_ICONS } from './pictures';
import { estimatedWidth } from './svg-text';

const GOODS = 'var(--mantine-color-blue-filled)';
const ORDERS = 'var(--mantine-color-orange-filled)';
/**
 * Pixels per SVG unit: below the least, labels get too small and the map scrolls inside its box
 * instead (a 3-column map still fits a 390 px phone); above the most, a wide screen gets a poster.
 */
const LEAST_SCALE = 0.6;
const MOST_SCALE = 1.05;
/** Room around the cells: beside a vertical link on the map's edge stand quantities as wide as half a cell. */
const MARGIN = { x: 26, y: 14 };

function Line({
  segment,
  color,
  marker,
  dashed,
}: {
  segment: Segment;
  color: string;
  marker: string;
  dashed?: boolean;
}) {
  return (
    <line
      x1={segment.from.x}
      y1={segment.from.y}
      x2={segment.to.x}
      y2={segment.to.y}
      style={{ stroke: color }}
      strokeWidth={dashed ? 2 : 3}
      strokeDasharray={dashed ? '6 5' : undefined}
      strokeLinecap="round"
      markerEnd={`url(#${marker})`}
    />
  );
}

const LABEL_FONT = 14;

/**
 * How far the map reaches left and right: its cells with their margin, and every quantity's words
 * beside its line ("12 → tydz. 12" beside a link on the map's edge is wider than the margin).
 */
function horizontalReach(scene: MapScene, text: (label: FlowLabel) => string) {
  let left = -MARGIN.x;
  let right = scene.width + MARGIN.x;
  for (const label of scene.links.flatMap((link) => [...link.goodsLabels, ...link.orderLabels])) {
    const width = estimatedWidth(text(label), LABEL_FONT, true);
    const start = { start: label.x, middle: label.x - width / 2, end: label.x - width }[label.anchor];
    // The halo drawn around the words (strokeWidth 4) reaches 2 units further on each side.
    left = Math.min(left, start - 4);
    right = Math.max(right, start + width + 4);
  }
  return { left, width: right - left };
}

function Labels({ labels, color }: { labels: FlowLabel[]; color: string }) {
  const intl = useIntl();
  return labels.map((label) => (
    <text
      key={`${label.week}-${label.x}-${label.y}`}
      x={label.x}
      y={label.y}
      textAnchor={label.anchor}
      fontSize={LABEL_FONT}
      fontWeight={700}
      paintOrder="stroke"
      strokeWidth={4}
      strokeLinejoin="round"
      style={{ fill: color, stroke: 'var(--mantine-color-body)' }}
    >
      {intl.formatMessage({ id: 'map.flow' }, { qty: label.qty, week: label.week })}
    </text>
  ));
}

function Arrow({ id, color }: { id: string; color: string }) {
  return (
    <marker id={id} viewBox="0 0 10 10" refX={8} refY={5} markerWidth={5} markerHeight={5} orient="auto">
      <path d="M0,0 L10,5 L0,10 z" style={{ fill: color }} />
    </marker>
  );
}

function Consumers({ scene, marker }: { scene: MapScene; marker: string }) {
  const intl = useIntl();
  return scene.consumers.map((c) =>
    c.goods ? (
      <g key={c.facilityId} data-testid="map-consumers">
        <Line segment={c.goods} color={GOODS} marker={marker} />
        <circle cx={c.x} cy={c.y} r={CONSUMER_RADIUS} style={{ fill: 'var(--mantine-color-grape-light)' }} />
        <IconUsersGroup
          x={c.x - 17}
          y={c.y - 17}
          size={34}
          stroke={1.6}
          color="var(--mantine-color-grape-light-color)"
        />
        <text
          x={c.x}
          y={c.y + CONSUMER_RADIUS + 17}
          fontSize={13.5}
          textAnchor="middle"
          style={{ fill: 'var(--mantine-color-dimmed)' }}
        >
          {intl.formatMessage({ id: 'map.customers' })}
        </text>
      </g>
    ) : (
      <g key={c.facilityId} data-testid="map-consumers">
        <circle cx={c.x + 12} cy={c.y + 12} r={13} style={{ fill: 'var(--mantine-color-grape-light)' }} />
        <IconUsersGroup
          x={c.x + 3}
          y={c.y + 3}
          size={18}
          stroke={1.8}
          color="var(--mantine-color-grape-light-color)"
        >
          <title>{intl.formatMessage({ id: 'map.customers' })}</title>
        </IconUsersGroup>
      </g>
    ),
  );
}

/** The facilities as text, for screen readers: who holds each, its order status, numbers and flows. */
function MapAsText({ view, withStatus }: { view: BeerView; withStatus: boolean }) {
  const intl = useIntl();
  const facilityName = useFacilityName();
  const holder = useHolder();
  const flows = (items: Array<{ qty: number; week: number }> | undefined) =>
    (items ?? [])
      .map((g) => intl.formatMessage({ id: 'map.flowText' }, { qty: g.qty, week: g.week }))
      .join(', ');
  return (
    <VisuallyHidden>
      <ul>
        {view.facilities.map((f) => {
          const parts = [
            `${facilityName(f)}${f.isMine ? ` (${intl.formatMessage({ id: 'map.you' })})` : ''}`,
            holder(f),
            withStatus ? intl.formatMessage({ id: orderStatus(f) }) : null,
            f.numbers ? intl.formatMessage({ id: 'map.stockValue' }, { stock: f.numbers.stock }) : null,
            f.numbers ? intl.formatMessage({ id: 'map.backlogValue' }, { backlog: f.numbers.backlog }) : null,
            f.numbers?.inbound?.length
              ? intl.formatMessage({ id: 'map.goodsArriving' }, { list: flows(f.numbers.inbound) })
              : null,
            f.numbers?.ordersOnTheWay?.length
              ? intl.formatMessage({ id: 'map.ordersOnTheWay' }, { list: flows(f.numbers.ordersOnTheWay) })
              : null,
          ];
          return <li key={f.id}>{parts.filter(Boolean).join('. ')}</li>;
        })}
      </ul>
    </VisuallyHidden>
  );
}

function Legend() {
  const intl = useIntl();
  const sample = (color: string, dashed: boolean) => (
    <svg width={34} height={10} aria-hidden="true">
      <line
        x1={2}
        y1={5}
        x2={32}
        y2={5}
        style={{ stroke: color }}
        strokeWidth={dashed ? 2 : 3}
        strokeDasharray={dashed ? '6 5' : undefined}
      />
    </svg>
  );
  return (
    <Group gap="lg" justify="center" mt={4} aria-hidden="true">
      <Group gap={6} wrap="nowrap">
        {sample(GOODS, false)}
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'map.legendGoods' })}
        </Text>
      </Group>
      <Group gap={6} wrap="nowrap">
        {sample(ORDERS, true)}
        <Text size="xs" c="dimmed">
          {intl.formatMessage({ id: 'map.legendOrders' })}
        </Text>
      </Group>
    </Group>
  );
}

/**
 * The supply chain drawn from the viewer's redacted view: facilities on their cells, goods going
 * down to the customers and orders going up, with what travels on each link as far as the viewer
 * may see. The geometry comes from `mapScene`; this only draws it. A `preview` (of settings being
 * edited) shows no order status.
 */
export function SupplyChainMap({ view, preview = false }: { view: BeerView; preview?: boolean }) {
  // A finished game, or a preview of settings, has no orders to wait for.
  const withStatus = !view.finished && !preview;
  const intl = useIntl();
  const facilityName = useFacilityName();
  const scene = useMemo(() => mapScene(view), [view]);
  const reach = horizontalReach(scene, (label) =>
    intl.formatMessage({ id: 'map.flow' }, { qty: label.qty, week: label.week }),
  );
  const uid = useId().replace(/[^\w-]/g, '');
  const byId = new Map(view.facilities.map((f) => [f.id, f]));
  return (
    <Box data-testid="supply-chain-map">
      {/* Scrolled with the arrow keys where the map is wider than the screen. */}
      <Box style={{ overflowX: 'auto' }} tabIndex={0}>
        <svg
          viewBox={`${reach.left} ${-MARGIN.y} ${reach.width} ${scene.height + 2 * MARGIN.y}`}
          role="img"
          aria-labelledby={`${uid}-title`}
          style={{
            display: 'block',
            width: '100%',
            height: 'auto',
            minWidth: reach.width * LEAST_SCALE,
            maxWidth: reach.width * MOST_SCALE,
            margin: '0 auto',
          }}
        >
          <title id={`${uid}-title`}>{intl.formatMessage({ id: 'map.title' })}</title>
          <defs>
            <Arrow id={`${uid}-goods`} color={GOODS} />
            <Arrow id={`${uid}-orders`} color={ORDERS} />
          </defs>
          <rect
            width={scene.width}
            height={scene.height}
            rx={16}
            style={{ fill: 'var(--mantine-color-gray-light)' }}
          />
          {scene.scenery.map((s) => {
            const Picture = SCENERY_ICONS[s.picture];
            const color =
              s.picture === 'tree' ? 'var(--mantine-color-green-light-color)' : 'var(--mantine-color-gray-6)';
            return (
              <Picture
                key={`${s.x},${s.y}`}
                x={s.x - 28}
                y={s.y - 28}
                size={56}
                stroke={1.4}
                color={color}
                opacity={0.7}
              />
            );
          })}
          {scene.links.map((link) => (
            <g key={`${link.supplierId}>${link.clientId}`}>
              <Line segment={link.goods} color={GOODS} marker={`${uid}-goods`} />
              <Line segment={link.orders} color={ORDERS} marker={`${uid}-orders`} dashed />
              <Labels labels={link.goodsLabels} color="var(--mantine-color-blue-text)" />
              <Labels labels={link.orderLabels} color="var(--mantine-color-orange-text)" />
            </g>
          ))}
          <Consumers scene={scene} marker={`${uid}-goods`} />
          {scene.nodes.map((node) => {
            const facility = byId.get(node.id)!;
            return (
              <FacilityCard
                key={node.id}
                node={node}
                facility={facility}
                name={facilityName(facility)}
                finished={!withStatus}
              />
            );
          })}
        </svg>
      </Box>
      <Legend />
      <MapAsText view={view} withStatus={withStatus} />
    </Box>
  );
}
