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
  fillBilling,
  fillIn,
  type Lang,
  looseText,
  nameField,
  openCart,
  order,
  orderForm,
  tabTo,
  test,
  treppenlifte,
  ui,
  mailOrderLink,
} from './support';
import { german } from '../testing/buyers';
import { plain } from '../testing/helpers';

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
  // Only an order that may go is in the link: complete details, the declaration ticked.
  await expect(mailOrderLink(page, lang)).toHaveAttribute('href', /^mailto:/);
  const href = await mailOrderLink(page, lang).getAttribute('href');
  return (new URL(href ?? '').searchParams.get('body') ?? '').replace(/\s+/g, ' ');
}

function countName(lang: Lang, count: number): string {
  return fillIn(ui[lang].header.cartCount, { count });
}

/*
 * One journey per language through the area choices as a buyer uses them, at a phone's width: a wrong area
 * and its message, then one order for each kind of area, the cart's rows kept apart by area, the checkout and
 * its e-mail order, a reload and the other language; axe on each panel, the message and the cart. The rules
 * under it (each kind's wording, every bad area's message, a cart from before areas, the WebMCP annotation)
 * are units in __tests__/area-form.test.tsx and area.test.ts.
 */
for (const lang of langs) {
  const other = otherLang[lang];

  test(`${lang}: orders for each kind of area, in the cart, the checkout and its e-mail order, after a reload and in the other language`, async ({
    page,
  }) => {
    // The journey takes the steps of five short tests (four kinds of area and a bad one), so it has their time.
    test.setTimeout(150_000);
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(categoryRoute(category, lang));
    const form = orderForm(page, lang);
    const [germany, postcodes, radius, states] = areaCases as [AreaCase, AreaCase, AreaCase, AreaCase];

    const message = fillIn(ui[lang].orderForm.areaErrors.descending, { entry: '99–10', fix: '10–99' });
    // axe sees each panel before any order: a toast of a later order would lie over the form.
    await test.step('a wrong postcode area is named and adds nothing; the area panels pass axe', async () => {
      await kindRadio(form, lang, 'postcodes').check();
      await postcodesField(form, lang).fill('99–10');
      await order(page, lang, { quantity: 1 });
      await expect(form.getByText(message, { exact: true })).toBeVisible();
      await expect(postcodesField(form, lang)).toHaveAttribute('aria-invalid', 'true');
      await expect(postcodesField(form, lang)).toBeFocused();
      await expect(cartButton(page, lang)).toHaveAccessibleName(ui[lang].header.cart);
      await checkA11y(page, 'a wrong postcode area');

      await kindRadio(form, lang, 'radius').check();
      // Choosing again clears the message.
      await expect(form.getByText(message, { exact: true })).toHaveCount(0);
      await checkA11y(page, 'the radius fields');
      await kindRadio(form, lang, 'states').check();
      await stateBox(form, lang, 'HE').check();
      await checkA11y(page, 'the federal states');
    });

    await test.step('one order for each kind of area; the form starts again from all of Germany', async () => {
      let count = 0;
      for (const [area, quantity] of [
        [postcodes, 2],
        [radius, 1],
        [states, 1],
        [germany, 1],
      ] as const) {
        await area.choose(form, lang);
        await order(page, lang, { quantity });
        count += quantity;
        await expect(cartButton(page, lang)).toHaveAccessibleName(countName(lang, count));
        await expect(kindRadio(form, lang, 'germany')).toBeChecked();
      }
    });

    const line = (area: AreaCase, shown: Lang) => lineName(shown, area.words(shown));
    const ordered = [postcodes, radius, states, germany];

    /** The checkout of a language names each area in its table and its e-mail order; gives the order's body. */
    async function checkoutNamesAreas(shown: Lang): Promise<string> {
      await expect(page).toHaveURL(checkoutRoute(shown));
      for (const area of ordered)
        await expect(page.getByRole('table').first()).toContainText(area.words(shown));
      // The body's spaces are made plain (a no-break space too, as in "100 km"), and so are the words.
      const body = await mailBody(page, shown);
      expect(body).toContain(plain(`2 × ${line(postcodes, shown)}`));
      for (const area of [radius, states, germany]) expect(body).toContain(plain(`1 × ${line(area, shown)}`));
      return body;
    }

    await test.step('the cart keeps one row per area, each named in words', async () => {
      const dialog = await openCart(page, lang);
      const rows = dialog.getByRole('listitem');
      await expect(rows).toHaveText(ordered.map((area) => new RegExp(`^${escapeRegExp(line(area, lang))}`)));
      await expect(rows.first().getByRole('status')).toHaveText('2');
      await checkA11y(page, 'the cart with its rows');
      await dialog.getByRole('link', { name: ui[lang].cart.checkout }).click();
    });

    await test.step('the checkout and its e-mail order name each area; no contact data goes with it', async () => {
      // Billing details that share no word with the order form's contact data; kept for the other language too.
      await fillBilling(page, lang, { ...german, name: 'Jonas Beispiel' });
      const body = await checkoutNamesAreas(lang);
      for (const typed of ['Erika', 'erika@example.com']) expect(body).not.toContain(typed);
    });

    await test.step('a reload and the other language keep the areas', async () => {
      await page.reload();
      const dialog = await openCart(page, lang);
      for (const area of ordered)
        await expect(dialog.getByRole('listitem').getByText(line(area, lang), { exact: true })).toBeVisible();
      await page.keyboard.press('Escape');

      await page.getByRole('banner').getByRole('link', { name: ui[other].language.switchLabel }).click();
      await checkoutNamesAreas(other);
    });
  });
}

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
