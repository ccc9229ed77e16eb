/**
 * @jest-environment node
 */
import type { Metadata } from 'next';
import type { Category } from '@/lib/categories';
import { readJson } from '@/testing/helpers';
import { getCategories, getDictionary } from '@/lib/content';
import { allPages, pagePath, type Locale, type Page } from '@/lib/i18n';
import { pageJsonLd, pageMetadata, rootMetadata, siteUrl } from '@/lib/seo';
import { specCategories, specPaths, euros } from '@/testing/spec';

const categories = getCategories();

interface PageMeta {
  title: string;
  description: string;
  keywords: string[];
}
interface UiMeta {
  siteName: string;
  ogLocale: string;
  home: PageMeta;
  overview: PageMeta;
}
interface Ui {
  meta: UiMeta;
  category: { ratingText: string; breadcrumbHome: string; breadcrumbOverview: string };
}

const site = readJson<{ brand: string; defaultSiteUrl: string; facts: { rating: { value: number } } }>(
  'site.json',
);
const ui: Record<Locale, Ui> = { de: readJson<Ui>('de/ui.json'), en: readJson<Ui>('en/ui.json') };
const categoryJson = (category: Category, locale: Locale) =>
  readJson<PageMeta & { name: string }>(`${locale}/categories/${category.translationKey}.json`);

/** The origin the build uses when SITE_URL is not set. */
const origin = new URL(site.defaultSiteUrl);

function category(id: string): Category {
  const found = categories.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no category ${id}`);
  return found;
}

/** The `<title>` a page ends up with once the root layout's template is applied. */
function documentTitle(metadata: Metadata, locale: Locale): string {
  const root = rootMetadata(locale).title as { template: string };
  const { title } = metadata;
  if (typeof title === 'string') return root.template.replace('%s', title);
  if (title && 'absolute' in title) return title.absolute;
  throw new Error(`unexpected title ${JSON.stringify(title)}`);
}

/** Every node of a JSON-LD document, nested ones included. */
function nodes(value: unknown): Record<string, unknown>[] {
  if (Array.isArray(value)) return value.flatMap(nodes);
  if (typeof value !== 'object' || value === null) return [];
  const node = value as Record<string, unknown>;
  return [node, ...Object.values(node).flatMap(nodes)];
}

/** A process environment holding only the given variables. */
function env(variables: Record<string, string>): NodeJS.ProcessEnv {
  return variables as unknown as NodeJS.ProcessEnv;
}

/** metadataBase as a string (the Metadata type allows a URL or a string). */
function baseOf(metadata: Metadata): string | undefined {
  return metadata.metadataBase ? new URL(metadata.metadataBase).href : undefined;
}

/** A page's JSON-LD graph as a crawler reads it: the JSON text, parsed. */
function graphOf(page: Page): Record<string, unknown>[] {
  return (JSON.parse(JSON.stringify(pageJsonLd(page))) as { '@graph': Record<string, unknown>[] })['@graph'];
}

function graphTypes(page: Page): unknown[] {
  return graphOf(page).map((node) => node['@type']);
}

describe('siteUrl', () => {
  it('defaults to defaultSiteUrl from content/site.json', () => {
    expect(siteUrl(env({})).href).toBe(origin.href);
    expect(siteUrl(env({ SITE_URL: '  ' })).href).toBe(origin.href);
  });

  it('honours SITE_URL and normalises the trailing slash', () => {
    expect(siteUrl(env({ SITE_URL: 'https://shop.example.com' })).href).toBe('https://shop.example.com/');
    expect(siteUrl(env({ SITE_URL: 'http://localhost:3000///' })).href).toBe('http://localhost:3000/');
  });

  it.each(['not a url', '/relative/path', 'ftp://example.com', 'www.example.com'])(
    'rejects SITE_URL=%j',
    (value) => {
      expect(() => siteUrl(env({ SITE_URL: value }))).toThrow(/SITE_URL must be an absolute http\(s\) URL/);
    },
  );

  it('feeds metadataBase, so every relative URL in the metadata resolves against it', () => {
    const before = process.env.SITE_URL;
    process.env.SITE_URL = 'https://staging.example.org';
    try {
      expect(baseOf(rootMetadata('de'))).toBe('https://staging.example.org/');
      expect(baseOf(rootMetadata('en'))).toBe('https://staging.example.org/');
    } finally {
      if (before === undefined) delete process.env.SITE_URL;
      else process.env.SITE_URL = before;
    }
  });
});

describe('rootMetadata', () => {
  it.each(['de', 'en'] as const)('(%s) sets metadataBase and the site-name title template', (locale) => {
    const metadata = rootMetadata(locale);
    expect(baseOf(metadata)).toBe(origin.href);
    expect(metadata.title).toEqual({
      default: ui[locale].meta.siteName,
      template: `%s | ${ui[locale].meta.siteName}`,
    });
    expect(metadata.applicationName).toBe(ui[locale].meta.siteName);
  });
});

describe('pageMetadata', () => {
  it('home (de): copy from content/de/ui.json, with the lowest price and the number of industries filled in', () => {
    const meta = ui.de.meta;
    const description = meta.home.description
      .replace('{price}', euros(Math.min(...categories.map((row) => row.price)), 'de', 0))
      .replace('{count}', String(categories.length));
    const metadata = pageMetadata({ kind: 'home', locale: 'de' });

    // The home page shares the root layout's segment, where the title template does not apply.
    expect(metadata.title).toEqual({ absolute: `${meta.home.title} | ${meta.siteName}` });
    expect(metadata.description).toBe(description);
    expect(metadata.description).not.toMatch(/\{\w+\}/);
    expect(metadata.keywords).toEqual(meta.home.keywords);
    expect(metadata.alternates).toEqual({
      canonical: '/',
      languages: { de: '/', en: '/en', 'x-default': '/' },
    });
    expect(metadata.openGraph).toEqual({
      type: 'website',
      title: meta.home.title,
      description,
      url: '/',
      siteName: site.brand,
      locale: 'de_DE',
      alternateLocale: ['en_US'],
      images: [{ url: '/og/de/home.png', width: 1200, height: 630, alt: meta.home.title }],
    });
    expect(metadata.twitter).toEqual({
      card: 'summary_large_image',
      title: meta.home.title,
      description,
      images: [{ url: '/og/de/home.png', width: 1200, height: 630, alt: meta.home.title }],
    });
  });

  it('overview (en): copy from content/en/ui.json, with the number of industries filled in', () => {
    const meta = ui.en.meta;
    const metadata = pageMetadata({ kind: 'overview', locale: 'en' });

    expect(metadata.title).toBe(meta.overview.title);
    expect(documentTitle(metadata, 'en')).toBe(`${meta.overview.title} | ${site.brand}`);
    expect(metadata.description).toBe(
      meta.overview.description.replace('{count}', String(categories.length)),
    );
    expect(metadata.description).toMatch(new RegExp(`^All ${categories.length} lead categories`));
    expect(metadata.keywords).toEqual(meta.overview.keywords);
    expect(metadata.alternates).toEqual({
      canonical: '/en/categories',
      languages: { de: '/kategorien', en: '/en/categories', 'x-default': '/kategorien' },
    });
    expect(metadata.openGraph).toMatchObject({
      title: meta.overview.title,
      description: meta.overview.description.replace('{count}', String(categories.length)),
      url: '/en/categories',
      siteName: site.brand,
      locale: 'en_US',
      alternateLocale: ['de_DE'],
      // Overview pages share their language's home image.
      images: [{ url: '/og/en/home.png', width: 1200, height: 630 }],
    });
    expect(metadata.twitter).toMatchObject({ card: 'summary_large_image', title: meta.overview.title });
  });

  it('category (de): copy from content/de/categories/<key>.json', () => {
    const stairlifts = category('treppenlifte');
    const copy = categoryJson(stairlifts, 'de');
    const metadata = pageMetadata({ kind: 'category', locale: 'de', category: stairlifts });

    expect(metadata.title).toBe(copy.title);
    expect(documentTitle(metadata, 'de')).toBe(`${copy.title} | ${site.brand}`);
    expect(metadata.description).toBe(copy.description);
    expect(metadata.keywords).toEqual(copy.keywords);
    expect(metadata.alternates).toEqual({
      canonical: '/leads/treppenlifte',
      languages: {
        de: '/leads/treppenlifte',
        en: '/en/leads/stairlifts',
        'x-default': '/leads/treppenlifte',
      },
    });
    expect(metadata.openGraph).toMatchObject({
      type: 'website',
      title: copy.title,
      description: copy.description,
      url: '/leads/treppenlifte',
      siteName: site.brand,
      locale: 'de_DE',
      alternateLocale: ['en_US'],
      images: [{ url: '/og/de/treppenlifte.png', width: 1200, height: 630 }],
    });
    expect(metadata.twitter).toMatchObject({
      card: 'summary_large_image',
      title: copy.title,
      description: copy.description,
      images: [{ url: '/og/de/treppenlifte.png' }],
    });
    // The canonical resolves against metadataBase to the absolute page URL.
    expect(new URL(metadata.alternates!.canonical as string, rootMetadata('de').metadataBase!).href).toBe(
      `${origin.origin}/leads/treppenlifte`,
    );
  });

  describe('on every page', () => {
    const pages = allPages(categories);
    const entries = pages.map((page) => ({ page, path: pagePath(page), metadata: pageMetadata(page) }));

    it("covers the spec's 28 pages among them", () => {
      expect(entries.map((entry) => entry.path)).toEqual(expect.arrayContaining([...specPaths]));
    });

    it('gives every page a unique <title> that ends with the site name, and a unique description', () => {
      const titles = entries.map(({ page, metadata }) => documentTitle(metadata, page.locale));
      for (const title of titles) expect(title).toMatch(new RegExp(` \\| ${site.brand}$`));
      expect(new Set(titles).size).toBe(pages.length);
      const descriptions = entries.map(({ metadata }) => metadata.description);
      for (const description of descriptions) expect(description).toEqual(expect.stringMatching(/\S/));
      expect(new Set(descriptions).size).toBe(pages.length);
    });

    it('gives every page keywords', () => {
      for (const { metadata } of entries)
        expect((metadata.keywords as string[]).length).toBeGreaterThanOrEqual(3);
    });

    it.each(entries.map((entry) => [entry.path, entry] as const))(
      '%s: canonical is itself; de, en and x-default alternates are reciprocal',
      (path, { metadata }) => {
        const { canonical, languages } = metadata.alternates as {
          canonical: string;
          languages: Record<string, string>;
        };
        expect(canonical).toBe(path);
        expect(Object.keys(languages).sort()).toEqual(['de', 'en', 'x-default']);
        expect([languages.de, languages.en]).toContain(path);
        expect(languages['x-default']).toBe(languages.de);
        // The page each alternate names lists the same set back.
        for (const target of [languages.de!, languages.en!]) {
          const other = entries.find((entry) => entry.path === target);
          expect(other).toBeDefined();
          expect(other!.metadata.alternates?.languages).toEqual(languages);
        }
      },
    );

    it.each(entries.map((entry) => [entry.path, entry] as const))(
      '%s: Open Graph and Twitter cards describe the page',
      (path, { page, metadata }) => {
        const og = metadata.openGraph as Record<string, unknown>;
        expect(og.url).toBe(path);
        // The social card carries the page's own title, without the site-name suffix.
        expect(og.title).toBe(documentTitle(metadata, page.locale).slice(0, -` | ${site.brand}`.length));
        expect(og.description).toBe(metadata.description);
        expect(og.locale).toBe(ui[page.locale].meta.ogLocale);
        expect(og.alternateLocale).toEqual([ui[page.locale === 'de' ? 'en' : 'de'].meta.ogLocale]);
        expect(og.siteName).toBe(site.brand);
        const [image] = og.images as { url: string; width: number; height: number }[];
        expect(image).toMatchObject({ width: 1200, height: 630 });
        expect(image!.url).toMatch(new RegExp(`^/og/${page.locale}/[a-z-]+\\.png$`));
        expect(metadata.twitter).toMatchObject({
          card: 'summary_large_image',
          images: [{ url: image!.url }],
        });
      },
    );
  });
});

describe('pageJsonLd', () => {
  it('marks up home with Organization and WebSite', () => {
    for (const locale of ['de', 'en'] as const) {
      const data = pageJsonLd({ kind: 'home', locale });
      expect(data['@context']).toBe('https://schema.org');
      expect(graphTypes({ kind: 'home', locale })).toEqual(['Organization', 'WebSite']);
      const [organization, website] = graphOf({ kind: 'home', locale });
      expect(organization).toMatchObject({ name: site.brand, url: `${origin.origin}/` });
      expect(website).toMatchObject({ name: ui[locale].meta.siteName, inLanguage: locale });
    }
  });

  it('marks up the overview with a two-step BreadcrumbList', () => {
    expect(graphTypes({ kind: 'overview', locale: 'en' })).toEqual(['BreadcrumbList']);
    const [breadcrumb] = graphOf({ kind: 'overview', locale: 'en' });
    expect(breadcrumb!.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: ui.en.category.breadcrumbHome, item: `${origin.origin}/en` },
      {
        '@type': 'ListItem',
        position: 2,
        name: ui.en.category.breadcrumbOverview,
        item: `${origin.origin}/en/categories`,
      },
    ]);
  });

  describe.each(['de', 'en'] as const)('category pages (%s)', (locale) => {
    it.each(specCategories.map((spec) => [spec.id, spec] as const))(
      '%s: BreadcrumbList and a Product whose Offer has the table price in EUR',
      (id, spec) => {
        const page: Page = { kind: 'category', locale, category: category(id) };
        const url = `${origin.origin}${spec[locale]}`;
        expect(graphTypes(page)).toEqual(['BreadcrumbList', 'Product']);
        const [breadcrumb, product] = graphOf(page);
        const items = breadcrumb!.itemListElement as { item: string; name: string }[];
        expect(items).toHaveLength(3);
        expect(items[2]).toMatchObject({ item: url, name: categoryJson(category(id), locale).name });

        expect(product).toMatchObject({
          name: categoryJson(category(id), locale).title,
          url,
          image: `${origin.origin}/og/${locale}/${id}.png`,
        });
        const offer = product!.offers as Record<string, unknown>;
        expect(offer['@type']).toBe('Offer');
        expect(Number(offer.price)).toBe(category(id).price);
        expect(offer.priceCurrency).toBe('EUR');
        expect(offer.availability).toBe('https://schema.org/InStock');
        expect(offer.url).toBe(url);
        // The seller by name on this page, and by the id of the home page's Organization.
        expect(offer.seller).toEqual({
          '@type': 'Organization',
          '@id': `${origin.origin}/#organization`,
          name: site.brand,
        });
      },
    );
  });

  // The rating stays visible text on the category pages: e2e/pages.spec.ts looks for it there.
  it('has no AggregateRating or Review on any page', () => {
    for (const page of allPages(categories)) {
      const data = pageJsonLd(page);
      expect(JSON.stringify(data)).not.toMatch(/Rating|Review/);
      for (const node of nodes(data)) {
        expect(node).not.toHaveProperty('aggregateRating');
        expect(node).not.toHaveProperty('review');
      }
    }
    // The claim itself is copy the category pages render, with the rating of content/site.json.
    const rating = (locale: string) =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: 1 }).format(site.facts.rating.value);
    expect(getDictionary('de').category.ratingText).toContain(`${rating('de-DE')} von 5`);
    expect(getDictionary('en').category.ratingText).toContain(`${rating('en-US')} out of 5`);
  });
});
