import { Menu } from '@mantine/core';
import { cloneElement, type ReactElement, type ReactNode, type Ref, useEffect, useRef } from 'react';
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
  /** Opened at once: it was loaded by a click. */
  opened: boolean;
  /** The button takes the focus back: it was loaded by the keyboard. */
  focused: boolean;
}

/** A menu of the header, loaded on the first intent to open it (ui/layout.tsx): it brings Mantine's Menu. */
export default function HeaderMenu({ target, items, opened, focused }: HeaderMenuProps) {
  const targetRef = useRef<HTMLElement>(null);
  useEffect(() => {
    if (focused) targetRef.current?.focus();
  }, [focused]);
  return (
    <Menu position="bottom-end" withinPortal defaultOpened={opened}>
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
