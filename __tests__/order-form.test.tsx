import fs from 'node:fs';
import path from 'node:path';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { removeOrderToasts } from '@/components/order/order-toast';
import { OrderForm } from '@/components/order/order-form';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION, setCartPrices, useCartStore } from '@/lib/cart/store';
import { MAX_LINES } from '@/lib/cart/rules';
import { priceList, type PriceList } from '@/lib/categories';
import { getCategories, getDictionary } from '@/lib/content';
import type { Locale } from '@/lib/i18n';
import { fill } from '@/lib/format';
import { centsAsText, plain } from '@/testing/helpers';
import { serveWords } from '@/testing/serve-words';

// The form's code fetches its words (lib/lazy-words.ts) as it loads.
let restoreFetch: () => void;
beforeAll(() => (restoreFetch = serveWords()));
afterAll(() => restoreFetch());

const categories = getCategories();

const stairlifts = categories.find((category) => category.id === 'treppenlifte')!;
const contentName = (locale: Locale) =>
  (
    JSON.parse(
      fs.readFileSync(
        path.join(__dirname, '..', 'content', locale, 'categories', 'treppenlifte.json'),
        'utf8',
      ),
    ) as { name: string }
  ).name;

/** Spec §8 and DESIGN: toast title and description per language. */
const expected = {
  de: {
    title: 'Erfolgreich hinzugefügt!',
    description: (quantity: number, name: string) => `${quantity} ${name} wurde zum Warenkorb hinzugefügt`,
    exclusiveSuffix: ' (Exklusiv)',
  },
  en: {
    title: 'Successfully added!',
    description: (quantity: number, name: string) => `${quantity} ${name} added to cart.`,
    exclusiveSuffix: ' (Exclusive)',
  },
} as const;

async function setup(locale: Locale, prices = priceList(categories), beforeCode = () => {}) {
  const strings = getDictionary(locale).orderForm;
  const user = userEvent.setup({ delay: null });
  const element = (prices: PriceList) => (
    <OrderForm
      locale={locale}
      categoryId={stairlifts.id}
      categoryName={contentName(locale)}
      basePrice={stairlifts.price}
      prices={prices}
      strings={strings}
      areaWords={getDictionary(locale).area}
    />
  );
  const { rerender } = render(element(prices));
  /** The same form with other props: its code lets go of the form and takes it over again. */
  const reconnect = (prices: PriceList) => rerender(element(prices));
  const form = screen.getByRole('form', { name: strings.formLabel });
  const field = {
    name: within(form).getByRole('textbox', { name: new RegExp(`^${strings.name}`) }),
    email: within(form).getByRole('textbox', { name: new RegExp(`^${strings.email}`) }),
    company: within(form).getByRole('textbox', { name: strings.company }),
    phone: within(form).getByRole('textbox', { name: strings.phone }),
    message: within(form).getByRole('textbox', { name: strings.message }),
    quantity: within(form).getByRole('spinbutton', { name: strings.quantity }),
    exclusive: within(form).getByRole('checkbox', { name: strings.exclusive }),
  };
  const total = () => plain(within(form).getByRole('status', { name: strings.total }).textContent);
  const submit = within(form).getByRole('button', { name: strings.submit });
  /** The persistent polite live region that announces a successful add. */
  const liveRegion = within(form)
    .getAllByRole('status')
    .find((element) => element.getAttribute('aria-live') === 'polite');
  if (!liveRegion) throw new Error('no polite live region');

  async function setQuantity(value: string) {
    await user.clear(field.quantity);
    if (value !== '') await user.type(field.quantity, value);
  }
  async function fillContact() {
    await user.type(field.name, 'Erika Mustermann');
    await user.type(field.email, 'erika@example.com');
    await user.type(field.company, 'Lift & Co. KG');
    await user.type(field.phone, '+49 30 1234567');
    await user.type(field.message, 'Bitte nur Berlin');
  }
  beforeCode();
  // The form's code loads after the page's: it enables the submit button when it has taken the form over.
  await waitFor(() => expect(submit).toBeEnabled());
  return { user, form, field, total, submit, liveRegion, setQuantity, fillContact, reconnect };
}

const storedCount = () => useCartStore.getState().items.reduce((sum, item) => sum + item.quantity, 0);

beforeEach(() => {
  setCartPrices(priceList(getCategories()));
  useCartStore.setState({ items: [] });
  localStorage.clear();
  sessionStorage.clear();
});

afterEach(() => {
  act(() => removeOrderToasts());
});

const base = stairlifts.price * 100;

describe.each(['de', 'en'] as const)('OrderForm (%s)', (locale) => {
  it('starts with quantity 1, exclusive off and the unit price as total', async () => {
    const { field, total } = await setup(locale);
    expect(field.quantity).toHaveValue(1);
    expect(field.exclusive).not.toBeChecked();
    expect(field.name).toBeRequired();
    expect(field.email).toBeRequired();
    expect(field.email).toHaveAttribute('type', 'email');
    expect(field.quantity).toHaveAttribute('min', '1');
    expect(field.quantity).toHaveAttribute('max', '100');
    expect(total()).toBe(centsAsText(base, locale));
  });

  it('updates the total live: unit price × 5 if exclusive × quantity, with 2 decimals', async () => {
    const { user, field, total, setQuantity } = await setup(locale);
    await setQuantity('3');
    expect(total()).toBe(centsAsText(3 * base, locale));
    await user.click(field.exclusive);
    expect(total()).toBe(centsAsText(3 * 5 * base, locale));
    await setQuantity('100');
    expect(total()).toBe(centsAsText(100 * 5 * base, locale));
  });

  it('shows the surcharge note (4 × base × quantity) only while exclusive is ticked', async () => {
    const { user, field, form, setQuantity } = await setup(locale);
    await setQuantity('3');
    const surcharge = centsAsText(4 * base * 3, locale);
    const note = () =>
      within(form).queryByText(
        (_content, element) => element?.tagName === 'P' && plain(element.textContent).includes(surcharge),
      );

    expect(note()).not.toBeInTheDocument();
    await user.click(field.exclusive);
    expect(note()).toBeVisible();
    await user.click(field.exclusive);
    expect(note()).not.toBeInTheDocument();
  });

  it.each([false, true])(
    'adds one cart line per lead, confirms and resets (exclusive: %p)',
    async (exclusive) => {
      const { user, field, total, submit, liveRegion, setQuantity, fillContact } = await setup(locale);
      expect(liveRegion).toBeEmptyDOMElement();

      await fillContact();
      await setQuantity('3');
      if (exclusive) await user.click(field.exclusive);
      await user.click(submit);

      const items = useCartStore.getState().items;
      expect(items).toHaveLength(3);
      for (const item of items) {
        expect(item).toEqual(
          expect.objectContaining({
            category: 'treppenlifte',
            exclusive,
            quantity: 1,
            price: base * (exclusive ? 5 : 1),
          }),
        );
      }

      const name = contentName(locale) + (exclusive ? expected[locale].exclusiveSuffix : '');
      const description = expected[locale].description(3, name);
      // The toast (react-hot-toast fades it in, which jsdom cannot measure, so check presence rather than visibility).
      expect(await screen.findByText(expected[locale].title)).toBeInTheDocument();
      expect(screen.getByText(description)).toBeInTheDocument();
      expect(plain(liveRegion.textContent)).toBe(`${expected[locale].title} ${description}`);

      expect(field.name).toHaveValue('');
      expect(field.email).toHaveValue('');
      expect(field.company).toHaveValue('');
      expect(field.phone).toHaveValue('');
      expect(field.message).toHaveValue('');
      expect(field.quantity).toHaveValue(1);
      expect(field.exclusive).not.toBeChecked();
      expect(total()).toBe(centsAsText(base, locale));
      // The total the reset wrote is not read out before the confirmation; the next change of the visitor's is.
      const output = screen.getByRole('status', { name: getDictionary(locale).orderForm.total });
      expect(output).toHaveAttribute('aria-live', 'off');
      await setQuantity('2');
      expect(output).not.toHaveAttribute('aria-live', 'off');
      expect(total()).toBe(centsAsText(2 * base, locale));
    },
  );

  it('adds to the stored cart, also when the form is the first to read it', async () => {
    const other = categories.find((category) => category.id !== stairlifts.id)!.id;
    localStorage.setItem(
      CART_STORAGE_KEY,
      JSON.stringify({
        state: {
          items: [{ id: `${other}-1-0`, category: other, exclusive: false, area: 'germany', quantity: 2 }],
        },
        version: CART_STORAGE_VERSION,
      }),
    );
    const { user, submit, setQuantity, fillContact } = await setup(locale);
    await fillContact();
    await setQuantity('3');
    await user.click(submit);
    expect(useCartStore.getState().items.map((item) => item.category)).toEqual([
      other,
      ...Array<string>(3).fill(stairlifts.id),
    ]);
  });

  it('announces a second identical order again', async () => {
    const { user, submit, liveRegion, fillContact } = await setup(locale);
    await fillContact();
    await user.click(submit);
    const first = liveRegion.textContent;
    await fillContact();
    await user.click(submit);
    expect(storedCount()).toBe(2);
    expect(liveRegion.textContent).not.toBe(first);
    expect(plain(liveRegion.textContent)).toBe(plain(first));
  });

  it('adds an order once when it is sent twice before the first has gone into the cart', async () => {
    const { liveRegion, form, setQuantity, fillContact } = await setup(locale);
    await fillContact();
    await setQuantity('3');
    // The second submit finds the form emptied by the first, and adds nothing.
    fireEvent.submit(form);
    fireEvent.submit(form);
    await waitFor(() => expect(liveRegion).not.toBeEmptyDOMElement());
    await act(() => new Promise((resolve) => setTimeout(resolve, 0)));
    expect(storedCount()).toBe(3);
  });

  it.each(['0', '101', '2.5', ''])('adds nothing for quantity "%s"', async (quantity) => {
    const { user, submit, liveRegion, total, setQuantity, fillContact } = await setup(locale);
    await fillContact();
    await setQuantity(quantity);
    expect(total()).not.toMatch(/\d/);
    await user.click(submit);
    expect(storedCount()).toBe(0);
    expect(liveRegion).toBeEmptyDOMElement();
    expect(screen.queryByText(expected[locale].title)).not.toBeInTheDocument();
  });

  it('says so when the cart takes nothing of an order with nothing wrong in it, and keeps what was typed', async () => {
    // A price list without this page's category: the cart adds no line of a category it cannot price.
    const { user, field, submit, liveRegion, fillContact } = await setup(
      locale,
      priceList(categories.filter((category) => category.id !== stairlifts.id)),
    );
    const strings = getDictionary(locale).orderForm;
    await fillContact();
    await user.click(submit);
    expect(storedCount()).toBe(0);
    expect(
      within(screen.getByRole('form', { name: strings.formLabel })).getByRole('alert'),
    ).toHaveTextContent(strings.notAdded);
    expect(liveRegion).toBeEmptyDOMElement();
    expect(field.name).toHaveValue('Erika Mustermann');
    // Once only, however often it is tried.
    await user.click(submit);
    expect(screen.getAllByText(strings.notAdded)).toHaveLength(1);
  });

  it('says the cart is full, and adds nothing, when it holds as many lines as it can', async () => {
    const { user, submit, fillContact } = await setup(locale);
    const strings = getDictionary(locale).orderForm;
    act(() => {
      for (let i = 0; i < MAX_LINES / 100; i++)
        useCartStore
          .getState()
          .addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 100, area: 'germany' });
    });
    await fillContact();
    await user.click(submit);
    expect(storedCount()).toBe(MAX_LINES);
    expect(
      within(screen.getByRole('form', { name: strings.formLabel })).getByRole('alert'),
    ).toHaveTextContent(strings.cartFull);
  });

  it('says how many leads still fit when the cart has room for fewer than ordered, and adds none', async () => {
    const { user, submit, fillContact, setQuantity } = await setup(locale);
    const strings = getDictionary(locale).orderForm;
    act(() => {
      for (let i = 0; i < 4; i++)
        useCartStore
          .getState()
          .addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 100, area: 'germany' });
      useCartStore
        .getState()
        .addOrder({ categoryId: 'kanzlei', exclusive: false, quantity: 60, area: 'germany' });
    });
    await fillContact();
    await setQuantity('50');
    await user.click(submit);
    expect(storedCount()).toBe(460);
    expect(
      within(screen.getByRole('form', { name: strings.formLabel })).getByRole('alert'),
    ).toHaveTextContent(fill(strings.cartRoom, { free: String(MAX_LINES - 460) }));
  });

  it('leaves the total and the surcharge as they are while other fields are typed in, so they are not read out again', async () => {
    const { user, field, form, setQuantity } = await setup(locale);
    await user.click(field.exclusive);
    await setQuantity('2');
    const total = within(form).getByRole('status', { name: getDictionary(locale).orderForm.total });
    const changes: MutationRecord[] = [];
    const observer = new MutationObserver((records) => changes.push(...records));
    observer.observe(form, { subtree: true, childList: true, characterData: true });
    await user.type(field.name, 'Erika');
    await user.type(field.message, 'Rückruf');
    observer.disconnect();
    expect(changes.filter((change) => total.contains(change.target) || change.target === total)).toEqual([]);
    expect(changes.filter((change) => change.target instanceof HTMLParagraphElement)).toEqual([]);
  });

  it('names no surcharge, as no total, while the number of leads is not one it takes', async () => {
    const { user, field, form, total, setQuantity } = await setup(locale);
    await user.click(field.exclusive);
    await setQuantity('');
    expect(total()).toBe('–');
    const note = fill(getDictionary(locale).orderForm.exclusiveNote, { surcharge: '–' });
    expect(within(form).getByText(plain(note), { normalizer: plain })).toBeVisible();
  });

  it('leaves no message of before when its code takes the form over again', async () => {
    const { user, form, submit, fillContact, reconnect } = await setup(
      locale,
      priceList(categories.filter((category) => category.id !== stairlifts.id)),
    );
    const strings = getDictionary(locale).orderForm;
    await fillContact();
    await user.click(submit);
    expect(within(form).getByRole('alert')).toHaveTextContent(strings.notAdded);
    // Taken over again with every price, the form adds the order, and nothing says it went nowhere.
    act(() => reconnect(priceList(categories)));
    await user.click(submit);
    expect(storedCount()).toBe(1);
    expect(within(form).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('reads its total out again when its code takes the form over after an order', async () => {
    const { user, submit, fillContact, reconnect } = await setup(locale);
    const output = screen.getByRole('status', { name: getDictionary(locale).orderForm.total });
    await fillContact();
    await user.click(submit);
    expect(output).toHaveAttribute('aria-live', 'off');
    // The next code does not know that this one silenced the total; the first total it writes must be heard.
    act(() => reconnect(priceList(categories)));
    expect(output).not.toHaveAttribute('aria-live', 'off');
  });

  it('adds nothing without a name', async () => {
    const { user, field, submit, liveRegion, fillContact } = await setup(locale);
    await fillContact();
    await user.clear(field.name);
    await user.click(submit);
    expect(storedCount()).toBe(0);
    expect(liveRegion).toBeEmptyDOMElement();
    // What was typed stays, so nothing has to be entered again.
    expect(field.email).toHaveValue('erika@example.com');
  });

  it('checks the form itself even when the browser does not (submit event without validation)', async () => {
    const { form, setQuantity, fillContact, field, user } = await setup(locale);
    await fillContact();
    await setQuantity('101');
    fireEvent.submit(form);
    expect(storedCount()).toBe(0);

    await setQuantity('2');
    await user.clear(field.email);
    fireEvent.submit(form);
    expect(storedCount()).toBe(0);
  });

  it('keeps the choices for this tab, not the contact details, so that a reload loses none; an order starts afresh', async () => {
    const strings = getDictionary(locale).orderForm;
    const hamburg = getDictionary(locale).area.states.HH;
    const byState = (form: HTMLElement) => within(form).getByRole('radio', { name: strings.areaStates });
    const first = await setup(locale);
    await first.setQuantity('12');
    await first.user.click(first.field.exclusive);
    await first.user.click(byState(first.form));
    await first.user.click(within(first.form).getByRole('checkbox', { name: hamburg }));
    await first.fillContact();
    const total = first.total();

    // The page is loaded again in the same tab.
    cleanup();
    const again = await setup(locale);
    expect(again.field.quantity).toHaveValue(12);
    expect(again.field.exclusive).toBeChecked();
    expect(byState(again.form)).toBeChecked();
    expect(within(again.form).getByRole('checkbox', { name: hamburg })).toBeChecked();
    expect(again.total()).toBe(total);
    // Contact details are the visitor's to type again: they are kept nowhere.
    expect(again.field.name).toHaveValue('');
    const kept = Object.keys(sessionStorage)
      .map((key) => sessionStorage.getItem(key))
      .join('\n');
    for (const secret of ['Erika', 'erika@example.com', 'Lift & Co', '1234567', 'Berlin'])
      expect(kept).not.toContain(secret);

    // Put back as the page opened: not read out as news, until the visitor changes something.
    expect(within(again.form).getByRole('status', { name: strings.total })).toHaveAttribute(
      'aria-live',
      'off',
    );

    await again.fillContact();
    await again.user.click(again.submit);
    expect(storedCount()).toBe(12);
    cleanup();
    const next = await setup(locale);
    expect(next.field.quantity).toHaveValue(1);
    expect(next.field.exclusive).not.toBeChecked();
    expect(within(next.form).getByRole('radio', { name: getDictionary(locale).area.germany })).toBeChecked();
  });

  it('keeps what the visitor chose before its code ran, not an older copy, and starts fresh from junk', async () => {
    const strings = getDictionary(locale).orderForm;
    const first = await setup(locale);
    await first.setQuantity('12');
    cleanup();
    // Reloaded, and 3 typed before the form's code took the form over.
    const typedEarly = await setup(locale, priceList(categories), () =>
      fireEvent.change(screen.getByRole('spinbutton', { name: strings.quantity }), {
        target: { value: '3' },
      }),
    );
    expect(typedEarly.field.quantity).toHaveValue(3);
    cleanup();
    const again = await setup(locale);
    expect(again.field.quantity).toHaveValue(3);
    cleanup();
    for (const key of Object.keys(sessionStorage))
      sessionStorage.setItem(key, '{"quantity":"7","area":"moon"}');
    const fresh = await setup(locale);
    expect(fresh.field.quantity).toHaveValue(1);
  });

  it('keeps contact data out of localStorage', async () => {
    const { user, submit, fillContact } = await setup(locale);
    await fillContact();
    await user.click(submit);
    expect(storedCount()).toBe(1);

    const everything = Object.keys(localStorage)
      .map((key) => `${key}=${localStorage.getItem(key)}`)
      .join('\n');
    expect(everything).not.toBe('');
    for (const secret of ['Erika', 'Mustermann', 'erika@example.com', 'Lift & Co', '1234567', 'Berlin']) {
      expect(everything).not.toContain(secret);
    }
  });
});
