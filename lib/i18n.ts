import { categories, type Category } from './categories';

export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
export const defaultLocale: Locale = 'de';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The language follows the URL: `/en` and everything below it is English, any other path German. */
export function localeFromPath(pathname: string): Locale {
  return pathname === '/en' || pathname.startsWith('/en/') ? 'en' : 'de';
}

export function otherLocale(locale: Locale): Locale {
  return locale === 'de' ? 'en' : 'de';
}

export function homePath(locale: Locale): string {
  return locale === 'de' ? '/' : '/en';
}

export function overviewPath(locale: Locale): string {
  return locale === 'de' ? '/kategorien' : '/en/categories';
}

export function categorySlug(category: Category, locale: Locale): string {
  return locale === 'de' ? category.routeDE : category.routeEN;
}

export function categoryPath(category: Category, locale: Locale): string {
  return locale === 'de' ? `/leads/${category.routeDE}` : `/en/leads/${category.routeEN}`;
}

export function findCategoryBySlug(
  slug: string,
  locale: Locale,
  list: readonly Category[] = categories,
): Category | undefined {
  return list.find((category) => categorySlug(category, locale) === slug);
}

/** A page of the site, as the router table knows it. */
export type Page =
  | { kind: 'home'; locale: Locale }
  | { kind: 'overview'; locale: Locale }
  | { kind: 'category'; locale: Locale; category: Category };

export function pagePath(page: Page): string {
  switch (page.kind) {
    case 'home':
      return homePath(page.locale);
    case 'overview':
      return overviewPath(page.locale);
    case 'category':
      return categoryPath(page.category, page.locale);
  }
}

/** Every pre-rendered page: home, overview and each category, in both languages. */
export function allPages(list: readonly Category[] = categories): Page[] {
  return locales.flatMap((locale): Page[] => [
    { kind: 'home', locale },
    { kind: 'overview', locale },
    ...list.map((category): Page => ({ kind: 'category', locale, category })),
  ]);
}

function stripTrailingSlash(pathname: string): string {
  return pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
}

/** Maps a path back to its page, or `undefined` for a path the site does not have. */
export function pageFromPath(pathname: string, list: readonly Category[] = categories): Page | undefined {
  const path = stripTrailingSlash(pathname);
  return allPages(list).find((page) => pagePath(page) === path);
}

/** The same page in the other language. */
export function counterpart(page: Page): Page {
  return { ...page, locale: otherLocale(page.locale) };
}

/**
 * Where the language toggle leads from a path: the same page in the other
 * language, or the other language's home for a path the site cannot map.
 */
export function counterpartPath(pathname: string, list: readonly Category[] = categories): string {
  const page = pageFromPath(pathname, list);
  if (page) return pagePath(counterpart(page));
  return homePath(otherLocale(localeFromPath(pathname)));
}
