import { IconCheck, IconClock, IconRobot } from '@tabler/icons-react';
import { useIntl } from 'react-intl';
import type { BeerFacilityView } from '../../../../src-shared/beergame';
import { MAP_CARD, type SceneNode } from '../../../../src-shared/rules/map-scene';
import { FACILITY_ICONS } from './pictures';
import { estimatedWidth, FitText } from './svg-text';

const TEXT = 'var(--mantine-color-text)';
const DIMMED = 'var(--mantine-color-dimmed)';
const INNER_WIDTH = MAP_CARD.width - 12;
const LINE_FONT = 14.5;

/** Who holds a facility, in words: the player's name, the computer, a player, or free. */
export function useHolder() {
  const intl = useIntl();
  return (f: BeerFacilityView) => {
    if (f.playerName) return f.playerName;
    if (f.computer) return intl.formatMessage({ id: 'map.computer' });
    return intl.formatMessage({ id: f.taken ? 'map.player' : 'map.free' });
  };
}

/** This week's order status in words: ordered, left to the computer, or not yet. */
export function orderStatus(f: BeerFacilityView): 'map.ordered' | 'map.computerOrders' | 'map.notOrdered' {
  if (f.validated) return 'map.ordered';
  return f.computer ? 'map.computerOrders' : 'map.notOrdered';
}

const STATUS_LOOK = {
  'map.ordered': { icon: IconCheck, color: 'var(--mantine-color-green-filled)' },
  'map.computerOrders': { icon: IconRobot, color: DIMMED },
  'map.notOrdered': { icon: IconClock, color: 'var(--mantine-color-orange-filled)' },
} as const;

/** A facility on the map: its picture, name, holder, order status and, when visible, stock and backlog. */
export function FacilityCard(props: {
  node: SceneNode;
  facility: BeerFacilityView;
  name: string;
  finished: boolean;
}) {
  const { node, facility, name, finished } = props;
  const intl = useIntl();
  const holder = useHolder();
  const { x, y } = node;
  const Picture = FACILITY_ICONS[node.picture];
  const status = orderStatus(facility);
  const look = STATUS_LOOK[status];
  const statusText = intl.formatMessage({ id: status });
  // The icon then the words, centred together; the words start after the icon whatever their width.
  const statusLeft = x - (Math.min(estimatedWidth(statusText, LINE_FONT, true), INNER_WIDTH - 20) + 20) / 2;
  const numbers = facility.numbers;
  const accent = facility.isMine ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)';
  return (
    <g data-testid={`map-facility-${facility.id}`}>
      <rect
        x={x - MAP_CARD.width / 2}
        y={y - MAP_CARD.height / 2}
        width={MAP_CARD.width}
        height={MAP_CARD.height}
        rx={12}
        style={{ fill: 'var(--mantine-color-body)', stroke: accent }}
        strokeWidth={facility.isMine ? 3 : 1.5}
      />
      <circle cx={x} cy={y - 53} r={23} style={{ fill: 'var(--mantine-color-blue-light)' }} />
      <Picture x={x - 15} y={y - 68} size={30} stroke={1.6} color="var(--mantine-color-blue-light-color)" />
      {facility.isMine && (
        <g>
          <rect x={x + 24} y={y - 78} width={46} height={22} rx={11} style={{ fill: accent }} />
          <text x={x + 47} y={y - 62.5} fontSize={13} fontWeight={700} textAnchor="middle" fill="white">
            {intl.formatMessage({ id: 'map.you' })}
          </text>
        </g>
      )}
      <FitText x={x} y={y - 14} fontSize={17} fontWeight={700} maxWidth={INNER_WIDTH} style={{ fill: TEXT }}>
        {name}
      </FitText>
      <FitText x={x} y={y + 6} fontSize={LINE_FONT} maxWidth={INNER_WIDTH} style={{ fill: DIMMED }}>
        {holder(facility)}
      </FitText>
      {!finished && (
        <g style={{ fill: look.color }}>
          <look.icon x={statusLeft} y={y + 14} size={16} stroke={2.4} color={look.color} />
          <FitText
            x={statusLeft + 20}
            y={y + 27}
            textAnchor="start"
            fontSize={LINE_FONT}
            fontWeight={600}
            maxWidth={INNER_WIDTH - 20}
          >
            {statusText}
          </FitText>
        </g>
      )}
      {numbers ? (
        <>
          <FitText x={x} y={y + 48} fontSize={LINE_FONT} maxWidth={INNER_WIDTH} style={{ fill: TEXT }}>
            {intl.formatMessage({ id: 'map.stockValue' }, { stock: numbers.stock })}
          </FitText>
          <FitText
            x={x}
            y={y + 68}
            fontSize={LINE_FONT}
            fontWeight={numbers.backlog > 0 ? 700 : 400}
            maxWidth={INNER_WIDTH}
            style={{ fill: numbers.backlog > 0 ? 'var(--mantine-color-red-text)' : TEXT }}
          >
            {intl.formatMessage({ id: 'map.backlogValue' }, { backlog: numbers.backlog })}
          </FitText>
        </>
      ) : (
        <FitText x={x} y={y + 48} fontSize={LINE_FONT} maxWidth={INNER_WIDTH} style={{ fill: DIMMED }}>
          {intl.formatMessage({ id: 'map.numbersHidden' })}
        </FitText>
      )}
    </g>
  );
}
