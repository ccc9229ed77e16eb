import { DisclosureCloser } from './disclosure-closer';
import { ExternalLink } from './external-link';
import type { NavLink } from './nav-links';
import { Icon } from '@/components/ui/icon';

interface MobileMenuProps {
  label: string;
  categoriesLabel: string;
  links: NavLink[];
  categories: NavLink[];
  contact: NavLink;
  newTabHint: string;
}

/**
 * The navigation below the md breakpoint. A native disclosure: it opens and closes before (and without)
 * JavaScript; a few lines of code close it on Escape and when focus leaves it. The page remounts the header on
 * navigation, which closes it.
 */
export function MobileMenu({
  label,
  categoriesLabel,
  links,
  categories,
  contact,
  newTabHint,
}: MobileMenuProps) {
  const item = 'menu-item';
  return (
    <details className="group md:hidden">
      <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md text-slate-700 hover:bg-slate-100 [&::-webkit-details-marker]:hidden">
        <span className="sr-only">{label}</span>
        <Icon name="bars-3" className="size-6 group-open:hidden" />
        <Icon name="x-mark" className="hidden size-6 group-open:block" />
      </summary>
      <nav
        aria-label={label}
        className="absolute inset-x-0 top-full max-h-[calc(100dvh-4rem)] overflow-y-auto border-b border-slate-200 bg-white px-4 pt-2 pb-6 shadow-lg"
      >
        <ul className="space-y-1 font-medium">
          {links.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={item}>
                {link.label}
              </a>
            </li>
          ))}
          <li>
            <ExternalLink href={contact.href} newTabHint={newTabHint} className={item}>
              {contact.label}
            </ExternalLink>
          </li>
        </ul>
        <p className="mt-4 px-3 text-xs font-semibold tracking-wide text-slate-600 uppercase">
          {categoriesLabel}
        </p>
        <ul className="mt-1 grid grid-cols-1 gap-1 sm:grid-cols-2">
          {categories.map((link) => (
            <li key={link.href}>
              <a href={link.href} className={item}>
                {link.label}
              </a>
            </li>
          ))}
        </ul>
      </nav>
      <DisclosureCloser />
    </details>
  );
}
