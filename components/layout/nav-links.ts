import { getCategories, type Dictionary } from '@/lib/content';
import { categoryPath, homePath, overviewPath, type Locale } from '@/lib/i18n';

export interface NavLink {
  href: string;
  label: string;
}

/** A section of the home page, e.g. `/#features` or `/en#features`. */
export function sectionPath(locale: Locale, section: 'features' | 'categories'): string {
  return `${homePath(locale)}#${section}`;
}

/** The header's links for one language, shared by the desktop bar and the mobile menu. */
export function headerLinks(locale: Locale, dict: Dictionary) {
  return {
    features: { href: sectionPath(locale, 'features'), label: dict.header.features },
    pricing: { href: overviewPath(locale), label: dict.header.pricing },
    overview: { href: overviewPath(locale), label: dict.header.allCategories },
  } satisfies Record<string, NavLink>;
}

/** All categories as links in the given language, in table order. */
export function categoryLinks(locale: Locale, names: Record<string, string>): NavLink[] {
  return getCategories().map((category) => ({
    href: categoryPath(category, locale),
    label: names[category.id] ?? category.id,
  }));
}
