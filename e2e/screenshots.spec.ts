import path from 'node:path';
import { expect, test } from '@playwright/test';
import { categoryRoute, treppenlifte, ui } from './support';

const screenshotDir = path.join(__dirname, '..', 'test-results', 'screenshots');

const pages = [
  { name: 'home', path: '/' },
  { name: 'treppenlifte', path: categoryRoute(treppenlifte, 'de') },
];
const widths = [375, 768, 1280];

for (const { name, path: route } of pages) {
  for (const width of widths) {
    test(`${name} at ${width}px: no sideways scrolling, the right navigation, full-page screenshot`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(route);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

      const overflow = await page.evaluate(() => ({
        scrollWidth: document.documentElement.scrollWidth,
        innerWidth: window.innerWidth,
      }));
      expect(overflow.scrollWidth, 'the page is not wider than the window').toBeLessThanOrEqual(overflow.innerWidth);

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
      await expect(page.getByRole('banner').getByRole('button', { name: new RegExp(`^${ui.de.header.cart}`) })).toBeVisible();

      await page.screenshot({ path: path.join(screenshotDir, `${name}-${width}.png`), fullPage: true, animations: 'disabled' });
    });
  }
}
