'use client';

import { Menu, MenuButton, MenuItem, MenuItems } from '@headlessui/react';
import { useEffect, useRef } from 'react';
import { menuButtonClass, type CategoriesMenuProps } from './categories-menu';
import { Icon } from '@/components/ui/icon';

/** How the visitor opened the menu before this code had loaded: a pointer, or the key to replay. */
export type OpenWith = 'pointer' | 'ArrowDown' | 'ArrowUp';

export interface CategoriesDropdownProps extends CategoriesMenuProps {
  /** The visitor already asked for the menu before this code had loaded: open it at once, the same way. */
  openOnMount: OpenWith | false;
}

/** The header's dropdown of all categories (Headless UI Menu). Loaded by CategoriesMenu when first used. */
export function CategoriesDropdown({ label, items, overview, openOnMount }: CategoriesDropdownProps) {
  const button = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const element = button.current;
    if (!openOnMount || !element) return;
    element.focus();
    if (openOnMount === 'pointer') element.click();
    // From the keyboard, open as Headless UI does for that key: with the first (or last) item active.
    else
      element.dispatchEvent(
        new KeyboardEvent('keydown', { key: openOnMount, bubbles: true, cancelable: true }),
      );
  }, [openOnMount]);

  return (
    <Menu as="div" className="relative">
      <MenuButton ref={button} className={menuButtonClass}>
        {label}
        <Icon name="chevron-down" className="size-5" />
      </MenuButton>
      <MenuItems
        modal={false}
        className="absolute left-0 z-40 mt-1 w-72 rounded-xl border border-slate-200 bg-white p-2 shadow-xl focus:outline-none"
      >
        {items.map((item) => (
          <MenuItem key={item.href}>
            <a
              href={item.href}
              className="data-focus:bg-brand-50 data-focus:text-brand-800 block rounded-lg px-3 py-2 text-sm text-slate-700"
            >
              {item.label}
            </a>
          </MenuItem>
        ))}
        <div className="my-1 border-t border-slate-100" role="none" />
        <MenuItem>
          <a
            href={overview.href}
            className="text-brand-700 data-focus:bg-brand-50 block rounded-lg px-3 py-2 text-sm font-semibold"
          >
            {overview.label}
          </a>
        </MenuItem>
      </MenuItems>
    </Menu>
  );
}
