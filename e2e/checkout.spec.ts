/**
 * The checkout as a business buyer meets it: from the cart to billing details, VAT by the buyer's country,
 * the quote (on screen and printed to PDF) and the binding order by e-mail or copied text, in both
 * languages. Prices, the VAT rate, the seller's facts and every text come from `content/`.
 */
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { Locator, Page } from '@playwright/test';
import { MAX_LENGTHS, type BuyerField } from '../lib/checkout/buyer';
import { vatIdPrefix } from '../lib/checkout/vat-id';
import { getSite } from '../lib/content';
import { centsAsText, plain } from '../testing/helpers';
import {
  billingField,
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

/** The country's name as the page's country list shows it. */
const countryName = (code: string, lang: Lang) =>
  new Intl.DisplayNames([{ de: 'de-DE', en: 'en-US' }[lang]], { type: 'region' }).of(code)!;

const contact = { company: 'Muster Treppenbau GmbH', name: 'Erika Muster', email: 'einkauf@muster.example' };
interface BuyerCase {
  title: string;
  input: BillingInput;
  /** Whether German VAT is charged, and the note that explains the case (none for Germany). */
  charged: boolean;
  note: (lang: Lang) => string | undefined;
}
const buyers: BuyerCase[] = [
  {
    title: 'a German buyer',
    input: { ...contact, street: 'Hauptstraße 12', postcode: '80331', city: 'München', country: 'DE' },
    charged: true,
    note: () => undefined,
  },
  {
    title: 'an Austrian buyer with a VAT ID',
    input: {
      ...contact,
      street: 'Ringstraße 5',
      postcode: '1010',
      city: 'Wien',
      country: 'AT',
      vatId: 'ATU13585627',
      poNumber: 'PO-4711',
    },
    charged: false,
    note: (lang) => ui[lang].checkout.vatNotes.reverseCharge,
  },
  {
    title: 'an Austrian buyer without a VAT ID',
    input: { ...contact, street: 'Ringstraße 5', postcode: '1010', city: 'Wien', country: 'AT' },
    charged: true,
    note: (lang) => fillIn(ui[lang].checkout.vatNotes.euWithoutVatId, { rate }),
  },
  {
    title: 'a Swiss buyer',
    input: {
      ...contact,
      street: 'Bahnhofstrasse 1',
      postcode: '8001',
      city: 'Zürich',
      country: 'CH',
      invoiceEmail: 'rechnung@muster.example',
    },
    charged: false,
    note: (lang) => ui[lang].checkout.vatNotes.nonEu,
  },
];

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

/** The e-mail order's subject and body (line breaks as spaces). */
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

for (const lang of langs) {
  const dict = ui[lang].checkout;
  test(`${lang}: a German buyer, an Austrian one with and one without a VAT ID, and a Swiss one, each from the cart to the quote and the e-mail order`, async ({
    page,
  }) => {
    const net = await fillCartAndCheckOut(page, lang);
    for (const buyer of buyers) {
      await test.step(buyer.title, async () => {
        const vat = buyer.charged ? Math.round((net * rate) / 100) : 0;
        // The optional fields a buyer before may have filled are emptied first.
        await fillBilling(page, lang, {
          phone: '',
          vatId: '',
          poNumber: '',
          invoiceEmail: '',
          ...buyer.input,
        });

        // The rows as the cart holds them, one per kind, and the totals with the buyer's VAT.
        const name = copyOf(treppenlifte, lang).name;
        const rows = page.getByRole('table').first().getByRole('row');
        await expect(rows.filter({ hasText: name })).toHaveCount(2);
        const totals = page.getByRole('table').first();
        await expect(totals).toContainText(amount(net, lang));
        await expect(page.getByTestId('checkout-gross')).toHaveText(amount(net + vat, lang));
        const note = buyer.note(lang);
        if (note) await expect(page.getByText(note, { exact: true }).first()).toBeVisible();

        await page.getByRole('button', { name: dict.quoteButton }).click();
        const quote = quoteOf(page, lang);
        await expect(quote).toBeFocused();
        const number = (await quote.getByText(/^AN-\d{8}-\w{6}$/).textContent()) ?? '';
        expect(number).toMatch(/^AN-\d{8}-\w{6}$/);
        await expect(quote).toContainText(site.seller.legalName);
        await expect(quote).toContainText(site.seller.registerNumber);
        await expect(quote).toContainText(buyer.input.company!);
        await expect(quote).toContainText(countryName(buyer.input.country!, lang));
        await expect(quote).toContainText(amount(net + vat, lang));
        if (note) await expect(quote).toContainText(note);
        else await expect(quote).not.toContainText(dict.vatNotes.reverseCharge);
        if (buyer.input.vatId) {
          // Reverse charge: both VAT IDs on the quote.
          await expect(quote).toContainText(buyer.input.vatId);
          await expect(quote).toContainText(site.seller.vatId);
        }
        await expect(quote.getByRole('link', { name: site.links.terms })).toHaveAttribute(
          'href',
          site.links.terms,
        );

        // The e-mail order carries the same number, the rows, the VAT lines and the billing details.
        const mail = await mailOf(page, lang);
        expect(mail.to).toBe(site.email);
        expect(mail.subject).toContain(number);
        expect(mail.body).toContain(number);
        expect(mail.body).toContain(`2 × ${name}`);
        expect(mail.body).toContain(`1 × ${name} ${ui[lang].orderForm.exclusiveSuffix}`);
        expect(mail.body).toContain(centsAsText(net, lang));
        expect(mail.body).toContain(centsAsText(vat, lang));
        expect(mail.body).toContain(centsAsText(net + vat, lang));
        if (note) expect(mail.body).toContain(plain(note));
        expect(mail.body).toContain(countryName(buyer.input.country!, lang));
        for (const [field, value] of Object.entries(buyer.input))
          if (field !== 'country') expect(mail.body).toContain(value);

        await quoteOf(page, lang).getByRole('button', { name: ui[lang].checkout.quote.close }).click();
      });
    }
  });

  test(`${lang}: the copied order is the e-mail's text, and the cart stays until the buyer empties it`, async ({
    page,
  }) => {
    await fillCartAndCheckOut(page, lang);
    await fillBilling(page, lang, buyers[0]!.input);
    const mail = await mailOf(page, lang);
    await page.getByRole('button', { name: dict.send.copy }).click();
    await expect(
      page.getByRole('status').filter({ hasText: fillIn(dict.send.copied, { email: site.email }) }),
    ).toBeVisible();
    const copied = await page.evaluate(() => navigator.clipboard.readText());
    expect(plain(copied)).toContain(mail.body);
    expect(copied).toContain(site.email);
    await expect(page.getByRole('textbox', { name: dict.send.textLabel })).toHaveValue(copied);

    // Sending leaves the cart as it is: the mail may never have left the outbox.
    await page.reload();
    await expect(billingField(page, lang, 'company')).toHaveValue(contact.company);
    await page.getByRole('button', { name: dict.send.copy }).click();
    await page.getByRole('button', { name: dict.send.emptyCart }).click();
    await expect(page.getByText(dict.empty, { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: dict.emptyLink })).toBeVisible();
  });

  test(`${lang}: bad input gets a message naming the field, and nothing is lost`, async ({ page }) => {
    test.setTimeout(120_000); // nine cases, then axe on the page with its quote
    await fillCartAndCheckOut(page, lang);
    const good: BillingInput = { ...buyers[1]!.input, phone: '', invoiceEmail: '' };
    const errors = dict.errors;
    const label = (field: BuyerField) => dict.fields[field];
    const country = (code: string) => countryName(code, lang);
    const cases: { set: BillingInput; field: BuyerField; message: string }[] = [
      {
        set: { company: '' },
        field: 'company',
        message: fillIn(errors.required, { field: label('company') }),
      },
      {
        set: { email: 'einkauf-at-muster' },
        field: 'email',
        message: fillIn(errors.email, { field: label('email') }),
      },
      {
        set: { invoiceEmail: 'rechnung@' },
        field: 'invoiceEmail',
        message: fillIn(errors.email, { field: label('invoiceEmail') }),
      },
      {
        set: { country: 'DE', postcode: '8033', vatId: '' },
        field: 'postcode',
        message: fillIn(errors.postcode, { field: label('postcode'), value: '8033', country: country('DE') }),
      },
      {
        set: { country: 'AT', postcode: '10100', vatId: '' },
        field: 'postcode',
        message: fillIn(errors.postcode, {
          field: label('postcode'),
          value: '10100',
          country: country('AT'),
        }),
      },
      {
        set: { country: 'CH', postcode: '80331', vatId: '' },
        field: 'postcode',
        message: fillIn(errors.postcode, {
          field: label('postcode'),
          value: '80331',
          country: country('CH'),
        }),
      },
      {
        set: { country: 'DE', postcode: '80331', vatId: 'DE12345678' },
        field: 'vatId',
        message: fillIn(errors.vatIdFormat, {
          field: label('vatId'),
          value: 'DE12345678',
          country: country('DE'),
          prefix: vatIdPrefix('DE'),
        }),
      },
      {
        set: { country: 'AT', postcode: '1010', vatId: 'ATU1234567' },
        field: 'vatId',
        message: fillIn(errors.vatIdFormat, {
          field: label('vatId'),
          value: 'ATU1234567',
          country: country('AT'),
          prefix: vatIdPrefix('AT'),
        }),
      },
      {
        set: { country: 'CH', postcode: '8001', vatId: 'CHE-123.456.789' },
        field: 'vatId',
        message: fillIn(errors.vatIdCheckDigit, { field: label('vatId'), value: 'CHE-123.456.789' }),
      },
    ];
    await fillBilling(page, lang, good);
    for (const { set, field, message } of cases) {
      // Only the fields of the case change; the others keep the good values typed once above.
      await fillBilling(page, lang, set);
      await page.getByRole('button', { name: dict.quoteButton }).click();
      const summary = page.getByRole('alert').filter({ hasText: errors.summary });
      await expect(summary.getByRole('link', { name: message })).toBeVisible();
      await expect(billingField(page, lang, field)).toHaveAttribute('aria-invalid', 'true');
      await expect(billingField(page, lang, field)).toHaveAccessibleDescription(new RegExp(escape(message)));
      await expect(quoteOf(page, lang)).toHaveCount(0);
      // The order waits for the details too, by the service and by e-mail.
      await orderButton(page, lang).click();
      await expect(summary).toBeFocused();
      await summary.evaluate((element: HTMLElement) => element.blur());
      await mailOrderLink(page, lang).click();
      await expect(summary).toBeFocused();
      // Nothing lost: every other field and the cart keep their values.
      for (const [other, value] of Object.entries({ ...good, ...set }) as [BuyerField, string][])
        await expect(billingField(page, lang, other)).toHaveValue(value);
      await expect(page.getByRole('table').first().getByRole('row')).toHaveCount(6);
      await fillBilling(
        page,
        lang,
        Object.fromEntries(Object.keys(set).map((key) => [key, good[key as BuyerField]])),
      );
    }

    // 10,000 characters are refused beyond the field's limit; markup is text, never run.
    await billingField(page, lang, 'company').fill('x'.repeat(10_000));
    expect((await billingField(page, lang, 'company').inputValue()).length).toBeLessThanOrEqual(
      MAX_LENGTHS.company,
    );
    const markup = '<script>window.__ran = 1</script><img src=x onerror="window.__ran = 2">';
    await fillBilling(page, lang, { ...good, company: markup.slice(0, MAX_LENGTHS.company) });
    await page.getByRole('button', { name: dict.quoteButton }).click();
    await expect(quoteOf(page, lang)).toContainText(markup.slice(0, MAX_LENGTHS.company));
    expect(await page.evaluate(() => (window as { __ran?: number }).__ran)).toBeUndefined();
    await checkA11y(page, 'the checkout with its quote');
  });

  test(`${lang}: details and cart survive a reload and a change of language; one button forgets the details`, async ({
    page,
  }) => {
    await fillCartAndCheckOut(page, lang);
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

    const other = otherLang[lang];
    await page.getByRole('banner').getByRole('link', { name: ui[other].language.switchLabel }).click();
    await expect(page).toHaveURL(checkoutRoute(other));
    for (const [field, value] of Object.entries(half) as [BuyerField, string][])
      await expect(billingField(page, other, field)).toHaveValue(value);
    await expect(page.getByRole('table').first()).toContainText(copyOf(treppenlifte, other).name);
    await expect(page.getByText(ui[other].checkout.vatNotes.reverseCharge).first()).toBeVisible();

    const stored = () => page.evaluate(() => Object.keys(localStorage));
    expect(await stored()).toContain('leadwerk-checkout');
    await page.getByRole('button', { name: ui[other].checkout.forget }).click();
    await expect(page.getByRole('status').filter({ hasText: ui[other].checkout.forgotten })).toBeVisible();
    await expect(billingField(page, other, 'company')).toHaveValue('');
    await page.reload();
    await expect(billingField(page, other, 'company')).toHaveValue('');
    await expect(page.getByRole('table').first()).toContainText(copyOf(treppenlifte, other).name);
  });

  test(`${lang}: an empty cart says so and links to the categories; without JavaScript the page names the address`, async ({
    page,
    browser,
  }) => {
    await page.goto(checkoutRoute(lang));
    await expect(page.getByText(dict.empty, { exact: true })).toBeVisible();
    await page.getByRole('link', { name: dict.emptyLink }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui[lang].overview.title);

    const noScript = await browser.newContext({ javaScriptEnabled: false });
    const bare = await noScript.newPage();
    await bare.goto(new URL(checkoutRoute(lang), page.url()).href);
    // Playwright's text matching skips <noscript>; the paragraph inside it is matched by its role.
    await expect(
      bare.getByRole('paragraph').filter({ hasText: fillIn(dict.noScript, { email: site.email }) }),
    ).toBeVisible();
    await expect(bare.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
    await noScript.close();
  });
}

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

for (const lang of langs) {
  const dict = ui[lang].checkout;

  test(`${lang}: the order goes to the order service, the buyer sees its number, and the cart is emptied`, async ({
    page,
  }) => {
    const net = await fillCartAndCheckOut(page, lang);
    await fillBilling(page, lang, buyers[0]!.input);
    const sent = sendAndAnswer(page, lang);
    const answer = await sent;
    expect(answer.status).toBe(201);
    // The service computes the same total as the page, from content/.
    expect(answer.gross).toBe(net + Math.round((net * rate) / 100));

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

    // A new order starts from the categories; the next cart gets a new quote.
    await page.getByRole('link', { name: dict.confirmation.newOrder }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(ui[lang].overview.title);
  });

  test.describe(() => {
    // The browser reports each failed request in the console: here they are what the test makes happen.
    test.use({
      expectedConsoleErrors:
        /Failed to load resource: (net::ERR_CONNECTION_REFUSED|the server responded with a status of 502)/,
    });

    test(`${lang}: when the order service cannot be reached, the buyer is told, keeps cart and details, and can order by e-mail`, async ({
      page,
    }) => {
      await fillCartAndCheckOut(page, lang);
      await fillBilling(page, lang, buyers[3]!.input);
      const alert = page.getByRole('alert').filter({ hasText: dict.send.unreachable });

      // The service stopped: nothing answers.
      await page.route('**/api/orders', (route) => route.abort('connectionrefused'));
      await orderButton(page, lang).click();
      await expect(alert).toBeFocused();
      await expect(cartButton(page, lang)).toHaveAccessibleName(
        fillIn(ui[lang].header.cartCount, { count: 3 }),
      );
      await expect(billingField(page, lang, 'company')).toHaveValue(contact.company);
      const mail = await mailOf(page, lang);
      expect(mail.to).toBe(site.email);
      expect(mail.body).toContain(contact.company);

      // A proxy in front of a stopped service answers 502: the same message, and a later try goes through.
      await page.unroute('**/api/orders');
      await page.route('**/api/orders', (route) => route.fulfill({ status: 502, body: 'Bad Gateway' }));
      await orderButton(page, lang).click();
      await expect(alert).toBeFocused();
      await page.reload();
      await expect(
        page
          .getByRole('table')
          .first()
          .getByRole('row')
          .filter({ hasText: copyOf(treppenlifte, lang).name }),
      ).toHaveCount(2);
      await page.unroute('**/api/orders');
      const answer = await sendAndAnswer(page, lang);
      expect(answer.status).toBe(201);
      await expect(page.getByText(answer.orderNumber).first()).toBeVisible();
    });
  });
}

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

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

async function pdfText(pdf: Buffer): Promise<{ pages: number; size: number[]; text: string }> {
  const document = await getDocument({ data: new Uint8Array(pdf) }).promise;
  const first = await document.getPage(1);
  const content = await first.getTextContent();
  const text = content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
  return { pages: document.numPages, size: first.view, text: plain(text) };
}

for (const lang of langs) {
  test(`${lang}: the quote prints as one clean A4 page with ten rows`, async ({ page }) => {
    const rows = await tenRows(page, lang);
    await fillBilling(page, lang, buyers[0]!.input);
    await page.getByRole('button', { name: ui[lang].checkout.quoteButton }).click();
    const quote: Locator = quoteOf(page, lang);
    const number = (await quote.getByText(/^AN-\d{8}-\w{6}$/).textContent()) ?? '';

    const printed = await pdfText(await page.pdf({ preferCSSPageSize: true }));
    expect(printed.pages).toBe(1);
    // A4 in points, as the print stylesheet asks.
    expect(printed.size.map(Math.round)).toEqual([0, 0, 595, 842]);
    expect(printed.text).toContain(number);
    expect(printed.text).toContain(plain(site.seller.legalName));
    expect(printed.text).toContain(plain(contact.company));
    for (const category of rows) expect(printed.text).toContain(plain(copyOf(category, lang).name));
    const net = rows.reduce(
      (sum, category, index) => sum + category.price * 100 * (index % 2 === 1 ? 5 : 1) * (index + 1),
      0,
    );
    expect(printed.text).toContain(centsAsText(net + Math.round((net * rate) / 100), lang));
    // Nothing of the site around it: no header, footer, buttons or form.
    for (const text of [
      ui[lang].header.cart,
      ui[lang].footer.imprint,
      ui[lang].checkout.quote.print,
      ui[lang].checkout.send.button,
    ])
      expect(printed.text).not.toContain(plain(text));
  });
}
