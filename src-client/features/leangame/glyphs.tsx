import {
  IconBuildingWarehouse,
  IconHammer,
  IconPalette,
  IconZoomCheck,
  type TablerIcon,
} from '@tabler/icons-react';
import type { LeanColour, LeanFacilityType, LeanShape } from '../../../src-shared/leangame/constants';

/**
 * The pictures of the lean game: one outline icon per facility kind (the same icon set as the beer
 * game's map), and the painted shapes of spec point 9 as small SVG glyphs.
 */
export const LEAN_FACILITY_ICONS: Record<LeanFacilityType, TablerIcon> = {
  warehouse: IconBuildingWarehouse,
  station: IconPalette,
  qualitycontrol: IconZoomCheck,
  rework: IconHammer,
};

/** Fill of each paint colour, and a darker edge so that yellow and grey read on white. */
const PAINT: Record<LeanColour, { fill: string; edge: string }> = {
  green: { fill: '#2f9e44', edge: '#1b5e28' },
  red: { fill: '#e03131', edge: '#8f1d1d' },
  blue: { fill: '#1c7ed6', edge: '#0f4a80' },
  yellow: { fill: '#fcc419', edge: '#8a6a00' },
  grey: { fill: '#868e96', edge: '#3e4349' },
};

/** A tool `shape:colour` split in two (unknown parts fall back to a grey circle). */
function splitTool(tool: string): { shape: LeanShape; colour: LeanColour } {
  const [shape, colour] = tool.split(':') as [LeanShape, LeanColour];
  return { shape: shape ?? 'circle', colour: colour ?? 'grey' };
}

/** One painted shape centred in a 24 × 24 box; `ghost`: the outline of what is still to paint. */
export function ShapePath({
  shape,
  colour,
  ghost = false,
  cx = 12,
  cy = 12,
  r = 8,
}: {
  shape: LeanShape;
  colour: LeanColour;
  ghost?: boolean;
  cx?: number;
  cy?: number;
  r?: number;
}) {
  const paint = PAINT[colour] ?? PAINT.grey;
  const style = ghost
    ? {
        fill: paint.fill,
        fillOpacity: 0.18,
        stroke: paint.edge,
        strokeWidth: r / 6,
        strokeDasharray: `${r / 3} ${r / 4}`,
      }
    : { fill: paint.fill, stroke: paint.edge, strokeWidth: r / 8 };
  switch (shape) {
    case 'circle':
      return <circle cx={cx} cy={cy} r={r} style={style} />;
    case 'square':
      return <rect x={cx - r * 0.85} y={cy - r * 0.85} width={r * 1.7} height={r * 1.7} style={style} />;
    case 'triangle':
      return (
        <polygon
          points={`${cx},${cy - r} ${cx + r},${cy + r * 0.8} ${cx - r},${cy + r * 0.8}`}
          style={{ ...style, strokeLinejoin: 'round' }}
        />
      );
    case 'horizontalBar':
      return <rect x={cx - r} y={cy - r * 0.35} width={r * 2} height={r * 0.7} rx={r * 0.1} style={style} />;
    case 'verticalBar':
      return <rect x={cx - r * 0.35} y={cy - r} width={r * 0.7} height={r * 2} rx={r * 0.1} style={style} />;
    default:
      return <circle cx={cx} cy={cy} r={r} style={style} />;
  }
}

/** A tool as a small glyph, with its name for screen readers and as a tooltip. */
export function ToolGlyph({ tool, size = 18, label }: { tool: string; size?: number; label: string }) {
  const { shape, colour } = splitTool(tool);
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      role="img"
      aria-label={label}
      style={{ display: 'inline-block', verticalAlign: 'middle', flexShrink: 0 }}
    >
      <title>{label}</title>
      <ShapePath shape={shape} colour={colour} />
    </svg>
  );
}
