/**
 * The `fixture` gate: an editor adds a category as data only, and the whole
 * site follows. This builds the site a second time from a copy of `content/`
 * with one more category (testing/fixture-category.ts: a table row and a copy
 * file per language, nothing else), then checks the export as a crawler and a
 * visitor meet it: the new pages in every language, their sitemap entries,
 * feed items, llms.txt links and social images, the links to them from every
 * page, and the count of industries in the copy. The SEO and link checks run
 * on that export too. And the headers stay what they are: the same `_headers`
 * rules and nginx and CloudFront files as the real build in out/, while every
 * page, the new ones included, carries its own policy.
 *
 *   npx tsx scripts/check-fixture-category.ts
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as cheerio from 'cheerio';
import { getCategories, getDictionary } from '../lib/content';
import { fill } from '../lib/format';
import { allPages, categoryPath, locales, pagePath } from '../lib/i18n';
import { parseHeadersFile } from './lib/host-headers';
import { addFixtureCategory, fixtureCopy } from '../testing/fixture-category';

const project = path.resolve(__dirname, '..');
const exportDir = '.fixture-out';
const out = path.join(project, exportDir);
/** The real build, which the `fixture` gate runs after. */
const realOut = path.join(project, 'out');
/** The files a host reads its headers from, written for the whole site. */
const hostFiles = ['_headers', '_headers.nginx.conf', '_headers.cloudfront.json'];
const content = fs.mkdtempSync(path.join(os.tmpdir(), 'leadwerk-fixture-content-'));
const failures: string[] = [];
const fail = (message: string) => failures.push(message);

function run(command: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(command, args, {
    cwd: project,
    stdio: 'inherit',
    env: { ...process.env, NEXT_TELEMETRY_DISABLED: '1', ...env },
  });
  return result.status === 0;
}

/** The file a static host serves for a path: `/` → index.html, `/x` → x.html. */
function fileFor(pathname: string): string {
  return path.join(out, pathname === '/' ? 'index.html' : `${pathname.slice(1)}.html`);
}

function load(file: string) {
  return cheerio.load(fs.readFileSync(file, 'utf8'));
}

try {
  fs.cpSync(path.join(project, 'content'), content, { recursive: true });
  const fixture = addFixtureCategory(content);
  const env = { CONTENT_DIR: content, EXPORT_DIR: exportDir };
  process.env.CONTENT_DIR = content;
  const list = getCategories();

  console.log(
    `Building the site with a fixture category "${fixture.id}" (${list.length} categories) into ${exportDir}/`,
  );
  if (!run('npx', ['next', 'build'], env) || !run('node', ['scripts/write-headers.mjs', exportDir], env)) {
    throw new Error('the build with the fixture category failed');
  }

  const site = JSON.parse(fs.readFileSync(path.join(content, 'site.json'), 'utf8')) as {
    defaultSiteUrl: string;
  };
  const url = (pathname: string) => new URL(pathname, site.defaultSiteUrl).href;

  // Its pages, with its copy, in every language.
  for (const locale of locales) {
    const pathname = categoryPath(fixture, locale);
    const file = fileFor(pathname);
    if (!fs.existsSync(file)) {
      fail(`${pathname}: no page in the export`);
      continue;
    }
    const $ = load(file);
    if ($('h1').text().trim() !== fixtureCopy[locale].h1) fail(`${pathname}: h1 is "${$('h1').text()}"`);
    if ($('html').attr('lang') !== locale) fail(`${pathname}: <html lang="${$('html').attr('lang')}">`);
    if (!fs.existsSync(path.join(out, 'og', locale, `${fixture.id}.png`)))
      fail(`${pathname}: no social image`);
  }

  // Every page links to it in its own language, states the new count of industries where its copy counts
  // them, and carries its own policy.
  for (const page of allPages(list)) {
    const pathname = pagePath(page);
    const file = fileFor(pathname);
    if (!fs.existsSync(file)) {
      fail(`${pathname}: no page in the export`);
      continue;
    }
    const $ = load(file);
    const target = categoryPath(fixture, page.locale);
    const links = $(`a[href="${target}"]`);
    if (links.length === 0) fail(`${pathname}: no link to ${target}`);
    if (!links.toArray().some((link) => $(link).text().trim() === fixtureCopy[page.locale].name)) {
      fail(`${pathname}: no link named "${fixtureCopy[page.locale].name}"`);
    }
    const footerText = fill(getDictionary(page.locale).footer.description, { count: list.length });
    if (!$('footer').text().includes(footerText))
      fail(`${pathname}: the footer does not say "${footerText}"`);
    // Its own policy, first in <head> after the charset.
    const [first, second] = $('head > *').toArray();
    if (first?.attribs.charset === undefined || second?.attribs['http-equiv'] !== 'Content-Security-Policy')
      fail(`${pathname}: no page policy right after <meta charset>`);
  }

  // The machine-readable files list it.
  const sitemap = cheerio.load(fs.readFileSync(path.join(out, 'sitemap.xml'), 'utf8'), { xml: true });
  const locs = sitemap('url > loc')
    .toArray()
    .map((loc) => sitemap(loc).text().trim());
  if (locs.length !== allPages(list).length)
    fail(`sitemap.xml: ${locs.length} URLs for ${allPages(list).length} pages`);
  const feed = cheerio.load(fs.readFileSync(path.join(out, 'product-feed.xml'), 'utf8'), { xml: true });
  const feedIds = feed('item')
    .toArray()
    .map((item) => feed(item).find('g\\:id').text());
  const llms = fs.readFileSync(path.join(out, 'llms.txt'), 'utf8');
  for (const locale of locales) {
    const own = url(categoryPath(fixture, locale));
    if (!locs.includes(own)) fail(`sitemap.xml: ${own} is missing`);
    if (!feedIds.includes(`${fixture.id}-${locale}`))
      fail(`product-feed.xml: no item ${fixture.id}-${locale}`);
    if (!llms.includes(`](${own})`)) fail(`llms.txt: no link to ${own}`);
  }

  // The headers do not grow with the pages: the same rules and files as the real build, whose pages are fewer.
  const realPages = allPages(getCategories()).length;
  for (const file of hostFiles) {
    const [real, withFixture] = [realOut, out].map((dir) => {
      const full = path.join(dir, file);
      return fs.existsSync(full) ? fs.readFileSync(full) : undefined;
    });
    if (!real) fail(`out/${file} is missing: run npm run build first`);
    else if (!withFixture) fail(`${file} is missing`);
    else if (!real.equals(withFixture))
      fail(
        `${file}: ${withFixture.length} bytes for ${allPages(list).length} pages, ${real.length} for ${realPages}`,
      );
  }
  const rulesOf = (dir: string) =>
    parseHeadersFile(fs.readFileSync(path.join(dir, '_headers'), 'utf8')).length;
  if (fs.existsSync(path.join(realOut, '_headers')) && fs.existsSync(path.join(out, '_headers'))) {
    const [real, withFixture] = [rulesOf(realOut), rulesOf(out)];
    if (real !== withFixture)
      fail(`_headers: ${withFixture} rules with the fixture category, ${real} without`);
    console.log(
      `_headers: ${withFixture} rules for ${allPages(list).length} pages, ${real} for ${realPages}.`,
    );
  }

  // And the export as a whole still passes the crawler-facing checks.
  if (!run('npx', ['tsx', 'scripts/check-seo.mjs', exportDir]))
    fail('the SEO check fails on the export with the fixture category');
  if (!run('node', ['scripts/check-links.mjs', exportDir], env)) {
    fail('the link check fails on the export with the fixture category');
  }
} catch (error) {
  fail((error as Error).message);
} finally {
  fs.rmSync(content, { recursive: true, force: true });
  fs.rmSync(out, { recursive: true, force: true });
}

if (failures.length > 0) {
  console.error(
    `\nThe site does not follow a category added as data:\n${failures.map((line) => `  - ${line}`).join('\n')}`,
  );
  process.exit(1);
}
console.log(
  '\nA category added as data only shows up on its pages, in every list, feed and link, and in every count.',
);
