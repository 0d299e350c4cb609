import { type ReactNode, type SyntheticEvent, useId } from 'react';
import './tooltip.css';

/** Room kept between a label and the screen's edges. */
const EDGE = 8;

/**
 * Moves a label that would pass an edge of the screen (a long translation beside the edge of a
 * phone) back within it, as it shows.
 */
function keepInView(event: SyntheticEvent<HTMLElement>) {
  const label = event.currentTarget.lastElementChild;
  if (!(label instanceof HTMLElement)) return;
  label.style.removeProperty('left');
  label.style.removeProperty('transform');
  // Measured laid out: inside a disabled tab the hover style may not apply yet when the event comes.
  label.style.display = 'block';
  const box = label.getBoundingClientRect();
  label.style.removeProperty('display');
  const room = document.documentElement.clientWidth - EDGE;
  const shift = box.left < EDGE ? EDGE - box.left : Math.min(0, room - box.right);
  if (shift === 0) return;
  // Placed where it fits, not moved by a transform: the page's width follows the label's place.
  label.style.left = `${box.left + shift - event.currentTarget.getBoundingClientRect().left}px`;
  label.style.transform = 'none';
}

/**
 * A label shown above its child on hover or keyboard focus, drawn by CSS (ui/tooltip.css). Mantine's
 * Tooltip positions itself with floating-ui: 19 KB gzipped of a player's first load for the hints of
 * the game's disabled tabs (docs/benchmarks.md). Same props as Mantine's for those uses.
 *
 * Given an `id`, the child names the label in its own `aria-describedby` (a tab in a tab list,
 * which may hold only tabs): the wrapper is then presentational and the label is read only as the
 * child's description.
 */
export function Tooltip({
  label,
  children,
  id: givenId,
}: {
  label: string;
  children: ReactNode;
  id?: string;
}) {
  const ownId = useId();
  const id = givenId ?? ownId;
  const describedByChild = givenId !== undefined;
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the handlers only place the label; its child is what is used
    <span
      className="app-tooltip"
      role={describedByChild ? 'presentation' : undefined}
      aria-describedby={describedByChild ? undefined : id}
      onMouseEnter={keepInView}
      onFocus={keepInView}
    >
      {children}
      <span
        role={describedByChild ? undefined : 'tooltip'}
        aria-hidden={describedByChild || undefined}
        id={id}
        className="app-tooltip-label"
      >
        {label}
      </span>
    </span>
  );
}
