/**
 * The Lighthouse categories whose result does not depend on the machine's speed: accessibility, best
 * practices, SEO, and the agentic llms.txt audit, each at 100 on each kind of page (home, overview, the
 * category page and the checkout, the languages spread over them). Performance is timed, so `npm run bench` measures it.
 */
import { expect, test } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { getCategories } from '../lib/content';
import { categoryPath, checkoutPath, homePath, overviewPath } from '../lib/i18n';

const first = getCategories()[0]!;
/** One page of each kind; the languages share every template, and English runs on the overview. */
const pages = [homePath('de'), overviewPath('en'), categoryPath(first, 'de'), checkoutPath('de')];
/**
 * The checkout asks search engines not to index it (a cart is nobody else's business), which is the one SEO
 * audit it must fail: it is checked to fail there, and every other audit to pass.
 */
const noindex = new Set([checkoutPath('de')]);
const categories = ['accessibility', 'best-practices', 'seo', 'agents'];

const config = {
  extends: 'lighthouse:default',
  artifacts: [{ id: 'LlmsTxt', gatherer: 'agentic/llms-txt' }],
  audits: ['agentic/llms-txt'],
  categories: { agents: { title: 'Agents', auditRefs: [{ id: 'llms-txt', weight: 1 }] } },
  // The full-page screenshot only illustrates a report, which nobody reads here: 1.5 s less per page.
  settings: { onlyCategories: categories, disableFullPageScreenshot: true },
};

// The four pages spread over the workers like every other test, and each worker starts one Chromium for the pages
// it gets. Run one after another in one worker, they were the e2e gate's last 45 s, with half the machine idle.

let chrome: chromeLauncher.LaunchedChrome | undefined;

test.beforeAll(async ({ launchOptions }) => {
  // The Chromium and flags of playwright.config.ts; without one, chrome-launcher finds an installed Chrome.
  chrome = await chromeLauncher.launch({
    chromePath: launchOptions.executablePath,
    chromeFlags: ['--headless=new', ...(launchOptions.args ?? [])],
  });
});

test.afterAll(async () => {
  await chrome?.kill();
});

for (const pathname of pages) {
  test(`${pathname} scores 100 in ${categories.join(', ')}`, async ({ baseURL }) => {
    test.setTimeout(120_000);
    // Lighthouse is an ES module; the test files are compiled to CommonJS.
    const { default: lighthouse } = await import('lighthouse');
    // A run that failed to record the page (NO_NAVSTART and the like) is run again, twice at most.
    let lhr: NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'] | undefined;
    for (let attempt = 0; attempt < 3 && !lhr; attempt += 1) {
      const result = await lighthouse(
        `${baseURL}${pathname}`,
        { port: chrome!.port, logLevel: 'error' },
        config,
      );
      if (!result?.lhr.runtimeError || attempt === 2) lhr = result?.lhr;
    }
    expect(lhr?.runtimeError, 'Lighthouse could not load the page').toBeUndefined();
    if (!lhr) throw new Error(`Lighthouse returned no result for ${pathname}`);
    const expectedToFail = noindex.has(pathname) ? ['is-crawlable'] : [];
    const below = categories.flatMap((category) => {
      const { score, auditRefs } = lhr.categories[category]!;
      const failing = auditRefs
        .map((ref) => lhr.audits[ref.id]!)
        .filter(
          (audit) =>
            audit.score !== null &&
            audit.score < 1 &&
            audit.scoreDisplayMode !== 'informative' &&
            !expectedToFail.includes(audit.id),
        );
      if (failing.length === 0 && (score === 1 || expectedToFail.length > 0)) return [];
      return [
        `${category} ${Math.round((score ?? 0) * 100)}: ${failing.map((audit) => audit.id).join(', ')}`,
      ];
    });
    expect(below).toEqual([]);
    for (const id of expectedToFail) expect(lhr.audits[id]?.score, `${id} on ${pathname}`).toBe(0);
  });
}
