#!/usr/bin/env node
// What crawlers and AI agents read in the built export, checked file by file:
// every page the sitemap lists (canonical, hreflang, Open Graph, Twitter,
// JSON-LD, titles), the Open Graph PNGs, sitemap.xml, robots.txt, llms.txt and
// product-feed.xml. Usage: npx tsx scripts/check-seo.mjs [dir]   (default: out;
// tsx, because the languages come from lib/i18n.ts)
// Exits 1 with a list of failures. HTML and XML are read with cheerio's
// parsers (parse5 for pages, htmlparser2 in XML mode for the sitemap and the
// feed), which also decode entities; only robots.txt and llms.txt, which are
// plain text, are read line by line.
import fs from 'node:fs';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { htmlFiles } from './lib/export-files.mjs';
import { locales } from '../lib/i18n.ts';

/** Every page's alternates: one per language of the site, and x-default. */
const hreflangs = [...locales, 'x-default'];

const root = path.resolve(process.argv[2] ?? 'out');
const OG_WIDTH = 1200;
const OG_HEIGHT = 630;

const failures = [];
const fail = (where, message) => failures.push(`${where}: ${message}`);

if (!fs.existsSync(root)) {
  console.error(`check-seo: ${root} does not exist; build the site first (npm run build).`);
  process.exit(1);
}

function read(file) {
  const full = path.join(root, file);
  if (!fs.existsSync(full)) {
    fail(file, 'missing from the export');
    return undefined;
  }
  return fs.readFileSync(full, 'utf8');
}

// --- helpers ---------------------------------------------------------------------------------

/** A CSS selector for an XML element name: the colon of a namespace prefix (`g:price`) is escaped. */
const xmlName = (name) => name.replace(':', '\\:');

/** Trimmed text of the first child element `name` of a cheerio selection, undefined without one. */
function childText(element, name) {
  const child = element.children(xmlName(name)).first();
  return child.length > 0 ? child.text().trim() : undefined;
}

function isAbsolute(value) {
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Equal as URLs: `https://x.de` and `https://x.de/` are the same resource. */
function normal(value) {
  try {
    return new URL(value).href;
  } catch {
    return `(invalid) ${value}`;
  }
}

/** Width and height of a PNG from its IHDR chunk, or a reason it is not one. */
function pngSize(file) {
  if (!fs.existsSync(file)) return { error: 'file missing' };
  const bytes = fs.readFileSync(file);
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  if (bytes.length < 24 || !bytes.subarray(0, 8).equals(signature)) return { error: 'not a PNG' };
  if (bytes.toString('latin1', 12, 16) !== 'IHDR') return { error: 'PNG without IHDR first' };
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

/** The export file a static host serves for a URL path: `/` → index.html, `/x` → x.html. */
function fileFor(pathname) {
  return pathname === '/' ? 'index.html' : `${decodeURIComponent(pathname.slice(1))}.html`;
}

/** Every JSON-LD node, nested and @graph ones included. */
function ldNodes(value) {
  if (Array.isArray(value)) return value.flatMap(ldNodes);
  if (typeof value !== 'object' || value === null) return [];
  return [value, ...Object.values(value).flatMap(ldNodes)];
}

const typesOf = (node) => [node['@type']].flat().filter(Boolean);

// --- sitemap.xml -------------------------------------------------------------------------------

const sitemapXml = read('sitemap.xml') ?? '';
const $sitemap = cheerio.load(sitemapXml, { xml: true });
const urlset = $sitemap.root().children('urlset');
if (sitemapXml && urlset.attr('xmlns') !== 'http://www.sitemaps.org/schemas/sitemap/0.9') {
  fail('sitemap.xml', 'urlset lacks the sitemaps.org namespace');
}
if (sitemapXml && urlset.attr('xmlns:xhtml') !== 'http://www.w3.org/1999/xhtml') {
  fail('sitemap.xml', 'urlset lacks xmlns:xhtml, which its xhtml:link alternates need');
}

/** loc → { alternates: {<language>…, x-default}, lastmod } */
const sitemap = new Map();
for (const element of urlset.children('url').toArray()) {
  const block = $sitemap(element);
  const loc = childText(block, 'loc');
  if (!loc || !isAbsolute(loc)) {
    fail('sitemap.xml', `<url> with missing or relative <loc> ${loc ?? ''}`);
    continue;
  }
  if (sitemap.has(normal(loc))) fail('sitemap.xml', `${loc} is listed twice`);
  const links = block
    .children(xmlName('xhtml:link'))
    .toArray()
    .map((link) => $sitemap(link).attr());
  const alternates = {};
  for (const link of links) {
    if (link.rel !== 'alternate')
      fail('sitemap.xml', `${loc}: xhtml:link rel="${link.rel}" instead of alternate`);
    if (alternates[link.hreflang]) fail('sitemap.xml', `${loc}: hreflang ${link.hreflang} twice`);
    if (!isAbsolute(link.href)) fail('sitemap.xml', `${loc}: hreflang ${link.hreflang} href is not absolute`);
    alternates[link.hreflang] = normal(link.href);
  }
  if (links.length !== hreflangs.length || !hreflangs.every((language) => alternates[language])) {
    fail(
      'sitemap.xml',
      `${loc}: needs exactly ${hreflangs.length} xhtml:link alternates (${hreflangs.join(', ')}), has ${Object.keys(alternates).join(', ') || 'none'}`,
    );
  }
  if (![alternates.de, alternates.en].includes(normal(loc)))
    fail('sitemap.xml', `${loc}: its alternates do not include itself`);
  const lastmod = childText(block, 'lastmod');
  if (!lastmod || Number.isNaN(Date.parse(lastmod)))
    fail('sitemap.xml', `${loc}: missing or invalid <lastmod> ${lastmod ?? ''}`);
  sitemap.set(normal(loc), { loc, alternates, lastmod });
}
// No page count is written down here (an editor adds categories as data): the sitemap and the
// export must list the same pages. A listed URL without its file fails below as "missing".
const listedFiles = new Set([...sitemap.keys()].map((loc) => fileFor(new URL(loc).pathname)));
if (sitemap.size === 0) fail('sitemap.xml', 'lists no URLs');
for (const file of htmlFiles(root)) {
  const relative = path.relative(root, file).split(path.sep).join('/');
  if (['404.html', '_not-found.html'].includes(relative)) continue;
  if (!listedFiles.has(relative)) fail(relative, 'page is in the export but not in the sitemap');
}
for (const [loc, { alternates }] of sitemap) {
  for (const language of locales) {
    const target = sitemap.get(alternates[language]);
    if (!target)
      fail('sitemap.xml', `${loc}: ${language} alternate ${alternates[language]} is not in the sitemap`);
    else if (JSON.stringify(target.alternates) !== JSON.stringify(alternates)) {
      fail(
        'sitemap.xml',
        `${loc}: ${language} alternate ${alternates[language]} does not list the same alternates back`,
      );
    }
  }
}
const origins = new Set([...sitemap.keys()].map((loc) => new URL(loc).origin));
if (origins.size > 1) fail('sitemap.xml', `URLs on more than one origin: ${[...origins].join(', ')}`);
const origin = [...origins][0] ?? 'https://invalid.example';

// --- product-feed.xml (read before the pages, which cross-check their Offer against it) --------

const G_FIELDS = [
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
];
const feedXml = read('product-feed.xml') ?? '';
const $feed = cheerio.load(feedXml, { xml: true });
const rss = $feed.root().children('rss');
const channel = rss.children('channel');
if (feedXml) {
  // The XML declaration is the document's first node, a processing instruction to the parser.
  const declaration = $feed.root().contents().get(0);
  if (declaration?.type !== 'directive' || declaration.data !== '?xml version="1.0" encoding="UTF-8"?')
    fail('product-feed.xml', 'missing XML declaration');
  if (rss.attr('version') !== '2.0') fail('product-feed.xml', '<rss version="2.0"> missing');
  if (rss.attr('xmlns:g') !== 'http://base.google.com/ns/1.0')
    fail('product-feed.xml', 'xmlns:g="http://base.google.com/ns/1.0" missing');
  for (const tag of ['title', 'link', 'description'])
    if (!childText(channel, tag)) fail('product-feed.xml', `channel <${tag}> missing`);
}
const feedItems = channel
  .children('item')
  .toArray()
  .map((element) => Object.fromEntries(G_FIELDS.map((field) => [field, childText($feed(element), field)])));
const feedByLink = new Map();
feedItems.forEach((item, index) => {
  const where = `product-feed.xml item ${index + 1} (${item['g:id'] ?? 'no id'})`;
  for (const field of G_FIELDS) if (!item[field]) fail(where, `<${field}> missing or empty`);
  if (item['g:price'] && !/^\d+\.\d{2} EUR$/.test(item['g:price']))
    fail(where, `g:price "${item['g:price']}" is not like "89.00 EUR"`);
  if (
    item['g:availability'] &&
    !['in_stock', 'out_of_stock', 'preorder', 'backorder'].includes(item['g:availability'])
  ) {
    fail(where, `g:availability "${item['g:availability']}" is not a Merchant Center value`);
  }
  if (item['g:condition'] && !['new', 'refurbished', 'used'].includes(item['g:condition']))
    fail(where, `g:condition "${item['g:condition']}"`);
  if (item['g:identifier_exists'] && !['yes', 'no'].includes(item['g:identifier_exists']))
    fail(where, `g:identifier_exists "${item['g:identifier_exists']}"`);
  if (item.link) {
    if (!sitemap.has(normal(item.link))) fail(where, `link ${item.link} is not a page in the sitemap`);
    if (feedByLink.has(normal(item.link))) fail(where, `link ${item.link} appears in two items`);
    feedByLink.set(normal(item.link), item);
  }
  if (item['g:image_link']) {
    const size = isAbsolute(item['g:image_link'])
      ? pngSize(path.join(root, new URL(item['g:image_link']).pathname))
      : { error: 'not absolute' };
    if (size.error) fail(where, `g:image_link ${item['g:image_link']}: ${size.error}`);
  }
});
const feedIds = feedItems.map((item) => item['g:id']);
if (new Set(feedIds).size !== feedIds.length) fail('product-feed.xml', 'g:id values are not unique');

// --- pages -------------------------------------------------------------------------------------

const pages = [];
for (const [loc, entry] of sitemap) {
  const { pathname } = new URL(loc);
  const file = fileFor(pathname);
  const html = read(file);
  if (html === undefined) continue;
  const where = pathname;
  // Source locations tell an explicit </head> from one the parser had to imply.
  const $ = cheerio.load(html, { sourceCodeLocationInfo: true });
  if (!$('head').get(0)?.sourceCodeLocation?.endTag) fail(where, 'no </head>');
  /** Attributes of the head's elements matching `selector`, names lower-cased by the parser. */
  const headTags = (selector) =>
    $('head')
      .find(selector)
      .toArray()
      .map((element) => $(element).attr());
  const meta = (key) => {
    const found = headTags('meta').filter((attrs) => attrs.property === key || attrs.name === key);
    if (found.length > 1 && !key.startsWith('og:locale:alternate'))
      fail(where, `${key} appears ${found.length} times`);
    return found[0]?.content;
  };
  const lang = $('html').attr('lang');

  // Kind of page from its place in the route table: home is what x-default points at from "/".
  const kind =
    entry.alternates.de === normal(`${origin}/`)
      ? 'home'
      : /\/leads\/[^/]+$/.test(pathname)
        ? 'category'
        : 'overview';

  const titles = $('head')
    .find('title')
    .toArray()
    .map((element) => $(element).text().trim());
  if (titles.length !== 1) fail(where, `${titles.length} <title> elements`);
  const title = titles[0] ?? '';
  const description = meta('description');
  if (!description) fail(where, 'meta description missing');
  // What a reader or crawler gets: the document's text without script and style elements (body,
  // <title>), and the attribute values of what remains (meta content, alt, aria-label, ...).
  const readable = $.root().clone();
  readable.find('script, style').remove();
  const visibleText = readable.text();
  const attributeValues = readable
    .find('*')
    .toArray()
    .flatMap((element) => Object.values($(element).attr() ?? {}));
  // Copy templates such as "{count} Branchen" must reach readers and crawlers filled in.
  for (const text of [visibleText, ...attributeValues])
    for (const [placeholder] of text.matchAll(/\{[a-zA-Z]+\}/g))
      fail(where, `unfilled placeholder ${placeholder} in the page`);
  const robots = meta('robots');
  if (robots && /noindex|none/.test(robots))
    fail(where, `meta robots "${robots}" keeps the page out of search`);

  // Canonical
  const canonicals = headTags('link').filter((attrs) => attrs.rel === 'canonical');
  const canonical = canonicals[0]?.href;
  if (canonicals.length !== 1) fail(where, `${canonicals.length} canonical links`);
  else if (!isAbsolute(canonical)) fail(where, `canonical "${canonical}" is not absolute`);
  else if (normal(canonical) !== loc) fail(where, `canonical ${canonical} is not its sitemap URL ${loc}`);

  // hreflang
  const alternates = {};
  for (const link of headTags('link').filter((attrs) => attrs.rel === 'alternate' && attrs.hreflang)) {
    if (alternates[link.hreflang]) fail(where, `hreflang ${link.hreflang} twice`);
    if (!isAbsolute(link.href)) fail(where, `hreflang ${link.hreflang} href "${link.href}" is not absolute`);
    alternates[link.hreflang] = normal(link.href);
  }
  for (const language of hreflangs) {
    if (!alternates[language]) fail(where, `hreflang ${language} missing`);
    else if (alternates[language] !== entry.alternates[language]) {
      fail(
        where,
        `hreflang ${language} ${alternates[language]} differs from the sitemap's ${entry.alternates[language]}`,
      );
    }
  }
  if (lang && alternates[lang] !== loc)
    fail(where, `<html lang="${lang}"> but its ${lang} alternate is ${alternates[lang]}`);
  if (!lang) fail(where, '<html> has no lang');

  // Open Graph and Twitter
  const og = {
    title: meta('og:title'),
    description: meta('og:description'),
    url: meta('og:url'),
    locale: meta('og:locale'),
    localeAlternate: meta('og:locale:alternate'),
    image: meta('og:image'),
    imageWidth: meta('og:image:width'),
    imageHeight: meta('og:image:height'),
    siteName: meta('og:site_name'),
    type: meta('og:type'),
  };
  for (const key of ['title', 'description', 'url', 'locale', 'image', 'siteName'])
    if (!og[key]) fail(where, `og:${key} missing`);
  if (og.url && normal(og.url) !== loc) fail(where, `og:url ${og.url} is not the page URL`);
  if (og.locale && lang && !og.locale.startsWith(`${lang}_`))
    fail(where, `og:locale ${og.locale} does not match lang ${lang}`);
  if (og.siteName && !title.endsWith(` | ${og.siteName}`))
    fail(where, `<title> "${title}" does not end with " | ${og.siteName}"`);
  let imageSize = '';
  if (og.image) {
    if (!isAbsolute(og.image)) fail(where, `og:image "${og.image}" is not absolute`);
    else if (new URL(og.image).origin !== origin) fail(where, `og:image ${og.image} is not on ${origin}`);
    else {
      const size = pngSize(path.join(root, new URL(og.image).pathname));
      if (size.error) fail(where, `og:image ${og.image}: ${size.error}`);
      else if (size.width !== OG_WIDTH || size.height !== OG_HEIGHT) {
        fail(
          where,
          `og:image ${og.image} is ${size.width}×${size.height}, expected ${OG_WIDTH}×${OG_HEIGHT}`,
        );
      } else imageSize = `${size.width}×${size.height}`;
    }
    if (og.imageWidth && og.imageWidth !== String(OG_WIDTH)) fail(where, `og:image:width ${og.imageWidth}`);
    if (og.imageHeight && og.imageHeight !== String(OG_HEIGHT))
      fail(where, `og:image:height ${og.imageHeight}`);
  }
  const twitterCard = meta('twitter:card');
  if (twitterCard !== 'summary_large_image')
    fail(where, `twitter:card is ${twitterCard ?? 'missing'}, expected summary_large_image`);
  if (!meta('twitter:image')) fail(where, 'twitter:image missing');

  // JSON-LD
  const blocks = $('script')
    .toArray()
    .filter((element) => $(element).attr('type') === 'application/ld+json')
    .map((element) => $(element).text());
  if (blocks.length === 0) fail(where, 'no JSON-LD');
  const nodes = [];
  const topTypes = [];
  for (const body of blocks) {
    try {
      const data = JSON.parse(body);
      nodes.push(...ldNodes(data));
      topTypes.push(
        ...[data]
          .flat()
          .flatMap((node) => node['@graph'] ?? [node])
          .flatMap(typesOf),
      );
    } catch (error) {
      fail(where, `JSON-LD does not parse: ${error.message}`);
    }
  }
  const types = new Set(nodes.flatMap(typesOf));
  const need = {
    home: ['Organization', 'WebSite'],
    overview: ['BreadcrumbList'],
    category: ['BreadcrumbList'],
  }[kind];
  for (const type of need) if (!types.has(type)) fail(where, `JSON-LD lacks ${type} (${kind} page)`);
  const breadcrumb = nodes.find((node) => typesOf(node).includes('BreadcrumbList'));
  if (breadcrumb) {
    const last = breadcrumb.itemListElement?.at(-1);
    const lastUrl = typeof last?.item === 'string' ? last.item : last?.item?.['@id'];
    if (!lastUrl || normal(lastUrl) !== loc)
      fail(where, `BreadcrumbList does not end at the page itself (${lastUrl})`);
  }
  if (kind === 'category') {
    const product = nodes.find((node) =>
      typesOf(node).some((type) => type === 'Product' || type === 'Service'),
    );
    const offer = [product?.offers].flat().find((node) => node && typesOf(node).includes('Offer'));
    if (!product) fail(where, 'JSON-LD lacks a Product or Service');
    else if (!offer) fail(where, 'Product has no Offer');
    else {
      if (!(Number(offer.price) > 0)) fail(where, `Offer price "${offer.price}" is not a positive number`);
      if (offer.priceCurrency !== 'EUR') fail(where, `Offer priceCurrency ${offer.priceCurrency}`);
      if (!/^https?:\/\/schema\.org\/\w+$/.test(offer.availability ?? ''))
        fail(where, `Offer availability "${offer.availability}"`);
      if (!offer.url || normal(offer.url) !== loc) fail(where, `Offer url ${offer.url} is not the page`);
      const item = feedByLink.get(loc);
      if (!item) fail(where, 'no product-feed item links to this category page');
      else if (item['g:price'] !== `${Number(offer.price).toFixed(2)} EUR`) {
        fail(where, `Offer price ${offer.price} EUR differs from the feed's g:price ${item['g:price']}`);
      }
    }
    // The rating is visible copy, never structured data.
    if (!/4[.,]9 (?:von|out of) 5/.test(visibleText))
      fail(where, 'the "4,9 von 5" / "4.9 out of 5" rating text is not visible');
  }
  // As JSON-LD (a typed node or an aggregateRating property), microdata or RDFa.
  const ratingMarkup =
    nodes.some((node) => typesOf(node).includes('AggregateRating') || 'aggregateRating' in node) ||
    $('[itemtype*="AggregateRating"], [typeof*="AggregateRating"], [itemprop="aggregateRating"]').length > 0;
  if (ratingMarkup) fail(where, 'AggregateRating found; the site must not mark up its own rating');

  pages.push({ where, loc, file, kind, lang, title, description, alternates, og, imageSize, topTypes });
}

for (const [field, label] of [
  ['title', '<title>'],
  ['description', 'meta description'],
]) {
  const seen = new Map();
  for (const page of pages) {
    if (!page[field]) continue;
    if (seen.has(page[field]))
      fail(page.where, `${label} duplicates ${seen.get(page[field])}: "${page[field]}"`);
    else seen.set(page[field], page.where);
  }
}
// Reciprocity as the pages themselves state it: A's en alternate names A as its de alternate, and so on.
const byLoc = new Map(pages.map((page) => [page.loc, page]));
for (const page of pages) {
  for (const language of locales) {
    const target = byLoc.get(page.alternates[language]);
    if (!target) continue;
    for (const back of hreflangs) {
      if (target.alternates[back] !== page.alternates[back]) {
        fail(
          page.where,
          `its ${language} alternate ${target.where} names ${target.alternates[back]} as ${back}, not ${page.alternates[back]}`,
        );
      }
    }
    if (target !== page && page.og.locale && target.og.localeAlternate !== page.og.locale) {
      fail(page.where, `og:locale ${page.og.locale} is not og:locale:alternate of ${target.where}`);
    }
  }
}
const categoryPages = pages.filter((page) => page.kind === 'category');
if (feedItems.length !== categoryPages.length)
  fail('product-feed.xml', `${feedItems.length} items for ${categoryPages.length} category pages`);

// Every social image in the export, including ones no page happens to use.
const ogDir = path.join(root, 'og');
const ogImages = fs.existsSync(ogDir)
  ? fs.readdirSync(ogDir, { recursive: true }).filter((name) => String(name).endsWith('.png'))
  : [];
for (const name of ogImages) {
  const size = pngSize(path.join(ogDir, String(name)));
  if (size.error || size.width !== OG_WIDTH || size.height !== OG_HEIGHT) {
    fail(`og/${name}`, size.error ?? `${size.width}×${size.height}, expected ${OG_WIDTH}×${OG_HEIGHT}`);
  }
}

// --- robots.txt --------------------------------------------------------------------------------

const robotsTxt = read('robots.txt') ?? '';
if (robotsTxt) {
  const lines = robotsTxt.split(/\r?\n/).map((line) => line.trim());
  if (!lines.some((line) => /^user-agent:\s*\*$/i.test(line))) fail('robots.txt', 'no "User-agent: *" group');
  if (!lines.some((line) => /^allow:\s*\/$/i.test(line))) fail('robots.txt', 'no "Allow: /"');
  if (lines.some((line) => /^disallow:\s*\/\s*$/i.test(line)))
    fail('robots.txt', '"Disallow: /" blocks the whole site');
  const sitemaps = lines
    .filter((line) => /^sitemap:/i.test(line))
    .map((line) => line.replace(/^sitemap:\s*/i, ''));
  if (!sitemaps.includes(`${origin}/sitemap.xml`))
    fail('robots.txt', `no "Sitemap: ${origin}/sitemap.xml" line (has ${sitemaps.join(', ') || 'none'})`);
}

// --- llms.txt ----------------------------------------------------------------------------------

const llms = read('llms.txt') ?? '';
if (llms) {
  const lines = llms.split('\n');
  if (!/^# \S/.test(lines[0] ?? '')) fail('llms.txt', 'first line is not an H1 ("# Name")');
  const firstH2 = lines.findIndex((line) => line.startsWith('## '));
  if (!lines.slice(1, firstH2).some((line) => line.startsWith('> ')))
    fail('llms.txt', 'no blockquote summary before the first H2');
  const h2s = lines.filter((line) => line.startsWith('## '));
  if (h2s.at(-1) !== '## Optional') fail('llms.txt', `last H2 is "${h2s.at(-1)}", expected "## Optional"`);
  const linked = new Set([...llms.matchAll(/^- \[[^\]]+\]\(([^)\s]+)\)/gm)].map((match) => normal(match[1])));
  for (const page of categoryPages) if (!linked.has(page.loc)) fail('llms.txt', `does not link ${page.loc}`);
  for (const file of ['/product-feed.xml', '/sitemap.xml'])
    if (!linked.has(normal(`${origin}${file}`))) fail('llms.txt', `does not link ${file}`);
}

// --- report ------------------------------------------------------------------------------------

const pad = (text, width) => String(text).padEnd(width);
const widest = Math.max(4, ...pages.map((page) => page.where.length));
console.log(`${pad('Page', widest)}  Lang  ${pad('Kind', 8)}  Title  Desc  OG image   JSON-LD`);
for (const page of pages.sort((a, b) => a.where.localeCompare(b.where))) {
  console.log(
    `${pad(page.where, widest)}  ${pad(page.lang ?? '?', 4)}  ${pad(page.kind, 8)}  ${pad(page.title.length, 5)}  ${pad(page.description?.length ?? 0, 4)}  ${pad(page.imageSize || '-', 9)}  ${page.topTypes.join(', ')}`,
  );
}
console.log(
  `\n${pages.length} pages · ${sitemap.size} sitemap URLs · ${feedItems.length} feed items · ${ogImages.length} OG images · robots.txt ${robotsTxt ? 'read' : 'missing'} · llms.txt ${llms ? `${llms.split('\n').length} lines` : 'missing'} (${root})`,
);

if (failures.length > 0) {
  console.error(`\n${failures.length} SEO check(s) failed:`);
  for (const failure of failures) console.error(`  - ${failure}`);
  process.exit(1);
}
console.log('All SEO checks passed.');
