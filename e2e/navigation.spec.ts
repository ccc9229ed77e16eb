/**
 * Moving between the pages of one language by the menu, the header's links,
 * the footer's and the logo. The links are plain links: each page arrives
 * whole, under its own policy, and nothing it does is refused. The
 * categories menu's code loads on first use, and its links work like the rest.
 */
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

test.describe('navigation between pages', () => {
  // Only the injected script at the end may be refused.
  test.use({ expectedCspViolations: /inline script/ });

  for (const lang of ['de', 'en'] as const satisfies readonly Lang[]) {
    const dict = ui[lang];

    test(`${lang}: menu, header, footer and logo lead to their pages, each under its own policy`, async ({
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
      expect(await policy()).toHaveLength(1);

      // The categories menu, whose code loads on first use.
      const nav = page.getByRole('navigation', { name: dict.header.mainNavLabel });
      await nav.getByRole('button', { name: dict.header.categories }).click();
      const menu = page.getByRole('menu');
      await expect(menu).toBeVisible();
      await menu.getByRole('menuitem', { name: copyOf(fromMenu, lang).name, exact: true }).click();
      await expect(page).toHaveURL(categoryRoute(fromMenu, lang));
      await expect(h1).toHaveText(copyOf(fromMenu, lang).h1);

      // A link of the header's navigation: the prices, on the overview.
      await nav.getByRole('link', { name: dict.header.pricing, exact: true }).click();
      await expect(page).toHaveURL(overviewPath(lang));
      await expect(h1).toHaveText(dict.overview.title);

      // A category linked in the footer.
      await page
        .getByRole('contentinfo')
        .getByRole('link', { name: copyOf(fromFooter, lang).name, exact: true })
        .click();
      await expect(page).toHaveURL(categoryRoute(fromFooter, lang));
      await expect(h1).toHaveText(copyOf(fromFooter, lang).h1);

      // The logo, home.
      await page.getByRole('banner').getByRole('link', { name: dict.header.homeLabel }).click();
      await expect(page).toHaveURL(homePath(lang));
      await expect(h1).toBeVisible();

      // Nothing the pages did was refused, and the last page carries its own policy.
      expect(await guard.cspEvents(page)).toEqual([]);
      expect(guard.cspConsole).toEqual([]);
      expect(await policy()).toHaveLength(1);
      await expectInjectedScriptBlocked(page, guard);
    });
  }
});
