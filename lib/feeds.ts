/**
 * The machine-readable files: sitemap entries, llms.txt and the Google
 * Merchant Center product feed. All of them come from the category table and
 * content/, so a new category shows up in each without further edits.
 */
import { lowestPrice, type Category } from './categories';
import { getCategories, getCategoryContent, getDictionary, getSite } from './content';
import { allPages, locales, pagePath, type Locale } from './i18n';
import { fill } from './format';
import { eurosToCents, formatEuros } from './money';
import { vatTotals } from './checkout/vat';
import { absoluteUrl, languageAlternates, ogImagePath, pageCopy } from './seo';

export interface FeedOptions {
  list?: readonly Category[];
  base: URL;
  /** When the content was last changed; the sitemap's lastmod, left out when unknown. */
  lastModified?: Date;
}

export interface SitemapEntry {
  url: string;
  lastModified?: Date;
  alternates: { languages: Record<string, string> };
}

/**
 * One entry per page, each with its alternates in every language and x-default (itself included). Every page
 * shows every category's name and the shared texts, so one date, the content's, is each page's lastmod.
 */
export function sitemapEntries({ base, list = getCategories(), lastModified }: FeedOptions): SitemapEntry[] {
  return allPages(list).map((page) => ({
    url: absoluteUrl(pagePath(page), base),
    ...(lastModified && { lastModified }),
    alternates: {
      languages: Object.fromEntries(
        Object.entries(languageAlternates(page)).map(([language, path]) => [
          language,
          absoluteUrl(path, base),
        ]),
      ),
    },
  }));
}

/** llms.txt is read by AI agents, so its prose is in English; each language's list keeps its own headings. */
const LLMS_LOCALE: Locale = 'en';

/** llms.txt after llmstxt.org: H1, blockquote summary, details, link sections and an Optional section. */
export function llmsTxt({ base, list = getCategories() }: FeedOptions): string {
  const site = getSite();
  const text = getDictionary(LLMS_LOCALE).llms;
  const link = (label: string, path: string, note: string) =>
    `- [${label}](${absoluteUrl(path, base)}): ${note}`;

  const lines = [
    `# ${site.brand}`,
    '',
    `> ${fill(text.summary, { brand: site.brand })}`,
    '',
    fill(text.details, { from: formatEuros(lowestPrice(list), LLMS_LOCALE) }),
    '',
  ];
  for (const locale of locales) {
    const own = getDictionary(locale).llms;
    lines.push(`## ${own.categoriesHeading}`, '');
    for (const category of list) {
      const content = getCategoryContent(category, locale);
      const price = formatEuros(category.price, locale);
      lines.push(
        link(
          content.name,
          pagePath({ kind: 'category', locale, category }),
          `${price} ${own.perLead} – ${content.description}`,
        ),
      );
    }
    lines.push('');
  }
  // How to order: the checkout in each language, and the sales address for an agent without a browser.
  lines.push(`## ${text.orderHeading}`, '');
  for (const locale of locales) {
    const own = getDictionary(locale).llms;
    lines.push(link(own.checkoutLabel, pagePath({ kind: 'checkout', locale }), own.checkoutNote));
  }
  lines.push(`- [${text.emailLabel}](mailto:${site.email}): ${text.emailNote}`, '');
  lines.push(
    `## ${text.dataHeading}`,
    '',
    link(text.feedLabel, '/product-feed.xml', text.feedNote),
    link(text.sitemapLabel, '/sitemap.xml', text.sitemapNote),
    '',
    `## ${text.optionalHeading}`,
    '',
  );
  for (const locale of locales) {
    const dict = getDictionary(locale);
    lines.push(
      link(dict.llms.homeLabel, pagePath({ kind: 'home', locale }), dict.meta.tagline),
      link(
        dict.overview.title,
        pagePath({ kind: 'overview', locale }),
        fill(dict.overview.subtitle, { count: list.length }),
      ),
    );
  }
  lines.push(link(text.contactLabel, site.links.contact, text.contactNote), '');
  return lines.join('\n');
}

function xmlEscape(value: string): string {
  return value.replace(
    /[<>&'"]/g,
    (char) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', "'": '&apos;', '"': '&quot;' })[char]!,
  );
}

/**
 * A Google Merchant Center RSS 2.0 feed: one item per category and language. Merchant Center wants a price with
 * VAT in every country but the US, Canada and India, so each item's price is a lead's for a buyer in Germany
 * with German VAT, as the checkout charges it; the pages and their structured data give the net price.
 */
export function productFeed({ base, list = getCategories() }: FeedOptions): string {
  const site = getSite();
  const germanGross = (euros: number) => vatTotals(eurosToCents(euros), 'domestic', site.facts.vatRate).gross;
  const items = locales.flatMap((locale) =>
    list.map((category) => {
      const page = { kind: 'category', locale, category } as const;
      const content = getCategoryContent(category, locale);
      const fields: [string, string][] = [
        ['g:id', `${category.id}-${locale}`],
        ['title', content.title],
        ['description', content.description],
        ['link', absoluteUrl(pagePath(page), base)],
        ['g:image_link', absoluteUrl(ogImagePath(page), base)],
        ['g:availability', 'in_stock'],
        ['g:price', `${(germanGross(category.price) / 100).toFixed(2)} EUR`],
        ['g:condition', 'new'],
        ['g:brand', site.brand],
        ['g:identifier_exists', 'no'],
        ['g:product_type', content.name],
      ];
      return [
        '    <item>',
        ...fields.map(([tag, value]) => `      <${tag}>${xmlEscape(value)}</${tag}>`),
        '    </item>',
      ].join('\n');
    }),
  );
  const home = pageCopy({ kind: 'home', locale: 'en' }, list);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">',
    '  <channel>',
    `    <title>${xmlEscape(site.brand)}</title>`,
    `    <link>${xmlEscape(absoluteUrl('/', base))}</link>`,
    `    <description>${xmlEscape(home.description)}</description>`,
    ...items,
    '  </channel>',
    '</rss>',
    '',
  ].join('\n');
}
