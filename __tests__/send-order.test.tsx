import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { SendOrder } from '@/components/checkout/send-order';
import type { CartItem } from '@/lib/cart/rules';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION, setCartPrices, useCartStore } from '@/lib/cart/store';
import { NEW_BUYER, type Buyer } from '@/lib/checkout/buyer';
import { confirmedSummary, sanitizeConfirmation } from '@/lib/checkout/confirmation';
import { summarizeOrder } from '@/lib/checkout/order';
import { priceList } from '@/lib/categories';
import { orderContent, orderRequestBody } from '@/lib/checkout/send';
import { CHECKOUT_STORAGE_KEY, CHECKOUT_STORAGE_VERSION, useCheckoutStore } from '@/lib/checkout/store';
import { orderWords } from '@/lib/checkout/words';
import { fill } from '@/lib/format';
import { getCategories, getDictionary, getSite } from '@/lib/content';
import type { Locale } from '@/lib/i18n';
import { unitPriceCents } from '@/lib/money';

const site = getSite();
const [category] = getCategories();
const items: CartItem[] = [
  {
    id: 'a',
    category: category!.id,
    exclusive: false,
    area: 'germany',
    price: unitPriceCents(category!.price, false),
    quantity: 2,
  },
];
const buyer: Buyer = {
  ...NEW_BUYER,
  company: 'Muster GmbH',
  name: 'Erika Muster',
  email: 'einkauf@muster.example',
  street: 'Hauptstraße 1',
  postcode: '80331',
  city: 'München',
};
const quote = { number: 'AN-20261125-7K3Q9M', date: '2026-11-25', content: 'x' };

function renderSendOrder(
  locale: Locale,
  endpoint?: string,
  details: Buyer = buyer,
  lines: CartItem[] = items,
) {
  const words = orderWords(locale);
  const element = (details: Buyer) => (
    <SendOrder
      summary={summarizeOrder(lines, details, site.facts.vatRate, words)}
      items={lines}
      quote={quote}
      words={words}
      email={site.email}
      privacy={{ url: site.links.privacy, newTab: getDictionary(locale).header.newTab }}
      termsUrl={site.links.terms}
      vatRate={site.facts.vatRate}
      endpoint={endpoint}
      complete
      onIncomplete={jest.fn()}
    />
  );
  const { rerender } = render(element(details));
  return {
    send: words.strings.send,
    user: userEvent.setup({ delay: null }),
    /** The same form with other billing details, as the buyer changed them. */
    change: (changed: Buyer) => rerender(element(changed)),
  };
}

/** The message of an order that did not go: a group named by what it says, which the focus moves to. */
const failureMessage = () => screen.findByRole('group', { name: /\S/ });

/** The service's answer as `fetch` resolves it (jsdom has no Response). */
const answer = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  ({
    status,
    headers: { get: (name: string) => headers[name.toLowerCase()] ?? null },
    json: async () => body,
  }) as unknown as Response;

/**
 * Another tab had the answer to the same order first and stored what came of it (`checkout`: its confirmation or
 * key), and the cart with one lead of the ordered line, added since. The browser has not told this tab yet.
 */
function otherTabOrdered(checkout: Record<string, unknown>) {
  // A cart line as storage keeps it: without its price, which the page takes from the table.
  const { id, category, exclusive, area } = items[0]!;
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      state: { buyer: NEW_BUYER, business: false, ...checkout },
      version: CHECKOUT_STORAGE_VERSION,
    }),
  );
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({
      state: { items: [{ id, category, exclusive, area, quantity: 1 }] },
      version: CART_STORAGE_VERSION,
    }),
  );
}

/** The service's answer to the order on its way: it took the two leads. Resolves once the page has it. */
async function answered(settle: (response: Response) => void, sending: string) {
  const net = items[0]!.price * 2;
  await act(async () => settle(answer(200, { orderNumber: 'LW-20261127-000042', net, vat: 0, gross: net })));
  await waitFor(() => expect(screen.queryByText(sending)).not.toBeInTheDocument());
}

const fetchMock = jest.fn<Promise<Response>, [string, RequestInit]>();
// The prices a page hands its cart, by which it reads a cart stored by another tab.
beforeAll(() => setCartPrices(priceList(getCategories())));
beforeEach(() => {
  fetchMock.mockReset();
  global.fetch = fetchMock as unknown as typeof fetch;
  act(() => {
    useCartStore.setState({ items });
    // A buyer who ticked the declaration to order as a business; the tests of the declaration untick it.
    useCheckoutStore.setState({
      business: true,
      confirmed: undefined,
      orderKey: undefined,
      quote: undefined,
      sent: undefined,
    });
  });
});

describe.each<Locale>(['de', 'en'])('the order button (%s)', (locale) => {
  it('without an order service, is the e-mail order itself', () => {
    const { send } = renderSendOrder(locale);
    const link = screen.getByRole('link', { name: send.button });
    expect(link.getAttribute('href')).toMatch(new RegExp(`^mailto:${site.email}\\?`));
    expect(screen.queryByRole('button', { name: send.button })).toBeNull();
    expect(screen.queryByRole('link', { name: send.byMail })).toBeNull();
  });

  it('without an order service, opens the e-mail order only once the buyer declared to order as a business', async () => {
    act(() => useCheckoutStore.setState({ business: false }));
    const { send, user } = renderSendOrder(locale);
    const errors = orderWords(locale).strings.errors;
    const link = screen.getByRole('link', { name: send.button });
    const declaration = screen.getByRole('checkbox', { name: send.business });
    expect(link).toHaveAccessibleDescription(send.declareFirst);
    expect(screen.getByText(send.declareFirst)).toBeVisible();

    expect(fireEvent.click(link)).toBe(false);
    await waitFor(() => expect(declaration).toHaveFocus());
    expect(declaration).toHaveAttribute('aria-invalid', 'true');
    expect(declaration).toHaveAccessibleDescription(errors.business);
    expect(screen.queryByText(send.keptNote)).not.toBeInTheDocument();

    await user.click(declaration);
    expect(useCheckoutStore.getState().business).toBe(true);
    expect(link).not.toHaveAccessibleDescription();
    // Ticked, the link opens the mail program (jsdom does not follow a mailto: link; the page no longer stops it).
    link.addEventListener('click', (event) => event.preventDefault());
    act(() => link.click());
    expect(screen.getByText(send.keptNote)).toBeVisible();
  });

  it.each([undefined, '/api/orders'])(
    'gives the e-mail order its address only once the buyer declared to order as a business (service: %s)',
    async (endpoint) => {
      act(() => useCheckoutStore.setState({ business: false }));
      const { send, user } = renderSendOrder(locale, endpoint);
      const link = screen.getByRole('link', { name: endpoint ? send.byMail : send.button });
      const declaration = screen.getByRole('checkbox', { name: send.business });
      // No order to open, copy or middle-click: the link has no mailto:, and says, also when reached by keyboard, why.
      expect(link).not.toHaveAttribute('href');
      expect(link).toHaveAttribute('aria-disabled', 'true');
      expect(link).toHaveAccessibleDescription(send.declareFirst);
      act(() => declaration.focus());
      await user.tab();
      // With a service, its button comes first.
      if (endpoint) await user.tab();
      expect(link).toHaveFocus();
      await user.keyboard('{Enter}');
      await waitFor(() => expect(declaration).toHaveFocus());
      expect(declaration).toHaveAccessibleDescription(orderWords(locale).strings.errors.business);

      // Ticked, the link is the whole order, the declaration in it.
      await user.click(declaration);
      expect(link).not.toHaveAttribute('aria-disabled');
      expect(link).not.toHaveAccessibleDescription();
      const href = link.getAttribute('href')!;
      expect(href).toMatch(new RegExp(`^mailto:${site.email}\\?`));
      expect(new URL(href).searchParams.get('body')).toContain(send.business);
    },
  );

  it('with an order service, sends the order there, keeps its confirmation and empties the cart', async () => {
    // The service's answer: its lines, priced as the page showed them (else it had answered 409), and totals.
    const lines = [
      { category: category!.id, exclusive: false, area: 'germany', quantity: 2, price: items[0]!.price },
    ];
    const net = items[0]!.price * 2;
    fetchMock.mockResolvedValue(
      answer(201, { orderNumber: 'LW-20261125-0007', lines, net, vat: 0, gross: net }),
    );
    act(() => useCheckoutStore.setState({ buyer }));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    expect(screen.getByRole('link', { name: send.byMail }).getAttribute('href')).toMatch(/^mailto:/);
    await user.click(screen.getByRole('button', { name: send.button }));

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0]!;
    expect(url).toBe('/api/orders');
    const body = JSON.parse(String(init.body));
    expect(body).toMatchObject({
      locale,
      quote: quote.number,
      website: '',
      buyer: { company: buyer.company },
      // The buyer ticked that they order as a business, and the request says so.
      business: true,
    });
    // With the prices this page showed, for the service to compare with its own.
    expect(body.lines).toEqual([
      { category: category!.id, exclusive: false, area: 'germany', quantity: 2, price: items[0]!.price },
    ]);
    expect(body.vatRate).toBe(site.facts.vatRate);
    expect(useCheckoutStore.getState().confirmed).toMatchObject({
      orderNumber: 'LW-20261125-0007',
      items: lines.map((line) => expect.objectContaining(line)),
    });
    expect(useCartStore.getState().items).toEqual([]);
    // The details have done their job: this browser keeps them only in the confirmation it shows.
    const stored = JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!).state;
    expect(stored.buyer).toEqual(NEW_BUYER);
    expect(stored.business).toBe(false);
    expect(screen.getByRole('checkbox', { name: send.business })).not.toBeChecked();
    expect(stored.confirmed.buyer).toMatchObject({ company: buyer.company, email: buyer.email });
  });

  it('says, beside the button, what the order does with the details, and links the privacy policy', () => {
    const { send } = renderSendOrder(locale, '/api/orders');
    const dict = getDictionary(locale);
    const link = screen.getByRole('link', { name: `${send.privacyLink} ${dict.header.newTab}` });
    expect(link).toHaveAttribute('href', site.links.privacy);
    expect(link.closest('p')!.textContent).toContain(`${send.privacy} ${send.privacyLink}`);
  });

  it('says, before the button, how the contract is made, what is kept and in which languages, and links the terms', () => {
    const { send } = renderSendOrder(locale, '/api/orders');
    const dict = getDictionary(locale);
    const link = screen.getByRole('link', { name: `${send.termsLink} ${dict.header.newTab}` });
    expect(link).toHaveAttribute('href', site.links.terms);
    const [before, after] = send.contract.split('{terms}');
    expect(link.closest('p')!.textContent).toBe(`${before}${send.termsLink} ${dict.header.newTab}${after}`);
    // Before the button that orders, in the order a reader meets them.
    const button = screen.getByRole('button', { name: send.button });
    expect(link.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('counts the time to the order from when the page showed it, also when autofill entered the details later', async () => {
    fetchMock.mockResolvedValue(answer(503, {}));
    const shown = Date.now();
    const clock = jest.spyOn(Date, 'now').mockReturnValue(shown);
    try {
      const { send, user } = renderSendOrder(locale, '/api/orders');
      // Four seconds after the page appeared, autofill entered every detail; a second later, the order.
      act(() => useCheckoutStore.setState({ startedAt: shown + 4000 }));
      clock.mockReturnValue(shown + 5000);
      await user.click(screen.getByRole('button', { name: send.button }));
      expect(JSON.parse(String(fetchMock.mock.calls[0]![1].body)).elapsedMs).toBe(5000);
    } finally {
      clock.mockRestore();
      act(() => useCheckoutStore.setState({ startedAt: undefined }));
    }
  });

  it('says the order may have arrived when its answer is lost, and that the button checks it without ordering twice', async () => {
    // The connection broke after the order went out: the service may well have it.
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const failure = await failureMessage();
    expect(failure).toHaveTextContent(fill(send.unknown, { button: send.button, email: site.email }));
    expect(failure).not.toHaveTextContent(send.unreachable);
    // Read once, by its name as the focus moves to it; not announced a second time by a live region.
    expect(failure).toHaveFocus();
    expect(failure).toHaveAccessibleName(fill(send.unknown, { button: send.button, email: site.email }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(useCartStore.getState().items).toEqual(items);
    expect(useCheckoutStore.getState().confirmed).toBeUndefined();

    // The second try asks with the same key, and the service answers with the order it took the first time.
    const net = items[0]!.price * 2;
    fetchMock.mockResolvedValue(answer(200, { orderNumber: 'LW-20261125-0009', net, vat: 0, gross: net }));
    await user.click(screen.getByRole('button', { name: send.button }));
    const keys = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)).key);
    expect(keys).toHaveLength(2);
    expect(keys[1]).toBe(keys[0]);
    expect(useCheckoutStore.getState().confirmed?.orderNumber).toBe('LW-20261125-0009');
  });

  it('takes the ordered leads out of the cart once, when another tab had the same order’s answer first', async () => {
    let settle: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const { quote } = useCheckoutStore.getState().sent!;
    // Meanwhile one more lead of the same line was added, and another tab, which sent the same order with the
    // same key, had its answer: it stored the confirmation and the cart without the two ordered leads. The
    // browser has not told this tab yet (its storage event waits its turn).
    const confirmed = {
      orderNumber: 'LW-20261127-000042',
      orderedOn: '2026-11-27',
      quote: { number: quote, date: '2026-11-27' },
      items,
      buyer,
      vatRate: site.facts.vatRate,
    };
    otherTabOrdered({ confirmed });
    await answered(settle, send.sending);
    expect(useCartStore.getState().items).toEqual([{ ...items[0]!, quantity: 1 }]);
  });

  it('takes nothing out of the cart when another tab confirmed the same order and its confirmation was put away since', async () => {
    let settle: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const { key } = useCheckoutStore.getState().sent!;
    // The other tab confirmed the order and took its two leads out; the buyer then added one lead of the same line,
    // a new order, for which that confirmation went away.
    otherTabOrdered({ confirmedKey: key });
    await answered(settle, send.sending);
    expect(useCartStore.getState().items).toEqual([{ ...items[0]!, quantity: 1 }]);
    expect(useCheckoutStore.getState().confirmed).toBeUndefined();
  });

  it('reads the reasons the service gave for refusing the order with its message', async () => {
    const reasons = [
      { field: 'buyer.postcode', message: 'The postcode does not fit the country' },
      { field: 'buyer.vatId', message: 'The VAT ID is not one of this country' },
    ];
    fetchMock.mockResolvedValue(answer(422, { errors: reasons }));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const failure = await screen.findByRole('group', { name: send.rejected });
    expect(failure).toHaveFocus();
    expect(failure).toHaveAccessibleDescription(reasons.map((reason) => reason.message).join(' '));
  });

  it('offers the e-mail order, naming the quote, once a second try of the same order got no answer either', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    expect(await failureMessage()).toHaveTextContent(
      fill(send.unknown, { button: send.button, email: site.email }),
    );
    await user.click(screen.getByRole('button', { name: send.button }));
    const { quote } = useCheckoutStore.getState().sent!;
    expect(await screen.findByRole('group', { name: fill(send.unknownAgain, { quote }) })).toHaveFocus();
    // The e-mail order names that quote, by which sales know a first order that did arrive.
    expect(
      decodeURIComponent(screen.getByRole('link', { name: send.byMail }).getAttribute('href')!),
    ).toContain(quote);
  });

  it('says nothing was ordered, and offers the e-mail order, when the service says it stored nothing', async () => {
    const database = [{ field: 'database', message: 'The order service cannot reach its database' }];
    fetchMock.mockResolvedValue(answer(503, { errors: database }, { 'retry-after': '30' }));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const failure = await failureMessage();
    expect(failure).toHaveTextContent(send.unreachable);
    expect(useCheckoutStore.getState().sent).toBeUndefined();
  });

  it('after a lost answer, still says the order may have arrived when the retry finds the service without its database', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    await failureMessage();
    // The first try may be stored; "nothing was stored" speaks of the second one only.
    const database = [{ field: 'database', message: 'The order service cannot reach its database' }];
    fetchMock.mockResolvedValue(answer(503, { errors: database }, { 'retry-after': '30' }));
    await user.click(screen.getByRole('button', { name: send.button }));
    const { quote } = useCheckoutStore.getState().sent!;
    const failure = await screen.findByRole('group', { name: fill(send.unknownAgain, { quote }) });
    expect(failure).toHaveFocus();
    expect(failure).not.toHaveTextContent(send.unreachable);
  });

  it('asks before the page is left while the order is on its way, and not after the answer', async () => {
    let settle: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    const leave = () => window.dispatchEvent(new Event('beforeunload', { cancelable: true }));
    expect(leave()).toBe(true);
    await user.click(screen.getByRole('button', { name: send.button }));
    expect(screen.getByText(send.sending)).toBeVisible();
    expect(leave()).toBe(false);
    await act(async () => settle(answer(422, { errors: [] })));
    await failureMessage();
    expect(leave()).toBe(true);
  });

  it('while the order is on its way, neither orders it by e-mail nor copies it: that would be a second order', async () => {
    let settle: (response: Response) => void = () => {};
    fetchMock.mockReturnValue(new Promise((resolve) => (settle = resolve)));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    const writeText = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    try {
      const link = screen.getByRole('link', { name: send.byMail });
      const copy = screen.getByRole('button', { name: send.copy });
      await user.click(screen.getByRole('button', { name: send.button }));
      expect(screen.getByText(send.sending)).toBeVisible();

      // Both say why they wait, also to a screen reader on them, and do nothing.
      for (const way of [link, copy]) {
        expect(way).toHaveAttribute('aria-disabled', 'true');
        expect(way).toHaveAccessibleDescription(send.sending);
      }
      expect(fireEvent.click(link)).toBe(false);
      await user.click(copy);
      expect(writeText).not.toHaveBeenCalled();
      expect(screen.queryByText(send.keptNote)).not.toBeInTheDocument();
      expect(screen.queryByRole('textbox', { name: send.textLabel })).not.toBeInTheDocument();
      expect(fetchMock).toHaveBeenCalledTimes(1);

      // The service refused it: nothing was ordered, and the other ways work again.
      await act(async () => settle(answer(422, { errors: [] })));
      await failureMessage();
      for (const way of [link, copy]) {
        expect(way).not.toHaveAttribute('aria-disabled');
        expect(way).not.toHaveAccessibleDescription();
      }
      await user.click(copy);
      expect(writeText).toHaveBeenCalledTimes(1);
      expect(screen.getByRole('textbox', { name: send.textLabel })).toBeVisible();
    } finally {
      writeText.mockRestore();
    }
  });

  it('on return after leaving while the order was on its way, says it may have arrived, and checks it with its key', async () => {
    fetchMock.mockReturnValue(new Promise(() => {}));
    const first = renderSendOrder(locale, '/api/orders');
    await first.user.click(screen.getByRole('button', { name: first.send.button }));
    const { key } = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    // The stored checkout, which a reload reads, knows the order went.
    expect(JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!).state.sent).toMatchObject({ key });
    cleanup();

    // Back on the page: nothing is sent by itself, and the page says what it knows.
    const { send, user, change } = renderSendOrder(locale, '/api/orders');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const pending = fill(send.pending, { quote: quote.number, button: send.button });
    expect(screen.getByText(pending)).toBeVisible();
    // Changed details would be another order: the page says so, and where to ask.
    change({ ...buyer, vatId: 'DE136695976' });
    expect(screen.queryByText(pending)).toBeNull();
    expect(
      screen.getByText(fill(send.pendingChanged, { quote: quote.number, email: site.email })),
    ).toBeVisible();
    // Changed back, the button asks for the order with the key it went with.
    change(buyer);
    fetchMock.mockResolvedValue(answer(422, { errors: [] }));
    await user.click(screen.getByRole('button', { name: send.button }));
    expect(JSON.parse(String(fetchMock.mock.calls[1]![1].body)).key).toBe(key);
    // The service has no order under that key: nothing is pending any more.
    await failureMessage();
    expect(useCheckoutStore.getState().sent).toBeUndefined();
  });

  it('says once that the cart stays, after the order was both copied and opened as an e-mail', async () => {
    const { send, user } = renderSendOrder(locale, '/api/orders');
    const clipboard = jest.spyOn(navigator.clipboard, 'writeText').mockResolvedValue();
    try {
      await user.click(screen.getByRole('button', { name: send.copy }));
      expect(screen.getAllByText(send.keptNote)).toHaveLength(1);
      const link = screen.getByRole('link', { name: send.byMail });
      link.addEventListener('click', (event) => event.preventDefault());
      await user.click(link);
      expect(screen.getAllByText(send.keptNote)).toHaveLength(1);
      await user.click(screen.getByRole('button', { name: send.copy }));
      expect(screen.getAllByText(send.keptNote)).toHaveLength(1);
    } finally {
      clipboard.mockRestore();
    }
  });

  it.each([undefined, '/api/orders'])(
    'with an order too long for a mail link, opens a short mail and says to copy the order first (service: %s)',
    (endpoint) => {
      // One lead of each of twelve categories: far more than a mail program takes in a link.
      const many = getCategories()
        .slice(0, 12)
        .map((category, index) => ({ ...items[0]!, id: String(index), category: category.id, quantity: 1 }));
      const { send } = renderSendOrder(locale, endpoint, buyer, many);
      const link = screen.getByRole('link', { name: endpoint ? send.byMail : send.button });
      const href = link.getAttribute('href')!;
      expect(href.length).toBeLessThanOrEqual(2000);
      expect(new URL(href).searchParams.get('body')).toBe(orderWords(locale).strings.mail.pasteHere);
      expect(new URL(href).searchParams.get('subject')).toContain(quote.number);
      expect(screen.getByText(fill(send.copyFirst, { copy: send.copy }))).toBeVisible();
      // Without a service, the hint that the mail opens with the finished order would be wrong.
      expect(screen.queryByText(fill(send.hint, { email: site.email }))).toBeNull();
      // The copy button it names is there.
      expect(screen.getByRole('button', { name: send.copy })).toBeVisible();
    },
  );

  it('with a short order, opens the mail with the whole order and says nothing of copying', () => {
    const { send } = renderSendOrder(locale);
    const href = screen.getByRole('link', { name: send.button }).getAttribute('href')!;
    expect(new URL(href).searchParams.get('body')).toContain(buyer.company);
    expect(screen.queryByText(fill(send.copyFirst, { copy: send.copy }))).toBeNull();
    expect(screen.getByText(fill(send.hint, { email: site.email }))).toBeVisible();
  });

  it('says how many minutes to wait when the service has taken too many orders from the connection', async () => {
    const limited = (seconds: number) => answer(429, { errors: [] }, { 'retry-after': String(seconds) });
    const { send, user } = renderSendOrder(locale, '/api/orders');
    fetchMock.mockResolvedValueOnce(limited(300));
    await user.click(screen.getByRole('button', { name: send.button }));
    expect(await failureMessage()).toHaveTextContent(fill(send.rateLimited.other, { minutes: 5 }));
    // Under a minute left: the singular, never "1 minutes".
    fetchMock.mockResolvedValueOnce(limited(20));
    await user.click(screen.getByRole('button', { name: send.button }));
    expect(await failureMessage()).toHaveTextContent(fill(send.rateLimited.one, { minutes: 1 }));
    expect(useCartStore.getState().items).toEqual(items);
  });

  it('sends changed billing details with a new key, and the same again with that key', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { send, user, change } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    await failureMessage();
    change({ ...buyer, vatId: 'DE136695976' });
    // Beside the lost answer's message, the page says that the button now sends another order.
    const { quote } = useCheckoutStore.getState().sent!;
    expect(screen.getByText(fill(send.pendingChanged, { quote, email: site.email }))).toBeVisible();
    await user.click(screen.getByRole('button', { name: send.button }));
    await user.click(screen.getByRole('button', { name: send.button }));
    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init.body)));
    expect(bodies.map((body) => body.buyer.vatId)).toEqual(['', 'DE136695976', 'DE136695976']);
    expect(bodies[1].key).not.toBe(bodies[0].key);
    expect(bodies[2].key).toBe(bodies[1].key);
  });

  it('sends changed lines with a new key', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    await failureMessage();
    const first = JSON.parse(String(fetchMock.mock.calls[0]![1].body));
    const changed = orderRequestBody({ ...first, items: [{ ...items[0]!, quantity: 3 }], buyer });
    // keyFor stores the new key, and the rendered form reads the store: an update React must see inside act().
    let key = '';
    act(() => {
      key = useCheckoutStore.getState().keyFor(quote.number, orderContent(changed));
    });
    expect(key).not.toBe(first.key);
  });

  it('keeps the service’s lines with its totals for the confirmation: one set of prices, not the page’s', async () => {
    // A retry of an order the service took before a price change: its answer has the prices it was taken at.
    const price = items[0]!.price - 1000;
    const net = price * items[0]!.quantity;
    const totals = { net, vat: Math.round((net * site.facts.vatRate) / 100) };
    const lines = [{ category: category!.id, exclusive: false, area: 'germany', quantity: 2, price }];
    fetchMock.mockResolvedValue(
      answer(200, { orderNumber: 'LW-20261125-0008', lines, ...totals, gross: net + totals.vat }),
    );
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));
    const confirmed = useCheckoutStore.getState().confirmed!;
    const summary = confirmedSummary(confirmed, orderWords(locale));
    expect(summary.rows.map((row) => [row.price, row.quantity])).toEqual([[price, 2]]);
    expect(summary.totals).toMatchObject({ ...totals, gross: net + totals.vat });
    expect(summary.rows.reduce((sum, row) => sum + row.total, 0)).toBe(summary.totals.net);
    // Read back from storage, lines and totals stay.
    expect(sanitizeConfirmation(JSON.parse(JSON.stringify(confirmed)))).toEqual(confirmed);
  });

  it('says in its own words that the prices have changed, offers a reload, and orders nothing', async () => {
    const service = orderWords(locale).strings.errors.pricesChanged;
    fetchMock.mockResolvedValue(answer(409, { errors: [{ field: 'prices', message: service }] }));
    act(() => useCheckoutStore.setState({ quote }));
    const { send, user } = renderSendOrder(locale, '/api/orders');
    await user.click(screen.getByRole('button', { name: send.button }));

    const failure = await failureMessage();
    expect(failure).toHaveTextContent(send.pricesChanged);
    expect(failure).not.toHaveTextContent(send.rejected);
    expect(failure).toHaveFocus();
    // A link to this very page: following it loads the page, and with it the current prices, again.
    expect(within(failure).getByRole('link', { name: send.reload })).toHaveAttribute(
      'href',
      window.location.pathname + window.location.search,
    );
    expect(useCheckoutStore.getState().confirmed).toBeUndefined();
    expect(useCartStore.getState().items).toEqual(items);
  });
});
