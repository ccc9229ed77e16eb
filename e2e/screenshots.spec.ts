/**
 * Layout at a phone, a tablet and a desktop width: no sideways scrolling, the
 * right navigation for the width. With SCREENSHOTS=1, a full-page screenshot of each goes into
 * `test-results/screenshots/` to look at. Each page is loaded once and resized. Every page's text at 320 px,
 * and the controls in forced colours, are read from the HTML alone, without the page's code.
 */
import path from 'node:path';
import type { Page } from '@playwright/test';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { fill } from '../lib/format';
import { plain } from '../testing/helpers';
import {
  cartButton,
  cartDialog,
  categories,
  categoryRoute,
  copyOf,
  expect,
  expectOpen,
  nameField,
  NOT_FOUND_CONSOLE,
  order,
  orderForm,
  sitePages,
  specNotFound,
  test,
  treppenlifte,
  ui,
  UNKNOWN_PATH,
} from './support';

const screenshotDir = path.join(__dirname, '..', 'test-results', 'screenshots');
const widths = [375, 768, 1280];

async function expectNoSidewaysScrolling(page: Page) {
  const overflow = await page.evaluate(() => ({
    scrollWidth: document.documentElement.scrollWidth,
    innerWidth: window.innerWidth,
  }));
  expect(overflow.scrollWidth, 'the page is not wider than the window').toBeLessThanOrEqual(
    overflow.innerWidth,
  );
}

async function screenshot(page: Page, name: string, fullPage = true) {
  // Taking them costs the gate time and asserts nothing: they are for a person to look at.
  if (!process.env.SCREENSHOTS) return;
  await page.screenshot({ path: path.join(screenshotDir, `${name}.png`), fullPage, animations: 'disabled' });
}

const pages = [
  { name: 'home', path: '/' },
  { name: 'overview', path: '/kategorien' },
  { name: 'treppenlifte', path: categoryRoute(treppenlifte, 'de') },
];

for (const { name, path: route } of pages) {
  test(`${name}: no sideways scrolling and the right navigation at ${widths.join(', ')} px`, async ({
    page,
  }) => {
    await page.goto(route);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expectNoSidewaysScrolling(page);

      // The mobile menu's toggle shows on phones only; the desktop navigation shows from md up.
      const menuToggle = page.getByRole('banner').getByText(ui.de.header.menu, { exact: true });
      const desktopNav = page.getByRole('navigation', { name: ui.de.header.mainNavLabel });
      await expect(menuToggle).toBeVisible({ visible: width < 768 });
      await expect(desktopNav).toBeVisible({ visible: width >= 768 });
      await expect(cartButton(page, 'de')).toBeVisible();
      await screenshot(page, `${name}-${width}`);
    }
  });
}

test(`the open cart: lines, total and checkout inside the window at ${widths.join(', ')} px`, async ({
  page,
}) => {
  await page.goto(categoryRoute(treppenlifte, 'de'));
  await order(page, 'de', { quantity: 2 });
  await order(page, 'de', { quantity: 1, exclusive: true });
  await cartButton(page, 'de').click();
  const dialog = cartDialog(page, 'de');
  await expectOpen(dialog, 'de');
  await expect(dialog.getByRole('listitem')).toHaveCount(2);

  for (const width of widths) {
    await page.setViewportSize({ width, height: 900 });
    // The order toasts are still up: nothing may cover the cart's lines (on phones they once hid the first two).
    for (const line of await dialog.getByRole('listitem').all()) {
      const uncovered = await line
        .getByRole('button')
        .first()
        .evaluate((button) => {
          const { x, y, width: boxWidth, height } = button.getBoundingClientRect();
          const hit = document.elementFromPoint(x + boxWidth / 2, y + height / 2);
          return hit !== null && button.contains(hit);
        });
      expect(uncovered, "the line's first button is on top, not under a toast").toBe(true);
    }

    // Everything needed to check out is reachable without scrolling the page behind the dialog.
    await expect(dialog.getByRole('link', { name: ui.de.cart.checkout })).toBeInViewport();
    const box = await dialog.boundingBox();
    expect(box, 'the dialog has a size').not.toBeNull();
    expect(box!.x).toBeGreaterThanOrEqual(0);
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await screenshot(page, `cart-${width}`, false);
  }
});

test.describe('the 404 page', () => {
  test.use({ expectedConsoleErrors: NOT_FOUND_CONSOLE });

  test(`shows the way home at ${widths.join(', ')} px`, async ({ page }) => {
    const response = await page.goto(UNKNOWN_PATH);
    expect(response?.status()).toBe(404);
    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await expect(page.getByRole('heading', { level: 1, name: specNotFound.heading })).toBeVisible();
      await expect(page.getByRole('link', { name: specNotFound.link })).toBeInViewport();
      await expectNoSidewaysScrolling(page);
      await screenshot(page, `404-${width}`);
    }
  });
});

test.describe('from the HTML alone', () => {
  test.use({ javaScriptEnabled: false });

  // Editors write the words: a German compound („Terrassenüberdachungen“) in a heading is wider than a small phone.
  test('every page fits 320 px, a small phone or 1280 px zoomed to 400 %, without sideways scrolling', async ({
    page,
  }) => {
    await page.setViewportSize({ width: 320, height: 640 });
    const wider: string[] = [];
    for (const { path: route } of sitePages) {
      await page.goto(route);
      const width = await page.evaluate(() => document.documentElement.scrollWidth);
      if (width > 320) wider.push(`${route}: ${width} px`);
    }
    expect(wider, 'pages wider than the window').toEqual([]);
  });

  // Windows high contrast drops backgrounds and box shadows: what draws a button, and a field's focus ring.
  test('every category page prints its prices without the empty order form, each question with its answer', async ({
    page,
  }) => {
    for (const category of categories) {
      await page.goto(categoryRoute(category, 'de'));
      const name = copyOf(category, 'de').name;
      const pdf = await getDocument({ data: new Uint8Array(await page.pdf({ preferCSSPageSize: true })) })
        .promise;
      // Without spaces: a PDF's text breaks at line ends and around ligatures („Bau fi nanzierung“).
      const squash = (text: string) => plain(text).replace(/\s/g, '');
      const sheets: string[] = [];
      for (let number = 1; number <= pdf.numPages; number++) {
        const content = await (await pdf.getPage(number)).getTextContent();
        sheets.push(squash(content.items.map((item) => ('str' in item ? item.str : '')).join('')));
      }
      const all = sheets.join('');
      expect(all, name).toContain(squash(fill(ui.de.category.orderTitle, { category: name })));
      expect(all, name).not.toContain(squash(ui.de.orderForm.submit));
      for (const { question, answer } of ui.de.category.faq.items) {
        const sheet = sheets.find((text) => text.includes(squash(question)));
        expect(sheet, `${name}: ${question}`).toContain(
          squash(fill(answer, { category: name })).slice(0, 30),
        );
      }
    }
  });

  test('in forced colours, buttons keep their outline and a focused field shows it', async ({ page }) => {
    await page.emulateMedia({ forcedColors: 'active' });
    // A phone's width, where the link to the order form shows as a button.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(categoryRoute(treppenlifte, 'de'));
    const form = orderForm(page, 'de');
    for (const control of [
      form.getByRole('button', { name: ui.de.orderForm.submit }),
      page.getByRole('link', { name: ui.de.category.orderCta }),
    ]) {
      const border = await control.evaluate((element) => {
        const style = getComputedStyle(element);
        return `${style.borderTopWidth} ${style.borderTopStyle}`;
      });
      expect(border, (await control.textContent()) ?? '').toBe('1px solid');
    }
    const name = nameField(form, 'de');
    await name.focus();
    expect(await name.evaluate((element) => getComputedStyle(element).outlineStyle)).not.toBe('none');
  });
});
