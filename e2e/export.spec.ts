/**
 * The export as crawlers, agents and a static host read it, file by file: each page's head against the
 * route table, the machine-readable files, every internal link and fragment, and the first-load
 * JavaScript budget. What lib/seo.ts and lib/feeds.ts compute is tested in __tests__/seo.test.ts and
 * feeds.test.ts; here, that the build wrote exactly that. The export is E2E_OUT (default out/) and its
 * content CONTENT_DIR, as for every end-to-end test, so a build with another table is checked the same way.
 */
import fs from 'node:fs';
import path from 'node:path';
import { expect, test } from '@playwright/test';
import * as cheerio from 'cheerio';
import robotsParser from 'robots-parser';
import robots from '../app/robots';
import { ADMIN_PATH } from '../config/security-headers';
import { getCategories, getCategoryContent, getDictionary } from '../lib/content';
import { llmsTxt, productFeed } from '../lib/feeds';
import { fill } from '../lib/format';
import { allPages, categoryPath, checkoutPath, locales, pagePath, type Page } from '../lib/i18n';
import { absoluteUrl, languageAlternates, ogImagePath, pageJsonLd, siteUrl } from '../lib/seo';
import { htmlFiles, resolveExportPath } from '../scripts/lib/export-files';
import { firstLoadJs } from '../scripts/lib/first-load';

const root = path.resolve(process.env.E2E_OUT ?? 'out');
const categories = getCategories();
const pages = allPages(categories);
const base = siteUrl();
const url = (pathname: string) => absoluteUrl(pathname, base);
/** The pages no sitemap lists: the error pages and the editors' CMS (noindex, tested in cms.spec.ts). */
const unlisted = ['404.html', '_not-found.html', `${ADMIN_PATH}index.html`].map((file) =>
  path.join(root, file),
);

/**
 * The smallest Next.js 16 static export with one zustand island (docs/performance.md), and the budget above it:
 * the pages are about 4 kB over the floor, and code that is not needed before the first paint loads later.
 */
const FLOOR_KB = 134;
const MARGIN_KB = 10;
const BUDGET_KB = FLOOR_KB + MARGIN_KB;
const OG_SIZE = { width: 1200, height: 630 };

function exported(pathname: string): string {
  const file = resolveExportPath(root, pathname);
  if (!file) throw new Error(`${pathname} is not in ${root}`);
  return file;
}

/** The checkout of each language: exported, and not in the sitemap (it is not for search engines). */
const checkouts = locales.map((locale) => exported(checkoutPath(locale)));

const read = (file: string) => fs.readFileSync(path.join(root, file), 'utf8');
const parsed = new Map<string, cheerio.CheerioAPI>();
/** A page parsed once per worker: the link tests look up fragments in the same pages again and again. */
function load(file: string): cheerio.CheerioAPI {
  if (!parsed.has(file)) parsed.set(file, cheerio.load(fs.readFileSync(file, 'utf8')));
  return parsed.get(file)!;
}
/** Equal as URLs: `https://x.de` and `https://x.de/` are the same resource. */
const normal = (href: string | undefined) => (href === undefined ? href : new URL(href).href);

/** Width and height from a PNG's header; hand-made, since two numbers at fixed offsets need no image library. */
function pngSize(file: string): { width: number; height: number } | 'not a PNG' {
  const bytes = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return 'not a PNG';
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

function absoluteAlternates(page: Page): Record<string, string> {
  return Object.fromEntries(
    Object.entries(languageAlternates(page)).map(([lang, href]) => [lang, url(href)]),
  );
}

test.describe('machine-readable files', () => {
  test('sitemap.xml lists every page of the route table with its alternates and the content’s lastmod', () => {
    const $ = cheerio.load(read('sitemap.xml'), { xml: true });
    const urlset = $.root().children('urlset');
    expect(urlset.attr('xmlns')).toBe('http://www.sitemaps.org/schemas/sitemap/0.9');
    expect(urlset.attr('xmlns:xhtml')).toBe('http://www.w3.org/1999/xhtml');
    const listed = urlset
      .children('url')
      .toArray()
      .map((element) => ({
        loc: $(element).children('loc').text(),
        alternates: Object.fromEntries(
          $(element)
            .children('xhtml\\:link[rel="alternate"]')
            .toArray()
            .map((link) => [$(link).attr('hreflang'), $(link).attr('href')]),
        ),
        lastmod: $(element).children('lastmod').text(),
      }));
    // One date for every page: when git last saw the content change (__tests__/feeds.test.ts). The content of
    // this repository has one; the fixture gate's copy outside it has none, and then no page claims a date.
    const dates = new Set(listed.map((entry) => entry.lastmod));
    expect(dates.size).toBe(1);
    const [lastmod] = dates;
    if (process.env.CONTENT_DIR === undefined) expect(Date.parse(lastmod!), 'a W3C date').not.toBeNaN();
    expect(listed).toEqual(
      pages.map((page) => ({
        loc: url(pagePath(page)),
        alternates: absoluteAlternates(page),
        lastmod,
      })),
    );
  });

  test('the export has a file for each page of the sitemap, and no other page', () => {
    const expected = [...pages.map((page) => exported(pagePath(page))), ...unlisted, ...checkouts];
    expect(htmlFiles(root).sort()).toEqual(expected.sort());
  });

  test('llms.txt and product-feed.xml are what lib/feeds.ts writes', () => {
    expect(read('llms.txt')).toBe(llmsTxt({ base }));
    expect(read('product-feed.xml')).toBe(productFeed({ base }));
  });

  // llms.txt names it only as the way to order (__tests__/feeds.test.ts).
  test('the checkout is for buyers, not for crawlers: noindex, and named in no sitemap or feed', () => {
    for (const locale of locales) {
      const $ = cheerio.load(fs.readFileSync(exported(checkoutPath(locale)), 'utf8'));
      expect($('meta[name="robots"]').attr('content')).toMatch(/noindex/);
      const address = new URL(checkoutPath(locale), base).href;
      for (const file of ['sitemap.xml', 'product-feed.xml']) expect(read(file)).not.toContain(address);
    }
  });

  test('robots.txt lets crawlers read every page, image, script and feed, not the pages’ RSC payloads', () => {
    const text = read('robots.txt');
    const rules = robotsParser(url('/robots.txt'), text);
    expect(rules.getSitemaps()).toEqual([robots().sitemap]);
    const files = fs
      .readdirSync(root, { recursive: true })
      .map((name) => `/${String(name).split(path.sep).join('/')}`)
      // The CMS is for editors, kept out of search results by its own header and meta tag (cms.spec.ts).
      .filter((name) => !name.startsWith(ADMIN_PATH) && fs.statSync(path.join(root, name)).isFile());
    // A page's payload is the .txt beside its .html, and its segments' `__next.….txt` in its folder: known by where
    // Next writes them, not by the rule, so that any other .txt a later change adds must be open.
    const payloads = files.filter(
      (name) =>
        name.endsWith('.txt') &&
        (path.posix.basename(name).startsWith('__next.') || files.includes(name.replace(/\.txt$/, '.html'))),
    );
    expect(payloads.length).toBeGreaterThan(pages.length);
    // Also as the client router asks for them, with its cache-busting query.
    for (const name of payloads)
      for (const address of [url(name), `${url(name)}?_rsc=1x2y3`])
        expect(rules.isDisallowed(address, 'Googlebot'), address).toBe(true);
    const readable = [
      ...pages.map((page) => pagePath(page)),
      // robots.txt itself is always allowed (RFC 9309, 2.2.2), whatever its rules say.
      ...files.filter((name) => !payloads.includes(name) && name !== '/robots.txt'),
    ];
    for (const name of readable) expect(rules.isAllowed(url(name), 'Googlebot'), name).toBe(true);
  });

  test('every Open Graph image, the feed items ones included, is a 1200×630 PNG', () => {
    const images = fs
      .readdirSync(path.join(root, 'og'), { recursive: true })
      .map(String)
      .filter((name) => name.endsWith('.png'));
    const feed = cheerio.load(read('product-feed.xml'), { xml: true });
    const linked = feed('item')
      .toArray()
      .map((item) => new URL(feed(item).children('g\\:image_link').text()).pathname);
    expect(linked).toHaveLength(categories.length * locales.length);
    for (const image of linked) expect(images).toContain(image.replace(/^\/og\//, ''));
    for (const image of images) expect(pngSize(path.join(root, 'og', image)), image).toEqual(OG_SIZE);
  });

  test('the host header files name no page, so they stay the same for any number of categories', () => {
    const headerFiles = fs.readdirSync(root).filter((name) => name.startsWith('_headers'));
    expect(headerFiles).toContain('_headers');
    for (const file of headerFiles)
      for (const category of categories)
        for (const locale of locales) expect(read(file), file).not.toContain(categoryPath(category, locale));
  });

  test('GitHub Pages publishes the export as it is: .nojekyll keeps Jekyll from dropping _next/', () => {
    // Jekyll leaves out every folder whose name starts with an underscore, and _next/ holds every script.
    expect(fs.existsSync(path.join(root, '_next')), '_next/').toBe(true);
    expect(fs.statSync(path.join(root, '.nojekyll'), { throwIfNoEntry: false })?.isFile(), '.nojekyll').toBe(
      true,
    );
  });

  test('titles and descriptions are unique across the pages', () => {
    const heads = pages.map((page) => load(exported(pagePath(page)))('head'));
    const titles = heads.map((head) => head.children('title').text());
    const descriptions = heads.map((head) => head.children('meta[name="description"]').attr('content'));
    expect(new Set(titles).size).toBe(pages.length);
    expect(new Set(descriptions).size).toBe(pages.length);
  });
});

for (const page of pages) {
  const pathname = pagePath(page);
  test.describe(pathname, () => {
    test('its head carries what lib/seo.ts gives the page', () => {
      const $ = load(exported(pathname));
      const head = $('head');
      expect($('html').attr('lang')).toBe(page.locale);
      expect(head.children('title')).toHaveLength(1);
      expect(head.children('meta[name="description"]').attr('content')).toMatch(/\S/);
      const canonical = head.children('link[rel="canonical"]');
      expect(canonical.toArray().map((link) => normal($(link).attr('href')))).toEqual([url(pathname)]);
      const alternates = head
        .children('link[rel="alternate"][hreflang]')
        .toArray()
        .map((link) => [$(link).attr('hreflang'), normal($(link).attr('href'))]);
      expect(Object.fromEntries(alternates)).toEqual(absoluteAlternates(page));
      expect(alternates).toHaveLength(locales.length + 1);

      // Each meta tag once, except the list of other Open Graph locales.
      const keys = head
        .children('meta')
        .toArray()
        .map((meta) => $(meta).attr('property') ?? $(meta).attr('name'))
        .filter((key) => key !== undefined && key !== 'og:locale:alternate');
      expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
      const meta = (key: string) =>
        head.children(`meta[property="${key}"], meta[name="${key}"]`).first().attr('content');
      expect(meta('robots') ?? '').not.toMatch(/noindex|none/);
      expect(normal(meta('og:url'))).toBe(url(pathname));
      expect(meta('og:image')).toBe(url(ogImagePath(page)));
      expect(meta('twitter:card')).toBe('summary_large_image');
      expect(meta('twitter:image')).toBe(url(ogImagePath(page)));
      expect(pngSize(exported(ogImagePath(page)))).toEqual(OG_SIZE);

      const jsonLd = $('script[type="application/ld+json"]')
        .toArray()
        .map((script) => JSON.parse($(script).text()) as unknown);
      expect(jsonLd).toEqual([pageJsonLd(page, base)]);
      // The site's own rating stays visible text: no markup of it in microdata or RDFa either.
      expect(
        $('[itemtype*="AggregateRating"], [typeof*="AggregateRating"], [itemprop="aggregateRating"]'),
      ).toHaveLength(0);
    });

    test('its text and attributes have every placeholder filled in', () => {
      // A parse of its own, since scripts and styles are removed from it.
      const $ = cheerio.load(fs.readFileSync(exported(pathname), 'utf8'));
      $('script, style').remove();
      const texts = [
        $.root().text(),
        ...$('*')
          .toArray()
          .flatMap((element) => Object.values($(element).attr() ?? {})),
      ];
      expect(texts.flatMap((text) => text.match(/\{[a-zA-Z]+\}/g) ?? [])).toEqual([]);
    });

    test('it links every category of its language by name, and counts them in the footer', () => {
      const $ = load(exported(pathname));
      for (const category of categories) {
        const target = categoryPath(category, page.locale);
        const names = $(`a[href="${target}"]`)
          .toArray()
          .map((link) => $(link).text().trim());
        expect(names, target).toContain(getCategoryContent(category, page.locale).name);
      }
      const dictionary = getDictionary(page.locale);
      expect($('footer').text()).toContain(fill(dictionary.footer.description, { count: categories.length }));
    });
  });
}

// The trail a search result shows is the one on the page: the structured data's BreadcrumbList names the pages the
// breadcrumb links, and the page itself last, unlinked.
for (const page of [...pages, ...locales.map((locale): Page => ({ kind: 'checkout', locale }))]) {
  const pathname = pagePath(page);
  test(`${pathname}: its breadcrumb shows the trail its structured data names`, () => {
    const $ = load(exported(pathname));
    const items = $('script[type="application/ld+json"]')
      .toArray()
      .flatMap((script) => (JSON.parse($(script).text()) as { '@graph': { '@type': string }[] })['@graph'])
      .filter((thing) => thing['@type'] === 'BreadcrumbList')
      .flatMap(
        (list) => (list as unknown as { itemListElement: { name: string; item: string }[] }).itemListElement,
      );
    const shown = $(`nav[aria-label="${getDictionary(page.locale).category.breadcrumbLabel}"] li`)
      .toArray()
      .map((item) => {
        const link = $(item).children('a');
        const here = $(item).children('[aria-current="page"]').length > 0;
        return { name: $(item).text(), item: normal(url(here ? pathname : link.attr('href')!)) };
      });
    expect(shown).toEqual(items.map(({ name, item }) => ({ name, item: normal(item) })));
    if (page.kind === 'home') expect(shown).toEqual([]);
    else expect(shown.length).toBeGreaterThan(1);
  });
}

const linkedPages = htmlFiles(root).filter((file) => file !== path.join(root, '_not-found.html'));
for (const file of linkedPages) {
  const name = path.relative(root, file);
  test(`${name}: every internal link and fragment resolves`, () => {
    const $ = load(file);
    const pageUrl = new URL(`/${name.replace(/(index)?\.html$/, '')}`, base);
    const broken: string[] = [];
    for (const element of $('a[href], link[href]').toArray()) {
      const href = $(element).attr('href')!;
      const target = new URL(href, pageUrl);
      if (target.origin !== base.origin || target.pathname.startsWith('/_next/')) continue;
      const targetFile = resolveExportPath(root, decodeURIComponent(target.pathname));
      if (!targetFile) broken.push(`${href} (no such file)`);
      else if (
        target.hash &&
        load(targetFile)(`[id="${decodeURIComponent(target.hash.slice(1))}"]`).length === 0
      )
        broken.push(`${href} (no such element)`);
    }
    expect(broken).toEqual([]);
  });
}

/** One page of each kind in each language, and the 404 page: the templates whose scripts differ. */
const budgetPages = [
  ...pages
    .filter(
      (page, index) =>
        pages.findIndex((other) => other.kind === page.kind && other.locale === page.locale) === index,
    )
    .map((page) => exported(pagePath(page))),
  unlisted[0]!,
  ...checkouts,
];
for (const file of budgetPages) {
  const name = path.relative(root, file);
  test(`${name}: first-load JavaScript is within floor ${FLOOR_KB} kB + ${MARGIN_KB} kB, gzipped`, () => {
    const firstLoad = firstLoadJs(root, file);
    expect(firstLoad.external, 'scripts from other origins').toEqual([]);
    expect(firstLoad.kb).toBeGreaterThan(0);
    expect(firstLoad.kb).toBeLessThanOrEqual(BUDGET_KB);
  });
}
