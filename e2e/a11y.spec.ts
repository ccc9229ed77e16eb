/**
 * Accessibility gate (DESIGN.md budget: axe, WCAG 2.2 AA, 0 violations on every page and with each
 * dialog open). Runs as its own Playwright project, `axe`:
 *
 *   npx playwright test --project=axe
 *
 * Every page of the site and the 404 page are checked at 1280 px and 375 px, and again with each
 * overlay open: the cart (empty and with lines), the video dialog (before and after loading the
 * player), the categories menu (desktop) and the mobile menu (375 px). Nothing is excluded; the only
 * thing axe cannot look into is the YouTube iframe's own document, which is cross-origin and blocked.
 */
import AxeBuilder from '@axe-core/playwright';
import { test as base, expect, type Page, type TestInfo } from '@playwright/test';
import type { AxeResults, Result } from 'axe-core';
import { allPages, categoryPath, homePath, pagePath } from '../lib/i18n';
import {
  cartButton,
  cartDialog,
  copyOf,
  exclusiveBox,
  expectOpen,
  order,
  orderForm,
  treppenlifte,
  ui,
  type Lang,
} from './support';

/** WCAG 2.0, 2.1 and 2.2, levels A and AA. */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

const WIDTHS = {
  desktop: { width: 1280, height: 900 },
  mobile: { width: 375, height: 812 },
} as const;
type Width = keyof typeof WIDTHS;

/** A path the site does not have: served as 404.html with status 404. */
const UNKNOWN_PATH = '/gibt-es-nicht';

/** Every pre-rendered page (28, from the category table) plus the 404 page. */
const PATHS = [...allPages().map(pagePath), UNKNOWN_PATH];

/** Pages per test: each test visits several, and the groups run in parallel. */
const GROUP_SIZE = 5;
const GROUPS = Array.from({ length: Math.ceil(PATHS.length / GROUP_SIZE) }, (_, index) =>
  PATHS.slice(index * GROUP_SIZE, (index + 1) * GROUP_SIZE),
);

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

function isThirdParty(url: URL): boolean {
  return /^https?:$/.test(url.protocol) && !LOCAL_HOSTS.has(url.hostname);
}

/**
 * Every test runs offline: third-party requests (the YouTube player) are aborted, and the test
 * fails if one got through anyway.
 */
const test = base.extend<{ noThirdParty: void }>({
  noThirdParty: [
    async ({ page }, use) => {
      const leaked: string[] = [];
      page.on('requestfinished', (request) => {
        if (isThirdParty(new URL(request.url()))) leaked.push(request.url());
      });
      await page.route(isThirdParty, (route) => route.abort('blockedbyclient'));
      await use();
      expect(leaked, 'requests that left localhost').toEqual([]);
    },
    { auto: true },
  ],
});

/** One violation as a developer needs it: rule, impact, help, where to read more, and every offending element. */
function formatViolation(violation: Result): string {
  const nodes = violation.nodes.map((node) => {
    const target = node.target
      .map((selector) => (typeof selector === 'string' ? selector : JSON.stringify(selector)))
      .join(' >>> ');
    const summary = (node.failureSummary ?? '')
      .split('\n')
      .map((line) => `        ${line.trim()}`)
      .join('\n');
    return `    - ${target}\n      ${node.html.slice(0, 200)}\n${summary}`;
  });
  return [
    `  ${violation.id} [${violation.impact ?? 'n/a'}]: ${violation.help}`,
    `    ${violation.helpUrl}`,
    ...nodes,
  ].join('\n');
}

/** Waits for running CSS animations and transitions to end, so that axe never sees a half-faded colour. */
async function animationsSettled(page: Page) {
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => Number.isFinite(Number(animation.effect?.getComputedTiming().endTime)))
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
}

/**
 * Runs axe on the page as it is now and records a soft failure listing every violation, so that one
 * test reports all the pages and states it visits.
 */
async function checkA11y(page: Page, testInfo: TestInfo, state: string) {
  await animationsSettled(page);
  // `options()` replaces the builder's options, so it goes first and `withTags()` adds `runOnly` to them.
  // target-size (WCAG 2.2 SC 2.5.8) is off by default in axe-core and is turned on explicitly.
  const results: AxeResults = await new AxeBuilder({ page })
    .options({ rules: { 'target-size': { enabled: true } } })
    .withTags(TAGS)
    .analyze();

  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable].map(
    (rule) => rule.id,
  );
  expect(ran, 'target-size must be part of the run').toContain('target-size');

  const label = `${state} (${new URL(page.url()).pathname}, ${page.viewportSize()?.width} px)`;
  if (results.violations.length > 0) {
    await testInfo.attach(`axe violations – ${label}`, {
      body: JSON.stringify(results.violations, null, 2),
      contentType: 'application/json',
    });
  }
  expect
    .soft(
      results.violations.length,
      `axe found ${results.violations.length} violation(s) on ${label}:\n${results.violations.map(formatViolation).join('\n')}\n`,
    )
    .toBe(0);
}

// An axe run takes a second or more on a busy 2-core machine, and each test does several.
test.describe.configure({ timeout: 120_000 });

for (const width of Object.keys(WIDTHS) as Width[]) {
  test.describe(`at ${WIDTHS[width].width} px`, () => {
    test.use({ viewport: WIDTHS[width] });

    GROUPS.forEach((paths, index) => {
      test(`pages ${index + 1}/${GROUPS.length}: ${paths.join(', ')}`, async ({ page }, testInfo) => {
        for (const path of paths) {
          const response = await page.goto(path);
          expect(response?.status(), path).toBe(path === UNKNOWN_PATH ? 404 : 200);
          await expect(page.locator('h1')).toBeVisible();
          await checkA11y(page, testInfo, path === UNKNOWN_PATH ? '404 page' : 'page');
        }
      });
    });

    for (const lang of ['de', 'en'] as const satisfies Lang[]) {
      const dict = ui[lang];
      const home = homePath(lang);

      test(`${lang}: cart dialog (empty) and video dialog (before and after loading)`, async ({
        page,
      }, testInfo) => {
        await page.goto(home);

        await cartButton(page, lang).click();
        const cart = cartDialog(page, lang);
        await expectOpen(cart, lang);
        await expect(cart.getByText(dict.cart.empty)).toBeVisible();
        await checkA11y(page, testInfo, 'cart dialog, empty');
        await cart.getByRole('button', { name: dict.cart.close }).click();
        await expect(cart).toBeHidden();

        await page.getByRole('button', { name: dict.home.hero.watchVideo }).click();
        const video = page.getByRole('dialog', { name: dict.video.title });
        await expectOpen(video, lang, dict.video.title);
        await expect(video.getByText(dict.video.consent)).toBeVisible();
        await checkA11y(page, testInfo, 'video dialog, before loading');

        await video.getByRole('button', { name: dict.video.load }).click();
        await expect(video.locator('iframe')).toHaveAttribute('title', dict.video.title);
        await checkA11y(page, testInfo, 'video dialog, player loaded');
      });

      test(`${lang}: order form, toast and cart dialog with lines`, async ({ page }, testInfo) => {
        await page.goto(categoryPath(treppenlifte, lang));
        const form = orderForm(page, lang);
        await exclusiveBox(form, lang).check();
        await expect(form.getByText(dict.orderForm.exclusiveNote.split('{')[0]!.trim())).toBeVisible();
        await checkA11y(page, testInfo, 'order form, exclusive chosen');

        await order(page, lang, { quantity: 1, exclusive: true });
        // The toast stays while the pointer rests on it (react-hot-toast pauses on hover). Hovering also
        // proves that nothing covers it: on wide screens it once sat under the sticky header.
        const toast = page
          .getByRole('status')
          .filter({ has: page.getByText(dict.orderForm.toastTitle, { exact: true }) });
        await toast.hover({ timeout: 10_000 });
        await checkA11y(page, testInfo, 'toast shown');

        await order(page, lang, { quantity: 2 });
        // Let the second order's toast run out before opening the cart: a toast mid-fade has no settled colour
        // to measure, and one under a resting pointer pauses. The toast was checked fully shown above.
        const viewport = page.viewportSize()!;
        await page.mouse.move(1, viewport.height - 1);
        await expect(page.locator('[role="status"][aria-live="off"]')).toHaveCount(0, { timeout: 15_000 });
        await cartButton(page, lang).click();
        const cart = cartDialog(page, lang);
        await expectOpen(cart, lang);
        const name = copyOf(treppenlifte, lang).name;
        await expect(
          cart.getByText(`${name}${dict.orderForm.exclusiveSuffix}`, { exact: true }),
        ).toBeVisible();
        await expect(cart.getByText(name, { exact: true })).toHaveCount(2);
        await checkA11y(page, testInfo, 'cart dialog, with lines');
      });

      if (width === 'desktop') {
        test(`${lang}: categories menu open`, async ({ page }, testInfo) => {
          await page.goto(home);
          await page.getByRole('banner').getByRole('button', { name: dict.header.categories }).click();
          const menu = page.getByRole('menu');
          await expect(menu).toBeVisible();
          await expect(menu.getByRole('menuitem')).not.toHaveCount(0);
          await checkA11y(page, testInfo, 'categories menu open');
        });
      } else {
        test(`${lang}: mobile menu open`, async ({ page }, testInfo) => {
          await page.goto(home);
          const banner = page.getByRole('banner');
          // A native <details>: its <summary> is named by a visually hidden span, so click the summary itself.
          await banner.locator('summary', { hasText: dict.header.menu }).click();
          const nav = banner.getByRole('navigation', { name: dict.header.menu });
          await expect(nav).toBeVisible();
          await checkA11y(page, testInfo, 'mobile menu open');
        });
      }
    }
  });
}
