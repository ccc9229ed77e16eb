/**
 * Every page as a server sends it, read without a browser: the status, the headers of
 * config/security-headers.ts and the HTTP Observatory's rules, the page's own script policy and where it
 * sits, the compression and cache headers of the page and of every hashed file it names, the language, one
 * h1 and its text, the title, the language toggle, safe external links, and the copy's promise about
 * contracts. The pages come from the category table, so a build with one more category (the fixture gate)
 * is read the same way. The nginx project of playwright.config.ts runs this file against nginx with
 * deploy/nginx.conf. What a browser must see (axe, the policy enforced, errors while the page runs) is in
 * `page-kinds.spec.ts`.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext } from '@playwright/test';
import * as cheerio from 'cheerio';
import { cacheRules, pageContentSecurityPolicy, revalidate } from '../config/security-headers';
import { siteHeaders } from '../scripts/lib/host-headers';
import { runsAsJavaScript } from '../scripts/lib/page-policy';
import { observatoryFindings, revalidates } from './security-rules';
import { copyOf, sitePages, specNotFound, specPaths, ui, UNKNOWN_PATH, type PageUnderTest } from './support';

const cacheRule = (pattern: string) => cacheRules.find((rule) => rule.pattern === pattern)!.value;
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');
/** The encodings a text file may travel in. */
const compressions = ['br', 'gzip'];

test('the site has every page of the spec', () => {
  expect(sitePages.map((entry) => entry.path)).toEqual(expect.arrayContaining([...specPaths]));
});

/** The hashed files the pages name, each asked for once per run of this file. */
const checkedAssets = new Set<string>();

/** Every link that leaves the site (a new tab or another host) carries noopener and noreferrer; returns their count. */
function expectSafeExternalLinks($: cheerio.CheerioAPI, pageUrl: string): number {
  const origin = new URL(pageUrl).origin;
  const external = $('a[href]')
    .toArray()
    .map((link) => ({ target: $(link).attr('target'), url: new URL($(link).attr('href')!, pageUrl), link }))
    .filter(
      ({ target, url }) => target === '_blank' || (/^https?:$/.test(url.protocol) && url.origin !== origin),
    );
  for (const { url, link } of external)
    expect(($(link).attr('rel') ?? '').split(/\s+/), `${pageUrl}: rel of ${url.href}`).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
  return external.length;
}

/** Reads one page as served and checks what every page must have; returns the parsed page. */
async function readPage(request: APIRequestContext, path: string, entry: PageUnderTest | undefined) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(entry ? 200 : 404);
  const headers = response.headers();
  // Sent compressed to a client that accepts it (Playwright asks for gzip, deflate and br): the page weights of
  // page-weight.spec.ts are what travels.
  expect(compressions, `${path}: Content-Encoding`).toContain(headers['content-encoding']);
  for (const [name, value] of Object.entries(siteHeaders()))
    expect(headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
  expect(headers['cache-control'], `${path}: Cache-Control`).toBe(revalidate);
  expect(revalidates(revalidate), 'pages are revalidated on every use').toBe(true);

  const $ = cheerio.load(await response.text());
  const metaPolicies = $('meta[http-equiv]')
    .toArray()
    .filter((meta) => $(meta).attr('http-equiv')!.toLowerCase() === 'content-security-policy')
    .map((meta) => $(meta).attr('content') ?? '');
  expect(observatoryFindings(headers, metaPolicies), `${path}: what would cost the A+`).toEqual([]);
  // The page's own policy allows exactly its inline scripts (JSON-LD is data, not run).
  const inline = $('script:not([src])')
    .toArray()
    .filter((script) => runsAsJavaScript($(script).attr('type')))
    .map((script) => sha256($(script).text()));
  expect(metaPolicies, `${path}: the page's policy`).toEqual([
    pageContentSecurityPolicy([...new Set(inline)]),
  ]);
  // The policy comes first in <head> after the charset, before anything that loads or runs.
  expect(
    $('head')
      .children()
      .slice(0, 2)
      .toArray()
      .map((element) => `${element.tagName} ${$(element).attr('charset') ?? $(element).attr('http-equiv')}`),
    `${path}: the start of <head>`,
  ).toEqual(['meta utf-8', 'meta Content-Security-Policy']);

  // Scripts come from the site alone (tags, and the list its loader adds after the first paint); the hashed
  // files the page names are cached for good.
  const pageUrl = new URL(path, response.url()).href;
  const origin = new URL(pageUrl).origin;
  const scripts = [
    ...$('script[src]')
      .toArray()
      .map((script) => $(script).attr('src')!),
    ...$('script[data-scripts]')
      .toArray()
      .flatMap((loader) => JSON.parse($(loader).attr('data-scripts')!) as string[]),
  ].map((src) => new URL(src, pageUrl));
  for (const script of scripts) expect(script.origin, `${path}: script ${script.href}`).toBe(origin);
  const linked = $('link[href]')
    .toArray()
    .map((link) => new URL($(link).attr('href')!, pageUrl));
  for (const file of [...scripts, ...linked]) {
    if (file.origin !== origin || !file.pathname.startsWith('/_next/static/')) continue;
    if (checkedAssets.has(file.pathname)) continue;
    checkedAssets.add(file.pathname);
    const asset = await request.get(file.pathname);
    expect(asset.status(), file.pathname).toBe(200);
    expect(asset.headers()['cache-control'], `Cache-Control of ${file.pathname}`).toBe(
      cacheRule('/_next/static/*'),
    );
    expect(compressions, `Content-Encoding of ${file.pathname}`).toContain(
      asset.headers()['content-encoding'],
    );
  }
  expect(scripts.length, `${path}: the page's scripts`).toBeGreaterThan(0);

  // Every purchase is a contract: the copy may promise no long-term contract, never none at all.
  expect($('body').text()).not.toMatch(/ohne Vertrag(?!sbindung)|without (a )?contract|no contract/i);
  expect($('h1'), `${path}: one h1`).toHaveLength(1);
  expect($('title').text(), `${path}: title`).toMatch(/\S/);
  return { $, pageUrl };
}

for (const entry of sitePages) {
  test(`${entry.path}: status, headers, policy, language, heading, toggle and links`, async ({ request }) => {
    const { $, pageUrl } = await readPage(request, entry.path, entry);
    const { lang, counterparts, page } = entry;
    expect($('html').attr('lang')).toBe(lang);
    if (page.kind === 'category') expect($('h1').text()).toBe(copyOf(page.category, lang).h1);
    if (page.kind === 'overview') expect($('h1').text()).toBe(ui[lang].overview.title);
    // The language toggle: one link per other language, to the same page in it.
    for (const counterpart of counterparts) {
      const label = ui[counterpart.lang].language.switchLabel;
      const toggle = $('header a')
        .toArray()
        .filter((link) => $(link).attr('aria-label') === label);
      expect(toggle, `${entry.path}: the toggle to ${counterpart.lang}`).toHaveLength(1);
      expect($(toggle).text()).toBe(ui[counterpart.lang].language.code);
      expect($(toggle).attr('href')).toBe(counterpart.path);
    }
    // The contact link in the header and the four company pages in the footer, at least.
    expect(expectSafeExternalLinks($, pageUrl), `${entry.path}: external links`).toBeGreaterThanOrEqual(5);
  });
}

test(`${UNKNOWN_PATH}: 404, the same checks, and the spec's text and way home`, async ({ request }) => {
  const { $, pageUrl } = await readPage(request, UNKNOWN_PATH, undefined);
  expect($('h1').text()).toBe(specNotFound.heading);
  expect($('body').text()).toContain(specNotFound.text);
  const home = $('a')
    .toArray()
    .filter((link) => $(link).text().trim() === specNotFound.link);
  expect(home.map((link) => $(link).attr('href'))).toEqual(['/']);
  expectSafeExternalLinks($, pageUrl);
  // Kept out of search results, said once: crawlers and SEO tools read two robots tags as a contradiction.
  const robots = $('meta[name="robots"]')
    .toArray()
    .map((tag) => $(tag).attr('content'));
  expect(robots).toHaveLength(1);
  expect(robots[0]).toMatch(/noindex/);
});

test('a page comes with a validator, and asked for again unchanged it costs a 304, not the page', async ({
  request,
}) => {
  const [page] = sitePages;
  const first = await request.get(page!.path);
  const tag = first.headers().etag;
  expect(tag, `${page!.path}: ETag`).toBeTruthy();
  const again = await request.get(page!.path, { headers: { 'If-None-Match': tag! } });
  expect(again.status()).toBe(304);
  expect(await again.body()).toHaveLength(0);
});

test('a page asked for with a trailing slash moves to its one address; the CMS keeps its folder', async ({
  request,
}) => {
  for (const entry of sitePages.filter(({ path }) => path !== '/')) {
    const response = await request.get(`${entry.path}/?utm_source=typed`, { maxRedirects: 0 });
    expect(response.status(), `${entry.path}/`).toBe(308);
    const target = new URL(response.headers().location!, response.url());
    expect(target.pathname + target.search, `${entry.path}/`).toBe(`${entry.path}?utm_source=typed`);
  }
  expect((await request.get(`${UNKNOWN_PATH}/`, { maxRedirects: 0 })).status()).toBe(404);
  // A path that names another host never moves there.
  const [page] = sitePages.filter(({ path }) => path !== '/');
  const sneaky = await request.get(`/%2fevil.example%2f..${page!.path.replaceAll('/', '%2f')}/`, {
    maxRedirects: 0,
  });
  const location = sneaky.headers().location;
  if (location) expect(new URL(location, sneaky.url()).origin).toBe(new URL(sneaky.url()).origin);
  expect((await request.get('/admin/', { maxRedirects: 0 })).status()).toBe(200);
});

test('the CMS opens at /admin as README names it, with its files and kept out of search engines', async ({
  request,
}) => {
  // /admin is a folder: both servers move the address without its slash to the folder, and say noindex on the way.
  const bare = await request.get('/admin?from=readme', { maxRedirects: 0 });
  expect(bare.status(), '/admin').toBe(308);
  const target = new URL(bare.headers().location!, bare.url());
  expect(target.pathname + target.search, '/admin moves to').toBe('/admin/?from=readme');
  expect(bare.headers()['x-robots-tag'], '/admin: X-Robots-Tag').toContain('noindex');
  const page = await request.get('/admin');
  expect(page.status()).toBe(200);
  expect(page.headers()['x-robots-tag'], '/admin/: X-Robots-Tag').toContain('noindex');
  // Some hosts serve the folder's page at /admin itself, without moving it (Netlify with Pretty URLs off, a
  // CloudFront Function that only rewrites): the page's files load from either address.
  const $ = cheerio.load(await page.text());
  const files = [
    ...$('head link[href]')
      .toArray()
      .map((link) => $(link).attr('href')!),
    ...$('head script[src]')
      .toArray()
      .map((script) => $(script).attr('src')!),
  ];
  expect(files.length, 'the CMS page names its files').toBeGreaterThan(0);
  for (const base of ['/admin', '/admin/'])
    for (const file of files) {
      const url = new URL(file, new URL(base, page.url()));
      expect((await request.get(url.href)).status(), `${file} on the page at ${base}`).toBe(200);
    }
});

test('a hashed file that is not there answers 404, and no cache keeps that 404', async ({ request }) => {
  // A page of the previous deploy may ask for a chunk this one lacks; a year-long immutable 404 would keep
  // that browser from the file even once it is back (docs/deployment.md keeps the previous chunks).
  const missing = await request.get('/_next/static/chunks/not-in-this-deploy-0000000000000000.js');
  expect(missing.status()).toBe(404);
  const cacheControl = missing.headers()['cache-control'];
  expect(revalidates(cacheControl), `Cache-Control of the 404: ${cacheControl}`).toBe(true);
});

test('social images get their cache rule and the site headers; the header files are not served', async ({
  request,
}) => {
  const image = fs
    .readdirSync(`${process.env.E2E_OUT ?? 'out'}/og`, { recursive: true, encoding: 'utf8' })
    .find((file) => file.endsWith('.png'));
  const response = await request.get(`/og/${image}`);
  expect(response.status(), `/og/${image}`).toBe(200);
  expect(response.headers()['cache-control']).toBe(cacheRule('/og/*'));
  for (const [name, value] of Object.entries(siteHeaders()))
    expect(response.headers()[name.toLowerCase()], `/og/${image}: ${name}`).toBe(value);
  for (const file of ['/_headers', '/_headers.nginx.conf', '/_headers.cloudfront.json'])
    expect((await request.get(file)).status(), file).toBe(404);
});
