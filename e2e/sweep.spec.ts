/**
 * Every page, visited once, with every check that applies to any page: the
 * status, the language, one h1, the language toggle, the security headers
 * (the HTTP Observatory's rules), cache headers, safe external links, axe
 * (at a phone width too, once per kind of page), and, through the guard of `test`, no CSP
 * violation, console error, uncaught error or third-party request. Pages are
 * grouped so that the groups share the CI machine's cores.
 */
import { createHash } from 'node:crypto';
import type { Page, TestInfo } from '@playwright/test';
import { observatoryFindings, revalidationFindings } from './security-rules';
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

const IMMUTABLE = 'public, max-age=31536000, immutable';

type SweepEntry = { path: string; pageUnderTest?: PageUnderTest };

/**
 * axe runs on every page at the desktop width. At the phone width the layout differs by page kind, not
 * by category (every category page is the same template), so it runs on each kind in each language.
 */
const atPhoneWidth = new Set(
  sitePages.filter(
    (entry, index) =>
      sitePages.findIndex((other) => other.lang === entry.lang && other.page.kind === entry.page.kind) ===
      index,
  ),
);
const GROUP_SIZE = 5;
const groups: SweepEntry[][] = Array.from({ length: Math.ceil(sitePages.length / GROUP_SIZE) }, (_, index) =>
  sitePages.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE).map((pageUnderTest) => ({
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
function inlineScripts(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.scripts]
      .filter(
        (script) =>
          !script.hasAttribute('src') &&
          (script.type === '' || /^((text|application)\/(java|ecma)script|module)$/i.test(script.type)),
      )
      .map((script) => script.text),
  );
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
    const origin = new URL(page.url()).origin;
    const findings = observatoryFindings({
      headers,
      metaPolicies: await page.evaluate(() =>
        [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map(
          (meta) => meta.getAttribute('content') ?? '',
        ),
      ),
      inlineScriptHashes: (await inlineScripts(page)).map(sha256),
      scriptSources: await page.evaluate(() =>
        [...document.scripts].filter((script) => script.src).map((script) => script.src),
      ),
      origin,
    });
    expect(findings, `${path}: what would cost the A+`).toEqual([]);
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
    expect(revalidationFindings(headers), `${path}: Cache-Control`).toEqual([]);

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
    await checkA11y(page, testInfo, pageUnderTest ? 'page' : '404 page');
    if (!pageUnderTest || atPhoneWidth.has(pageUnderTest)) {
      await page.setViewportSize(WIDTHS.mobile);
      await checkA11y(page, testInfo, pageUnderTest ? 'page' : '404 page');
    }
  }

  expect(staticAssets.size, 'hashed assets were loaded').toBeGreaterThan(0);
  for (const [asset, cacheControl] of staticAssets)
    expect(cacheControl, `Cache-Control of ${asset}`).toBe(IMMUTABLE);
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
