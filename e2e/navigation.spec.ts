/**
 * Moving between the pages of one language without a full load. The policy
 * in force stays the one of the page first loaded (a <meta> policy cannot be
 * replaced or lifted once the browser has read it), so every page reached this
 * way must work under it: the categories menu (its code loads on first use),
 * the header's links, the footer's and the logo, with no CSP violation, and the
 * policy still refuses an injected inline script at the end.
 */
import type { Page } from '@playwright/test';
import {
  categoryById,
  categoryRoute,
  copyOf,
  expect,
  expectInjectedScriptBlocked,
  test,
  ui,
  type Lang,
} from './support';
import { homePath, overviewPath } from '../lib/i18n';

const start = categoryById('treppenlifte');
const fromMenu = categoryById('kanzlei');
const fromFooter = categoryById('photovoltaik');

/** Marks the document; a full load would start a new one without the mark. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __sameDocument?: boolean }).__sameDocument = true;
  });
}

async function expectSameDocument(page: Page, where: string) {
  expect(
    await page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument),
    `${where}: reached without a full load`,
  ).toBe(true);
}

test.describe('client-side navigation', () => {
  // Only the injected script at the end may be refused.
  test.use({ expectedCspViolations: /inline script/ });

  for (const lang of ['de', 'en'] as const satisfies readonly Lang[]) {
    const dict = ui[lang];

    test(`${lang}: menu, header, footer and logo move between pages under the first page's policy`, async ({
      page,
      guard,
    }) => {
      const h1 = page.getByRole('heading', { level: 1 });
      await page.goto(categoryRoute(start, lang));
      await expect(h1).toHaveText(copyOf(start, lang).h1);
      const policy = () =>
        page.evaluate(() =>
          [...document.querySelectorAll('meta[http-equiv="Content-Security-Policy" i]')].map((meta) =>
            meta.getAttribute('content'),
          ),
        );
      const firstPolicy = await policy();
      expect(firstPolicy).toHaveLength(1);
      await markDocument(page);

      // The categories menu, whose code loads on first use.
      const nav = page.getByRole('navigation', { name: dict.header.mainNavLabel });
      await nav.getByRole('button', { name: dict.header.categories }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: copyOf(fromMenu, lang).name, exact: true }).click();
      await expect(page).toHaveURL(categoryRoute(fromMenu, lang));
      await expect(h1).toHaveText(copyOf(fromMenu, lang).h1);
      await expectSameDocument(page, 'the category from the menu');

      // A link of the header's navigation: the prices, on the overview.
      await nav.getByRole('link', { name: dict.header.pricing, exact: true }).click();
      await expect(page).toHaveURL(overviewPath(lang));
      await expect(h1).toHaveText(dict.overview.title);
      await expectSameDocument(page, 'the overview');

      // A category linked in the footer.
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: copyOf(fromFooter, lang).name, exact: true })
        .click();
      await expect(page).toHaveURL(categoryRoute(fromFooter, lang));
      await expect(h1).toHaveText(copyOf(fromFooter, lang).h1);
      await expectSameDocument(page, 'the category from the footer');

      // The logo, home.
      await page.getByRole('banner').getByRole('link', { name: dict.header.homeLabel }).click();
      await expect(page).toHaveURL(homePath(lang));
      await expectSameDocument(page, 'the home page');

      // Nothing the pages did was refused, and the first page's policy is the one still in force.
      expect(await guard.cspEvents(page)).toEqual([]);
      expect(guard.cspConsole).toEqual([]);
      expect(await policy()).toEqual(firstPolicy);
      await expectInjectedScriptBlocked(page, guard);
    });
  }
});
