/**
 * Accessibility of the states a page can be in (DESIGN.md: axe, WCAG 2.2 AA, 0 violations with each dialog
 * open): the cart (empty and with lines), the video dialog (before and after loading the player), the order
 * form with the exclusive note, the toast, the categories menu (desktop) and the mobile menu (375 px), each at
 * a desktop and a phone width. Every kind of page as it loads is checked by `page-kinds.spec.ts`. Nothing is excluded;
 * the only thing axe cannot look into is the YouTube iframe's own document, which is cross-origin and blocked.
 */
import type { Page } from '@playwright/test';
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
  fillIn,
  type Lang,
  openCart,
  order,
  orderForm,
  test,
  treppenlifte,
  ui,
  WIDTHS,
} from './support';

const widths = Object.values(WIDTHS);

/**
 * With a dialog open, the page behind it is out of the accessibility tree: a screen reader's browse mode (its
 * arrow keys, its list of landmarks) cannot leave the dialog for the header, the content or the footer.
 */
async function expectPageBehindHidden(page: Page, lang: Lang) {
  for (const landmark of ['banner', 'main', 'contentinfo'] as const)
    await expect(page.getByRole(landmark)).toHaveCount(0);
  await expect(page.getByRole('link', { name: ui[lang].header.skipLink })).toHaveCount(0);
}

/** Runs axe at each width in turn, on the state the page is in; the state stays as it is. */
async function checkAtEachWidth(page: Page, state: string) {
  for (const size of widths) {
    await page.setViewportSize(size);
    await checkA11y(page, state);
  }
  await page.setViewportSize(WIDTHS.desktop);
}

// The video dialog loads the player after consent; the request fails, as every third-party request does.
test.use({ allowThirdParty: VIDEO_HOST, viewport: WIDTHS.desktop });

// An axe run takes a second or more on a busy 2-core machine, and each test does several.
test.describe.configure({ timeout: 120_000 });

// Each dialog once: the two languages share every component and differ only in copy, which the unit tests and
// the parsed pages check; German is the longer copy and the shop's first language.
for (const lang of ['de'] as const satisfies Lang[]) {
  const dict = ui[lang];
  const home = homePath(lang);

  test(`${lang}: cart dialog (empty) and video dialog (before and after loading)`, async ({ page }) => {
    await page.goto(home);

    await cartButton(page, lang).click();
    const cart = cartDialog(page, lang);
    await expectOpen(cart, lang);
    await expect(cart.getByText(dict.cart.empty)).toBeVisible();
    await expectPageBehindHidden(page, lang);
    await checkAtEachWidth(page, 'cart dialog, empty');
    await cart.getByRole('button', { name: dict.cart.close }).click();
    await expect(cart).toBeHidden();

    await page.getByRole('button', { name: dict.home.hero.watchVideo }).click();
    const video = page.getByRole('dialog', { name: dict.video.title });
    await expectOpen(video, lang, dict.video.title);
    await expect(video.getByText(dict.video.consent)).toBeVisible();
    await expectPageBehindHidden(page, lang);
    await checkAtEachWidth(page, 'video dialog, before loading');

    // The button goes away with the player it loads; focus stays in the dialog, before the player.
    await video.getByRole('button', { name: dict.video.load }).press('Enter');
    await expect(video.locator('iframe')).toHaveAttribute('title', dict.video.title);
    await expect(video.getByRole('button', { name: dict.video.close })).toBeFocused();
    await checkAtEachWidth(page, 'video dialog, player loaded');
  });

  test(`${lang}: order form, toast and cart dialog with lines`, async ({ page }) => {
    await page.goto(categoryPath(treppenlifte, lang));
    const form = orderForm(page, lang);
    await exclusiveBox(form, lang).check();
    await expect(form.getByText(dict.orderForm.exclusiveNote.split('{')[0]!.trim())).toBeVisible();
    await checkAtEachWidth(page, 'order form, exclusive chosen');

    for (const size of widths) {
      await page.setViewportSize(size);
      await order(page, lang, { quantity: 1, exclusive: true });
      // The toast stays while the pointer rests on it (react-hot-toast pauses on hover). Hovering also
      // proves that nothing covers it: on wide screens it once sat under the sticky header.
      const toast = page
        .getByRole('status')
        .filter({ has: page.getByText(dict.orderForm.toastTitle, { exact: true }) });
      await toast.first().hover({ timeout: 10_000 });
      await checkA11y(page, 'toast shown');
    }

    // A reload clears the toasts (each was checked fully shown above; one mid-fade has no settled colour to
    // measure) and keeps the cart, which is stored.
    await page.setViewportSize(WIDTHS.desktop);
    await page.reload();
    const cart = await openCart(page, lang);
    const name = copyOf(treppenlifte, lang).name;
    const line = fillIn(dict.cart.line, {
      name: `${name} ${dict.orderForm.exclusiveSuffix}`,
      area: ui[lang].area.germany,
    });
    // One row for the leads of the same industry, area and kind, with their count.
    await expect(cart.getByText(line, { exact: true })).toHaveCount(1);
    await expect(cart.getByRole('listitem').getByRole('status')).toHaveText(String(widths.length));
    // At the phone width, delivery-area.spec.ts runs axe on the cart with its rows.
    await checkA11y(page, 'cart dialog, with lines');
  });

  test(`${lang}: categories menu (desktop) and mobile menu open`, async ({ page }) => {
    await page.goto(home);
    await page.getByRole('banner').getByRole('button', { name: dict.header.categories }).click();
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    await expect(menu.getByRole('menuitem')).not.toHaveCount(0);
    await checkA11y(page, 'categories menu open');
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden();

    await page.setViewportSize(WIDTHS.mobile);
    const banner = page.getByRole('banner');
    // A native <details>: its <summary> is named by a visually hidden span, so click the summary itself.
    await banner.locator('summary', { hasText: dict.header.menu }).click();
    await expect(banner.getByRole('navigation', { name: dict.header.menu })).toBeVisible();
    await checkA11y(page, 'mobile menu open');
  });
}
