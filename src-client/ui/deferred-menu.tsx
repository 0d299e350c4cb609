import { type ButtonHTMLAttributes, lazy, type ReactElement, type Ref, Suspense, useState } from 'react';
import { loadChunk } from '../load-chunk';
import type { HeaderMenuItem } from './header-menu';

const loadHeaderMenu = () => loadChunk(() => import('./header-menu'));
const HeaderMenu = lazy(loadHeaderMenu);

export type TriggerProps = Pick<
  ButtonHTMLAttributes<HTMLButtonElement>,
  'onPointerEnter' | 'onFocus' | 'onClick'
>;

/**
 * A header menu whose code (Mantine's Menu and its positioning, 12 KB gzipped) is fetched when the
 * pointer comes over its button or the focus on it, not with the page, and runs from the first
 * click: the menu then takes the button's place, opened, with the focus on its button.
 */
export function DeferredMenu({
  trigger,
  items,
  onWanted,
}: {
  trigger: (props: TriggerProps) => ReactElement<{ ref?: Ref<HTMLElement> }>;
  items: HeaderMenuItem[];
  /** Called when the menu is about to be opened: what it shows may start loading. */
  onWanted?: () => void;
}) {
  const [clicked, setClicked] = useState(false);
  const preload = () => {
    onWanted?.();
    void loadHeaderMenu();
  };
  if (!clicked)
    return trigger({
      onPointerEnter: preload,
      onFocus: preload,
      onClick: () => {
        preload();
        setClicked(true);
      },
    });
  return (
    <Suspense fallback={trigger({})}>
      <HeaderMenu target={trigger({})} items={items} />
    </Suspense>
  );
}
