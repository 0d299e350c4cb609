import { type ReactNode, useId } from 'react';
import './tooltip.css';

/**
 * A label shown above its child on hover or keyboard focus, drawn by CSS (ui/tooltip.css). Mantine's
 * Tooltip positions itself with floating-ui: 19 KB gzipped of a player's first load for the hints of
 * the game's disabled tabs (docs/benchmarks.md). Same props as Mantine's for those uses.
 */
export function Tooltip({ label, children }: { label: string; children: ReactNode }) {
  const id = useId();
  return (
    <span className="app-tooltip" aria-describedby={id}>
      {children}
      <span role="tooltip" id={id} className="app-tooltip-label">
        {label}
      </span>
    </span>
  );
}
