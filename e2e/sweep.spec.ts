/**
 * Every page, visited once, with every check that applies to any page: the
 * status, the language, one h1, the language toggle, the headers of
 * config/security-headers.ts and the HTTP Observatory's rules, the page's own
 * script policy, cache headers, safe external links, axe
 * (at a phone width too, once per kind of page), and, through the guard of `test`, no CSP
 * violation, console error, uncaught error or third-party request. Pages are
 * grouped so that the groups share the CI machine's cores. The nginx project of
 * playwright.config.ts runs the same file against nginx with deploy/nginx.conf.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import type { Page, TestInfo } from '@playwright/test';
import { cacheRules, pageContentSecurityPolicy, revalidate } from '../config/security-headers';
import { siteHeaders } from '../scripts/lib/host-headers';
import { runsAsJavaScript } from '../scripts/lib/page-policy';
import { fixtureCategory } from '../testing/fixture-category';
import { observatoryFindings, revalidates } from './security-rules';
import {
  checkA11y,
  copyOf,
  expect,
  NOT_FOUND_CONSOLE,
  sitePages,
  specNotFound,
  specPaths,
  test,
  ui,
  UNKNOWN_PATH,
  WIDTHS,
  type Guard,
  type PageUnderTest,
} from './support';

const cacheRule = (pattern: string) => cacheRules.find((rule) => rule.pattern === pattern)!.value;

type SweepEntry = { path: string; pageUnderTest?: PageUnderTest };

/**
 * The fixture gate sweeps a site with one category more, added as data only: the pages that category
 * changes, its own and those that list every category. The e2e gate sweeps the main site's pages.
 */
const isFixture = (entry: PageUnderTest) =>
  entry.page.kind === 'category' && entry.page.category.id === fixtureCategory.id;
const fixtureSite = sitePages.some(isFixture);
const swept = fixtureSite
  ? sitePages.filter((entry) => entry.page.kind !== 'category' || isFixture(entry))
  : sitePages;
/**
 * axe runs on every page at the desktop width. At the phone width the layout differs by page kind, not
 * by category (every category page is the same template), so it runs on each kind in each language (on
 * the fixture site, on the new category's pages).
 */
const atPhoneWidth = new Set(
  fixtureSite
    ? swept.filter(isFixture)
    : swept.filter(
        (entry, index) =>
          swept.findIndex((other) => other.lang === entry.lang && other.page.kind === entry.page.kind) ===
          index,
      ),
);
const GROUP_SIZE = 5;
const groups: SweepEntry[][] = Array.from({ length: Math.ceil(swept.length / GROUP_SIZE) }, (_, index) =>
  swept.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE).map((pageUnderTest) => ({
    path: pageUnderTest.path,
    pageUnderTest,
  })),
);

test('the site has every page of the spec', () => {
  expect(sitePages.map((entry) => entry.path)).toEqual(expect.arrayContaining([...specPaths]));
});

/** Every link that leaves the site (a new tab or another host) must carry noopener and noreferrer. */
async function expectSafeExternalLinks(page: Page, where: string) {
  const links = await page.evaluate(() =>
    [...document.querySelectorAll<HTMLAnchorElement>('a[href]')]
      .filter(
        (link) =>
          link.target === '_blank' || (/^https?:$/.test(link.protocol) && link.origin !== location.origin),
      )
      .map((link) => ({ href: link.href, rel: link.rel.split(/\s+/).filter(Boolean) })),
  );
  for (const link of links) {
    expect(link.rel, `${where}: rel of ${link.href}`).toEqual(
      expect.arrayContaining(['noopener', 'noreferrer']),
    );
  }
  return links.length;
}

/** The text of each inline script the browser runs (JSON-LD is data, not run), as it hashes them for CSP. */
async function inlineScripts(page: Page): Promise<string[]> {
  const scripts = await page.evaluate(() =>
    [...document.scripts]
      .filter((script) => !script.hasAttribute('src'))
      .map((script) => ({ type: script.getAttribute('type') ?? undefined, text: script.text })),
  );
  return scripts.filter((script) => runsAsJavaScript(script.type)).map((script) => script.text);
}

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('base64');

/** Visits the pages one after the other in one tab and checks each, as the file's comment lists. */
async function sweep(page: Page, guard: Guard, testInfo: TestInfo, group: SweepEntry[]) {
  const staticAssets = new Map<string, string>();
  page.on('response', (response) => {
    const url = new URL(response.url());
    if (url.pathname.startsWith('/_next/static/')) {
      staticAssets.set(url.pathname, response.headers()['cache-control'] ?? '(none)');
    }
  });
  for (const { path, pageUnderTest } of group) {
    await page.setViewportSize(WIDTHS.desktop);
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(pageUnderTest ? 200 : 404);
    const headers = await response!.allHeaders();
    for (const [name, value] of Object.entries(siteHeaders()))
      expect(headers[name.toLowerCase()], `${path}: ${name}`).toBe(value);
    const metaPolicies = await page.evaluate(() =>
      [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map(
        (meta) => meta.getAttribute('content') ?? '',
      ),
    );
    expect(observatoryFindings(headers, metaPolicies), `${path}: what would cost the A+`).toEqual([]);
    // The page's own policy allows exactly its inline scripts, and scripts come from the site alone.
    const hashes = [...new Set((await inlineScripts(page)).map(sha256))];
    expect(metaPolicies, `${path}: the page's policy`).toEqual([pageContentSecurityPolicy(hashes)]);
    const origin = new URL(page.url()).origin;
    for (const source of await page.evaluate(() => [...document.scripts].map((script) => script.src)))
      if (source) expect(new URL(source).origin, `${path}: script ${source}`).toBe(origin);
    // The page's policy comes first in <head> after the charset, before anything that loads or runs.
    expect(
      await page.evaluate(() =>
        [...document.head.children]
          .slice(0, 2)
          .map(
            (element) =>
              `${element.localName} ${element.getAttribute('charset') ?? element.getAttribute('http-equiv')}`,
          ),
      ),
      `${path}: the start of <head>`,
    ).toEqual(['meta utf-8', 'meta Content-Security-Policy']);
    expect(headers['cache-control'], `${path}: Cache-Control`).toBe(revalidate);
    expect(revalidates(revalidate), 'pages are revalidated on every use').toBe(true);

    // Every purchase is a contract: the copy may promise no long-term contract, never none at all.
    await expect(page.locator('body')).not.toContainText(
      /ohne Vertrag(?!sbindung)|without (a )?contract|no contract/i,
    );

    const h1 = page.getByRole('heading', { level: 1 });
    await expect(h1).toHaveCount(1);
    await expect(h1).toBeVisible();
    await expect(page).toHaveTitle(/\S/);

    if (pageUnderTest) {
      const { lang, counterparts, page: sitePage } = pageUnderTest;
      await expect(page.locator('html')).toHaveAttribute('lang', lang);
      if (sitePage.kind === 'category') await expect(h1).toHaveText(copyOf(sitePage.category, lang).h1);
      if (sitePage.kind === 'overview') await expect(h1).toHaveText(ui[lang].overview.title);
      // The language toggle: one link per other language, to the same page in it.
      for (const counterpart of counterparts) {
        const toggle = page
          .getByRole('banner')
          .getByRole('link', { name: ui[counterpart.lang].language.switchLabel, exact: true });
        await expect(toggle).toHaveText(ui[counterpart.lang].language.code);
        await expect(toggle).toHaveAttribute('href', counterpart.path);
      }
      // The contact link in the header and the four company pages in the footer, at least.
      expect(await expectSafeExternalLinks(page, path), `${path}: external links`).toBeGreaterThanOrEqual(5);
    } else {
      await expect(h1).toHaveText(specNotFound.heading);
      await expect(page.getByRole('link', { name: specNotFound.link })).toHaveAttribute('href', '/');
      await expectSafeExternalLinks(page, path);
    }

    expect(await guard.cspEvents(page), `securitypolicyviolation events on ${path}`).toEqual([]);
    // nginx serves the same files byte for byte, so its project checks what the server adds; axe runs once.
    if (testInfo.project.name === 'nginx') continue;
    await checkA11y(page, pageUnderTest ? 'page' : '404 page');
    if (!pageUnderTest || atPhoneWidth.has(pageUnderTest)) {
      await page.setViewportSize(WIDTHS.mobile);
      await checkA11y(page, pageUnderTest ? 'page' : '404 page');
    }
  }

  expect(staticAssets.size, 'hashed assets were loaded').toBeGreaterThan(0);
  for (const [asset, cacheControl] of staticAssets)
    expect(cacheControl, `Cache-Control of ${asset}`).toBe(cacheRule('/_next/static/*'));
}

groups.forEach((group, index) => {
  test(`pages ${index + 1}/${groups.length}: ${group.map((entry) => entry.path).join(', ')}`, async ({
    page,
    guard,
  }, testInfo) => {
    test.setTimeout(120_000);
    await sweep(page, guard, testInfo, group);
  });
});

test.describe('the 404 page', () => {
  // The browser reports the 404 status of the document, and the page logs the unknown path (spec §2).
  test.use({ expectedConsoleErrors: NOT_FOUND_CONSOLE });

  test(`${UNKNOWN_PATH}: the same checks, and the spec's text`, async ({ page, guard }, testInfo) => {
    const logged: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') logged.push(message.text());
    });
    await sweep(page, guard, testInfo, [{ path: UNKNOWN_PATH }]);
    await expect(page.getByText(specNotFound.text)).toBeVisible();
    expect(
      logged.some((text) => text.includes(UNKNOWN_PATH)),
      'the unknown path is logged',
    ).toBe(true);
  });
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
