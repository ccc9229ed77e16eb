import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { cartButton, cartDialog, categoryRoute, expectOpen, order, treppenlifte, ui } from './support';

const screenshotDir = path.join(__dirname, '..', 'test-results', 'screenshots');

const pages = [
  { name: 'home', path: '/' },
  { name: 'overview', path: '/kategorien' },
  { name: 'treppenlifte', path: categoryRoute(treppenlifte, 'de') },
];
const widths = [375, 768, 1280];

for (const { name, path: route } of pages) {
  for (const width of widths) {
    test(`${name} at ${width}px: no sideways scrolling, the right navigation, full-page screenshot`, async ({
      page,
    }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      await expectNoSidewaysScrolling(page);

      // The mobile menu's toggle shows on phones only; the desktop navigation shows from md up.
      const menuToggle = page.getByRole('banner').getByText(ui.de.header.menu, { exact: true });
      const desktopNav = page.getByRole('navigation', { name: ui.de.header.mainNavLabel });
      if (width < 768) {
        await expect(menuToggle).toBeVisible();
        await expect(desktopNav).toBeHidden();
      } else {
        await expect(menuToggle).toBeHidden();
        await expect(desktopNav).toBeVisible();
      }
      await expect(
        page.getByRole('banner').getByRole('button', { name: new RegExp(`^${ui.de.header.cart}`) }),
      ).toBeVisible();

      await page.screenshot({
        path: path.join(screenshotDir, `${name}-${width}.png`),
        fullPage: true,
        animations: 'disabled',
      });
    });
  }
}

async function expectNoSidewaysScrolling(page: Page) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(overflow.scrollWidth, 'the page is not wider than the window').toBeLessThanOrEqual(
    overflow.innerWidth,
  );
}

for (const width of widths) {
  test(`the open cart at ${width}px: lines, total and checkout inside the window, screenshot`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(categoryRoute(treppenlifte, 'de'));
    await order(page, 'de', { quantity: 2 });
    await order(page, 'de', { quantity: 1, exclusive: true });
    await cartButton(page, 'de').click();
    const dialog = cartDialog(page, 'de');
    await expectOpen(dialog, 'de');
    await expect(dialog.getByRole('listitem')).toHaveCount(3);

    // The order toasts are still up: nothing may cover the cart's lines (on phones they once hid the first two).
    for (const line of await dialog.getByRole('listitem').all()) {
      const uncovered = await line
        .getByRole('button')
        .first()
        .evaluate((button) => {
          const { x, y, width, height } = button.getBoundingClientRect();
          const hit = document.elementFromPoint(x + width / 2, y + height / 2);
          return hit !== null && button.contains(hit);
        });
      expect(uncovered, "the line's first button is on top, not under a toast").toBe(true);
    }

    // Everything needed to check out is reachable without scrolling the page behind the dialog.
    const checkout = dialog.getByRole('button', { name: ui.de.cart.checkout });
    await expect(checkout).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box, 'the dialog has a size').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);

    await page.screenshot({ path: path.join(screenshotDir, `cart-${width}.png`), animations: 'disabled' });
  });

  test(`the 404 page at ${width}px: the way home is visible, screenshot`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const response = await page.goto('/gibt-es-nicht');
    expect(response?.status()).toBe(404);
    await expect(page.getByRole('heading', { level: 1, name: '404' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Return to Home' })).toBeInViewport();
    await expectNoSidewaysScrolling(page);
    await page.screenshot({
      path: path.join(screenshotDir, `404-${width}.png`),
      fullPage: true,
      animations: 'disabled',
    });
  });
}
