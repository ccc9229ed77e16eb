/**
 * Security and privacy as a visitor meets them, beyond what every page is checked for in
 * e2e/site.spec.ts (the headers, the page's policy) and page-kinds.spec.ts (no CSP violation on load) and what every test's
 * guard checks (no CSP violation, error or third-party request while the site is used): the policy
 * is enforced, no cookies and no contact data are kept, and hostile input stays inert.
 */
import type { Locator, Page } from '@playwright/test';
import {
  expectInjectedScriptBlocked,
  cartButton,
  cartDialog,
  categoryById,
  categoryRoute,
  copyOf,
  emailField,
  euros,
  expectOpen,
  fillIn,
  looseText,
  nameField,
  order,
  orderForm,
  quantityField,
  exclusiveBox,
  expect,
  test,
  treppenlifte,
  type Guard,
  ui,
  type Category,
  type Lang,
} from './support';

/** The storage key and format DESIGN.md and the issue name: cart lines only, with a version number. */
const CART_KEY = 'leadwerk-cart';
// ---------------------------------------------------------------------------------------------
// The policy is enforced, not only sent
// ---------------------------------------------------------------------------------------------

test.describe('the policy', () => {
  test.use({ expectedCspViolations: /inline script/ });

  test('refuses and reports an injected inline script', async ({ page, guard }) => {
    await page.goto(categoryRoute(treppenlifte, 'de'));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expectInjectedScriptBlocked(page, guard);
  });
});

// ---------------------------------------------------------------------------------------------
// 2: privacy — no cookies, storage holds cart lines only, the form says nothing is sent
// ---------------------------------------------------------------------------------------------

const contact = {
  name: 'Quirinus Zwoelfhaupt',
  email: 'quirinus.zwoelfhaupt@beispiel-mail.example',
  company: 'Zwoelfhaupt Sondermaschinen KG',
  phone: '+49 30 4711 0815 2342',
  message: 'Rueckruf bitte nach 17 Uhr wegen Quastenflosser',
};

/** Every key and value in localStorage and sessionStorage. */
async function storageDump(page: Page) {
  return page.evaluate(() => {
    const dump = (storage: Storage) =>
      Object.fromEntries(
        Array.from({ length: storage.length }, (_, index) => storage.key(index)!).map((key) => [
          key,
          storage.getItem(key),
        ]),
      );
    return { local: dump(localStorage), session: dump(sessionStorage) };
  });
}

function expectNoContactData(dump: unknown, where: string) {
  const text = JSON.stringify(dump).toLowerCase();
  const needles = [
    ...Object.values(contact),
    'Quirinus',
    'Zwoelfhaupt',
    'Quastenflosser',
    '4711 0815',
    '47110815',
  ];
  for (const needle of needles) {
    expect(text.includes(needle.toLowerCase()), `${where}: storage holds "${needle}"`).toBe(false);
  }
}

async function fillContact(form: Locator, lang: Lang, values: typeof contact) {
  const dict = ui[lang].orderForm;
  await nameField(form, lang).fill(values.name);
  await emailField(form, lang).fill(values.email);
  await form.getByRole('textbox', { name: dict.company, exact: true }).fill(values.company);
  await form.getByRole('textbox', { name: dict.phone, exact: true }).fill(values.phone);
  await form.getByRole('textbox', { name: dict.message, exact: true }).fill(values.message);
}

test.describe('privacy', () => {
  test('after a full purchase there are no cookies and storage holds only cart lines, never contact data', async ({
    page,
    guard,
    context,
  }) => {
    const dict = ui.de;
    const name = fillIn(dict.cart.line, {
      name: `${copyOf(treppenlifte, 'de').name} ${dict.orderForm.exclusiveSuffix}`,
      area: dict.area.germany,
    });
    await page.goto(categoryRoute(treppenlifte, 'de'));

    const form = orderForm(page, 'de');
    await fillContact(form, 'de', contact);
    await quantityField(form, 'de').fill('2');
    await exclusiveBox(form, 'de').check();
    await form.getByRole('button', { name: dict.orderForm.submit }).click();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 2 }));
    await expect(nameField(form, 'de')).toHaveValue('');

    await cartButton(page, 'de').click();
    const dialog = cartDialog(page, 'de');
    await expectOpen(dialog, 'de');
    await dialog.getByRole('button', { name: fillIn(dict.cart.increase, { name }) }).click();
    await dialog.getByRole('button', { name: fillIn(dict.cart.decrease, { name }) }).click();
    await expect(dialog.getByRole('listitem')).toHaveCount(1);
    await expect(dialog.getByText(euros(2 * 5 * treppenlifte.price, 'de'), { exact: true })).toBeVisible();
    await dialog.getByRole('button', { name: dict.cart.close }).click();
    await expect(dialog).toBeHidden();

    expect(await context.cookies()).toEqual([]);
    expect(await page.evaluate(() => document.cookie)).toBe('');

    const dump = await storageDump(page);
    expect(Object.keys(dump.local)).toEqual([CART_KEY]);
    expectNoContactData(dump, 'after the purchase');
    const stored = JSON.parse(dump.local[CART_KEY]!) as {
      state: { items: Record<string, unknown>[] };
      version: unknown;
    };
    expect(Object.keys(stored).sort()).toEqual(['state', 'version']);
    expect(Object.keys(stored.state)).toEqual(['items']);
    expect(typeof stored.version).toBe('number');
    // One line per ordered lead, as the order form added them; the delivery area as a code without words.
    const line = {
      id: expect.stringMatching(/^treppenlifte-/),
      category: treppenlifte.id,
      exclusive: true,
      area: 'germany',
      quantity: 1,
    };
    expect(stored.state.items).toEqual([line, line]);
    for (const item of stored.state.items)
      expect(Object.keys(item).sort()).toEqual(['area', 'category', 'exclusive', 'id', 'quantity']);

    // A reload brings the cart back, but not a single typed character.
    await page.reload();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(fillIn(dict.header.cartCount, { count: 2 }));
    for (const field of ['name', 'email', 'company', 'phone', 'message'] as const) {
      await expect(form.getByRole('textbox', { name: dict.orderForm[field], exact: true })).toHaveValue('');
    }
    expectNoContactData(await storageDump(page), 'after a reload');
    expect(await context.cookies()).toEqual([]);
    expect(guard.thirdParty).toEqual([]);
  });

  for (const lang of ['de', 'en'] as const) {
    test(`${lang}: the order form shows its note that nothing typed is sent`, async ({ page }) => {
      const note = ui[lang].orderForm.privacyNote;
      await page.goto(categoryRoute(treppenlifte, lang));
      const form = orderForm(page, lang);
      await expect(form.getByText(note, { exact: true })).toBeVisible();
    });
  }
});

// ---------------------------------------------------------------------------------------------
// 3: hostile input in the form
// ---------------------------------------------------------------------------------------------

const payloads = [
  '<img src=x onerror="window.__pwned=1">',
  '<script>window.__pwned=1</script>',
  '"><svg onload=window.__pwned=1>',
];

/** What an injection would leave behind in the document. */
async function injectionTraces(page: Page) {
  return page.evaluate(() => ({
    pwned: (window as unknown as { __pwned?: unknown }).__pwned,
    imgX: document.querySelectorAll('img[src="x"]').length,
    svgWithHandler: document.querySelectorAll('svg[onload]').length,
    pwnScripts: [...document.scripts].filter((script) => script.text.includes('__pwned')).length,
    handlerAttributes: [...document.querySelectorAll('*')].flatMap((element) =>
      [...element.attributes]
        .filter((attribute) => /^on/i.test(attribute.name))
        .map((attribute) => `${element.tagName} ${attribute.name}`),
    ),
  }));
}

const clean = { pwned: undefined, imgX: 0, svgWithHandler: 0, pwnScripts: 0, handlerAttributes: [] };

test('markup typed into every field stays text: nothing runs, nothing is injected, the cart shows the category name', async ({
  page,
  guard,
}) => {
  const dict = ui.de;
  const name = copyOf(treppenlifte, 'de').name;
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  const strayRequests: string[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/x') strayRequests.push(request.url());
  });

  await page.goto(categoryRoute(treppenlifte, 'de'));
  const form = orderForm(page, 'de');
  for (const [index, payload] of payloads.entries()) {
    await fillContact(form, 'de', {
      name: payload,
      email: `pentest${index}@example.com`,
      company: payload,
      phone: payload,
      message: payload,
    });
    await form.getByRole('button', { name: dict.orderForm.submit }).click();
    await expect(cartButton(page, 'de')).toHaveAccessibleName(
      fillIn(dict.header.cartCount, { count: index + 1 }),
    );
    await expect(
      page.getByText(fillIn(dict.orderForm.toastDescription, { quantity: 1, name }), { exact: true }).first(),
    ).toBeVisible();
    await expect(nameField(form, 'de')).toHaveValue('');
    expect(await injectionTraces(page), `after submitting ${payload}`).toEqual(clean);
  }

  await cartButton(page, 'de').click();
  const cart = cartDialog(page, 'de');
  await expectOpen(cart, 'de');
  // One row: every order was for the same industry, area and kind.
  const lines = cart.getByRole('listitem');
  await expect(lines).toHaveCount(1);
  await expect(
    lines.getByText(fillIn(dict.cart.line, { name, area: dict.area.germany }), { exact: true }),
  ).toBeVisible();
  await expect(lines.getByRole('status')).toHaveText(String(payloads.length));
  for (const payload of payloads) await expect(cart).not.toContainText(payload);
  await expect(
    cart.getByText(euros(payloads.length * treppenlifte.price, 'de'), { exact: true }),
  ).toBeVisible();

  expect(await injectionTraces(page)).toEqual(clean);
  expect(dialogs, 'no dialog fired').toEqual([]);
  expect(strayRequests, 'no injected <img src=x> was requested').toEqual([]);
  expect(guard.pageErrors).toEqual([]);
  expect(await guard.cspEvents(page)).toEqual([]);
});

// ---------------------------------------------------------------------------------------------
// 3: a hand-edited cart in localStorage
// ---------------------------------------------------------------------------------------------

const photovoltaik = categoryById('photovoltaik');
const coaching = categoryById('coaching');
const kanzlei = categoryById('kanzlei');

/** A stored line of all of Germany's leads, not exclusive, with `extra` fields over it. */
function storedLine(category: Category, quantity: number, extra: Record<string, unknown> = {}) {
  return {
    id: `${category.id}-1700000000000-${quantity}`,
    category: category.id,
    exclusive: false,
    quantity,
    ...extra,
  };
}

function storedCart(items: unknown, version: unknown = 1): string {
  return JSON.stringify({ state: { items }, version });
}

/** A line that must survive; none is exclusive (the 5× price is a cart rule, tested in jest). */
interface Survivor {
  category: Category;
  quantity: number;
  /** The area in German words; all of Germany when not given (and for every line of a version-1 cart). */
  area?: string;
}

interface TamperCase {
  title: string;
  raw: string;
  /** The lines that must survive, priced from the category table. */
  survivors: Survivor[];
}

// Every shape of junk (wrong types, huge, negative or fractional quantities, stored prices, unknown or
// look-alike categories, corrupt JSON) is a rule of the cart, tested in __tests__/cart-rules.test.ts and
// cart-store.test.ts. These three reach the page through real storage: markup that must stay text, areas
// shown in words, and a value too large to be a cart.
const tamperCases: TamperCase[] = [
  {
    title: 'markup in a stored id',
    raw: storedCart([
      {
        id: '<img src=x onerror="window.__pwned=1">',
        category: treppenlifte.id,
        exclusive: false,
        quantity: 1,
      },
      {
        id: '"><svg onload=window.__pwned=1>',
        category: '<script>window.__pwned=1</script>',
        exclusive: false,
        quantity: 1,
      },
    ]),
    survivors: [{ category: treppenlifte, quantity: 1 }],
  },
  {
    title: 'areas that are no codes',
    raw: storedCart(
      [
        storedLine(treppenlifte, 1, { area: '<img src=x onerror="window.__pwned=1">' }),
        storedLine(kanzlei, 1, { area: 'postcodes:90,80' }),
        storedLine(photovoltaik, 1, { area: 'radius:80331:30' }),
        storedLine(treppenlifte, 2),
        storedLine(coaching, 1, { area: 'states:BY' }),
      ],
      2,
    ),
    survivors: [{ category: coaching, quantity: 1, area: ui.de.area.states.BY }],
  },
  {
    title: '1 MB of junk',
    raw: '%§junk\u0000<b>'.repeat((1024 * 1024) / 8).slice(0, 1024 * 1024),
    survivors: [],
  },
];

/** The total the category table gives for the surviving lines, in euros. */
function tableTotal(survivors: Survivor[]): number {
  return survivors.reduce((sum, line) => sum + line.category.price * line.quantity, 0);
}

async function expectSaneNumbers(region: Locator) {
  await expect(region).not.toContainText('NaN');
  await expect(region).not.toContainText('Infinity');
  await expect(region).not.toContainText('undefined');
  // No negative amount, whether written with a hyphen or a minus sign, before or after the € sign.
  await expect(region).not.toContainText(/[-−]\s*€?\s*\d/);
}

/**
 * Puts a hand-edited value into storage, loads the page, and checks what the shop made of it: only the
 * valid lines, priced from the category table, and a shop that still works on top of them.
 */
async function checkTampered(page: Page, guard: Guard, tamper: TamperCase) {
  const dict = ui.de;
  await page.evaluate(({ key, raw }) => localStorage.setItem(key, raw), { key: CART_KEY, raw: tamper.raw });
  await page.reload();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(copyOf(treppenlifte, 'de').h1);

  const count = tamper.survivors.reduce((sum, line) => sum + line.quantity, 0);
  const header = page.getByRole('banner');
  await expect(cartButton(page, 'de')).toHaveAccessibleName(
    count === 0 ? dict.header.cart : fillIn(dict.header.cartCount, { count }),
  );

  await expectSaneNumbers(header);

  await cartButton(page, 'de').click();
  const dialog = cartDialog(page, 'de');
  await expectOpen(dialog, 'de');
  const expected = tableTotal(tamper.survivors);
  await expect(dialog.getByText(euros(expected, 'de'), { exact: true })).toBeVisible();
  if (tamper.survivors.length === 0) {
    await expect(dialog.getByText(dict.cart.empty)).toBeVisible();
  } else {
    const lines = dialog.getByRole('listitem');
    await expect(lines).toHaveCount(tamper.survivors.length);
    for (const [index, survivor] of tamper.survivors.entries()) {
      const lineName = fillIn(dict.cart.line, {
        name: copyOf(survivor.category, 'de').name,
        area: survivor.area ?? dict.area.germany,
      });
      const unit = survivor.category.price;
      const line = lines.nth(index);
      await expect(line.getByText(lineName, { exact: true })).toBeVisible();
      await expect(line).toContainText(looseText(fillIn(dict.cart.unitPrice, { price: euros(unit, 'de') })));
      await expect(line.getByRole('group', { name: `${dict.cart.quantity}: ${lineName}` })).toContainText(
        String(survivor.quantity),
      );
    }
  }
  await expectSaneNumbers(dialog);
  await dialog.getByRole('button', { name: dict.cart.close }).click();
  await expect(dialog).toBeHidden();

  // The shop still works on top of whatever survived.
  await order(page, 'de', { quantity: 1 });
  await expect(cartButton(page, 'de')).toHaveAccessibleName(
    fillIn(dict.header.cartCount, { count: count + 1 }),
  );
  await expectSaneNumbers(header);
  await cartButton(page, 'de').click();
  await expectOpen(dialog, 'de');
  await expect(dialog.getByText(euros(expected + treppenlifte.price, 'de'), { exact: true })).toBeVisible();
  await expectSaneNumbers(dialog);

  // What is stored now is a clean cart, and a reload shows the same.
  const stored = JSON.parse((await storageDump(page)).local[CART_KEY] ?? 'null') as {
    state: { items: unknown[] };
  } | null;
  expect(stored?.state.items).toHaveLength(tamper.survivors.length + 1);
  await page.reload();
  await expect(cartButton(page, 'de')).toHaveAccessibleName(
    fillIn(dict.header.cartCount, { count: count + 1 }),
  );

  expect(await page.evaluate(() => (window as unknown as { __pwned?: unknown }).__pwned)).toBeUndefined();
  expect(guard.pageErrors).toEqual([]);
  expect(await guard.cspEvents(page)).toEqual([]);
}

test(`a hand-edited cart in localStorage: ${tamperCases.map((tamper) => tamper.title).join(', ')}: only valid lines at table prices`, async ({
  page,
  guard,
}) => {
  test.setTimeout(60_000);
  await page.goto(categoryRoute(treppenlifte, 'de'));
  for (const tamper of tamperCases) {
    await test.step(tamper.title, () => checkTampered(page, guard, tamper));
  }
});
