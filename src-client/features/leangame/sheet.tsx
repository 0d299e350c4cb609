import { Box, UnstyledButton } from '@mantine/core';
import { useIntl } from 'react-intl';
import { LEAN_SHEET_TARGETS, type LeanShape } from '../../../src-shared/leangame/constants';
import { ShapePath } from './glyphs';
import type { LeanProductView, LeanTemplateView } from './lean-view';

/** The target cells of a sheet, 0 to 8. */
const TARGETS = Array.from({ length: LEAN_SHEET_TARGETS }, (_, target) => target);

/** What one target cell of a sheet shows: the operations meant for it, and what was painted on it. */
function cellContents(product: LeanProductView, template: LeanTemplateView, target: number) {
  type Colour = LeanTemplateView['operations'][number]['colour'];
  const ghosts: { index: number; shape: LeanShape; colour: Colour }[] = [];
  const painted: { index: number; shape: LeanShape; colour: Colour; defect: boolean }[] = [];
  template.operations.forEach((expected, index) => {
    const op = product.ops[index];
    if (!op) return;
    if (expected.target === target && (op.status === 'todo' || op.painted !== null))
      ghosts.push({ index, shape: expected.shape, colour: expected.colour });
    if (op.status === 'todo') return;
    const shown = op.painted ?? expected;
    if (shown.target === target)
      painted.push({ index, shape: shown.shape, colour: shown.colour, defect: op.painted !== null });
  });
  return { ghosts, painted };
}

/**
 * A sheet: 3 × 3 target cells, numbered 1 to 9 row by row (targets 0 to 8). The operations still
 * to paint show as dashed outlines, painted ones filled; a defect (a wrong paint) is ringed in red
 * when `showDefects`. With `onTarget`, each cell is a button that paints it.
 */
export function Sheet({
  product,
  template,
  onTarget,
  size = 76,
  showDefects = false,
  disabled = false,
}: {
  product: LeanProductView;
  template: LeanTemplateView;
  onTarget?: (target: number) => void;
  size?: number;
  showDefects?: boolean;
  disabled?: boolean;
}) {
  const intl = useIntl();
  return (
    <Box
      style={{
        display: 'grid',
        gridTemplateColumns: `repeat(3, ${size}px)`,
        gap: 4,
        padding: 6,
        background: 'var(--mantine-color-body)',
        border: '2px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        width: 'fit-content',
      }}
      data-testid={`sheet-${product.id}`}
    >
      {TARGETS.map((target) => {
        const { ghosts, painted } = cellContents(product, template, target);
        const picture = (
          <svg key="picture" width={size} height={size} viewBox="0 0 24 24" aria-hidden>
            <text x={2} y={6} fontSize={4.5} style={{ fill: 'var(--mantine-color-dimmed)' }}>
              {target + 1}
            </text>
            {ghosts.map((g) => (
              <ShapePath key={`g${g.index}`} shape={g.shape} colour={g.colour} ghost r={7} />
            ))}
            {painted.map((p) => (
              <g key={`p${p.index}`}>
                <ShapePath shape={p.shape} colour={p.colour} r={6.5} />
                {showDefects && p.defect && (
                  <circle cx={12} cy={12} r={10.5} fill="none" stroke="#e03131" strokeWidth={1.4} />
                )}
              </g>
            ))}
          </svg>
        );
        const label = intl.formatMessage({ id: 'lean.target' }, { target: target + 1 });
        const cellStyle = {
          width: size,
          height: size,
          borderRadius: 6,
          background: 'var(--mantine-color-gray-light)',
          display: 'grid',
          placeItems: 'center',
        };
        return onTarget ? (
          <UnstyledButton
            key={target}
            style={{ ...cellStyle, cursor: disabled ? 'not-allowed' : 'pointer' }}
            onClick={() => onTarget(target)}
            disabled={disabled}
            aria-label={label}
            data-testid={`target-${target}`}
          >
            {picture}
          </UnstyledButton>
        ) : (
          <Box key={target} style={cellStyle} title={label}>
            {picture}
          </Box>
        );
      })}
    </Box>
  );
}
