/**
 * @jest-environment node
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { priceOf, readJson, useContentCopy } from '@/testing/helpers';
import { JSDOM } from 'jsdom';
import { GET as ogImage, generateStaticParams as ogImageParams } from '@/app/og/[locale]/[image]/route';
import { GET as llmsRoute } from '@/app/llms.txt/route';
import { GET as feedRoute } from '@/app/product-feed.xml/route';
import robots from '@/app/robots';
import sitemap from '@/app/sitemap';
import type { Category } from '@/lib/categories';
import { contentLastChanged, getCategories, validateAllContent } from '@/lib/content';
import { llmsTxt, productFeed, sitemapEntries, type SitemapEntry } from '@/lib/feeds';
import { allPages, locales, pagePath, type Locale } from '@/lib/i18n';
import { ogImagePath, pageCopy, pageJsonLd, pageMetadata } from '@/lib/seo';
import { addFixtureCategory, fixtureCategory, fixtureCopy } from '@/testing/fixture-category';
import { euros, specCategories, specPaths, type SpecCategory } from '@/testing/spec';

const categories = getCategories();

const site = readJson<{ brand: string; defaultSiteUrl: string; facts: { vatRate: number } }>('site.json');
/** Merchant Center shows prices with VAT: a net price in euros as a German buyer pays it, at the rate of site.json. */
const germanGross = (euros: number) =>
  `${(Math.round(euros * (100 + site.facts.vatRate)) / 100).toFixed(2)} EUR`;
const base = new URL(site.defaultSiteUrl);
const url = (pathname: string) => new URL(pathname, base).href;
const nameOf = (id: string, locale: Locale) =>
  readJson<{ name: string }>(`${locale}/categories/${id}.json`).name;

// ---------------------------------------------------------------------------------------------
// Small parsers: what a crawler or an agent reads, not what our code meant to write.

/** llms.txt as a list of H2 sections with their lines; `preamble` is everything before the first H2. */
function parseLlms(text: string) {
  const lines = text.split('\n');
  const sections: { heading: string; lines: string[] }[] = [];
  const preamble: string[] = [];
  for (const line of lines) {
    if (line.startsWith('## ')) sections.push({ heading: line.slice(3), lines: [] });
    else (sections.at(-1)?.lines ?? preamble).push(line);
  }
  const links = (sectionLines: string[]) =>
    sectionLines
      .filter((line) => line.startsWith('- '))
      .map((line) => {
        const match = /^- \[([^\]]+)\]\(([^)\s]+)\)(?:: (.*))?$/.exec(line);
        if (!match) throw new Error(`llms.txt list line is not "- [name](url): notes": ${line}`);
        return { label: match[1]!, href: match[2]!, notes: match[3] ?? '' };
      });
  return {
    lines,
    preamble,
    sections: sections.map((section) => ({ ...section, links: links(section.lines) })),
  };
}

const G = 'http://base.google.com/ns/1.0';
const requiredItemFields = [
  'g:id',
  'title',
  'description',
  'link',
  'g:image_link',
  'g:availability',
  'g:price',
  'g:condition',
  'g:brand',
  'g:identifier_exists',
] as const;

/** The feed as a real XML parser sees it. */
function parseFeed(xml: string) {
  const { DOMParser } = new JSDOM('').window;
  const doc = new DOMParser().parseFromString(xml, 'application/xml');
  const error = doc.getElementsByTagName('parsererror')[0];
  if (error) throw new Error(`product feed is not well-formed XML: ${error.textContent}`);
  const rss = doc.documentElement;
  const channel = rss.getElementsByTagName('channel')[0]!;
  const text = (parent: Element, tag: string) => {
    const element = tag.startsWith('g:')
      ? parent.getElementsByTagNameNS(G, tag.slice(2))[0]
      : [...parent.children].find((child) => child.namespaceURI === null && child.localName === tag);
    return element?.textContent ?? undefined;
  };
  return {
    rss,
    channel: {
      title: text(channel, 'title'),
      link: text(channel, 'link'),
      description: text(channel, 'description'),
    },
    items: [...channel.getElementsByTagName('item')].map((item) =>
      Object.fromEntries(requiredItemFields.map((field) => [field, text(item, field)])),
    ) as Record<(typeof requiredItemFields)[number], string | undefined>[],
  };
}

// ---------------------------------------------------------------------------------------------

describe('sitemap', () => {
  const lastModified = new Date('2025-01-31T12:00:00Z');
  const entries = sitemapEntries({ base, lastModified });
  const byUrl = new Map(entries.map((entry) => [entry.url, entry]));

  it("lists every page of the route table once, the spec's 28 among them", () => {
    expect(entries).toHaveLength(allPages(categories).length);
    expect(new Set(entries.map((entry) => entry.url)).size).toBe(entries.length);
    expect(entries.map((entry) => entry.url)).toEqual(expect.arrayContaining(specPaths.map(url)));
  });

  it('gives every URL the lastmod it is given, and none when the date is unknown', () => {
    for (const entry of entries) expect(entry.lastModified).toEqual(lastModified);
    for (const entry of sitemapEntries({ base })) expect(entry).not.toHaveProperty('lastModified');
  });

  it.each(entries.map((entry) => [entry.url, entry] as const))(
    '%s has de, en and x-default alternates, itself included and reciprocal',
    (own, entry: SitemapEntry) => {
      const { languages } = entry.alternates;
      expect(Object.keys(languages).sort()).toEqual(['de', 'en', 'x-default']);
      expect([languages.de, languages.en]).toContain(own);
      expect(languages['x-default']).toBe(languages.de);
      for (const target of [languages.de!, languages.en!])
        expect(byUrl.get(target)?.alternates.languages).toEqual(languages);
    },
  );

  it('pairs each category page with its counterpart in the other language', () => {
    for (const spec of specCategories) {
      expect(byUrl.get(url(spec.de))?.alternates.languages).toEqual({
        de: url(spec.de),
        en: url(spec.en),
        'x-default': url(spec.de),
      });
    }
  });

  it('is what app/sitemap.ts serves', () => {
    const served = sitemap();
    expect(served.map((entry) => entry.url)).toEqual(entries.map((entry) => entry.url));
    expect(served.map((entry) => entry.alternates)).toEqual(entries.map((entry) => entry.alternates));
    // Not the time of the build: the time of the newest commit that changed content/, as git tells it.
    const committed = execFileSync('git', ['log', '-1', '--format=%ct', '--', 'content'], {
      encoding: 'utf8',
    });
    for (const entry of served) expect(entry.lastModified).toEqual(new Date(Number(committed) * 1000));
  });

  it('claims no date for content that git does not know', () => {
    const outside = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-content-'));
    process.env.CONTENT_DIR = outside;
    try {
      expect(contentLastChanged()).toBeUndefined();
    } finally {
      delete process.env.CONTENT_DIR;
      fs.rmSync(outside, { recursive: true });
    }
  });
});

describe('robots.txt', () => {
  // Which paths it opens and closes is read by a robots.txt parser against every file of the export
  // (e2e/export.spec.ts).
  it('points to the sitemap at the site’s address', () => {
    expect(robots().sitemap).toBe(url('/sitemap.xml'));
  });
});

describe('llms.txt', () => {
  const text = llmsTxt({ base });
  const { lines, preamble, sections } = parseLlms(text);

  it('starts with an H1 naming the shop, then a blockquote summary', () => {
    expect(lines[0]).toBe(`# ${site.brand}`);
    const body = preamble.slice(1).filter((line) => line.trim() !== '');
    expect(body[0]).toMatch(/^> \S/);
    expect(preamble.filter((line) => line.startsWith('# '))).toHaveLength(1);
  });

  it('explains what is sold: net prices, exclusivity and no contract', () => {
    const paragraph = preamble.filter((line) => line.trim() !== '' && !/^[#>-]/.test(line)).join(' ');
    expect(paragraph).toMatch(/leads/i);
    expect(paragraph).toMatch(/\bnet\b/);
    expect(paragraph).toMatch(/VAT/);
    expect(paragraph).toMatch(/exclusive/i);
    expect(paragraph).toMatch(/no subscription|no contract|without a contract|no minimum term/i);
    expect(paragraph).toContain(euros(Math.min(...categories.map((row) => row.price)), 'en', 0));
  });

  it('has H2 sections only, with "## Optional" last', () => {
    expect(lines.filter((line) => /^#{3,} /.test(line))).toEqual([]);
    expect(sections.length).toBeGreaterThanOrEqual(3);
    expect(sections.at(-1)?.heading).toBe('Optional');
    expect(sections.at(-1)?.links.length).toBeGreaterThan(0);
  });

  it.each(locales)('links every %s category page once, with its formatted price per lead', (locale) => {
    const links = sections.flatMap((section) => section.links);
    for (const spec of specCategories) {
      const matching = links.filter((link) => link.href === url(spec[locale]));
      expect(matching).toHaveLength(1);
      expect(matching[0]!.label).toBe(nameOf(spec.id, locale));
      expect(matching[0]!.notes.startsWith(`${euros(priceOf(spec.id), locale, 0)} `)).toBe(true);
    }
    // Grouped in one H2 section per language, not under "Optional".
    const home = sections.find((section) =>
      section.links.some((link) => link.href === url(specCategories[0]![locale])),
    );
    expect(home?.heading).not.toBe('Optional');
    expect(
      home?.links.filter((link) => specCategories.some((spec) => url(spec[locale]) === link.href)),
    ).toHaveLength(specCategories.length);
  });

  it('links the product feed and the sitemap', () => {
    const hrefs = sections.flatMap((section) => section.links.map((link) => link.href));
    expect(hrefs).toContain(url('/product-feed.xml'));
    expect(hrefs).toContain(url('/sitemap.xml'));
  });

  it('uses absolute URLs only: pages on the site, and the sales address to order by email', () => {
    for (const link of sections.flatMap((section) => section.links))
      expect(link.href.startsWith('mailto:') ? link.href : new URL(link.href).origin).toMatch(
        /^(https?:\/\/|mailto:)/,
      );
  });

  it('says how to order: the checkout in each language, and by email to the sales address', () => {
    const llms = readJson<{ llms: { orderHeading: string } }>('en/ui.json').llms;
    const ordering = sections.find((section) => section.heading === llms.orderHeading);
    expect(ordering?.links.map((link) => link.href)).toEqual([
      url('/kasse'),
      url('/en/checkout'),
      `mailto:${readJson<{ email: string }>('site.json').email}`,
    ]);
  });

  it('is what app/llms.txt/route.ts serves, as markdown', async () => {
    const response = llmsRoute();
    expect(response.headers.get('content-type')).toMatch(/^text\/markdown/);
    expect(await response.text()).toBe(text);
  });
});

describe('product feed', () => {
  const xml = productFeed({ base });
  const feed = parseFeed(xml);

  it('is Google Merchant Center RSS 2.0', () => {
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>')).toBe(true);
    expect(feed.rss.localName).toBe('rss');
    expect(feed.rss.getAttribute('version')).toBe('2.0');
    expect(feed.rss.getAttribute('xmlns:g')).toBe(G);
    expect(feed.channel.title).toBe(site.brand);
    expect(feed.channel.link).toBe(url('/'));
    expect(feed.channel.description).toMatch(/\S/);
  });

  it("has one item per category and language, the spec's categories among them", () => {
    expect(feed.items).toHaveLength(categories.length * locales.length);
    const links = feed.items.map((item) => item.link);
    expect(links).toEqual(
      expect.arrayContaining(specCategories.flatMap((spec) => [url(spec.de), url(spec.en)])),
    );
    expect(new Set(feed.items.map((item) => item['g:id'])).size).toBe(feed.items.length);
  });

  it('gives every item all required fields', () => {
    for (const item of feed.items) {
      for (const field of requiredItemFields)
        expect({ field, value: item[field] }).toEqual({ field, value: expect.stringMatching(/\S/) });
    }
  });

  it.each(locales)('prices, links and describes each %s item from the tables and content/', (locale) => {
    for (const spec of specCategories) {
      const item = feed.items.find((candidate) => candidate.link === url(spec[locale]));
      const copy = readJson<{ title: string; description: string }>(`${locale}/categories/${spec.id}.json`);
      expect(item).toEqual({
        'g:id': expect.stringContaining(spec.id),
        title: copy.title,
        description: copy.description,
        link: url(spec[locale]),
        'g:image_link': url(`/og/${locale}/${spec.id}.png`),
        'g:availability': 'in_stock',
        'g:price': germanGross(priceOf(spec.id)),
        'g:condition': 'new',
        'g:brand': site.brand,
        'g:identifier_exists': 'no',
      });
    }
  });

  it('is what app/product-feed.xml/route.ts serves', async () => {
    const response = feedRoute();
    expect(response.headers.get('content-type')).toMatch(/^application\/rss\+xml/);
    expect(await response.text()).toBe(xml);
  });
});

describe('Open Graph images', () => {
  it('are generated for home and each category, in each language, and cover every page', () => {
    const generated = ogImageParams().map(({ locale, image }) => `/og/${locale}/${image}`);
    expect(generated.sort()).toEqual(
      locales
        .flatMap((locale) => [
          `/og/${locale}/home.png`,
          ...categories.map((category) => `/og/${locale}/${category.id}.png`),
        ])
        .sort(),
    );
    for (const page of allPages(categories)) expect(generated).toContain(ogImagePath(page));
  });

  it('answers 404 for an image no page uses', async () => {
    const response = await ogImage(new Request('http://localhost/og/de/nope.png'), {
      params: Promise.resolve({ locale: 'de', image: 'nope.png' }),
    });
    expect(response.status).toBe(404);
  });
});

// ---------------------------------------------------------------------------------------------

describe('a 13th category added to the table and content/ only', () => {
  const fixture = fixtureCategory;
  const fixtureSpec: SpecCategory = {
    id: fixture.id,
    de: `/leads/${fixture.slugs.de}`,
    en: `/en/leads/${fixture.slugs.en}`,
  };
  const copy = fixtureCopy;
  const count = categories.length + 1;
  const uiCopy = (locale: Locale) =>
    readJson<{
      meta: Record<'home' | 'overview', { description: string }>;
      overview: { subtitle: string };
    }>(`${locale}/ui.json`);
  /** A number as a copy template states it: filled into {count}, with the words up to the next placeholder. */
  const stated = (template: string, value: number) =>
    `${value}${template.split('{count}')[1]!.split('{')[0]!}`;

  const root = useContentCopy('all');
  let list: readonly Category[];

  beforeAll(() => {
    addFixtureCategory(root());
    list = getCategories();
  });

  it('fails content validation without its English copy, and passes with both content files', () => {
    // Runs first: the content cache keeps only files that loaded, so the missing one is not cached.
    const english = path.join(root(), `en/categories/${fixture.translationKey}.json`);
    const aside = path.join(root(), 'fixture.en.json');
    fs.renameSync(english, aside);
    try {
      expect(() => validateAllContent()).toThrow(`content/en/categories/${fixture.translationKey}.json`);
    } finally {
      fs.renameSync(aside, english);
    }
    expect(() => validateAllContent()).not.toThrow();
  });

  it('is the last row of the table, and adds a page in each language', () => {
    expect(list.at(-1)).toEqual(fixture);
    const paths = allPages(list).map(pagePath);
    expect(paths).toHaveLength(allPages(categories).length + locales.length);
    expect(paths).toEqual(expect.arrayContaining([fixtureSpec.de, fixtureSpec.en]));
  });

  it('adds both pages to the sitemap, with their alternates', () => {
    const entries = sitemapEntries({ list, base });
    expect(entries).toHaveLength(allPages(list).length);
    for (const own of [url(fixtureSpec.de), url(fixtureSpec.en)]) {
      expect(entries.find((entry) => entry.url === own)?.alternates.languages).toEqual({
        de: url(fixtureSpec.de),
        en: url(fixtureSpec.en),
        'x-default': url(fixtureSpec.de),
      });
    }
  });

  it('adds both pages to llms.txt with the price', () => {
    const { sections } = parseLlms(llmsTxt({ list, base }));
    const links = sections.flatMap((section) => section.links);
    for (const locale of locales) {
      const link = links.find((candidate) => candidate.href === url(fixtureSpec[locale]));
      expect(link?.label).toBe(copy[locale].name);
      expect(link?.notes.startsWith(`${euros(fixture.price, locale, 0)} `)).toBe(true);
      expect(link?.notes).toContain(copy[locale].description);
    }
    expect(sections.at(-1)?.heading).toBe('Optional');
  });

  it('adds an item per language to the product feed', () => {
    const feed = parseFeed(productFeed({ list, base }));
    expect(feed.items).toHaveLength(locales.length * count);
    for (const locale of locales) {
      expect(feed.items.find((item) => item.link === url(fixtureSpec[locale]))).toMatchObject({
        title: copy[locale].title,
        description: copy[locale].description,
        'g:image_link': url(`/og/${locale}/${fixture.id}.png`),
        'g:price': germanGross(fixture.price),
        'g:availability': 'in_stock',
      });
    }
    // The channel copy comes from the same content root as the items, and counts the new category without an edit.
    expect(feed.channel.description).toContain(stated(uiCopy('en').meta.home.description, count));
  });

  it('counts one industry more wherever the copy gives the number, with no edit to the copy', () => {
    const text = llmsTxt({ list, base });
    for (const locale of locales) {
      expect(text).toContain(stated(uiCopy(locale).overview.subtitle, count));
      expect(text).not.toContain(stated(uiCopy(locale).overview.subtitle, categories.length));
    }
    expect(pageCopy({ kind: 'home', locale: 'de' }, list).description).toContain(
      stated(uiCopy('de').meta.home.description, count),
    );
    expect(pageCopy({ kind: 'overview', locale: 'en' }, list).description).toContain(
      stated(uiCopy('en').meta.overview.description, count),
    );
  });

  it('moves the "from" price in llms.txt and the feed when it is the cheapest', () => {
    const price = Math.max(1, Math.min(...categories.map((row) => row.price)) - 1);
    const cheap = [...categories, { ...fixture, price }];
    expect(parseLlms(llmsTxt({ list: cheap, base })).preamble.join('\n')).toContain(euros(price, 'en', 0));
    expect(parseFeed(productFeed({ list: cheap, base })).channel.description).toContain(
      euros(price, 'en', 0),
    );
  });

  it('gets its metadata and JSON-LD from its content', () => {
    for (const locale of locales) {
      const page = { kind: 'category', locale, category: fixture } as const;
      const metadata = pageMetadata(page);
      expect(metadata.title).toBe(copy[locale].title);
      expect(metadata.description).toBe(copy[locale].description);
      expect(metadata.alternates).toEqual({
        canonical: fixtureSpec[locale],
        languages: { de: fixtureSpec.de, en: fixtureSpec.en, 'x-default': fixtureSpec.de },
      });
      expect(metadata.openGraph).toMatchObject({
        images: [{ url: `/og/${locale}/${fixture.id}.png`, width: 1200, height: 630 }],
      });

      const json = JSON.parse(JSON.stringify(pageJsonLd(page, base))) as { '@graph': unknown[] };
      const product = json['@graph'][1];
      expect(product).toMatchObject({
        '@type': 'Product',
        name: copy[locale].title,
        offers: {
          '@type': 'Offer',
          price: fixture.price.toFixed(2),
          priceCurrency: 'EUR',
          url: url(fixtureSpec[locale]),
        },
      });
    }
  });
});
