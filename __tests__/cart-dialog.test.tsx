import { readJson } from '@/testing/helpers';
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartDialog } from '@/components/cart/cart-dialog';
import { setCartPrices, useCartStore } from '@/lib/cart/store';
import { priceList } from '@/lib/categories';
import { getCategories, getCategoryNames, getDictionary, getSite } from '@/lib/content';
import type { Locale } from '@/lib/i18n';
import { centsAsText, plain } from '@/testing/helpers';

const categories = getCategories();

interface CartUi {
  title: string;
  empty: string;
  unitPrice: string;
  increase: string;
  decrease: string;
  remove: string;
  checkout: string;
  close: string;
  checkoutAlert: string;
}
const cartUi = (locale: Locale) => readJson<{ cart: CartUi }>(`${locale}/ui.json`).cart;
const template = (text: string, name: string) => text.replace('{name}', name);

/** Finds the element whose whole text (spaces normalised) is `text`. */
const byPlainText = (text: string) => (_content: string, element: Element | null) =>
  !!element &&
  plain(element.textContent) === text &&
  Array.from(element.children).every((child) => plain(child.textContent) !== text);

const priceCents = (id: string) => categories.find((category) => category.id === id)!.price * 100;

const suffix = { de: ' (Exklusiv)', en: ' (Exclusive)' } as const;
interface AreaUi {
  postcodes: string;
  states: Record<string, string>;
}
/** The lines `fillCart` makes, named as the cart shows them: category, then area in this language's words. */
const names = (locale: Locale) => {
  const { cart, area } = readJson<{ cart: { line: string }; area: AreaUi }>(`${locale}/ui.json`);
  const line = (name: string, where: string) => cart.line.replace('{name}', name).replace('{area}', where);
  return {
    stairlifts: line(
      readJson<{ name: string }>(`${locale}/categories/treppenlifte.json`).name,
      area.postcodes.replace('{list}', '80–85, 90'),
    ),
    lawExclusive: line(
      readJson<{ name: string }>(`${locale}/categories/kanzlei.json`).name + suffix[locale],
      `${area.states.BY}, ${area.states.HE}`,
    ),
  };
};

async function renderDialog(locale: Locale, onClose = jest.fn()) {
  const dict = getDictionary(locale);
  render(
    <CartDialog
      open
      onClose={onClose}
      locale={locale}
      strings={dict.cart}
      names={getCategoryNames(locale)}
      exclusiveSuffix={dict.orderForm.exclusiveSuffix}
      email={getSite().email}
      areaWords={dict.area}
    />,
  );
  // Headless UI settles the dialog's transition asynchronously; wait for it inside act().
  const dialog = await screen.findByRole('dialog', { name: cartUi(locale).title });
  return { user: userEvent.setup({ delay: null }), dialog, onClose };
}

function fillCart() {
  act(() => {
    useCartStore
      .getState()
      .addOrder({ categoryId: 'treppenlifte', exclusive: false, quantity: 1, area: 'postcodes:80-85,90' });
    useCartStore
      .getState()
      .addOrder({ categoryId: 'kanzlei', exclusive: true, quantity: 1, area: 'states:BY,HE' });
  });
}

beforeEach(() => {
  setCartPrices(priceList(getCategories()));
  useCartStore.setState({ items: [] });
  localStorage.clear();
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe.each(['de', 'en'] as const)('CartDialog (%s)', (locale) => {
  const ui = cartUi(locale);

  it('shows the empty message and a zero total when the cart is empty', async () => {
    const { dialog } = await renderDialog(locale);
    expect(within(dialog).getByText(ui.empty)).toBeVisible();
    expect(within(dialog).queryByRole('listitem')).not.toBeInTheDocument();
    expect(within(dialog).getByText(byPlainText(centsAsText(0, locale)))).toBeInTheDocument();
  });

  it('shows each line with name, unit price and quantity, and the total', async () => {
    fillCart();
    const { dialog } = await renderDialog(locale);
    const { stairlifts, lawExclusive } = names(locale);

    const lines = within(dialog).getAllByRole('listitem');
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [HTMLElement, HTMLElement];

    expect(within(first).getByText(stairlifts, { exact: true })).toBeInTheDocument();
    expect(plain(first.textContent)).toContain(centsAsText(priceCents('treppenlifte'), locale));
    expect(within(first).getByRole('status')).toHaveTextContent(/^1$/);

    expect(within(second).getByText(lawExclusive, { exact: true })).toBeInTheDocument();
    expect(plain(second.textContent)).toContain(centsAsText(5 * priceCents('kanzlei'), locale));

    const total = priceCents('treppenlifte') + 5 * priceCents('kanzlei');
    expect(within(dialog).getByText(byPlainText(centsAsText(total, locale)))).toBeInTheDocument();
  });

  it('raises and lowers a quantity with + and −, and removes the line below 1', async () => {
    fillCart();
    const { user, dialog } = await renderDialog(locale);
    const { stairlifts } = names(locale);
    const quantity = () =>
      within(within(dialog).getByRole('group', { name: new RegExp(stairlifts) })).getByRole('status');

    await user.click(within(dialog).getByRole('button', { name: template(ui.increase, stairlifts) }));
    await user.click(within(dialog).getByRole('button', { name: template(ui.increase, stairlifts) }));
    expect(quantity()).toHaveTextContent(/^3$/);
    const total = 3 * priceCents('treppenlifte') + 5 * priceCents('kanzlei');
    expect(within(dialog).getByText(byPlainText(centsAsText(total, locale)))).toBeInTheDocument();

    const decrease = () => within(dialog).getByRole('button', { name: template(ui.decrease, stairlifts) });
    await user.click(decrease());
    expect(quantity()).toHaveTextContent(/^2$/);
    await user.click(decrease());
    await user.click(decrease());
    expect(within(dialog).queryByText(stairlifts, { exact: true })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(dialog).getByText(byPlainText(centsAsText(5 * priceCents('kanzlei'), locale))),
    ).toBeInTheDocument();
  });

  it('removes a line with its remove button', async () => {
    fillCart();
    const { user, dialog } = await renderDialog(locale);
    const { lawExclusive, stairlifts } = names(locale);

    await user.click(within(dialog).getByRole('button', { name: template(ui.remove, lawExclusive) }));
    expect(within(dialog).queryByText(lawExclusive, { exact: true })).not.toBeInTheDocument();
    expect(within(dialog).getByText(stairlifts, { exact: true })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(1);
  });

  it('alerts the German payment-provider message on checkout', async () => {
    const alert = jest.spyOn(window, 'alert').mockImplementation(() => {});
    fillCart();
    const { user, dialog } = await renderDialog(locale);

    await user.click(within(dialog).getByRole('button', { name: ui.checkout }));

    // Spec §7: the alert is German in both languages.
    const german = cartUi('de').checkoutAlert;
    expect(german).toMatch(/Zahlungsanbieter/);
    expect(alert).toHaveBeenCalledTimes(1);
    expect(alert).toHaveBeenCalledWith(german);
  });

  it('copies the order text, or selects it for the buyer when the clipboard refuses', async () => {
    const dict = getDictionary(locale).cart;
    const writeText = jest
      .fn<Promise<void>, [string]>()
      .mockResolvedValueOnce()
      .mockRejectedValueOnce(new Error('denied'));
    fillCart();
    const { user, dialog } = await renderDialog(locale);
    // After user-event's setup, which puts its own clipboard in place.
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const text = within(dialog).getByRole('textbox', { name: dict.orderTextLabel });
    const copy = within(dialog).getByRole('button', { name: dict.copyOrder });

    await user.click(copy);
    expect(writeText).toHaveBeenCalledWith((text as HTMLTextAreaElement).value);
    expect((text as HTMLTextAreaElement).value).toContain(names(locale).stairlifts);
    const status = within(dialog).getByText(dict.copied.replace('{email}', getSite().email));
    expect(status).toHaveAttribute('aria-live', 'polite');

    await user.click(copy);
    expect(within(dialog).getByText(dict.copyFailed)).toHaveAttribute('aria-live', 'polite');
    expect(text).toHaveFocus();
  });

  it('closes with its close button', async () => {
    const { user, dialog, onClose } = await renderDialog(locale);
    await user.click(within(dialog).getByRole('button', { name: ui.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
