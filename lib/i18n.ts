import type { Category } from './categories';

/**
 * The languages of the site. Everything that differs by language is a
 * `Record<Locale, …>` (the table below, money formats, dictionaries), so a new
 * entry here makes the compiler point at every value still missing.
 */
export const locales = ['de', 'en'] as const;
export type Locale = (typeof locales)[number];
/** The language of `/`, of any path outside another language's prefix, and of hreflang `x-default`. */
export const defaultLocale: Locale = 'de';

interface LocaleRoutes {
  /** Prefix of every page in this language: empty for the default language. */
  prefix: '' | `/${string}`;
  /** The overview page's path below the prefix; it must match the route folder in `app/`. */
  overview: `/${string}`;
  /** The checkout's path below the prefix; it must match the route folder in `app/`. */
  checkout: `/${string}`;
}

export const localeRoutes: Record<Locale, LocaleRoutes> = {
  de: { prefix: '', overview: '/kategorien', checkout: '/kasse' },
  en: { prefix: '/en', overview: '/categories', checkout: '/checkout' },
};

/** The tag `Intl` formats each language's numbers, lists and dates with (the English copy is American). */
export const intlLocales: Record<Locale, string> = { de: 'de-DE', en: 'en-US' };

/** Category pages live under `<prefix>/leads/<slug>` in every language. */
const CATEGORY_SEGMENT = '/leads';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (locales as readonly string[]).includes(value);
}

/** The language follows the URL: a path equal to or below a language's prefix is in it; any other path is in the default language. */
export function localeFromPath(pathname: string): Locale {
  const prefixed = locales.find((locale) => {
    const { prefix } = localeRoutes[locale];
    return prefix !== '' && (pathname === prefix || pathname.startsWith(`${prefix}/`));
  });
  return prefixed ?? defaultLocale;
}

/** The languages a page of `locale` links to with the language toggle. */
export function otherLocales(locale: Locale): Locale[] {
  return locales.filter((candidate) => candidate !== locale);
}

export function homePath(locale: Locale): string {
  return localeRoutes[locale].prefix || '/';
}

export function overviewPath(locale: Locale): string {
  return `${localeRoutes[locale].prefix}${localeRoutes[locale].overview}`;
}

export function checkoutPath(locale: Locale): string {
  return `${localeRoutes[locale].prefix}${localeRoutes[locale].checkout}`;
}

export function categorySlug(category: Category, locale: Locale): string {
  return category.slugs[locale];
}

export function categoryPath(category: Category, locale: Locale): string {
  return `${localeRoutes[locale].prefix}${CATEGORY_SEGMENT}/${categorySlug(category, locale)}`;
}

export function findCategoryBySlug(
  slug: string,
  locale: Locale,
  list: readonly Category[],
): Category | undefined {
  return list.find((category) => categorySlug(category, locale) === slug);
}

/** A page of the site, as the router table knows it. */
export type Page =
  | { kind: 'home'; locale: Locale }
  | { kind: 'overview'; locale: Locale }
  | { kind: 'category'; locale: Locale; category: Category }
  /** Not indexed: absent from `allPages`, and so from the sitemap and the feed; `llms.txt` names it as the way to order. */
  | { kind: 'checkout'; locale: Locale };

export function pagePath(page: Page): string {
  switch (page.kind) {
    case 'home':
      return homePath(page.locale);
    case 'overview':
      return overviewPath(page.locale);
    case 'category':
      return categoryPath(page.category, page.locale);
    case 'checkout':
      return checkoutPath(page.locale);
  }
}

/** Every page for search engines: home, overview and each category, in every language (the checkout is not one). */
export function allPages(list: readonly Category[]): Page[] {
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
export function pageFromPath(pathname: string, list: readonly Category[]): Page | undefined {
  const path = stripTrailingSlash(pathname);
  return allPages(list).find((page) => pagePath(page) === path);
}

/** The same page in another language. */
export function translatePage(page: Page, locale: Locale): Page {
  return { ...page, locale };
}

/**
 * Where the language toggle leads from a path: the same page in `target`, or
 * `target`'s home for a path the site cannot map.
 */
export function translatePath(pathname: string, target: Locale, list: readonly Category[]): string {
  const page = pageFromPath(pathname, list);
  return page ? pagePath(translatePage(page, target)) : homePath(target);
}
