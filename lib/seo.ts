import type { Metadata } from 'next';
import type { BreadcrumbList, Graph, Offer, Organization, Product, Thing, WebSite } from 'schema-dts';
import { z } from 'zod';
import { lowestPrice, type Category } from './categories';
import { getCategories, getCategoryContent, getDictionary, getSite } from './content';
import { fill } from './format';
import {
  defaultLocale,
  homePath,
  locales,
  otherLocales,
  overviewPath,
  pagePath,
  translatePage,
  type Locale,
  type Page,
} from './i18n';
import { formatEuros } from './money';

/**
 * The public origin of the site. Set `SITE_URL` at build time for another
 * domain; the default is `defaultSiteUrl` in `content/site.json`.
 */
export function siteUrl(env: NodeJS.ProcessEnv = process.env): URL {
  const raw = env.SITE_URL?.trim() || getSite().defaultSiteUrl;
  const parsed = z.url({ protocol: /^https?$/ }).safeParse(raw);
  if (!parsed.success) throw new Error(`SITE_URL must be an absolute http(s) URL, got "${raw}"`);
  return new URL(parsed.data.replace(/\/+$/, '') + '/');
}

export function absoluteUrl(path: string, base: URL = siteUrl()): string {
  return new URL(path, base).toString();
}

/** Paths of one page in every language, plus x-default (German, the shop's home market). */
export function languageAlternates(page: Page): Record<Locale | 'x-default', string> {
  const paths = Object.fromEntries(locales.map((locale) => [locale, pagePath(translatePage(page, locale))]));
  return { ...(paths as Record<Locale, string>), 'x-default': pagePath(translatePage(page, defaultLocale)) };
}

/** Where the Open Graph image of a page lives in the export (overview pages share the home image). */
export function ogImagePath(page: Page): string {
  return page.kind === 'category'
    ? `/og/${page.locale}/${page.category.id}.png`
    : `/og/${page.locale}/home.png`;
}

interface PageCopy {
  title: string;
  description: string;
  keywords: string[];
}

/**
 * The title, description and keywords a page shows, from the same content the page renders.
 * `list` defaults to the category table; the feeds pass their own.
 */
export function pageCopy(page: Page, list: readonly Category[] = getCategories()): PageCopy {
  const dict = getDictionary(page.locale);
  switch (page.kind) {
    case 'home':
      return {
        ...dict.meta.home,
        description: fill(dict.meta.home.description, {
          price: formatEuros(lowestPrice(list), page.locale),
          count: list.length,
        }),
      };
    case 'overview':
      return {
        ...dict.meta.overview,
        description: fill(dict.meta.overview.description, { count: list.length }),
      };
    case 'category': {
      const content = getCategoryContent(page.category, page.locale);
      return { title: content.title, description: content.description, keywords: content.keywords };
    }
    case 'checkout':
      return dict.meta.checkout;
  }
}

/** `<title>` of every page: the page's own title, then the site name. */
function titleTemplate(siteName: string): string {
  return `%s | ${siteName}`;
}

/** Settings every page of a language shares; the root layouts export this. */
export function rootMetadata(locale: Locale): Metadata {
  const { meta } = getDictionary(locale);
  return {
    metadataBase: siteUrl(),
    title: { default: meta.siteName, template: titleTemplate(meta.siteName) },
    applicationName: meta.siteName,
    formatDetection: { telephone: false },
  };
}

/** Everything the Metadata API needs for one page. */
export function pageMetadata(page: Page): Metadata {
  const dict = getDictionary(page.locale);
  const { title, description, keywords } = pageCopy(page);
  const path = pagePath(page);
  const image = { url: ogImagePath(page), width: 1200, height: 630, alt: title };
  return {
    // A layout's title template applies to the segments below it only, not to a page in its own segment:
    // the home pages share the root layout's segment, so they spell the template out.
    title:
      page.kind === 'home' ? { absolute: titleTemplate(dict.meta.siteName).replace('%s', title) } : title,
    description,
    keywords,
    alternates: { canonical: path, languages: languageAlternates(page) },
    openGraph: {
      type: 'website',
      title,
      description,
      url: path,
      siteName: dict.meta.siteName,
      locale: dict.meta.ogLocale,
      alternateLocale: otherLocales(page.locale).map((locale) => getDictionary(locale).meta.ogLocale),
      images: [image],
    },
    twitter: { card: 'summary_large_image', title, description, images: [image] },
    // The checkout holds a buyer's cart, nothing a search should show.
    robots: { index: page.kind !== 'checkout', follow: true },
  };
}

function breadcrumb(items: { name: string; path: string }[], base: URL): BreadcrumbList {
  return {
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: item.name,
      item: absoluteUrl(item.path, base),
    })),
  };
}

function organization(base: URL): Organization {
  const site = getSite();
  return {
    '@type': 'Organization',
    '@id': absoluteUrl('/#organization', base),
    name: site.brand,
    url: absoluteUrl('/', base),
    email: site.email,
    logo: absoluteUrl('/icon.svg', base),
  };
}

function offerFor(category: Category, locale: Locale, base: URL): Offer {
  return {
    '@type': 'Offer',
    price: category.price.toFixed(2),
    priceCurrency: 'EUR',
    availability: 'https://schema.org/InStock',
    url: absoluteUrl(pagePath({ kind: 'category', locale, category }), base),
    priceSpecification: {
      '@type': 'UnitPriceSpecification',
      price: category.price.toFixed(2),
      priceCurrency: 'EUR',
      valueAddedTaxIncluded: false,
      unitText: getDictionary(locale).meta.leadUnit,
    },
    // Named here as well: the Organization itself is described on the home page only.
    seller: { '@type': 'Organization', '@id': absoluteUrl('/#organization', base), name: getSite().brand },
  };
}

/**
 * The pages above a page, home first, and the page itself last: its breadcrumb, which the page shows
 * (components/layout/breadcrumb.tsx) and its structured data names. Home has none.
 */
export function breadcrumbTrail(page: Page): { name: string; path: string }[] {
  const dict = getDictionary(page.locale);
  const home = { name: dict.category.breadcrumbHome, path: homePath(page.locale) };
  const overview = { name: dict.category.breadcrumbOverview, path: overviewPath(page.locale) };
  switch (page.kind) {
    case 'home':
      return [];
    case 'overview':
      return [home, overview];
    case 'checkout':
      return [home, { name: dict.checkout.title, path: pagePath(page) }];
    case 'category':
      return [
        home,
        overview,
        { name: getCategoryContent(page.category, page.locale).name, path: pagePath(page) },
      ];
  }
}

/**
 * Structured data for a page: Organization and WebSite on home, a
 * BreadcrumbList elsewhere, and a Product with its Offer on category pages.
 * The site's own rating claim is deliberately not marked up (self-serving
 * reviews are ineligible for rich results).
 */
export function pageJsonLd(page: Page, base: URL = siteUrl()): Graph {
  const dict = getDictionary(page.locale);
  const graph: Thing[] = [];
  if (page.kind === 'home') {
    const website: WebSite = {
      '@type': 'WebSite',
      '@id': absoluteUrl(`${homePath(page.locale)}#website`, base),
      name: dict.meta.siteName,
      url: absoluteUrl(homePath(page.locale), base),
      inLanguage: page.locale,
      publisher: { '@id': absoluteUrl('/#organization', base) },
    };
    graph.push(organization(base), website);
  } else graph.push(breadcrumb(breadcrumbTrail(page), base));
  if (page.kind === 'category') {
    const content = getCategoryContent(page.category, page.locale);
    const product: Product = {
      '@type': 'Product',
      name: content.title,
      description: content.description,
      category: content.name,
      url: absoluteUrl(pagePath(page), base),
      image: absoluteUrl(ogImagePath(page), base),
      brand: { '@type': 'Brand', name: getSite().brand },
      offers: offerFor(page.category, page.locale, base),
    };
    graph.push(product);
  }
  return { '@context': 'https://schema.org', '@graph': graph };
}
