/**
 * Accessibility of the states a page can be in (DESIGN.md: axe, WCAG 2.2 AA, 0 violations with each dialog
 * open): the cart (empty and with lines), the video dialog (before and after loading the player), the order
 * form with the exclusive note, the toast, the categories menu (desktop) and the mobile menu (375 px), each at
 * a desktop and a phone width. Every page as it loads is checked by `sweep.spec.ts`. Nothing is excluded;
 * the only thing axe cannot look into is the YouTube iframe's own document, which is cross-origin and blocked.
 */
import { categoryPath, homePath } from '../lib/i18n';
import { VIDEO_HOST } from './security-rules';
import {
  cartButton,
  cartDialog,
  checkA11y,
  copyOf,
  exclusiveBox,
  expect,
  expectOpen,
  order,
  orderForm,
  test,
  treppenlifte,
  ui,
  WIDTHS,
  type Lang,
} from './support';

type Width = keyof typeof WIDTHS;

// The video dialog loads the player after consent; the request is aborted, as every third-party request is.
test.use({ allowThirdParty: VIDEO_HOST });

// An axe run takes a second or more on a busy 2-core machine, and each test does several.
test.describe.configure({ timeout: 120_000 });

for (const width of Object.keys(WIDTHS) as Width[]) {
  test.describe(`at ${WIDTHS[width].width} px`, () => {
    test.use({ viewport: WIDTHS[width] });

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
