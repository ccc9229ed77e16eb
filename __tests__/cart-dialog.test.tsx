import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CartDialog } from '@/components/cart/cart-dialog';
import { setCartPrices, useCartStore } from '@/lib/cart/store';
import { priceList } from '@/lib/categories';
import { getCategories, getCategoryNames, getDictionary } from '@/lib/content';
import { checkoutPath, type Locale } from '@/lib/i18n';
import { centsAsText, plain, readJson } from '@/testing/helpers';
import { specExclusiveSuffix } from '@/testing/spec';

const categories = getCategories();

const cartUi = (locale: Locale) => getDictionary(locale).cart;
const template = (text: string, name: string) => text.replace('{name}', name);

/** Finds the element whose whole text (spaces normalised) is `text`. */
const byPlainText = (text: string) => (_content: string, element: Element | null) =>
  !!element &&
  plain(element.textContent) === text &&
  Array.from(element.children).every((child) => plain(child.textContent) !== text);

const priceCents = (id: string) => categories.find((category) => category.id === id)!.price * 100;

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
      readJson<{ name: string }>(`${locale}/categories/kanzlei.json`).name + specExclusiveSuffix[locale],
      `${area.states.BY}, ${area.states.HE}`,
    ),
  };
};

async function renderDialog(locale: Locale, onClose = jest.fn(), checkoutHref = checkoutPath(locale)) {
  const dict = getDictionary(locale);
  const dialogOf = (open: boolean) => (
    <CartDialog
      open={open}
      onClose={onClose}
      locale={locale}
      strings={dict.cart}
      names={getCategoryNames(locale)}
      exclusiveSuffix={dict.orderForm.exclusiveSuffix}
      areaWords={dict.area}
      checkoutHref={checkoutHref}
    />
  );
  const { rerender } = render(dialogOf(true));
  // Headless UI settles the dialog's transition asynchronously; wait for it inside act().
  const dialog = await screen.findByRole('dialog', { name: cartUi(locale).title });
  /** Closes the dialog and opens it again, as the header's cart button does. */
  const reopen = async () => {
    rerender(dialogOf(false));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    rerender(dialogOf(true));
    return screen.findByRole('dialog', { name: cartUi(locale).title });
  };
  return { user: userEvent.setup({ delay: null }), dialog, onClose, reopen };
}

/** Stair-lift leads for PLZ 80–85 and 90 (one order of `stairlifts`), then one exclusive law-firm lead. */
function fillCart(stairlifts = 1) {
  act(() => {
    useCartStore.getState().addOrder({
      categoryId: 'treppenlifte',
      exclusive: false,
      quantity: stairlifts,
      area: 'postcodes:80-85,90',
    });
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

/** The text is in the dialog, inside a status that screen readers announce. */
function expectAnnounced(dialog: HTMLElement, text: string) {
  const message = within(dialog).getByText(text);
  expect(
    within(dialog)
      .getAllByRole('status')
      .some((status) => status.contains(message)),
  ).toBe(true);
}

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
    // The row says what it costs together, so that nobody multiplies by hand.
    const row = within(dialog).getByText(stairlifts, { exact: true }).closest('li');
    expect(plain(row?.textContent)).toContain(
      ui.lineTotal.replace('{total}', centsAsText(3 * priceCents('treppenlifte'), locale)),
    );
    const total = 3 * priceCents('treppenlifte') + 5 * priceCents('kanzlei');
    const amount = within(dialog).getByText(byPlainText(centsAsText(total, locale)));
    // The new total is said with its label, as one piece, where a screen reader hears it.
    const live = amount.closest('[aria-live]');
    expect(live).toHaveAttribute('aria-live', 'polite');
    expect(live).toHaveAttribute('aria-atomic', 'true');
    expect(plain(live?.textContent)).toBe(`${ui.total}${centsAsText(total, locale)}`);

    const decrease = () => within(dialog).getByRole('button', { name: template(ui.decrease, stairlifts) });
    await user.click(decrease());
    expect(quantity()).toHaveTextContent(/^2$/);
    await user.click(decrease());
    await user.click(decrease());
    expect(within(dialog).queryByText(stairlifts, { exact: true })).not.toBeInTheDocument();
    // Minus at 1 takes the row out as the bin does, with Undo in focus.
    expect(within(dialog).getByRole('button', { name: template(ui.undoLabel, stairlifts) })).toHaveFocus();
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(1);
    expect(
      within(dialog).getByText(byPlainText(centsAsText(5 * priceCents('kanzlei'), locale))),
    ).toBeInTheDocument();
  });

  it('shows the leads of one category and area as one row, with their quantity and total', async () => {
    act(() => {
      for (let order = 0; order < 5; order += 1) {
        useCartStore.getState().addOrder({
          categoryId: 'treppenlifte',
          exclusive: false,
          quantity: 10,
          area: 'postcodes:80-85,90',
        });
      }
    });
    expect(useCartStore.getState().items).toHaveLength(50);
    const { dialog } = await renderDialog(locale);
    const { stairlifts } = names(locale);

    const [row, ...others] = within(dialog).getAllByRole('listitem');
    expect(others).toHaveLength(0);
    expect(within(row!).getByText(stairlifts, { exact: true })).toBeInTheDocument();
    expect(within(row!).getByRole('status')).toHaveTextContent(/^50$/);
    expect(plain(row!.textContent)).toContain(centsAsText(priceCents('treppenlifte'), locale));
    expect(
      within(dialog).getByText(byPlainText(centsAsText(50 * priceCents('treppenlifte'), locale))),
    ).toBeInTheDocument();
  });

  it('changes a row of many leads by one with + and −', async () => {
    fillCart(50);
    const { user, dialog } = await renderDialog(locale);
    const { stairlifts } = names(locale);
    const quantity = () =>
      within(within(dialog).getByRole('group', { name: new RegExp(stairlifts) })).getByRole('status');
    const law = 5 * priceCents('kanzlei');

    await user.click(within(dialog).getByRole('button', { name: template(ui.increase, stairlifts) }));
    expect(quantity()).toHaveTextContent(/^51$/);
    expect(
      within(dialog).getByText(byPlainText(centsAsText(51 * priceCents('treppenlifte') + law, locale))),
    ).toBeInTheDocument();

    const decrease = within(dialog).getByRole('button', { name: template(ui.decrease, stairlifts) });
    await user.click(decrease);
    await user.click(decrease);
    expect(quantity()).toHaveTextContent(/^49$/);
    expect(within(dialog).getAllByRole('listitem')).toHaveLength(2);
    expect(
      within(dialog).getByText(byPlainText(centsAsText(49 * priceCents('treppenlifte') + law, locale))),
    ).toBeInTheDocument();
  });

  it('removes a whole row, and Undo puts it back at its place', async () => {
    fillCart(3);
    const { user, dialog } = await renderDialog(locale);
    const { lawExclusive, stairlifts } = names(locale);
    /** Which row is which, top to bottom. */
    const rowNames = () =>
      within(dialog)
        .getAllByRole('listitem')
        .map((row) =>
          [stairlifts, lawExclusive].find((name) => within(row).queryByText(name, { exact: true })),
        );
    const before = useCartStore.getState().items;
    expect(rowNames()).toEqual([stairlifts, lawExclusive]);

    await user.click(within(dialog).getByRole('button', { name: template(ui.remove, stairlifts) }));
    expect(within(dialog).queryByText(stairlifts, { exact: true })).not.toBeInTheDocument();
    expect(rowNames()).toEqual([lawExclusive]);
    expect(useCartStore.getState().items.map((item) => item.category)).toEqual(['kanzlei']);
    expect(
      within(dialog).getByText(byPlainText(centsAsText(5 * priceCents('kanzlei'), locale))),
    ).toBeInTheDocument();

    // The removal is announced, and its Undo button takes the focus the removed row's button had.
    expectAnnounced(dialog, template(ui.removed, stairlifts));
    const undo = within(dialog).getByRole('button', { name: template(ui.undoLabel, stairlifts) });
    expect(undo).toHaveTextContent(ui.undo);
    expect(undo).toHaveFocus();
    // The message is said once, alone: the focused button says its own name, and is not read again inside it.
    const message = within(dialog).getByText(template(ui.removed, stairlifts)).closest('[role="status"]');
    expect(plain(message?.textContent)).toBe(template(ui.removed, stairlifts));
    expect(message).not.toContainElement(undo);

    await user.click(undo);
    expect(rowNames()).toEqual([stairlifts, lawExclusive]);
    expect(useCartStore.getState().items).toEqual(before);
    expect(
      within(within(dialog).getByRole('group', { name: new RegExp(stairlifts) })).getByRole('status'),
    ).toHaveTextContent(/^3$/);
    expect(within(dialog).queryByText(template(ui.removed, stairlifts))).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('button', { name: template(ui.undoLabel, stairlifts) })).toBeNull();
    // Its return is announced, and focus goes to the row that is back, not to the page behind the dialog.
    expectAnnounced(dialog, template(ui.restored, stairlifts));
    expect(within(dialog).getByRole('button', { name: template(ui.remove, stairlifts) })).toHaveFocus();

    // Taking a row out again replaces that message with the new removal.
    await user.click(within(dialog).getByRole('button', { name: template(ui.remove, lawExclusive) }));
    expect(within(dialog).queryByText(template(ui.restored, stairlifts))).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: template(ui.undoLabel, lawExclusive) })).toHaveFocus();
  });

  it('offers no Undo of a removal made before the dialog was closed', async () => {
    fillCart(3);
    const { user, dialog, reopen } = await renderDialog(locale);
    const { stairlifts } = names(locale);
    await user.click(within(dialog).getByRole('button', { name: template(ui.remove, stairlifts) }));
    expect(
      within(dialog).getByRole('button', { name: template(ui.undoLabel, stairlifts) }),
    ).toBeInTheDocument();
    const again = await reopen();
    expect(within(again).queryByRole('button', { name: template(ui.undoLabel, stairlifts) })).toBeNull();
    expect(within(again).queryByText(template(ui.removed, stairlifts))).toBeNull();
  });

  it('brings back the last row with Undo after its removal emptied the cart', async () => {
    act(() => {
      useCartStore
        .getState()
        .addOrder({ categoryId: 'kanzlei', exclusive: true, quantity: 2, area: 'states:BY,HE' });
    });
    const { user, dialog } = await renderDialog(locale);
    const { lawExclusive } = names(locale);

    await user.click(within(dialog).getByRole('button', { name: template(ui.remove, lawExclusive) }));
    expect(within(dialog).getByText(ui.empty)).toBeVisible();
    expect(within(dialog).getByRole('button', { name: ui.checkout })).toBeDisabled();

    await user.click(within(dialog).getByRole('button', { name: template(ui.undoLabel, lawExclusive) }));
    expect(within(dialog).getByText(lawExclusive, { exact: true })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: ui.checkout })).toBeInTheDocument();
    expect(useCartStore.getState().items).toHaveLength(2);
  });

  it('leads to the checkout page it was given', async () => {
    fillCart();
    const href = `${checkoutPath(locale)}?from=cart-dialog-test`;
    const { dialog } = await renderDialog(locale, jest.fn(), href);
    expect(within(dialog).getByRole('link', { name: ui.checkout })).toHaveAttribute('href', href);
    expect(within(dialog).queryByRole('button', { name: ui.checkout })).not.toBeInTheDocument();
  });

  it('shows a disabled checkout button, and no link, while the cart is empty', async () => {
    const { dialog } = await renderDialog(locale);
    expect(within(dialog).getByRole('button', { name: ui.checkout })).toBeDisabled();
    expect(within(dialog).queryByRole('link', { name: ui.checkout })).not.toBeInTheDocument();
  });

  it('closes with its close button', async () => {
    const { user, dialog, onClose } = await renderDialog(locale);
    await user.click(within(dialog).getByRole('button', { name: ui.close }));
    expect(onClose).toHaveBeenCalled();
  });
});
