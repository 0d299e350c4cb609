import { Menu } from '@mantine/core';
import {
  cloneElement,
  type ReactElement,
  type ReactNode,
  type Ref,
  useEffect,
  useRef,
  useState,
} from 'react';
import { Link } from 'react-router';

export interface HeaderMenuItem {
  key: string;
  label: ReactNode;
  /** A link inside the app, or an action. */
  to?: string;
  onClick?: () => void;
  className?: string;
  selected?: boolean;
}

export interface HeaderMenuProps {
  /** The button that opens the menu, as the header drew it before this module loaded. */
  target: ReactElement<{ ref?: Ref<HTMLElement> }>;
  items: HeaderMenuItem[];
}

/**
 * A menu of the header, which ui/layout.tsx mounts on the first click of its button (it brings
 * Mantine's Menu): it takes that click's place, so it opens at once with the focus on its button.
 */
export default function HeaderMenu({ target, items }: HeaderMenuProps) {
  const targetRef = useRef<HTMLElement>(null);
  const [open, setOpen] = useState(false);
  // Opened once mounted, as the click did: Mantine's Menu does not draw a dropdown opened at mount.
  useEffect(() => {
    targetRef.current?.focus();
    setOpen(true);
  }, []);
  return (
    <Menu position="bottom-end" withinPortal opened={open} onChange={setOpen}>
      <Menu.Target>{cloneElement(target, { ref: targetRef })}</Menu.Target>
      <Menu.Dropdown>
        {items.map((item) =>
          item.to ? (
            <Menu.Item key={item.key} component={Link} to={item.to} className={item.className}>
              {item.label}
            </Menu.Item>
          ) : (
            <Menu.Item
              key={item.key}
              className={item.className}
              onClick={item.onClick}
              fw={item.selected === undefined ? undefined : item.selected ? 700 : 400}
            >
              {item.label}
            </Menu.Item>
          ),
        )}
      </Menu.Dropdown>
    </Menu>
  );
}
