/**
 * The checkout in Chromium, for what only a browser shows: one journey per language from the cart to an
 * order the service takes (focus, storage across a reload and a change of language, the clipboard, the
 * service down, printing), the quote printed with ten rows, the details in two tabs, and the page without
 * JavaScript. The rules under it are units in `__tests__/checkout-page.test.tsx` and
 * `__tests__/checkout-store.test.ts`. Prices, the VAT rate, the seller's facts and every text come from `content/`.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Locator, Page, Request } from '@playwright/test';
import type { BuyerField } from '../lib/checkout/buyer';
import { getSite } from '../lib/content';
import { centsAsText, plain } from '../testing/helpers';
import { fill } from '../lib/format';
import { contact, german } from '../testing/buyers';
import {
  billingField,
  businessDeclaration,
  cartButton,
  categories,
  categoryRoute,
  checkA11y,
  checkoutRoute,
  euros,
  looseText,
  copyOf,
  expect,
  fillBilling,
  fillIn,
  mailOrderLink,
  restoreCheckout,
  openCart,
  order,
  test,
  treppenlifte,
  ui,
  type BillingInput,
  type Lang,
} from './support';

const site = getSite();
/** An amount in cents as the page shows it, whatever the spaces. */
const amount = (cents: number, lang: Lang) => looseText(euros(cents / 100, lang));
const langs = ['de', 'en'] as const;
const otherLang: Record<Lang, Lang> = { de: 'en', en: 'de' };
const rate = site.facts.vatRate;

test.use({ permissions: ['clipboard-read', 'clipboard-write'] });

/** Two leads and one exclusive lead of the first category, ordered on its page; then the cart's way to the checkout. */
async function fillCartAndCheckOut(page: Page, lang: Lang) {
  await page.goto(categoryRoute(treppenlifte, lang));
  await order(page, lang, { quantity: 2 });
  await order(page, lang, { quantity: 1, exclusive: true });
  const dialog = await openCart(page, lang);
  await dialog.getByRole('link', { name: ui[lang].cart.checkout }).click();
  await expect(page).toHaveURL(checkoutRoute(lang));
  await expect(billingField(page, lang, 'company')).toBeVisible();
  return 7 * treppenlifte.price * 100;
}

/** The binding order's main button: it sends the order to the order service (see `mailOrderLink`). */
const orderButton = (page: Page, lang: Lang) =>
  page.getByRole('button', { name: ui[lang].checkout.send.button, exact: true });

/** The e-mail order's address, subject and body (line breaks as spaces). */
async function mailOf(page: Page, lang: Lang): Promise<{ to: string; subject: string; body: string }> {
  const mail = new URL((await mailOrderLink(page, lang).getAttribute('href')) ?? '');
  return {
    to: mail.pathname,
    subject: mail.searchParams.get('subject') ?? '',
    body: plain(mail.searchParams.get('body')),
  };
}

const quoteOf = (page: Page, lang: Lang) =>
  page.getByRole('article', { name: ui[lang].checkout.quote.heading });

/** The order service's answer to the page's order. */
async function sendAndAnswer(
  page: Page,
  lang: Lang,
): Promise<{ status: number; orderNumber: string; gross: number }> {
  const [response] = await Promise.all([
    page.waitForResponse(
      (response) => response.url().endsWith('/api/orders') && response.request().method() === 'POST',
    ),
    orderButton(page, lang).click(),
  ]);
  const body = (await response.json()) as { orderNumber: string; gross: number };
  return { status: response.status(), ...body };
}

/*
 * One journey per language, as a buyer goes: the cart, billing details that survive a reload and a change of
 * language, the quote, the order copied, the order service down and then up, the confirmation printed. The
 * rules under it (VAT by country, every bad input, forgetting the details, the e-mail's text, the empty
 * cart) are units in __tests__/checkout-page.test.tsx and the lib tests.
 */
for (const lang of langs) {
  const dict = ui[lang].checkout;
  const other = otherLang[lang];

  test.describe(() => {
    // The browser reports each failed request in the console: here they are what the journey makes happen
    // while the service is down or its answer lost. Any other failure of /api/orders fails the journey.
    test.use({
      expectedConsoleErrors:
        /Failed to load resource: (net::ERR_CONNECTION_(REFUSED|RESET)|the server responded with a status of 502)/,
    });

    test(`${lang}: from the cart through billing details and the quote to an order the service takes`, async ({
      page,
    }) => {
      // The journey takes the steps of five short tests, so it has their time together.
      test.setTimeout(150_000);
      const net = await fillCartAndCheckOut(page, lang);
      const gross = net + Math.round((net * rate) / 100);

      await test.step('details and cart survive a reload and a change of language', async () => {
        const half: BillingInput = {
          company: contact.company,
          name: contact.name,
          country: 'AT',
          vatId: 'ATU13585627',
        };
        await fillBilling(page, lang, half);
        await page.reload();
        for (const [field, value] of Object.entries(half) as [BuyerField, string][])
          await expect(billingField(page, lang, field)).toHaveValue(value);
        // The declaration to order as a business is kept with them.
        await expect(businessDeclaration(page, lang)).toBeChecked();

        await page.getByRole('banner').getByRole('link', { name: ui[other].language.switchLabel }).click();
        await expect(page).toHaveURL(checkoutRoute(other));
        for (const [field, value] of Object.entries(half) as [BuyerField, string][])
          await expect(billingField(page, other, field)).toHaveValue(value);
        await expect(businessDeclaration(page, other)).toBeChecked();
        await expect(page.getByRole('table').first()).toContainText(copyOf(treppenlifte, other).name);
        await expect(page.getByText(ui[other].checkout.vatNotes.reverseCharge).first()).toBeVisible();
        expect(await page.evaluate(() => Object.keys(localStorage))).toContain('leadwerk-checkout');

        await page.getByRole('banner').getByRole('link', { name: ui[lang].language.switchLabel }).click();
        await expect(page).toHaveURL(checkoutRoute(lang));
        await expect(billingField(page, lang, 'vatId')).toHaveValue(half.vatId!);
      });

      await test.step('a wrong VAT ID, then the quote at once: the press is not lost to the message that appears', async () => {
        await fillBilling(page, lang, { ...german, vatId: '' });
        // Freshly opened, with the details kept: no field has been left yet.
        await page.reload();
        const vatId = billingField(page, lang, 'vatId');
        await vatId.fill('ATU1234567');
        await expect(vatId).not.toHaveAttribute('aria-invalid');
        // Leaving the field shows its problem, three lines above the button, as the button is pressed.
        await page.getByRole('button', { name: dict.quoteButton }).click();
        const problems = page.getByRole('group', { name: dict.errors.summary });
        await expect(problems).toBeFocused();
        await expect(problems.getByRole('link')).toHaveCount(1);
      });

      const number = await test.step('the quote, on screen and by axe', async () => {
        await fillBilling(page, lang, { ...german, vatId: '' });
        await expect(page.getByTestId('checkout-gross')).toHaveText(amount(gross, lang));
        await page.getByRole('button', { name: dict.quoteButton }).click();
        const quote = quoteOf(page, lang);
        await expect(quote).toBeFocused();
        await expect(quote).toContainText(amount(gross, lang));
        await checkA11y(page, 'the checkout with its quote');
        return (await quote.getByText(/^AN-\d{8}-\w{6}$/).textContent()) ?? '';
      });

      await test.step('without the declaration to order as a business, nothing is ordered, and the buyer is told', async () => {
        const declaration = businessDeclaration(page, lang);
        await declaration.uncheck();
        const posts: string[] = [];
        const recordPost = (request: Request) => {
          if (request.url().endsWith('/api/orders')) posts.push(request.method());
        };
        page.on('request', recordPost);
        await expect(orderButton(page, lang)).toHaveAccessibleDescription(dict.send.declareFirst);
        await orderButton(page, lang).click();
        // Focus goes to the box, which says why, also to a screen reader.
        await expect(declaration).toBeFocused();
        await expect(declaration).toHaveAccessibleDescription(dict.errors.business);
        await expect(page.getByText(dict.errors.business, { exact: true })).toBeVisible();
        // Ticked from where the focus is, and the page no longer waits for it.
        await page.keyboard.press('Space');
        await expect(declaration).toBeChecked();
        await expect(page.getByText(dict.errors.business, { exact: true })).toBeHidden();
        await expect(orderButton(page, lang)).not.toHaveAccessibleDescription(dict.send.declareFirst);
        page.off('request', recordPost);
        expect(posts, 'no order sent without the declaration').toEqual([]);
      });

      await test.step('the order copied is the e-mail order’s text', async () => {
        const mail = await mailOf(page, lang);
        expect(mail.to).toBe(site.email);
        expect(mail.subject).toContain(number);
        await page.getByRole('button', { name: dict.send.copy }).click();
        await expect(
          page.getByRole('status').filter({ hasText: fillIn(dict.send.copied, { email: site.email }) }),
        ).toBeVisible();
        const copied = await page.evaluate(() => navigator.clipboard.readText());
        expect(plain(copied)).toContain(mail.body);
        expect(copied).toContain(site.email);
        await expect(page.getByRole('textbox', { name: dict.send.textLabel })).toHaveValue(copied);
      });

      const lost =
        await test.step('no answer comes: the page says the order may have arrived, and keeps cart and details', async () => {
          // A browser cannot tell a connection refused before the order went out from one broken after it arrived.
          const unknown = fillIn(dict.send.unknown, { button: dict.send.button, email: site.email });
          // Read once, by its name as the focus moves to it (no live region, which would read it again).
          const failure = page.getByRole('group', { name: unknown });
          await page.route('**/api/orders', (route) => route.abort('connectionrefused'));
          await orderButton(page, lang).click();
          await expect(failure).toBeFocused();
          await expect(failure).not.toContainText(dict.send.unreachable);
          await expect(cartButton(page, lang)).toHaveAccessibleName(
            fillIn(ui[lang].header.cartCount, { count: 3 }),
          );
          await expect(billingField(page, lang, 'company')).toHaveValue(contact.company);

          // A proxy in front of a stopped service answers 502: it says nothing of the order either. A second try
          // without an answer: the service is most likely away, and the e-mail order, naming the quote, is the way.
          await page.unroute('**/api/orders');
          await page.route('**/api/orders', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
          await orderButton(page, lang).click();
          await expect(
            page.getByRole('group', { name: fillIn(dict.send.unknownAgain, { quote: number }) }),
          ).toBeFocused();
          // Neither the copy nor the failures emptied the cart, and the details stay; the page, reloaded, still
          // knows an order went without an answer.
          await page.reload();
          await expect(
            page
              .getByRole('table')
              .first()
              .getByRole('row')
              .filter({ hasText: copyOf(treppenlifte, lang).name }),
          ).toHaveCount(2);
          await expect(billingField(page, lang, 'company')).toHaveValue(contact.company);
          await expect(
            page.getByText(fillIn(dict.send.pending, { quote: number, button: dict.send.button })),
          ).toBeVisible();
          await page.unroute('**/api/orders');

          // The service takes the order, and the connection breaks before its answer reaches the page.
          let taken: { orderNumber: string } | undefined;
          await page.route('**/api/orders', async (route) => {
            taken = (await (await route.fetch()).json()) as { orderNumber: string };
            await route.abort('connectionreset');
          });
          await orderButton(page, lang).click();
          await expect(failure).toBeFocused();
          await expect(cartButton(page, lang)).toHaveAccessibleName(
            fillIn(ui[lang].header.cartCount, { count: 3 }),
          );
          await page.unroute('**/api/orders');
          expect(taken?.orderNumber).toMatch(/^LW-/);
          return taken!.orderNumber;
        });

      await test.step('the next try gets the order that went through: its number, the confirmation printed, the cart emptied', async () => {
        const answer = await sendAndAnswer(page, lang);
        // The order the service took when its answer was lost, sent again with the same key: the same order, not
        // a second one.
        expect(answer.status).toBe(200);
        expect(answer.orderNumber).toBe(lost);
        // The service computes the same total as the page, from content/.
        expect(answer.gross).toBe(gross);

        const thanks = page.getByRole('heading', { name: dict.confirmation.heading });
        await expect(thanks).toBeFocused();
        await expect(
          page.getByText(
            fillIn(dict.confirmation.received, { orderNumber: answer.orderNumber, email: contact.email }),
          ),
        ).toBeVisible();
        await expect(cartButton(page, lang)).toHaveAccessibleName(ui[lang].header.cart);

        // The confirmation is a document to print, like the quote, and it survives a reload.
        const confirmation = page.getByRole('article', { name: dict.confirmation.document });
        await expect(confirmation).toContainText(answer.orderNumber);
        await expect(confirmation).toContainText(amount(answer.gross, lang));
        await page.reload();
        await expect(confirmation).toContainText(answer.orderNumber);
        const printed = await pdfText(await page.pdf({ preferCSSPageSize: true }));
        expect(printed.pages).toBe(1);
        expect(printed.text).toContain(answer.orderNumber);
        expect(printed.text).not.toContain(plain(dict.confirmation.heading));
        await checkA11y(page, 'the confirmation of an order');

        // A new order starts from the categories.
        await page.getByRole('link', { name: dict.confirmation.newOrder }).click();
        await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui[lang].overview.title);
      });
    });
  });
}

test('a checkout left open in another tab follows the details typed since, and writes no old copy back', async ({
  page,
  context,
}) => {
  await fillCartAndCheckOut(page, 'de');
  const opened = await context.newPage();
  await opened.goto(checkoutRoute('de'));
  await expect(billingField(opened, 'de', 'company')).toHaveValue('');

  await fillBilling(page, 'de', german);
  await expect(billingField(opened, 'de', 'company')).toHaveValue(german.company!);
  await expect(businessDeclaration(opened, 'de')).toBeChecked();

  // More leads from a category page: the checkout open in the other tab stores a new quote for the changed cart.
  const more = categories.find((category) => category.id !== treppenlifte.id)!;
  await page.goto(categoryRoute(more, 'de'));
  await order(page, 'de', { quantity: 1 });
  await expect(opened.getByRole('table').first()).toContainText(copyOf(more, 'de').name);
  await page.goto(checkoutRoute('de'));
  for (const [field, value] of Object.entries(german) as [BuyerField, string][])
    await expect(billingField(page, 'de', field)).toHaveValue(value);
  await expect(businessDeclaration(page, 'de')).toBeChecked();
});

test.describe('without JavaScript', () => {
  test.use({ javaScriptEnabled: false });

  test('the checkout names the address to order by e-mail, and is kept out of search, in both languages', async ({
    page,
  }) => {
    for (const lang of langs) {
      await page.goto(checkoutRoute(lang));
      // Playwright's text matching skips <noscript>; the paragraph inside it is matched by its role.
      await expect(
        page
          .getByRole('paragraph')
          .filter({ hasText: fillIn(ui[lang].checkout.noScript, { email: site.email }) }),
      ).toBeVisible();
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    }
  });
});

/** Ten rows: one lead of each of ten categories, stored as the order form stores them. */
async function tenRows(page: Page, lang: Lang) {
  await page.goto(checkoutRoute(lang));
  const items = categories.slice(0, 10).map((category, index) => ({
    id: `${category.id}-1-${index}`,
    category: category.id,
    exclusive: index % 2 === 1,
    area: 'postcodes:80-85,90',
    quantity: index + 1,
  }));
  await restoreCheckout(page, items);
  return categories.slice(0, 10);
}

/** A printed PDF's pages: the text of each (spaces collapsed), all of it, and the first page's size. */
async function pdfText(
  pdf: Buffer,
): Promise<{ pages: number; size: number[]; text: string; sheets: string[] }> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const sheets: string[] = [];
  for (let number = 1; number <= document.numPages; number++) {
    const content = await (await document.getPage(number)).getTextContent();
    sheets.push(plain(content.items.map((item) => ('str' in item ? item.str : '')).join(' ')));
  }
  const size = (await document.getPage(1)).view;
  return { pages: document.numPages, size, text: sheets.join(' '), sheets };
}

/** How often `part` occurs in `text`. */
const occurrences = (text: string, part: string) => text.split(part).length - 1;

for (const lang of langs) {
  test(`${lang}: the quote prints as one clean A4 page with ten rows`, async ({ page }) => {
    const rows = await tenRows(page, lang);
    await fillBilling(page, lang, german);
    const net = rows.reduce(
      (sum, category, index) => sum + category.price * 100 * (index % 2 === 1 ? 5 : 1) * (index + 1),
      0,
    );
    const gross = centsAsText(net + Math.round((net * rate) / 100), lang);
    // Printed before the quote is opened, the checkout prints its rows and totals, not an empty sheet.
    const page1 = await pdfText(await page.pdf({ preferCSSPageSize: true }));
    expect(page1.text).toContain(plain(copyOf(rows[0]!, lang).name));
    expect(page1.text).toContain(gross);

    await page.getByRole('button', { name: ui[lang].checkout.quoteButton }).click();
    const quote: Locator = quoteOf(page, lang);
    const number = (await quote.getByText(/^AN-\d{8}-\w{6}$/).textContent()) ?? '';

    const printed = await pdfText(await page.pdf({ preferCSSPageSize: true }));
    expect(printed.pages).toBe(1);
    expect(printed.text).toContain(plain(ui[lang].checkout.quote.noSignature));
    // A4 in points, as the print stylesheet asks.
    expect(printed.size.map(Math.round)).toEqual([0, 0, 595, 842]);
    expect(printed.text).toContain(number);
    expect(printed.text).toContain(plain(site.seller.legalName));
    expect(printed.text).toContain(plain(contact.company));
    for (const category of rows) expect(printed.text).toContain(plain(copyOf(category, lang).name));
    expect(printed.text).toContain(gross);
    // Nothing of the site around it: no header, footer, buttons or form.
    for (const text of [
      ui[lang].header.cart,
      ui[lang].footer.imprint,
      ui[lang].checkout.quote.print,
      ui[lang].checkout.send.button,
    ])
      expect(printed.text).not.toContain(plain(text));

    // On a 360 px phone the page does not scroll sideways, and the lines and the quote show every column: each
    // table fits the box it scrolls in (a narrower window may scroll a table, never the page).
    await page.setViewportSize({ width: 360, height: 800 });
    await expect(quote).toBeVisible();
    const tables = page.getByRole('table');
    await expect(tables).toHaveCount(2);
    for (const table of await tables.all()) {
      const fits = await table.evaluate((element) => {
        let box = element.parentElement;
        while (box && getComputedStyle(box).overflowX === 'visible') box = box.parentElement;
        const outer = (box ?? document.documentElement).getBoundingClientRect();
        const { left, right } = element.getBoundingClientRect();
        return (
          left >= Math.max(outer.left, 0) - 0.5 && right <= Math.min(outer.right, window.innerWidth) + 0.5
        );
      });
      expect(fits, 'every column of the table in view').toBe(true);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
}

test('de: a quote longer than a page states its totals once, at the end, on numbered sheets', async ({
  page,
}) => {
  await page.goto(checkoutRoute('de'));
  // Every category, shared and exclusive, in two areas: 48 rows, more than an A4 sheet holds.
  const items = categories.flatMap((category, index) =>
    ['postcodes:80-85,90', 'radius:10115:50'].flatMap((area, a) =>
      [false, true].map((exclusive, e) => ({
        id: `${category.id}-${index}-${a}-${e}`,
        category: category.id,
        exclusive,
        area,
        quantity: 1,
      })),
    ),
  );
  await restoreCheckout(page, items);
  await fillBilling(page, 'de', german);
  await page.getByRole('button', { name: ui.de.checkout.quoteButton }).click();
  await expect(quoteOf(page, 'de')).toBeVisible();

  const printed = await pdfText(await page.pdf({ preferCSSPageSize: true }));
  expect(printed.pages).toBeGreaterThan(1);
  const net = items.reduce((sum, item) => {
    const { price } = categories.find((category) => category.id === item.category)!;
    return sum + price * 100 * (item.exclusive ? 5 : 1);
  }, 0);
  const gross = centsAsText(net + Math.round((net * rate) / 100), 'de');
  // The sum of every row, once, on the last sheet: not under the first sheet's rows as if it were theirs.
  expect(occurrences(printed.text, gross)).toBe(1);
  expect(printed.sheets.at(-1)).toContain(gross);
  printed.sheets.forEach((sheet, index) => expect(sheet).toContain(`${index + 1} / ${printed.pages}`));
  // The seller's register details stand with the terms, not alone on a last sheet.
  const last = printed.sheets.at(-1)!;
  expect(last).toContain(plain(fill(ui.de.checkout.quote.vatId, { vatId: site.seller.vatId })));
  expect(last).toContain(plain(ui.de.checkout.quote.accept));
});
