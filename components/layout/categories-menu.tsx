'use client';

import { useState, type KeyboardEvent, type MouseEvent } from 'react';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import { useHydrated } from '@/components/ui/use-hydrated';
import type { OpenWith } from './categories-dropdown';
import type { NavLink } from './nav-links';
import { Icon } from '@/components/ui/icon';

export interface CategoriesMenuProps {
  label: string;
  items: NavLink[];
  overview: NavLink;
}

export const menuButtonClass =
  'inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium text-slate-700 hover:text-brand-700 data-open:text-brand-700';

/** Headless UI's menu, with its positioning code; hover and focus start loading it so a click rarely waits. */
const dropdown = lazyModule(() => import('./categories-dropdown'));

/**
 * The categories menu button. Headless UI's menu (with its positioning code)
 * is most of the header's JavaScript, so the page ships this plain button and
 * swaps in the real menu the first time someone opens it. Every category is
 * also linked in the footer, so nothing depends on this code to be reachable.
 */
export function CategoriesMenu(props: CategoriesMenuProps) {
  const hydrated = useHydrated();
  const dropdownCode = useLazy(dropdown);
  const [openWith, setOpenWith] = useState<OpenWith>('pointer');

  const Dropdown = dropdownCode.loaded?.CategoriesDropdown;
  if (Dropdown) return <Dropdown {...props} openOnMount={openWith} />;

  const open = (how: OpenWith) => {
    setOpenWith(how);
    dropdownCode.request();
  };
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      open(event.key);
    }
  };
  // A click with detail 0 came from Enter or Space: open at the first item, as the keyboard expects.
  const onClick = (event: MouseEvent) => open(event.detail === 0 ? 'ArrowDown' : 'pointer');

  return (
    <button
      type="button"
      aria-haspopup="menu"
      aria-expanded="false"
      disabled={!hydrated}
      onPointerEnter={dropdownCode.preload}
      onFocus={dropdownCode.preload}
      onClick={onClick}
      onKeyDown={onKeyDown}
      className={menuButtonClass}
    >
      {props.label}
      <Icon name="chevron-down" className="size-5" />
    </button>
  );
}
