/**
 * What the browser build gets for `import … from 'react'` (vite.config.ts aliases it here): Preact's
 * compatibility layer, plus React 19.2's <Activity>, which Mantine's Collapse, Transition, Tabs,
 * Stepper and Tree use for `keepMounted` and Preact does not have yet.
 */
import { type ComponentChildren, createElement } from 'preact';

// Preact declares its compat types with `export =`, which TypeScript will not re-export with `*`;
// the bundler reads the JavaScript module, whose named exports are React's.
// @ts-expect-error TS2498
export * from 'preact/compat';
export { default } from 'preact/compat';

/**
 * React's <Activity> keeps a hidden subtree mounted (its state stays) and hides it. Here a wrapper
 * of the same type in both modes keeps the state, and `display: contents` leaves the layout as if
 * the wrapper were not there while visible.
 */
export function Activity({
  mode = 'visible',
  children,
}: {
  mode?: 'visible' | 'hidden';
  children?: ComponentChildren;
}) {
  return createElement('div', { style: { display: mode === 'hidden' ? 'none' : 'contents' } }, children);
}
