import type { Locator, Page } from '@playwright/test';
import {
  cartButton,
  cartDialog,
  categories,
  categoryRoute,
  checkoutRoute,
  copyOf,
  emailField,
  euros,
  exclusiveBox,
  expect,
  fillIn,
  nameField,
  orderForm,
  quantityField,
  restoreCheckout,
  tabTo,
  test,
  treppenlifte,
  ui,
} from './support';

const dict = ui.de;
const category = treppenlifte;
const name = copyOf(category, 'de').name;

/** True when keyboard focus is on the element or inside it. */
function holdsFocus(locator: Locator) {
  return locator.evaluate((element) => element.contains(document.activeElement));
}

test('the whole purchase works with the keyboard alone', async ({ page }) => {
  await page.goto(categoryRoute(category, 'de'));

  // The first Tab reaches the skip link; following it puts focus into the main content.
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Zum Inhalt springen' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeVisible();
  await page.keyboard.press('Enter');
  await expect(page.getByRole('main')).toBeFocused();

  const form = orderForm(page, 'de');
  await tabTo(page, nameField(form, 'de'));
  await page.keyboard.type('Erika Mustermann');
  await page.keyboard.press('Tab');
  await expect(emailField(form, 'de')).toBeFocused();
  await page.keyboard.type('erika@example.com');

  const quantity = quantityField(form, 'de');
  await tabTo(page, quantity);
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('ArrowUp');
  await expect(quantity).toHaveValue('3');

  const exclusive = exclusiveBox(form, 'de');
  await tabTo(page, exclusive);
  await page.keyboard.press('Space');
  await expect(exclusive).toBeChecked();
  await expect(form.getByText(/Exklusiv-Aufschlag/)).toBeVisible();

  const submit = form.getByRole('button', { name: dict.orderForm.submit });
  await tabTo(page, submit);
  await page.keyboard.press('Enter');
  const exclusiveName = `${name} (Exklusiv)`;
  await expect(
    page.getByText(`3 ${exclusiveName} wurde zum Warenkorb hinzugefügt`, { exact: true }),
  ).toBeVisible();
  await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 3 }));
  // After the order, focus stays where the keyboard user was.
  await expect(submit).toBeFocused();

  const button = cartButton(page, 'de');
  await tabTo(page, button, { backwards: true });
  await page.keyboard.press('Enter');
  const dialog = cartDialog(page, 'de');
  await expect(dialog.getByRole('heading', { name: dict.cart.title })).toBeVisible();
  await expect.poll(() => holdsFocus(dialog)).toBe(true);

  const unit = 5 * category.price;
  const exclusiveLine = fillIn(dict.cart.line, { name: exclusiveName, area: dict.area.germany });
  const increase = dialog
    .getByRole('button', { name: fillIn(dict.cart.increase, { name: exclusiveLine }) })
    .first();
  await tabTo(page, increase);
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(euros(4 * unit, 'de'), { exact: true })).toBeVisible();
  const decrease = dialog
    .getByRole('button', { name: fillIn(dict.cart.decrease, { name: exclusiveLine }) })
    .first();
  await tabTo(page, decrease, { backwards: true });
  await page.keyboard.press('Enter');
  await expect(dialog.getByText(euros(3 * unit, 'de'), { exact: true })).toBeVisible();

  // Tab stays trapped inside the open dialog.
  for (let press = 0; press < 12; press += 1) {
    await page.keyboard.press('Tab');
    expect(await holdsFocus(dialog)).toBe(true);
  }

  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  await expect(button).toBeFocused();
});

async function activeItem(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const id = document.activeElement?.getAttribute('aria-activedescendant');
    return id ? (document.getElementById(id)?.textContent?.trim() ?? null) : null;
  });
}

test('the categories menu works with Enter, the arrow keys and Escape', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const menuButton = page.getByRole('banner').getByRole('button', { name: dict.header.categories });
  const menu = page.getByRole('menu');
  const first = copyOf(categories[0]!, 'de').name;
  const second = copyOf(categories[1]!, 'de').name;

  await tabTo(page, menuButton);
  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  await expect(menu.getByRole('menuitem')).toHaveCount(categories.length + 1);
  await expect.poll(() => holdsFocus(menu)).toBe(true);
  await expect.poll(() => activeItem(page)).toBe(first);

  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeItem(page)).toBe(second);
  await page.keyboard.press('ArrowUp');
  await expect.poll(() => activeItem(page)).toBe(first);
  await page.keyboard.press('End');
  await expect.poll(() => activeItem(page)).toBe(dict.header.allCategories);

  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();

  // ArrowDown opens it too; Enter follows the active item.
  await page.keyboard.press('ArrowDown');
  await expect(menu).toBeVisible();
  await expect.poll(() => activeItem(page)).toBe(first);
  await page.keyboard.press('ArrowDown');
  await expect.poll(() => activeItem(page)).toBe(second);
  await page.keyboard.press('Enter');
  await expect(page).toHaveURL(categoryRoute(categories[1]!, 'de'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(categories[1]!, 'de').h1);
  await expect(menu).toBeHidden();
});

test('ArrowDown on the untouched menu button opens the menu at the first category', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/en');
  const menuButton = page.getByRole('banner').getByRole('button', { name: ui.en.header.categories });
  await tabTo(page, menuButton);
  await page.keyboard.press('ArrowDown');
  const menu = page.getByRole('menu');
  await expect(menu).toBeVisible();
  await expect.poll(() => activeItem(page)).toBe(copyOf(categories[0]!, 'en').name);
  for (const item of categories) {
    await expect(menu.getByRole('menuitem', { name: copyOf(item, 'en').name, exact: true })).toHaveAttribute(
      'href',
      categoryRoute(item, 'en'),
    );
  }
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await expect(menuButton).toBeFocused();
});

test('the mobile menu closes on Escape, and when focus moves on past its last link', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/');
  const banner = page.getByRole('banner');
  const toggle = banner.locator('summary', { hasText: dict.header.menu });
  const menu = banner.getByRole('navigation', { name: dict.header.menu });

  // Until the page's code runs only the toggle closes it: try until Escape does.
  await expect(async () => {
    await toggle.focus();
    if (!(await menu.isVisible())) await page.keyboard.press('Enter');
    await expect(menu).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(menu).toBeHidden({ timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
  await expect(toggle).toBeFocused();

  await page.keyboard.press('Enter');
  await expect(menu).toBeVisible();
  const links = await menu.getByRole('link').count();
  for (let press = 0; press < links; press += 1) {
    await page.keyboard.press('Tab');
    await expect.poll(() => holdsFocus(menu)).toBe(true);
  }
  await page.keyboard.press('Tab');
  await expect(menu).toBeHidden();
  // Focus went on to what follows the menu, and that is on the screen, not behind the menu.
  const outsideMenu = () =>
    page.evaluate(() => {
      const focused = document.activeElement;
      return !!focused && focused !== document.body && !focused.closest('details');
    });
  await expect.poll(outsideMenu).toBe(true);
  await expect(page.locator(':focus')).toBeInViewport();
});

test.describe('with smooth scrolling, as most visitors have it', () => {
  test.use({ reducedMotion: 'no-preference' });

  test('a button pressed while the page still scrolls to it shows the problems where focus goes', async ({
    page,
  }) => {
    await page.goto(checkoutRoute('de'));
    await restoreCheckout(page, [
      { id: 'treppenlifte-1-0', category: treppenlifte.id, exclusive: false, area: 'germany', quantity: 3 },
    ]);
    const quoteButton = page.getByRole('button', { name: dict.checkout.quoteButton });
    // The details are empty; focus on the button scrolls the page down to it, smoothly, and Enter comes at once.
    await quoteButton.focus();
    await page.keyboard.press('Enter');
    const problems = page.getByRole('group', { name: dict.checkout.errors.summary });
    await expect(problems).toBeFocused();
    // Once the page has stopped moving (two frames at the same place), the list is on the screen.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = Number.NaN;
          const frame = () => {
            if (window.scrollY === last) resolve();
            else {
              last = window.scrollY;
              requestAnimationFrame(frame);
            }
          };
          requestAnimationFrame(frame);
        }),
    );
    await expect(problems).toBeInViewport();
  });
});
