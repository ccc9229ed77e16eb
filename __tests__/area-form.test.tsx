/**
 * Delivery areas as the buyer uses them, rendered from the real order form, cart button and dialog, and
 * checkout page in jsdom: each kind of area in the cart row, the checkout's table and its e-mail order, in
 * both languages; the messages for bad areas; lines of one category with different areas kept apart; a cart
 * stored before areas existed; the WebMCP annotation of the area fields. The browser journey per language in
 * e2e/delivery-area.spec.ts covers what only a browser shows (keyboard, CSS panels, scripts arriving late,
 * the phone's first screen, axe). Every text comes from `content/`.
 */
import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartButton } from '@/components/cart/cart-button';
import { CheckoutPage } from '@/components/checkout/checkout-page';
import { OrderForm } from '@/components/order/order-form';
import { removeOrderToasts } from '@/components/order/order-toast';
import { CART_STORAGE_KEY, setCartPrices, useCartStore } from '@/lib/cart/store';
import { priceList } from '@/lib/categories';
import { NEW_BUYER } from '@/lib/checkout/buyer';
import { useCheckoutStore } from '@/lib/checkout/store';
import { getCategories, getCategoryNames, getDictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { wordsPath } from '@/lib/lazy-words';
import { plain } from '@/testing/helpers';
import { longestPostcodeList } from '@/testing/areas';
import { german } from '@/testing/buyers';
import { serveWords } from '@/testing/serve-words';
import { withOrderService } from './order-service';

const categories = getCategories();
const prices = priceList(categories);
const category = categories.find((entry) => entry.id === 'treppenlifte')!;
const locales = ['de', 'en'] as const;
const otherLocale: Record<Locale, Locale> = { de: 'en', en: 'de' };

type Kind = 'germany' | 'postcodes' | 'radius' | 'states';

/** A cart line's name as the cart shows it: the category, then the area in words. */
const lineName = (locale: Locale, area: string) =>
  fill(getDictionary(locale).cart.line, { name: getCategoryNames(locale)[category.id]!, area });

/** The page's parts that areas pass through: the order form, and the header's cart button with its dialog. */
async function renderCategoryPage(locale: Locale) {
  const dict = getDictionary(locale);
  const strings = dict.orderForm;
  const user = userEvent.setup({ delay: null });
  render(
    <>
      <CartButton
        label={dict.header.cart}
        countLabel={dict.header.cartCount}
        prices={prices}
        dialogData={wordsPath('cart', locale)}
      />
      <OrderForm
        locale={locale}
        categoryId={category.id}
        categoryName={getCategoryNames(locale)[category.id]!}
        basePrice={category.price}
        prices={prices}
        strings={strings}
        areaWords={dict.area}
      />
    </>,
  );
  const form = screen.getByRole('form', { name: strings.formLabel });
  const submit = within(form).getByRole('button', { name: strings.submit });
  await waitFor(() => expect(submit).toBeEnabled());
  const kindLabel: Record<Kind, string> = {
    germany: dict.area.germany,
    postcodes: strings.areaPostcodes,
    radius: strings.areaRadius,
    states: strings.areaStates,
  };
  const ui = {
    user,
    dict,
    strings,
    form,
    submit,
    kind: (kind: Kind) => within(form).getByRole('radio', { name: kindLabel[kind] }),
    postcodes: () => within(form).getByRole('textbox', { name: strings.postcodesLabel }),
    radiusPostcode: () => within(form).getByRole('textbox', { name: strings.radiusPostcode }),
    radiusKm: () => within(form).getByRole('combobox', { name: strings.radiusKm }),
    state: (code: 'BY' | 'HE' | 'BW') => within(form).getByRole('checkbox', { name: dict.area.states[code] }),
    name: () => within(form).getByRole('textbox', { name: new RegExp(`^${strings.name}`) }),
    email: () => within(form).getByRole('textbox', { name: new RegExp(`^${strings.email}`) }),
    company: () => within(form).getByRole('textbox', { name: strings.company }),
    quantity: () => within(form).getByRole('spinbutton', { name: strings.quantity }),
    cartButton: () => screen.getByRole('button', { name: new RegExp(`^${dict.header.cart}`) }),
    /** Fills the contact fields and the quantity, and sends the order. */
    async order(quantity: number) {
      await user.clear(ui.name());
      await user.type(ui.name(), 'Erika Mustermann');
      await user.clear(ui.email());
      await user.type(ui.email(), 'erika@example.com');
      await user.clear(ui.quantity());
      await user.type(ui.quantity(), String(quantity));
      await user.click(submit);
    },
    /** Opens the cart dialog and gives its rows. */
    async cartRows() {
      await user.click(ui.cartButton());
      const dialog = await screen.findByRole('dialog', { name: dict.cart.title });
      return within(dialog).getAllByRole('listitem');
    },
  };
  return ui;
}

type Page = Awaited<ReturnType<typeof renderCategoryPage>>;

interface AreaCase {
  kind: Kind;
  /** Sets the area in the form, typing as a buyer might. */
  choose: (page: Page) => Promise<void>;
  /** The area in the words of a language, from content/. */
  words: (locale: Locale) => string;
}
const areaCases: AreaCase[] = [
  { kind: 'germany', choose: async () => {}, words: (locale) => getDictionary(locale).area.germany },
  {
    kind: 'postcodes',
    choose: async (page) => {
      await page.user.click(page.kind('postcodes'));
      await page.user.type(page.postcodes(), '90,80-85');
    },
    // Sorted, with an en dash and a space after each comma, whatever was typed.
    words: (locale) => fill(getDictionary(locale).area.postcodes, { list: '80–85, 90' }),
  },
  {
    kind: 'radius',
    choose: async (page) => {
      await page.user.click(page.kind('radius'));
      await page.user.type(page.radiusPostcode(), '80331');
      await page.user.selectOptions(page.radiusKm(), '100');
    },
    words: (locale) => fill(getDictionary(locale).area.radius, { km: 100, postcode: '80331' }),
  },
  {
    kind: 'states',
    choose: async (page) => {
      await page.user.click(page.kind('states'));
      await page.user.click(page.state('HE'));
      await page.user.click(page.state('BY'));
    },
    words: (locale) => `${getDictionary(locale).area.states.BY}, ${getDictionary(locale).area.states.HE}`,
  },
];

/** Billing details that share no word with the order form's contact data (Erika Mustermann). */
const billing = { ...german, name: 'Jonas Beispiel' };

/** The checkout page of a language, once its code has read the cart: its table and its e-mail order's body. */
async function renderCheckout(locale: Locale) {
  // On to the checkout: the category page, and the cart open over it, are gone. (Left open, the dialog hides the
  // rest of the document from the accessibility tree, the checkout rendered beside it too.)
  cleanup();
  const strings = getDictionary(locale).checkout;
  // A buyer with complete details who declared to order as a business: only then does the link carry the order.
  // Other words than the order form's contact data, which must not go with it.
  act(() => useCheckoutStore.setState({ buyer: { ...NEW_BUYER, ...billing }, business: true }));
  const view = render(<CheckoutPage locale={locale} />);
  const table = await screen.findByRole('table');
  const href = screen.getByRole('link', { name: strings.send.byMail }).getAttribute('href') ?? '';
  const result = { table: plain(table.textContent), body: plain(new URL(href).searchParams.get('body')) };
  view.unmount();
  return result;
}

withOrderService();

// The cart dialog's and the order form's code fetch their words (lib/lazy-words.ts) as they load, as on the page.
let restoreFetch: () => void;
beforeAll(() => (restoreFetch = serveWords()));
afterAll(() => restoreFetch());

beforeEach(() => {
  setCartPrices(prices);
  localStorage.clear();
  sessionStorage.clear();
  act(() => {
    useCartStore.setState({ items: [] });
    useCheckoutStore.setState({ buyer: NEW_BUYER, quote: undefined, confirmed: undefined });
  });
});
afterEach(() => {
  act(() => removeOrderToasts());
});

describe.each(locales)('delivery areas (%s)', (locale) => {
  const other = otherLocale[locale];

  it.each(areaCases.map((area) => [area.kind, area] as const))(
    '%s: named in the cart row, the checkout and its e-mail order, in both languages',
    async (_kind, area) => {
      const page = await renderCategoryPage(locale);
      await area.choose(page);
      await page.order(2);
      expect(page.cartButton()).toHaveAccessibleName(fill(page.dict.header.cartCount, { count: 2 }));
      // The form starts again from all of Germany, as it starts again from one lead.
      expect(page.kind('germany')).toBeChecked();

      const line = lineName(locale, area.words(locale));
      const rows = await page.cartRows();
      expect(rows).toHaveLength(1);
      // The DOM's text is matched with its spaces made plain (no-break spaces too), as Testing Library reads it.
      expect(within(rows[0]!).getByText(plain(line), { exact: true })).toBeVisible();
      expect(within(rows[0]!).getByRole('status')).toHaveTextContent(/^2$/);

      // The checkout's row names the area, and so does the order it sends; no contact data goes with it.
      for (const shown of [locale, other]) {
        const checkout = await renderCheckout(shown);
        expect(checkout.table).toContain(plain(area.words(shown)));
        expect(checkout.body).toContain(`2 × ${plain(lineName(shown, area.words(shown)))}`);
        for (const typed of ['Erika', 'erika@example.com']) expect(checkout.body).not.toContain(typed);
      }
    },
  );

  const badAreas: { input: string; kind: Exclude<Kind, 'germany'>; text: string; message: string }[] =
    (() => {
      const errors = getDictionary(locale).orderForm.areaErrors;
      return [
        {
          input: '8O331',
          kind: 'postcodes',
          text: '8O331',
          message: fill(errors.notDigit, { entry: '8O331', char: 'O' }),
        },
        {
          input: '99–10',
          kind: 'postcodes',
          text: '99–10',
          message: fill(errors.descending, { entry: '99–10', fix: '10–99' }),
        },
        { input: '123', kind: 'postcodes', text: '123', message: fill(errors.digits, { entry: '123' }) },
        { input: 'a radius without postcode', kind: 'radius', text: '', message: errors.radiusEmpty },
        {
          input: 'radius around 99999',
          kind: 'radius',
          text: '99999',
          message: fill(errors.outOfRange, { entry: '99999' }),
        },
        {
          input: 'postcode 00999',
          kind: 'postcodes',
          text: '80, 00999',
          message: fill(errors.outOfRange, { entry: '00999' }),
        },
        { input: 'postcode areas left empty', kind: 'postcodes', text: ' ', message: errors.postcodesEmpty },
        { input: 'no state ticked', kind: 'states', text: '', message: errors.statesEmpty },
      ];
    })();

  it.each(badAreas.map((bad) => [bad.input, bad] as const))(
    'bad area %s: a message naming what is wrong, nothing added, everything typed kept; a fix goes through',
    async (_input, { kind, text, message }) => {
      const page = await renderCategoryPage(locale);
      const { user } = page;
      await user.type(page.company(), 'Lift & Co. KG');
      await user.click(page.kind(kind));
      const field =
        kind === 'postcodes'
          ? page.postcodes()
          : kind === 'radius'
            ? page.radiusPostcode()
            : page.state('BW');
      if (kind !== 'states' && text !== '') await user.type(field, text);
      await page.order(3);

      expect(within(page.form).getByText(plain(message), { exact: true })).toBeInTheDocument();
      expect(field).toHaveFocus();
      expect(field).toHaveAttribute('aria-invalid', 'true');
      expect(field).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(page.name()).toHaveValue('Erika Mustermann');
      expect(page.email()).toHaveValue('erika@example.com');
      expect(page.company()).toHaveValue('Lift & Co. KG');
      expect(page.quantity()).toHaveValue(3);
      if (kind !== 'states') expect(field).toHaveValue(text);
      expect(page.cartButton()).toHaveAccessibleName(page.dict.header.cart);
      expect(useCartStore.getState().items).toEqual([]);
      expect(screen.queryByText(page.strings.toastTitle)).not.toBeInTheDocument();

      // Fixing the input clears the message, and the order goes through.
      await user.click(page.kind('postcodes'));
      await user.clear(page.postcodes());
      await user.type(page.postcodes(), '80–85');
      expect(within(page.form).queryByText(message, { exact: true })).not.toBeInTheDocument();
      await user.click(page.submit);
      expect(page.cartButton()).toHaveAccessibleName(fill(page.dict.header.cartCount, { count: 3 }));
      expect(page.postcodes()).not.toHaveAttribute('aria-invalid');
      expect(page.kind('germany')).toBeChecked();
    },
  );

  it('says a message aloud when Enter is pressed in the wrong field, which has the focus already', async () => {
    const page = await renderCategoryPage(locale);
    const { user } = page;
    await user.type(page.name(), 'Erika Mustermann');
    await user.type(page.email(), 'erika@example.com');
    await user.click(page.kind('postcodes'));
    await user.type(page.postcodes(), '1067{Enter}');
    const message = fill(page.strings.areaErrors.leadingZero, { entry: '1067', fix: '01067' });
    // Focus moving to the field would read its message with it; it stays, so the message is an alert.
    expect(page.postcodes()).toHaveFocus();
    expect(within(page.form).getByRole('alert')).toHaveTextContent(plain(message), {
      normalizeWhitespace: true,
    });
    expect(useCartStore.getState().items).toEqual([]);
  });

  const fiftyRanges = longestPostcodeList('–');

  it.each([
    ['as many five-digit ranges as the field takes', fiftyRanges, fiftyRanges],
    // Area 01 starts at 01000, which is no postcode: the row names the range from the first postcode there is.
    ['area 01 joined with a range of postcodes', '01, 01185–02413', '01001–02413'],
  ])('adds an area of %s to the cart, and says so', async (_title, typed, list) => {
    const page = await renderCategoryPage(locale);
    await page.user.click(page.kind('postcodes'));
    await page.user.click(page.postcodes());
    await page.user.paste(typed);
    await page.order(2);

    expect(within(page.form).queryByRole('alert')).not.toBeInTheDocument();
    expect(page.postcodes()).not.toHaveAttribute('aria-invalid');
    expect(await screen.findByText(page.strings.toastTitle)).toBeInTheDocument();
    expect(page.cartButton()).toHaveAccessibleName(fill(page.dict.header.cartCount, { count: 2 }));
    const rows = await page.cartRows();
    expect(rows).toHaveLength(1);
    const line = lineName(locale, fill(page.dict.area.postcodes, { list }));
    expect(within(rows[0]!).getByText(plain(line), { exact: true })).toBeVisible();
  });

  it('keeps lines of one category with different areas apart, in the cart and in the e-mail', async () => {
    const page = await renderCategoryPage(locale);
    await areaCases[1]!.choose(page);
    await page.order(1);
    await areaCases[3]!.choose(page);
    await page.order(1);
    await page.order(1);

    const names = [areaCases[1]!, areaCases[3]!, areaCases[0]!].map((area) =>
      lineName(locale, area.words(locale)),
    );
    const rows = await page.cartRows();
    expect(rows.map((row) => plain(row.textContent))).toEqual(
      names.map((name) =>
        expect.stringMatching(new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`)),
      ),
    );
    const { body } = await renderCheckout(locale);
    for (const name of names) expect(body).toContain(`1 × ${plain(name)}`);
  });

  it('loads a cart stored before areas existed as all of Germany', async () => {
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        state: {
          items: [
            { id: 'treppenlifte-1700000000000-0', category: 'treppenlifte', exclusive: false, quantity: 2 },
          ],
        },
        version: 1,
      }),
    );
    const page = await renderCategoryPage(locale);
    await waitFor(() =>
      expect(page.cartButton()).toHaveAccessibleName(fill(page.dict.header.cartCount, { count: 2 })),
    );
    const rows = await page.cartRows();
    expect(
      within(rows[0]!).getByText(lineName(locale, page.dict.area.germany), { exact: true }),
    ).toBeVisible();
  });

  it('tells a browser agent about the area fields in the form’s WebMCP annotation', async () => {
    const page = await renderCategoryPage(locale);
    const { strings, dict } = page;
    expect(page.form).toHaveAttribute('toolname', 'add_leads_to_cart');
    for (const kind of ['germany', 'postcodes', 'radius', 'states'] as const)
      expect(page.kind(kind).getAttribute('toolparamdescription')).toContain(strings.areaLegend);
    expect(page.postcodes()).toHaveAttribute(
      'toolparamdescription',
      expect.stringContaining(strings.postcodesHint),
    );
    expect(page.state('HE')).toHaveAttribute(
      'toolparamdescription',
      expect.stringContaining(`HE = ${dict.area.states.HE}`),
    );
  });
});
