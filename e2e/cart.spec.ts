import type { Page } from '@playwright/test';
import {
  cartButton,
  cartDialog,
  categoryRoute,
  copyOf,
  euros,
  exclusiveBox,
  expect,
  expectOpen,
  fillIn,
  type Lang,
  looseText,
  nameField,
  openCart,
  order,
  orderForm,
  quantityField,
  test,
  treppenlifte,
  ui,
} from './support';

const category = treppenlifte;

/** The success toast of spec §8, worded per language. */
const toastCopy: Record<Lang, { title: string; description: (quantity: number, name: string) => string }> = {
  de: {
    title: 'Erfolgreich hinzugefügt!',
    description: (quantity, name) => `${quantity} ${name} wurde zum Warenkorb hinzugefügt`,
  },
  en: { title: 'Successfully added!', description: (quantity, name) => `${quantity} ${name} added to cart.` },
};

const exclusiveSuffix: Record<Lang, string> = { de: ' (Exklusiv)', en: ' (Exclusive)' };

function countName(lang: Lang, count: number): string {
  return fillIn(ui[lang].header.cartCount, { count });
}

async function expectCartEmpty(page: Page, lang: Lang) {
  await expect(cartButton(page, lang)).toHaveAccessibleName(ui[lang].header.cart);
  await cartButton(page, lang).click();
  const dialog = cartDialog(page, lang);
  await expectOpen(dialog, lang);
  await expect(dialog.getByText(ui[lang].cart.empty)).toBeVisible();
  await expect(dialog.getByRole('button', { name: ui[lang].cart.checkout })).toBeDisabled();
  await expect(dialog.getByText(euros(0, lang), { exact: true })).toBeVisible();
  await dialog.getByRole('button', { name: ui[lang].cart.close }).click();
  await expect(dialog).toBeHidden();
}

for (const lang of ['de', 'en'] as const) {
  const dict = ui[lang];
  const name = copyOf(category, lang).name;

  test(`full purchase in ${lang}: order, toast, badge, and one row per industry and area with its edits`, async ({
    page,
  }) => {
    await page.goto(categoryRoute(category, lang));
    await order(page, lang, { quantity: 3 });

    await expect(page.getByText(toastCopy[lang].title, { exact: true })).toBeVisible();
    await expect(page.getByText(toastCopy[lang].description(3, name), { exact: true })).toBeVisible();

    const button = cartButton(page, lang);
    await expect(button).toHaveAccessibleName(countName(lang, 3));
    await expect(button.getByText('3', { exact: true })).toBeVisible();

    const form = orderForm(page, lang);
    await expect(quantityField(form, lang)).toHaveValue('1');
    await expect(nameField(form, lang)).toHaveValue('');
    await expect(exclusiveBox(form, lang)).not.toBeChecked();

    await button.click();
    const dialog = cartDialog(page, lang);
    await expectOpen(dialog, lang);
    // One row for the industry, area and kind, with the quantity of all three leads.
    const lines = dialog.getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(name);
    await expect(lines.first()).toContainText(looseText(euros(category.price, lang)));
    const total = (leads: number) => dialog.getByText(euros(leads * category.price, lang), { exact: true });
    await expect(total(3)).toBeVisible();

    // The row is named with its area: all of Germany, as the form had it.
    const line = fillIn(dict.cart.line, { name, area: dict.area.germany });
    await expect(lines.first()).toContainText(line);
    const quantity = lines.first().getByRole('status');
    const increase = dialog.getByRole('button', { name: fillIn(dict.cart.increase, { name: line }) });
    const decrease = dialog.getByRole('button', { name: fillIn(dict.cart.decrease, { name: line }) });
    const remove = dialog.getByRole('button', { name: fillIn(dict.cart.remove, { name: line }) });
    await expect(quantity).toHaveText('3');

    await increase.click();
    await expect(total(4)).toBeVisible();
    await expect(quantity).toHaveText('4');

    await decrease.click();
    await decrease.click();
    await expect(total(2)).toBeVisible();
    await expect(quantity).toHaveText('2');

    // Remove takes the whole row away; Undo puts it back. The dialog's messages go into a live region that is
    // there, empty, before the first one (the first status in the dialog, above the rows' quantities): one that
    // appears only with its message is not read out by every screen reader.
    const messages = dialog.getByRole('status').first();
    await expect(messages).toHaveText('');
    await remove.click();
    await expect(messages).toContainText(fillIn(dict.cart.removed, { name: line }));
    await expect(lines).toHaveCount(0);
    await expect(dialog.getByText(dict.cart.empty)).toBeVisible();
    const undo = dialog.getByRole('button', { name: fillIn(dict.cart.undoLabel, { name: line }) });
    await expect(undo).toBeFocused();
    await undo.click();
    await expect(lines).toHaveCount(1);
    await expect(quantity).toHaveText('2');
    await expect(total(2)).toBeVisible();

    // Minus down to nothing removes the row.
    await decrease.click();
    await expect(quantity).toHaveText('1');
    await decrease.click();
    await expect(lines).toHaveCount(0);
    await expect(dialog.getByText(dict.cart.empty)).toBeVisible();
    await dialog.getByRole('button', { name: dict.cart.close }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toHaveAccessibleName(dict.header.cart);
  });

  test(`exclusive order in ${lang}: 5× price, suffixed name and surcharge note`, async ({ page }) => {
    await page.goto(categoryRoute(category, lang));
    const form = orderForm(page, lang);
    const note = form.getByText(new RegExp(lang === 'de' ? 'Exklusiv-Aufschlag' : 'Exclusive surcharge'));
    await expect(note).toHaveCount(0);

    await quantityField(form, lang).fill('2');
    await exclusiveBox(form, lang).check();
    await expect(note).toBeVisible();
    // Surcharge = 4 × base × quantity (spec §9); total = 5 × base × quantity.
    await expect(note).toContainText(looseText(euros(4 * category.price * 2, lang)));
    await expect(form.getByText(euros(5 * category.price * 2, lang), { exact: true })).toBeVisible();

    await exclusiveBox(form, lang).uncheck();
    await expect(note).toHaveCount(0);
    await expect(form.getByText(euros(category.price * 2, lang), { exact: true })).toBeVisible();

    await order(page, lang, { quantity: 2, exclusive: true });
    const exclusiveName = name + exclusiveSuffix[lang];
    await expect(
      page.getByText(toastCopy[lang].description(2, exclusiveName), { exact: true }),
    ).toBeVisible();

    const dialog = await openCart(page, lang);
    const lines = dialog.getByRole('listitem');
    await expect(lines).toHaveCount(1);
    await expect(lines.first()).toContainText(exclusiveName);
    await expect(lines.first()).toContainText(looseText(euros(5 * category.price, lang)));
    await expect(dialog.getByText(euros(2 * 5 * category.price, lang), { exact: true })).toBeVisible();
  });
}

test('the cart survives a reload and the switch to English, and another tab sees it', async ({
  page,
  context,
}) => {
  await page.goto(categoryRoute(category, 'de'));
  const other = await context.newPage();
  await other.goto('/en');
  await expect(cartButton(other, 'en')).toHaveAccessibleName(ui.en.header.cart);

  await order(page, 'de', { quantity: 3 });
  await expect(cartButton(page, 'de')).toHaveAccessibleName(countName('de', 3));
  // The second tab hears of the change through the storage event.
  await expect(cartButton(other, 'en')).toHaveAccessibleName(countName('en', 3));

  await page.reload();
  await expect(cartButton(page, 'de')).toHaveAccessibleName(countName('de', 3));

  await page.getByRole('banner').getByRole('link').filter({ hasText: /^EN$/ }).click();
  await expect(page).toHaveURL(categoryRoute(category, 'en'));
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  await expect(cartButton(page, 'en')).toHaveAccessibleName(countName('en', 3));
  const dialog = await openCart(page, 'en');
  const lines = dialog.getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(lines).toContainText([copyOf(category, 'en').name]);
  await expect(lines.first().getByRole('status')).toHaveText('3');
  await expect(dialog.getByText(euros(3 * category.price, 'en'), { exact: true })).toBeVisible();

  // A removal in this tab reaches the other one too.
  await dialog
    .getByRole('button', {
      name: fillIn(ui.en.cart.remove, {
        name: fillIn(ui.en.cart.line, { name: copyOf(category, 'en').name, area: ui.en.area.germany }),
      }),
    })
    .click();
  await expect(lines).toHaveCount(0);
  await expect(cartButton(other, 'en')).toHaveAccessibleName(ui.en.header.cart);
});

test('invalid orders add nothing: the browser flags the field and the form keeps what was typed', async ({
  page,
}) => {
  const cases: { label: string; quantity: string; name?: string }[] = [
    { label: 'quantity 0', quantity: '0' },
    { label: 'quantity 101', quantity: '101' },
    { label: 'quantity 2.5', quantity: '2.5' },
    { label: 'a missing name', quantity: '2', name: '' },
  ];
  await page.goto(categoryRoute(category, 'de'));
  const form = orderForm(page, 'de');
  for (const { label, quantity, name } of cases) {
    await nameField(form, 'de').fill(name ?? 'Erika Mustermann');
    await form.getByRole('textbox', { name: ui.de.orderForm.email, exact: true }).fill('erika@example.com');
    await quantityField(form, 'de').fill(quantity);
    await form.getByRole('button', { name: ui.de.orderForm.submit }).click();

    const offending = name === '' ? nameField(form, 'de') : quantityField(form, 'de');
    expect(await offending.evaluate((field: HTMLInputElement) => field.validity.valid), label).toBe(false);
    await expect(quantityField(form, 'de'), label).toHaveValue(quantity);
    await expect(page.getByText(toastCopy.de.title, { exact: true }), label).toHaveCount(0);
  }
  await expectCartEmpty(page, 'de');
  expect(await page.evaluate(() => localStorage.getItem('leadwerk-cart') ?? '')).not.toMatch(/treppenlifte/);
});

test.describe('the cart dialog', () => {
  test('closes with Escape and with its close button, and gives focus back to the cart button', async ({
    page,
  }) => {
    await page.goto(categoryRoute(category, 'de'));
    const button = cartButton(page, 'de');
    const dialog = cartDialog(page, 'de');

    await button.click();
    await expectOpen(dialog, 'de');
    await page.keyboard.press('Escape');
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();

    await button.click();
    await expectOpen(dialog, 'de');
    await dialog.getByRole('button', { name: ui.de.cart.close }).click();
    await expect(dialog).toBeHidden();
    await expect(button).toBeFocused();
  });
});
