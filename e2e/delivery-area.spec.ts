import type { Locator, Page, Request, Route } from '@playwright/test';
import {
  cartButton,
  categories,
  categoryRoute,
  checkoutRoute,
  checkA11y,
  copyOf,
  emailField,
  escapeRegExp,
  euros,
  expect,
  fillIn,
  type Lang,
  looseText,
  nameField,
  openCart,
  order,
  orderForm,
  quantityField,
  tabTo,
  test,
  treppenlifte,
  ui,
  mailOrderLink,
} from './support';

const category = treppenlifte;
const langs = ['de', 'en'] as const;
const otherLang: Record<Lang, Lang> = { de: 'en', en: 'de' };

type Kind = 'germany' | 'postcodes' | 'radius' | 'states';

/** The radio of a kind of area, by its label in the page's language. */
function kindRadio(form: Locator, lang: Lang, kind: Kind): Locator {
  const f = ui[lang].orderForm;
  const label = {
    germany: ui[lang].area.germany,
    postcodes: f.areaPostcodes,
    radius: f.areaRadius,
    states: f.areaStates,
  };
  return form.getByRole('radio', { name: label[kind], exact: true });
}

const postcodesField = (form: Locator, lang: Lang) =>
  form.getByRole('textbox', { name: ui[lang].orderForm.postcodesLabel });
const radiusField = (form: Locator, lang: Lang) =>
  form.getByRole('textbox', { name: ui[lang].orderForm.radiusPostcode });
const stateBox = (form: Locator, lang: Lang, code: 'BY' | 'HE' | 'BW') =>
  form.getByRole('checkbox', { name: ui[lang].area.states[code], exact: true });

/** A cart line's name as the cart shows it: the category, then the area in words. */
function lineName(lang: Lang, area: string, name = copyOf(category, lang).name): string {
  return fillIn(ui[lang].cart.line, { name, area });
}

interface AreaCase {
  kind: Kind;
  /** Sets the area in the form, typing as a buyer might. */
  choose: (form: Locator, lang: Lang) => Promise<void>;
  /** The area in the words of a language, from content/. */
  words: (lang: Lang) => string;
}

const areaCases: AreaCase[] = [
  { kind: 'germany', choose: async () => {}, words: (lang) => ui[lang].area.germany },
  {
    kind: 'postcodes',
    choose: async (form, lang) => {
      await kindRadio(form, lang, 'postcodes').check();
      await postcodesField(form, lang).fill('90,80-85');
    },
    // Sorted, with an en dash and a space after each comma, whatever was typed.
    words: (lang) => fillIn(ui[lang].area.postcodes, { list: '80–85, 90' }),
  },
  {
    kind: 'radius',
    choose: async (form, lang) => {
      await kindRadio(form, lang, 'radius').check();
      await radiusField(form, lang).fill('80331');
      await form.getByRole('combobox', { name: ui[lang].orderForm.radiusKm }).selectOption('100');
    },
    words: (lang) => fillIn(ui[lang].area.radius, { km: 100, postcode: '80331' }),
  },
  {
    kind: 'states',
    choose: async (form, lang) => {
      await kindRadio(form, lang, 'states').check();
      await stateBox(form, lang, 'HE').check();
      await stateBox(form, lang, 'BY').check();
    },
    words: (lang) => `${ui[lang].area.states.BY}, ${ui[lang].area.states.HE}`,
  },
];

/** The body of the checkout's e-mail order, with line breaks as spaces. */
async function mailBody(page: Page, lang: Lang): Promise<string> {
  const href = await mailOrderLink(page, lang).getAttribute('href');
  return (new URL(href ?? '').searchParams.get('body') ?? '').replace(/\s+/g, ' ');
}

function countName(lang: Lang, count: number): string {
  return fillIn(ui[lang].header.cartCount, { count });
}

for (const lang of langs) {
  const other = otherLang[lang];

  for (const area of areaCases) {
    test(`${lang}, ${area.kind}: the cart row, the checkout and its e-mail order, a reload and the other language`, async ({
      page,
    }) => {
      await page.goto(categoryRoute(category, lang));
      const form = orderForm(page, lang);
      await area.choose(form, lang);
      await order(page, lang, { quantity: 2 });
      await expect(cartButton(page, lang)).toHaveAccessibleName(countName(lang, 2));
      // The form starts again from all of Germany, as it starts again from one lead.
      await expect(kindRadio(form, lang, 'germany')).toBeChecked();

      const line = lineName(lang, area.words(lang));
      let dialog = await openCart(page, lang);
      const rows = dialog.getByRole('listitem');
      await expect(rows).toHaveCount(1);
      await expect(rows.getByText(line, { exact: true })).toBeVisible();
      await expect(rows.getByRole('status')).toHaveText('2');

      // The checkout's row names the area, and so does the order it sends; no contact data goes with it.
      await dialog.getByRole('link', { name: ui[lang].cart.checkout }).click();
      await expect(page.getByRole('table').first()).toContainText(area.words(lang));
      expect(await mailBody(page, lang)).toContain(`2 × ${line}`);
      for (const typed of ['Erika', 'erika@example.com'])
        expect(await mailBody(page, lang)).not.toContain(typed);

      await page.reload();
      dialog = await openCart(page, lang);
      await expect(dialog.getByRole('listitem').getByText(line, { exact: true })).toBeVisible();

      await page.keyboard.press('Escape');
      await page.getByRole('banner').getByRole('link', { name: ui[other].language.switchLabel }).click();
      await expect(page).toHaveURL(checkoutRoute(other));
      const otherLine = lineName(other, area.words(other));
      await expect(page.getByRole('table').first()).toContainText(area.words(other));
      expect(await mailBody(page, other)).toContain(`2 × ${otherLine}`);
    });
  }

  test(`${lang}: bad areas get a message naming what is wrong, add nothing and keep what was typed`, async ({
    page,
  }) => {
    const errors = ui[lang].orderForm.areaErrors;
    const cases: { input: string; kind: Kind; text: string; message: string }[] = [
      {
        input: '8O331',
        kind: 'postcodes',
        text: '8O331',
        message: fillIn(errors.notDigit, { entry: '8O331', char: 'O' }),
      },
      {
        input: '99–10',
        kind: 'postcodes',
        text: '99–10',
        message: fillIn(errors.descending, { entry: '99–10', fix: '10–99' }),
      },
      { input: '123', kind: 'postcodes', text: '123', message: fillIn(errors.digits, { entry: '123' }) },
      { input: 'a radius without postcode', kind: 'radius', text: '', message: errors.radiusEmpty },
      {
        input: 'radius around 99999',
        kind: 'radius',
        text: '99999',
        message: fillIn(errors.outOfRange, { entry: '99999' }),
      },
      {
        input: 'postcode 00999',
        kind: 'postcodes',
        text: '80, 00999',
        message: fillIn(errors.outOfRange, { entry: '00999' }),
      },
      { input: 'postcode areas left empty', kind: 'postcodes', text: ' ', message: errors.postcodesEmpty },
      { input: 'no state ticked', kind: 'states', text: '', message: errors.statesEmpty },
    ];
    await page.goto(categoryRoute(category, lang));
    const form = orderForm(page, lang);
    const company = form.getByRole('textbox', { name: ui[lang].orderForm.company });
    for (const { input, kind, text, message } of cases) {
      await nameField(form, lang).fill('Erika Mustermann');
      await emailField(form, lang).fill('erika@example.com');
      await company.fill('Lift & Co. KG');
      await quantityField(form, lang).fill('3');
      await kindRadio(form, lang, kind).check();
      const field =
        kind === 'postcodes'
          ? postcodesField(form, lang)
          : kind === 'radius'
            ? radiusField(form, lang)
            : stateBox(form, lang, 'BW');
      if (kind !== 'states') await field.fill(text);
      await form.getByRole('button', { name: ui[lang].orderForm.submit }).click();

      await expect(form.getByText(message, { exact: true }), input).toBeVisible();
      await expect(field, input).toBeFocused();
      await expect(field, input).toHaveAttribute('aria-invalid', 'true');
      await expect(field, input).toHaveAccessibleDescription(looseText(message));
      await expect(nameField(form, lang), input).toHaveValue('Erika Mustermann');
      await expect(emailField(form, lang), input).toHaveValue('erika@example.com');
      await expect(company, input).toHaveValue('Lift & Co. KG');
      await expect(quantityField(form, lang), input).toHaveValue('3');
      if (kind !== 'states') await expect(field, input).toHaveValue(text);
      await expect(cartButton(page, lang), input).toHaveAccessibleName(ui[lang].header.cart);
      await expect(page.getByText(ui[lang].orderForm.toastTitle, { exact: true }), input).toHaveCount(0);
    }
    // Fixing the input clears the message, and the order goes through.
    await kindRadio(form, lang, 'postcodes').check();
    await expect(form.getByText(errors.statesEmpty)).toHaveCount(0);
    await postcodesField(form, lang).fill('80–85');
    await form.getByRole('button', { name: ui[lang].orderForm.submit }).click();
    await expect(cartButton(page, lang)).toHaveAccessibleName(countName(lang, 3));
    await expect(form.getByText(errors.postcodesEmpty)).toHaveCount(0);
    await expect(kindRadio(form, lang, 'germany')).toBeChecked();
  });
}

test('lines of one category with different areas stay apart, in the cart and in the e-mail', async ({
  page,
}) => {
  const lang = 'en';
  await page.goto(categoryRoute(category, lang));
  const form = orderForm(page, lang);
  await areaCases[1]!.choose(form, lang);
  await order(page, lang, { quantity: 1 });
  await areaCases[3]!.choose(form, lang);
  await order(page, lang, { quantity: 1 });
  await order(page, lang, { quantity: 1 });

  const dialog = await openCart(page, lang);
  const postcodes = lineName(lang, areaCases[1]!.words(lang));
  const states = lineName(lang, areaCases[3]!.words(lang));
  const germany = lineName(lang, ui.en.area.germany);
  await expect(dialog.getByRole('listitem')).toHaveText(
    [postcodes, states, germany].map((name) => new RegExp(`^${escapeRegExp(name)}`)),
  );
  await dialog.getByRole('link', { name: ui[lang].cart.checkout }).click();
  const body = await mailBody(page, lang);
  for (const name of [postcodes, states, germany]) expect(body).toContain(`1 × ${name}`);
});

test('every area choice works with the keyboard alone', async ({ page }) => {
  const lang = 'de';
  await page.goto(categoryRoute(category, lang));
  const form = orderForm(page, lang);
  await nameField(form, lang).fill('Erika Mustermann');
  await emailField(form, lang).fill('erika@example.com');

  const germany = kindRadio(form, lang, 'germany');
  await tabTo(page, germany);
  await page.keyboard.press('ArrowRight');
  await expect(kindRadio(form, lang, 'postcodes')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(postcodesField(form, lang)).toBeFocused();
  await page.keyboard.type('80 – 85');

  await page.keyboard.press('Shift+Tab');
  await page.keyboard.press('ArrowRight');
  await expect(kindRadio(form, lang, 'radius')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(radiusField(form, lang)).toBeFocused();
  await page.keyboard.type('80331');
  await page.keyboard.press('Tab');
  const distance = form.getByRole('combobox', { name: ui[lang].orderForm.radiusKm });
  await expect(distance).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(distance).toHaveValue('100');

  await tabTo(page, kindRadio(form, lang, 'radius'), { backwards: true });
  await page.keyboard.press('ArrowRight');
  await expect(kindRadio(form, lang, 'states')).toBeChecked();
  await page.keyboard.press('Tab');
  await expect(stateBox(form, lang, 'BW')).toBeFocused();
  await page.keyboard.press('Space');
  await page.keyboard.press('Tab');
  await expect(stateBox(form, lang, 'BY')).toBeFocused();
  await page.keyboard.press('Space');

  await tabTo(page, form.getByRole('button', { name: ui[lang].orderForm.submit }));
  await page.keyboard.press('Enter');
  await expect(cartButton(page, lang)).toHaveAccessibleName(countName(lang, 1));
  const dialog = await openCart(page, lang);
  await expect(
    dialog.getByText(lineName(lang, `${ui.de.area.states.BW}, ${ui.de.area.states.BY}`), { exact: true }),
  ).toBeVisible();
});

test('a cart stored before areas existed loads with all of Germany, in both languages', async ({ page }) => {
  await page.goto(categoryRoute(category, 'de'));
  await page.evaluate(() =>
    localStorage.setItem(
      'leadwerk-cart',
      JSON.stringify({
        state: {
          items: [
            { id: 'treppenlifte-1700000000000-0', category: 'treppenlifte', exclusive: false, quantity: 2 },
          ],
        },
        version: 1,
      }),
    ),
  );
  for (const lang of langs) {
    await page.goto(categoryRoute(category, lang));
    await expect(cartButton(page, lang)).toHaveAccessibleName(countName(lang, 2));
    const dialog = await openCart(page, lang);
    await expect(dialog.getByText(lineName(lang, ui[lang].area.germany), { exact: true })).toBeVisible();
  }
});

test('an area chosen before the page’s code arrives counts, and nothing is sent meanwhile', async ({
  page,
}) => {
  const held: Route[] = [];
  let release = false;
  await page.route('**/_next/static/**/*.js', (route) =>
    release ? route.continue() : void held.push(route),
  );
  await page.goto(categoryRoute(category, 'de'), { waitUntil: 'domcontentloaded' });
  const requests: Request[] = [];
  page.on('request', (request) => requests.push(request));
  const form = orderForm(page, 'de');
  // The postcode field shows for its choice by CSS alone.
  await expect(postcodesField(form, 'de')).toBeHidden();
  await kindRadio(form, 'de', 'postcodes').check();
  await postcodesField(form, 'de').fill('80-85');
  await postcodesField(form, 'de').press('Enter');
  await nameField(form, 'de').fill('Erika Mustermann');
  await emailField(form, 'de').fill('erika@example.com');
  expect(held.length, 'the page asked for its scripts').toBeGreaterThan(0);
  expect(requests.filter((request) => /80-85|Mustermann/.test(request.url()))).toEqual([]);

  release = true;
  await Promise.all(held.map((route) => route.continue()));
  const submit = form.getByRole('button', { name: ui.de.orderForm.submit });
  await expect(submit).toBeEnabled();
  await expect(kindRadio(form, 'de', 'postcodes')).toBeChecked();
  await submit.click();
  const dialog = await openCart(page, 'de');
  await expect(
    dialog.getByText(lineName('de', fillIn(ui.de.area.postcodes, { list: '80–85' })), { exact: true }),
  ).toBeVisible();
});

test('a browser agent learns about the area fields from the form’s WebMCP annotation', async ({ page }) => {
  await page.goto(categoryRoute(category, 'en'));
  const form = orderForm(page, 'en');
  const f = ui.en.orderForm;
  await expect(form).toHaveAttribute('toolname', 'add_leads_to_cart');
  for (const kind of ['germany', 'postcodes', 'radius', 'states'] as const)
    await expect(kindRadio(form, 'en', kind)).toHaveAttribute(
      'toolparamdescription',
      new RegExp(f.areaLegend),
    );
  await kindRadio(form, 'en', 'postcodes').check();
  await expect(postcodesField(form, 'en')).toHaveAttribute(
    'toolparamdescription',
    looseText(f.postcodesHint),
  );
  await kindRadio(form, 'en', 'states').check();
  await expect(stateBox(form, 'en', 'HE')).toHaveAttribute(
    'toolparamdescription',
    new RegExp(`HE = ${ui.en.area.states.HE}`),
  );
});

test.describe('the first screen of a category page on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test('shows the price per lead and a link that brings the order form into view, in both languages', async ({
    page,
  }) => {
    for (const lang of langs) {
      // The hero's copy decides how far down the price sits: the category with the most of it is the test.
      const longest = (category: (typeof categories)[number]) =>
        copyOf(category, lang).h1.length + copyOf(category, lang).description.length;
      for (const shown of [
        categories.reduce((most, next) => (longest(next) > longest(most) ? next : most)),
      ]) {
        await page.goto(categoryRoute(shown, lang));
        const price = fillIn(ui[lang].category.fromPerLead, { price: euros(shown.price, lang, 0) });
        const where = `${lang} ${shown.id}`;
        await expect(page.getByRole('main').getByText(looseText(price)).first(), where).toBeInViewport({
          ratio: 1,
        });
        await expect(page.getByRole('link', { name: ui[lang].category.orderCta }), where).toBeInViewport({
          ratio: 1,
        });
      }
      await page.getByRole('link', { name: ui[lang].category.orderCta }).click();
      await expect(orderForm(page, lang)).toBeInViewport();
      await expect(nameField(orderForm(page, lang), lang)).toBeInViewport();
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });
    test('the link to the order form is a plain anchor that works', async ({ page }) => {
      await page.goto(categoryRoute(category, 'de'));
      await page.getByRole('link', { name: ui.de.category.orderCta }).click();
      await expect(page).toHaveURL(/#order$/);
      await expect(nameField(orderForm(page, 'de'), 'de')).toBeInViewport();
    });
  });
});

test('on a desktop the order card is beside the hero, and the phone link is not shown', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(categoryRoute(category, 'de'));
  await expect(page.getByRole('link', { name: ui.de.category.orderCta })).toBeHidden();
  await expect(nameField(orderForm(page, 'de'), 'de')).toBeInViewport();
});

for (const lang of langs) {
  test(`${lang}: the area choices, their messages and the cart's order text pass axe`, async ({ page }) => {
    test.setTimeout(120_000); // axe on six states of the page
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(categoryRoute(category, lang));
    const form = orderForm(page, lang);
    await kindRadio(form, lang, 'postcodes').check();
    await postcodesField(form, lang).fill('99–10');
    await order(page, lang, { quantity: 1 });
    await expect(postcodesField(form, lang)).toHaveAttribute('aria-invalid', 'true');
    await checkA11y(page, 'a wrong postcode area');
    await kindRadio(form, lang, 'radius').check();
    await checkA11y(page, 'the radius fields');
    await kindRadio(form, lang, 'states').check();
    await stateBox(form, lang, 'HE').check();
    await checkA11y(page, 'the federal states');
    await order(page, lang, { quantity: 1 });
    await openCart(page, lang);
    await checkA11y(page, 'the cart with its rows');
  });
}
