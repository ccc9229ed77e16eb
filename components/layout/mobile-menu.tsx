'use client';

import { Disclosure, DisclosureButton, DisclosurePanel } from '@headlessui/react';
import Bars3Icon from '@heroicons/react/24/outline/Bars3Icon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import Link from 'next/link';
import type { NavLink } from './nav-links';

interface MobileMenuProps {
  openLabel: string;
  closeLabel: string;
  categoriesLabel: string;
  links: NavLink[];
  categories: NavLink[];
  contact: NavLink;
  newTabHint: string;
}

/** The navigation below the md breakpoint: a disclosure under the header bar. */
export function MobileMenu({ openLabel, closeLabel, categoriesLabel, links, categories, contact, newTabHint }: MobileMenuProps) {
  return (
    <Disclosure as="div" className="md:hidden">
      {({ open, close }) => (
        <>
          <DisclosureButton className="inline-flex size-11 items-center justify-center rounded-md text-slate-700 hover:bg-slate-100">
            <span className="sr-only">{open ? closeLabel : openLabel}</span>
            {open ? <XMarkIcon className="size-6" aria-hidden="true" /> : <Bars3Icon className="size-6" aria-hidden="true" />}
          </DisclosureButton>
          <DisclosurePanel
            as="nav"
            aria-label={categoriesLabel}
            className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
          >
            <ul className="space-y-1">
              {links.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} onClick={() => close()} className="block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-50">
                    {link.label}
                  </Link>
                </li>
              ))}
              <li>
                <a href={contact.href} target="_blank" rel="noopener noreferrer" className="block rounded-md px-3 py-3 font-medium text-slate-800 hover:bg-slate-50">
                  {contact.label}
                  <span className="sr-only"> {newTabHint}</span>
                </a>
              </li>
            </ul>
            <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">{categoriesLabel}</p>
            <ul className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
              {categories.map((link) => (
                <li key={link.href}>
                  <Link href={link.href} onClick={() => close()} className="block rounded-md px-3 py-3 text-slate-700 hover:bg-slate-50">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </DisclosurePanel>
        </>
      )}
    </Disclosure>
  );
}
