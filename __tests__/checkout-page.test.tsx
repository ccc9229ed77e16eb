/**
 * The checkout page's rules as a buyer meets them, rendered from the real components in jsdom: VAT by the
 * buyer's country on the page, in the quote and in the e-mail order; every bad input named by its field,
 * with nothing lost; no order without the declaration to order as a business; the details and the declaration
 * kept until the buyer forgets them; the copied order and the empty cart.
 * One browser journey per language (e2e/checkout.spec.ts) drives the same page in Chromium, for what only a
 * browser shows: focus after a reload, the clipboard, printing, storage across a reload and a language change.
 * Every text comes from `content/` through getDictionary and getSite.
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { CheckoutPage } from '@/components/checkout/checkout-page';
import { businessDay } from '@/lib/business-day';
import { CART_STORAGE_KEY, CART_STORAGE_VERSION, useCartStore } from '@/lib/cart/store';
import {
  MAX_LENGTHS,
  NEW_BUYER,
  OPTIONAL_FIELDS,
  postcodeExample,
  type BuyerField,
} from '@/lib/checkout/buyer';
import { orderRequestSchema } from '@/lib/checkout/order-request';
import { CHECKOUT_STORAGE_KEY, CHECKOUT_STORAGE_VERSION, useCheckoutStore } from '@/lib/checkout/store';
import { vatIdExample } from '@/lib/checkout/vat-id';
import { getCategoryNames, getDictionary, getSite } from '@/lib/content';
import { fill, plural } from '@/lib/format';
import { checkoutPath, intlLocales, overviewPath, type Locale } from '@/lib/i18n';
import { centsAsText, plain, priceOf } from '@/testing/helpers';
import { austrianWithId, contact, german, type BillingInput } from '@/testing/buyers';
import { withOrderService } from './order-service';

const site = getSite();
const rate = site.facts.vatRate;
const stairlift = priceOf('treppenlifte') * 100;
/** Two shared leads and one exclusive lead of one category, as the cart stores them: net 7 × the base price. */
const cartLines = [
  {
    id: 'treppenlifte-1700000000000-0',
    category: 'treppenlifte',
    exclusive: false,
    area: 'germany',
    quantity: 2,
  },
  {
    id: 'treppenlifte-1700000000001-0',
    category: 'treppenlifte',
    exclusive: true,
    area: 'germany',
    quantity: 1,
  },
];
const net = 7 * stairlift;
/** VAT in cents on the net total, rounded half up (the oracle, not the page's code). */
const vatOf = (cents: number) => Math.round((cents * rate) / 100);

const countryName = (code: string, locale: Locale) =>
  new Intl.DisplayNames([intlLocales[locale]], { type: 'region' }).of(code)!;

interface BuyerCase {
  title: string;
  input: BillingInput;
  /** Whether German VAT is charged. */
  charged: boolean;
  /** The note that explains the case (none for Germany), in the page's language. */
  note: (locale: Locale) => string | undefined;
  /** The note as the buyer's order says it, where it is not the page's. */
  orderNote?: (locale: Locale) => string;
}
const buyers: BuyerCase[] = [
  { title: 'a German buyer', input: german, charged: true, note: () => undefined },
  {
    title: 'an Austrian buyer with a VAT ID',
    input: austrianWithId,
    charged: false,
    note: (locale) => getDictionary(locale).checkout.vatNotes.reverseCharge,
  },
  {
    title: 'an Austrian buyer without a VAT ID',
    input: { ...contact, street: 'Ringstraße 5', postcode: '1010', city: 'Wien', country: 'AT' },
    charged: true,
    note: (locale) =>
      fill(getDictionary(locale).checkout.vatNotes.euWithoutVatId, {
        rate: new Intl.NumberFormat(intlLocales[locale]).format(rate),
      }),
    orderNote: (locale) =>
      fill(getDictionary(locale).checkout.mail.euWithoutVatId, {
        rate: new Intl.NumberFormat(intlLocales[locale]).format(rate),
      }),
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
    note: (locale) => getDictionary(locale).checkout.vatNotes.nonEu,
  },
];

withOrderService();

beforeEach(() => {
  localStorage.clear();
  act(() => {
    useCartStore.setState({ items: [] });
    useCheckoutStore.setState({
      buyer: NEW_BUYER,
      business: false,
      quote: undefined,
      startedAt: undefined,
      orderKey: undefined,
      confirmed: undefined,
    });
  });
});

/** Puts the cart into this browser's storage as the shop stores it, before the page reads it. */
function storeCart(lines = cartLines) {
  localStorage.setItem(
    CART_STORAGE_KEY,
    JSON.stringify({ state: { items: lines }, version: CART_STORAGE_VERSION }),
  );
}

/**
 * Puts billing details into this browser's storage as the page stores them, typed a minute ago, by a buyer who
 * ticked the declaration to order as a business (or, with `business`, stored that value for it).
 */
function storeDetails(details: BillingInput, business: unknown = true) {
  localStorage.setItem(
    CHECKOUT_STORAGE_KEY,
    JSON.stringify({
      state: { buyer: { ...NEW_BUYER, ...details }, business, startedAt: Date.now() - 60_000 },
      version: CHECKOUT_STORAGE_VERSION,
    }),
  );
}

/** Another tab of this browser writes its storage, and the browser tells this one. */
function anotherTabStores(key: string, state: unknown, version: number) {
  act(() => {
    localStorage.setItem(key, JSON.stringify({ state, version }));
    window.dispatchEvent(new StorageEvent('storage', { key }));
  });
}

/** Resolves once a store has next finished reading this browser's storage. */
function nextRead(store: { persist: { onFinishHydration: (listener: () => void) => () => void } }) {
  return new Promise<void>((resolve) => {
    const stop = store.persist.onFinishHydration(() => {
      stop();
      resolve();
    });
  });
}

/** Renders the checkout page of a language and waits until its code has read the stored cart. */
async function renderCheckout(locale: Locale) {
  const dict = getDictionary(locale);
  const strings = dict.checkout;
  const user = userEvent.setup({ delay: null });
  // The stores keep what they read in an earlier test, as they would from an earlier page of one visit, so the
  // page can show that (an empty cart) for a moment before it has read this test's storage: under load, a test
  // once looked for the billing fields in that moment. The page reads both stores as it opens: wait for that,
  // and for the page to show the cart it read.
  let read = false;
  void Promise.all([nextRead(useCartStore), nextRead(useCheckoutStore)]).then(() => (read = true));
  const view = render(<CheckoutPage locale={locale} />);
  await waitFor(() => {
    expect(read).toBe(true);
    expect(screen.queryByText(strings.loading)).not.toBeInTheDocument();
    if (useCartStore.getState().items.length > 0) expect(screen.getAllByRole('table')).not.toHaveLength(0);
  });

  const field = (name: BuyerField) =>
    screen.getByRole(name === 'country' ? 'combobox' : 'textbox', {
      name: OPTIONAL_FIELDS.has(name)
        ? `${strings.fields[name]} (${strings.optional})`
        : strings.fields[name],
    });
  async function fillBilling(input: BillingInput) {
    for (const [name, value] of Object.entries(input) as [BuyerField, string][]) {
      if (name === 'country') await user.selectOptions(field(name), value);
      else {
        // Pasted whole: the page re-renders on every keystroke, which jsdom makes slow, and the rule is the same.
        await user.clear(field(name));
        if (value !== '') await user.paste(value);
      }
    }
  }
  const lines = () => screen.getAllByRole('table')[0]!;
  /** The amount in a totals row of the checkout's table, by its label. */
  const total = (label: string) =>
    plain(
      within(lines()).getByRole('rowheader', { name: label }).closest('tr')!.querySelector('td')!.textContent,
    );
  const quote = () => screen.queryByRole('article', { name: strings.quote.heading });
  const mailLink = () => screen.getByRole('link', { name: strings.send.byMail });
  const mail = () => {
    const href = new URL(mailLink().getAttribute('href') ?? '');
    return {
      to: href.pathname,
      subject: href.searchParams.get('subject') ?? '',
      body: plain(href.searchParams.get('body')),
    };
  };
  const orderButton = () => screen.getByRole('button', { name: strings.send.button });
  /** The declaration to order as a business, which every way of ordering waits for. */
  const declaration = () => screen.getByRole('checkbox', { name: strings.send.business });
  return {
    user,
    view,
    dict,
    strings,
    field,
    fillBilling,
    lines,
    total,
    quote,
    mailLink,
    mail,
    orderButton,
    declaration,
  };
}

describe.each<Locale>(['de', 'en'])('the checkout (%s)', (locale) => {
  const name = getCategoryNames(locale).treppenlifte!;

  it.each(buyers.map((buyer) => [buyer.title, buyer] as const))(
    '%s: VAT, note and totals on the page, in the quote and in the e-mail order',
    async (_title, buyer) => {
      storeCart();
      const page = await renderCheckout(locale);
      const { strings, user } = page;
      const vat = buyer.charged ? vatOf(net) : 0;
      await page.fillBilling(buyer.input);
      // Declared, as by a buyer who orders: the e-mail order below is there only then.
      await user.click(page.declaration());

      // The rows as the cart holds them, one per kind, and the totals with the buyer's VAT.
      expect(
        within(page.lines())
          .getAllByRole('row')
          .filter((row) => row.textContent?.includes(name)),
      ).toHaveLength(2);
      expect(page.total(strings.totals.net)).toBe(centsAsText(net, locale));
      expect(page.total(strings.totals.gross)).toBe(centsAsText(net + vat, locale));
      const note = buyer.note(locale);
      if (note) expect(screen.getByText(plain(note), { exact: true })).toBeVisible();
      else expect(screen.queryByText(strings.vatNotes.reverseCharge)).not.toBeInTheDocument();
      // A buyer who hears the form, not the table beside it, is told when the VAT changes with what was typed.
      const said = screen
        .getAllByRole('status')
        .map((status) => plain(status.textContent))
        .join(' ');
      const grossSaid = plain(`${strings.totals.gross}: ${centsAsText(net + vat, locale)}.`);
      if (note) expect(said).toContain(`${grossSaid} ${plain(note)}`);
      else expect(said).not.toContain(plain(strings.totals.gross));

      await user.click(screen.getByRole('button', { name: strings.quoteButton }));
      const quote = page.quote()!;
      expect(quote).toHaveFocus();
      // Pressed again from above, once the buyer went back to the form: it leads to the quote again.
      screen.getByRole('button', { name: strings.quoteButton }).focus();
      await user.click(screen.getByRole('button', { name: strings.quoteButton }));
      expect(page.quote()).toHaveFocus();
      const number = within(quote).getByText(/^AN-\d{8}-\w{6}$/).textContent!;
      const text = plain(quote.textContent);
      for (const part of [
        site.seller.legalName,
        // A business letter's details (§ 35a GmbHG): the registered office beside the register entry.
        fill(strings.quote.seat, { seat: site.seller.seat }),
        site.seller.registerNumber,
        // Where the order goes, for a clerk who holds only the approved quote.
        fill(strings.quote.email, { email: site.email }),
        buyer.input.company!,
        countryName(buyer.input.country!, locale),
        centsAsText(net + vat, locale),
        // The cart has exclusive and shared leads: the quote promises what each of them is.
        strings.exclusiveNote,
        strings.sharedNote,
      ])
        expect(text).toContain(plain(part));
      if (note) expect(text).toContain(plain(note));
      else expect(text).not.toContain(plain(strings.vatNotes.reverseCharge));
      // The seller's country in the quote's language: no German word for it in an English quote.
      expect(text).toContain(plain(countryName('DE', locale)));
      if (locale === 'en') expect(text).not.toContain(countryName('DE', 'de'));
      if (buyer.input.vatId) {
        // Reverse charge: both VAT IDs on the quote.
        expect(text).toContain(buyer.input.vatId);
        expect(text).toContain(site.seller.vatId);
      }
      expect(within(quote).getByRole('link', { name: site.links.terms })).toHaveAttribute(
        'href',
        site.links.terms,
      );

      // The e-mail order carries the same number, the rows, the VAT lines and the billing details.
      const mail = page.mail();
      expect(mail.to).toBe(site.email);
      expect(mail.subject).toContain(number);
      expect(mail.body).toContain(number);
      expect(mail.body).toContain(`2 × ${name}`);
      expect(mail.body).toContain(`1 × ${name} ${getDictionary(locale).orderForm.exclusiveSuffix.trim()}`);
      for (const cents of [net, vat, net + vat]) expect(mail.body).toContain(centsAsText(cents, locale));
      const orderNote = buyer.orderNote?.(locale) ?? note;
      if (orderNote) expect(mail.body).toContain(plain(orderNote));
      expect(mail.body).toContain(countryName(buyer.input.country!, locale));
      for (const [field, value] of Object.entries(buyer.input))
        if (field !== 'country') expect(mail.body).toContain(value);

      await user.click(within(quote).getByRole('button', { name: strings.quote.close }));
      expect(page.quote()).not.toBeInTheDocument();
      // Focus goes back to the button that opened it, not to the start of the page.
      expect(screen.getByRole('button', { name: strings.quoteButton })).toHaveFocus();
    },
  );

  const strings = getDictionary(locale).checkout;
  const errors = strings.errors;
  const label = (field: BuyerField) => strings.fields[field];
  const badInputs: { set: BillingInput; field: BuyerField; message: string }[] = [
    { set: { company: '' }, field: 'company', message: fill(errors.required, { field: label('company') }) },
    {
      set: { email: 'einkauf-at-muster' },
      field: 'email',
      message: fill(errors.email, { field: label('email') }),
    },
    {
      set: { invoiceEmail: 'rechnung@' },
      field: 'invoiceEmail',
      message: fill(errors.email, { field: label('invoiceEmail') }),
    },
    ...(
      [
        ['DE', '8033'],
        ['AT', '10100'],
        ['CH', '80331'],
      ] as const
    ).map(([country, postcode]) => ({
      set: { country, postcode, vatId: '' },
      field: 'postcode' as const,
      message: fill(errors.postcode, {
        field: label('postcode'),
        value: postcode,
        country: countryName(country, locale),
        example: postcodeExample(country),
      }),
    })),
    ...(
      [
        ['DE', '80331', 'DE12345678'],
        ['AT', '1010', 'ATU1234567'],
      ] as const
    ).map(([country, postcode, vatId]) => ({
      set: { country, postcode, vatId },
      field: 'vatId' as const,
      message: fill(errors.vatIdFormat, {
        field: label('vatId'),
        value: vatId,
        country: countryName(country, locale),
        example: vatIdExample(country),
      }),
    })),
    {
      set: { country: 'CH', postcode: '8001', vatId: 'CHE-123.456.789' },
      field: 'vatId',
      message: fill(errors.vatIdCheckDigit, { field: label('vatId'), value: 'CHE-123.456.789' }),
    },
  ];
  /** Good details of a returning buyer, stored as the page stores them; each case changes only its fields. */
  const good: BillingInput = { ...austrianWithId, phone: '', invoiceEmail: '' };

  it.each(
    badInputs.map(
      (bad) =>
        [`${Object.values(bad.set).filter(Boolean).join(' ') || '(empty)'} → ${bad.field}`, bad] as const,
    ),
  )(
    'bad input %s: a message naming the field, nothing sent and nothing lost',
    async (_title, { set, field, message }) => {
      storeCart();
      storeDetails(good);
      const page = await renderCheckout(locale);
      const { user } = page;
      await page.fillBilling(set);
      await user.click(screen.getByRole('button', { name: strings.quoteButton }));
      const summary = screen.getByRole('group', { name: errors.summary });
      expect(within(summary).getByRole('link', { name: message })).toHaveAttribute(
        'href',
        `#${page.field(field).id}`,
      );
      expect(page.field(field)).toHaveAttribute('aria-invalid', 'true');
      expect(page.field(field)).toHaveAccessibleDescription(expect.stringContaining(message));
      expect(page.quote()).not.toBeInTheDocument();
      // The order waits for the details too, by the service and by e-mail: the list of problems takes the focus.
      const send = jest.fn();
      global.fetch = send;
      // The button says why it will not order yet, also to a screen reader on it.
      expect(page.orderButton()).toHaveAccessibleDescription(strings.send.fixFirst);
      // The e-mail order has no order to open or copy while the details are incomplete.
      expect(page.mailLink()).not.toHaveAttribute('href');
      expect(page.mailLink()).toHaveAccessibleDescription(strings.send.fixFirst);
      await user.click(page.orderButton());
      await waitFor(() => expect(summary).toHaveFocus());
      act(() => summary.blur());
      await user.click(page.mailLink());
      await waitFor(() => expect(summary).toHaveFocus());
      expect(send).not.toHaveBeenCalled();
      // Nothing lost: every other field and the cart keep their values.
      for (const [other, value] of Object.entries({ ...good, ...set }) as [BuyerField, string][])
        expect(page.field(other)).toHaveValue(value);
      expect(within(page.lines()).getAllByRole('row')).toHaveLength(6);
    },
  );

  it('hides an open quote whose details change so that one no longer fits, says why, and shows it again once they do', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { user } = page;
    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    expect(page.quote()).toBeInTheDocument();
    const said = () =>
      screen
        .getAllByRole('status')
        .map((status) => plain(status.textContent))
        .join(' ');
    expect(said()).not.toContain(plain(strings.quoteHidden));

    // Munich's postcode does not fit Austria: the field says so at once, though the buyer never left it since.
    await user.selectOptions(page.field('country'), 'AT');
    expect(page.quote()).not.toBeInTheDocument();
    expect(said()).toContain(plain(strings.quoteHidden));
    const message = fill(errors.postcode, {
      field: label('postcode'),
      value: german.postcode!,
      country: countryName('AT', locale),
      example: postcodeExample('AT'),
    });
    expect(page.field('postcode')).toHaveAttribute('aria-invalid', 'true');
    expect(page.field('postcode')).toHaveAccessibleDescription(expect.stringContaining(message));

    // Any field shows its problem as it arises, now that the buyer has asked for the quote once.
    await user.clear(page.field('company'));
    expect(page.field('company')).toHaveAccessibleDescription(
      fill(errors.required, { field: label('company') }),
    );
    await user.paste(german.company!);
    await user.clear(page.field('postcode'));
    await user.paste('1010');
    expect(page.field('postcode')).not.toHaveAttribute('aria-invalid');
    expect(page.quote()).toBeInTheDocument();
    expect(said()).not.toContain(plain(strings.quoteHidden));
  });

  it('takes a phone number pasted with the invisible marks of text direction a phone’s contacts put around it', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    await page.user.click(page.field('phone'));
    await page.user.paste('\u202d+49 30 123456\u202c');
    await page.user.tab();
    expect(page.field('phone')).toHaveValue('+49 30 123456');
    expect(page.field('phone')).not.toHaveAttribute('aria-invalid');
  });

  it('checks stored or filled-in details again when the country changes, before the buyer goes on', async () => {
    storeCart();
    // A stored company name that is missing, as after an autofill that left it out.
    storeDetails({ ...german, company: '', vatId: 'DE136695976' });
    const page = await renderCheckout(locale);
    expect(page.field('postcode')).not.toHaveAttribute('aria-invalid');
    await page.user.selectOptions(page.field('country'), 'AT');
    for (const field of ['postcode', 'vatId'] as const)
      expect(page.field(field)).toHaveAttribute('aria-invalid', 'true');
    // Fields the country does not decide wait until the buyer leaves them or goes on.
    expect(page.field('company')).not.toHaveAttribute('aria-invalid');
  });

  it('reads the list of problems once per try, as focus moves to it, not again at each keystroke', async () => {
    storeCart();
    storeDetails(good);
    const page = await renderCheckout(locale);
    const { user } = page;
    await page.fillBilling({ country: 'DE', postcode: '8033', vatId: '' });
    const message = (value: string) =>
      fill(errors.postcode, {
        field: label('postcode'),
        value,
        country: countryName('DE', locale),
        example: postcodeExample('DE'),
      });
    /** The live region a change inside the element would be read out by, if any. */
    const liveRegion = (element: Element) =>
      element.closest('[role="alert"], [role="status"], [role="log"], [aria-live]:not([aria-live="off"])');

    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    const summary = screen.getByText(errors.summary, { exact: true }).parentElement!;
    // Focus takes the buyer there, and the list is read by its name, once.
    await waitFor(() => expect(summary).toHaveFocus());
    expect(summary).toHaveAccessibleName(errors.summary);
    expect(within(summary).getByRole('link', { name: message('8033') })).toBeVisible();
    expect(liveRegion(summary)).toBeNull();

    // Typing on changes the message, which quotes the field: the page does not read the list out again.
    await user.type(page.field('postcode'), 'X');
    expect(within(summary).getByRole('link', { name: message('8033X') })).toBeVisible();
    expect(liveRegion(summary)).toBeNull();
    // A second try is read again, as focus moves there once more.
    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    await waitFor(() => expect(summary).toHaveFocus());
  });

  it('takes e-mail addresses at an internationalised domain, and sends the order with them', async () => {
    storeCart();
    const page = await renderCheckout(locale);
    const { user } = page;
    const addresses = { email: 'einkauf@müller-bau.de', invoiceEmail: 'rechnung@bäckerei-köln.de' };
    await page.fillBilling({ ...german, ...addresses });
    await user.click(page.declaration());
    for (const field of ['email', 'invoiceEmail'] as const) {
      await user.click(page.field(field));
      await user.tab();
      expect(page.field(field)).not.toHaveAttribute('aria-invalid');
    }
    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    expect(screen.queryByRole('group', { name: errors.summary })).not.toBeInTheDocument();
    expect(page.quote()).toHaveTextContent(addresses.invoiceEmail);
    for (const address of Object.values(addresses)) expect(page.mail().body).toContain(address);

    // The order service checks the request with the same schema, and takes it.
    const request = orderRequestSchema.safeParse(await orderTaken(page, 'LW-20261126-000046'));
    expect(request.error).toBeUndefined();
    expect(request.data?.buyer).toMatchObject(addresses);
  });

  it('takes no more than a field holds, and shows markup in the quote as text', async () => {
    storeCart();
    storeDetails(good);
    const page = await renderCheckout(locale);
    const { user } = page;
    await user.clear(page.field('company'));
    await user.paste('x'.repeat(10_000));
    expect((page.field('company') as HTMLInputElement).value).toHaveLength(MAX_LENGTHS.company);
    const markup = '<script>window.__ran = 1</script><img src=x onerror="window.__ran = 2">'.slice(
      0,
      MAX_LENGTHS.company,
    );
    await user.clear(page.field('company'));
    await user.paste(markup);
    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    const quote = page.quote()!;
    expect(quote).toHaveTextContent(markup);
    expect(within(quote).queryByRole('img')).not.toBeInTheDocument();
    expect(quote.querySelector('script')).toBeNull();
  });

  it('gives a quote left open past its last day a new number dated today, once the buyer is back in the tab', async () => {
    storeCart();
    storeDetails(good);
    const page = await renderCheckout(locale);
    await page.user.click(screen.getByRole('button', { name: strings.quoteButton }));
    const shownNumber = () => within(page.quote()!).getByText(/^AN-\d{8}-\w{6}$/).textContent!;
    const first = shownNumber();
    // The tab comes back into view two days after the quote's last day.
    const later = new Date(Date.now() + (site.facts.quoteValidityDays + 2) * 24 * 60 * 60 * 1000);
    jest.useFakeTimers({ now: later, advanceTimers: true });
    try {
      act(() => {
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await waitFor(() => expect(shownNumber()).not.toBe(first));
      expect(shownNumber().startsWith(`AN-${businessDay(later).replaceAll('-', '')}-`)).toBe(true);
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the details and the declaration in this browser until the buyer forgets them; the cart stays', async () => {
    storeCart();
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    await page.fillBilling({ company: contact.company, name: contact.name });
    expect(page.declaration()).not.toBeChecked();
    await user.click(page.declaration());
    expect(localStorage.getItem(CHECKOUT_STORAGE_KEY)).toContain(contact.company);

    // A new page, whose store starts empty, reads this browser's storage as after a reload: details and tick are there.
    page.view.unmount();
    const saved = localStorage.getItem(CHECKOUT_STORAGE_KEY)!;
    act(() => useCheckoutStore.setState({ buyer: NEW_BUYER, business: false }));
    localStorage.setItem(CHECKOUT_STORAGE_KEY, saved);
    const reloaded = await renderCheckout(locale);
    expect(reloaded.field('company')).toHaveValue(contact.company);
    expect(reloaded.declaration()).toBeChecked();

    await user.click(screen.getByRole('button', { name: strings.forget }));
    expect(screen.getByText(strings.forgotten)).toHaveAttribute('role', 'status');
    expect(reloaded.field('company')).toHaveValue('');
    expect(reloaded.field('name')).toHaveValue('');
    expect(reloaded.declaration()).not.toBeChecked();
    expect(localStorage.getItem(CHECKOUT_STORAGE_KEY) ?? '').not.toContain(contact.company);

    // Coming back: the details and the tick are gone, the cart's rows are there.
    reloaded.view.unmount();
    const again = await renderCheckout(locale);
    expect(again.field('company')).toHaveValue('');
    expect(again.declaration()).not.toBeChecked();
    expect(again.lines()).toHaveTextContent(name);
  });

  it('marks no field and lists no problem once the buyer deleted the stored details', async () => {
    storeCart();
    storeDetails({ ...german, company: '' }, false);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    const { errors } = strings;
    const controls = () => [
      ...(Object.keys(strings.fields) as BuyerField[]).map(page.field),
      page.declaration(),
    ];
    const required = (field: BuyerField) => fill(errors.required, { field: strings.fields[field] });
    // A try to order with a field empty and without the declaration: the list, the field and the box say so.
    await user.click(page.orderButton());
    await waitFor(() => expect(screen.getByRole('group', { name: errors.summary })).toHaveFocus());
    expect(page.field('company')).toHaveAttribute('aria-invalid', 'true');
    expect(page.declaration()).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: strings.forget }));
    expect(page.field('name')).toHaveValue('');
    expect(screen.queryByRole('group', { name: errors.summary })).not.toBeInTheDocument();
    for (const control of controls()) expect(control).not.toHaveAttribute('aria-invalid');
    for (const field of ['company', 'name', 'email', 'street'] as const)
      expect(screen.queryByText(required(field))).not.toBeInTheDocument();

    // A field visited after that shows its problem when it is left, as on a new page; the others stay unmarked.
    await user.click(page.field('name'));
    await user.tab();
    expect(page.field('name')).toHaveAccessibleDescription(required('name'));
    expect(page.field('company')).not.toHaveAttribute('aria-invalid');
    // Typing on shows no list; the next try shows it again.
    await user.type(page.field('city'), 'B');
    expect(screen.queryByRole('group', { name: errors.summary })).not.toBeInTheDocument();
    await user.click(page.orderButton());
    await waitFor(() => expect(screen.getByRole('group', { name: errors.summary })).toHaveFocus());
    expect(page.declaration()).toHaveAttribute('aria-invalid', 'true');
  });

  it('reads only a stored tick as the declaration, not any other value', async () => {
    storeCart();
    storeDetails(german, 'true');
    const page = await renderCheckout(locale);
    expect(page.field('company')).toHaveValue(german.company);
    expect(page.declaration()).not.toBeChecked();
  });

  it('orders nothing without the declaration: each way to order says why and takes the buyer to the box', async () => {
    storeCart();
    storeDetails(german, false);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    const { send, errors } = strings;
    const fetched = jest.fn();
    global.fetch = fetched;
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const copyButton = screen.getByRole('button', { name: send.copy });
    expect(page.declaration()).not.toBeChecked();
    expect(page.declaration()).toBeRequired();

    // Each way says, also to a screen reader on it, what it waits for.
    for (const way of [page.orderButton(), page.mailLink(), copyButton])
      expect(way).toHaveAccessibleDescription(send.declareFirst);
    // The e-mail order's link carries no order, which would declare what was not ticked.
    expect(page.mailLink()).not.toHaveAttribute('href');
    await user.click(page.orderButton());
    await waitFor(() => expect(page.declaration()).toHaveFocus());
    expect(page.declaration()).toHaveAttribute('aria-invalid', 'true');
    expect(page.declaration()).toHaveAccessibleDescription(errors.business);

    // The e-mail order does not open the mail program, nor does the copy copy; both take the buyer to the box.
    act(() => page.orderButton().focus());
    expect(fireEvent.click(page.mailLink())).toBe(false);
    await waitFor(() => expect(page.declaration()).toHaveFocus());
    act(() => copyButton.focus());
    await user.click(copyButton);
    await waitFor(() => expect(page.declaration()).toHaveFocus());
    expect(writeText).not.toHaveBeenCalled();
    expect(screen.queryByRole('textbox', { name: send.textLabel })).not.toBeInTheDocument();
    expect(fetched).not.toHaveBeenCalled();

    // Ticked, the order goes, saying so, and the tick is forgotten with the details once the service took it.
    await user.click(page.declaration());
    expect(page.declaration()).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByText(errors.business)).not.toBeInTheDocument();
    expect(page.orderButton()).not.toHaveAccessibleDescription();
    expect(page.mail().body).toContain(plain(send.business));
    expect(await orderTaken(page, 'LW-20261126-000044')).toMatchObject({
      business: true,
      buyer: { company: german.company },
    });
    expect(JSON.parse(localStorage.getItem(CHECKOUT_STORAGE_KEY)!).state.business).toBe(false);
  });

  it('names the missing declaration in the list of problems when the details have some too', async () => {
    storeCart();
    storeDetails({ ...german, company: '' }, false);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    await user.click(page.orderButton());
    const summary = await screen.findByRole('group', { name: strings.errors.summary });
    await waitFor(() => expect(summary).toHaveFocus());
    const items = within(summary).getAllByRole('link');
    expect(items.map((item) => item.textContent)).toEqual([
      fill(strings.errors.required, { field: strings.fields.company }),
      strings.errors.business,
    ]);
    expect(items.at(-1)).toHaveAttribute('href', `#${page.declaration().id}`);
    // Ticked, it leaves the list.
    await user.click(page.declaration());
    expect(within(summary).queryByText(strings.errors.business)).not.toBeInTheDocument();
  });

  it('copies the e-mail order as text, and empties the cart only when the buyer asks', async () => {
    storeCart();
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    await page.fillBilling(german);
    await user.click(page.declaration());
    const writeText = jest.fn<Promise<void>, [string]>().mockResolvedValue();
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    await user.click(screen.getByRole('button', { name: strings.send.copy }));
    expect(await screen.findByText(fill(strings.send.copied, { email: site.email }))).toHaveAttribute(
      'role',
      'status',
    );
    const copied = writeText.mock.calls[0]![0];
    expect(plain(copied)).toContain(page.mail().body);
    expect(copied).toContain(site.email);
    expect(screen.getByRole('textbox', { name: strings.send.textLabel })).toHaveValue(copied);

    // A copied order may never be sent: the cart stays until the buyer empties it.
    expect(useCartStore.getState().items).toHaveLength(cartLines.length);
    await user.click(screen.getByRole('button', { name: strings.send.emptyCart }));
    expect(screen.getByText(strings.empty, { exact: true })).toBeVisible();
    // The button is gone with the cart: focus is on what the page says now, not lost to the page's start.
    expect(screen.getByText(strings.empty, { exact: true })).toHaveFocus();
    expect(screen.getByRole('link', { name: strings.emptyLink })).toHaveAttribute(
      'href',
      overviewPath(locale),
    );
  });

  it.each([true, false])(
    'after an order, says that its confirmation is on its way by e-mail, and to which address, when the service said so (%s)',
    async (sent) => {
      const email = 'einkauf@muster.example';
      localStorage.setItem(
        CHECKOUT_STORAGE_KEY,
        JSON.stringify({
          state: {
            buyer: NEW_BUYER,
            confirmed: {
              orderNumber: 'LW-20261126-000042',
              orderedOn: '2026-11-26',
              quote: { number: 'AN-20261126-7K3Q9M', date: '2026-11-26' },
              items: cartLines.map((line) => ({ ...line, price: stairlift * (line.exclusive ? 5 : 1) })),
              buyer: { ...NEW_BUYER, ...german, email, invoiceEmail: 'rechnung@muster.example' },
              vatRate: rate,
              confirmationMail: sent,
            },
          },
          version: CHECKOUT_STORAGE_VERSION,
        }),
      );
      const { strings } = await renderCheckout(locale);
      const heading = await screen.findByRole('heading', { name: strings.confirmation.heading });
      // Focus goes to the heading, which is read with the order's number.
      await waitFor(() => expect(heading).toHaveFocus());
      expect(heading).toHaveAccessibleDescription(expect.stringContaining('LW-20261126-000042'));
      const onItsWay = screen.queryByText(fill(strings.confirmation.mailOnItsWay, { email }), {
        exact: true,
      });
      if (sent) expect(onItsWay).toBeVisible();
      // Past three a day to one address the service sends none, and the page does not say it would.
      else expect(onItsWay).not.toBeInTheDocument();
      // The buyer is told what this browser still keeps, and the document keeps the exclusive leads' promise.
      expect(screen.getByText(strings.confirmation.stored, { exact: true })).toBeVisible();
      expect(
        within(screen.getByRole('article', { name: strings.confirmation.document })).getByText(
          strings.exclusiveNote,
          { exact: true },
        ),
      ).toBeVisible();
    },
  );

  /** The service's answer as `fetch` resolves it (jsdom has no Response). */
  const answer = (status: number, body: unknown) =>
    jest.fn().mockResolvedValue({ status, headers: { get: () => null }, json: async () => body });

  /** The service takes the order under `orderNumber` at the page's totals; resolves to the request's body. */
  const orderTaken = async (page: Awaited<ReturnType<typeof renderCheckout>>, orderNumber: string) => {
    global.fetch = answer(201, { orderNumber, net, vat: vatOf(net), gross: net + vatOf(net) });
    await page.user.click(page.orderButton());
    await screen.findByRole('heading', { name: page.strings.confirmation.heading });
    const [, init] = (global.fetch as jest.Mock).mock.calls[0] as [string, RequestInit];
    return JSON.parse(String(init.body)) as unknown;
  };

  it('when the service charges other prices, orders nothing and leads to the page with the current ones', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    global.fetch = answer(409, { errors: [{ field: 'prices', message: strings.errors.pricesChanged }] });

    await user.click(page.orderButton());
    // The message takes the focus and is read by its name.
    expect(await screen.findByRole('group', { name: strings.send.pricesChanged })).toHaveFocus();
    expect(screen.getByRole('link', { name: strings.send.reload })).toBeVisible();
    expect(screen.queryByRole('heading', { name: strings.confirmation.heading })).not.toBeInTheDocument();
    // Nothing is lost for the reload: the cart and the details stay. The reloaded page's prices make a quote
    // with a new number (quoteSignature, in __tests__/quote.test.ts).
    expect(useCartStore.getState().items).toHaveLength(cartLines.length);
    expect(page.field('company')).toHaveValue(german.company);
  });

  it('confirms an order with the lines and totals the service answered, not the page’s prices', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    // The answer to a retry of an order the service took before the price went up: its own, older prices.
    const unit = stairlift - 1000;
    const lines = cartLines.map(({ category, exclusive, area, quantity }) => ({
      category,
      exclusive,
      area,
      quantity,
      price: unit * (exclusive ? 5 : 1),
    }));
    const taken = 7 * unit;
    global.fetch = answer(200, {
      orderNumber: 'LW-20261126-000043',
      lines,
      net: taken,
      vat: vatOf(taken),
      gross: taken + vatOf(taken),
    });

    await user.click(page.orderButton());
    const heading = await screen.findByRole('heading', { name: strings.confirmation.heading });
    expect(heading).toHaveAccessibleDescription(expect.stringContaining(strings.confirmation.cartEmpty));
    const document = plain(screen.getByRole('article', { name: strings.confirmation.document }).textContent);
    for (const cents of [unit, 2 * unit, 5 * unit, taken, vatOf(taken), taken + vatOf(taken)])
      expect(document).toContain(centsAsText(cents, locale));
    for (const cents of [stairlift, 5 * stairlift, net])
      expect(document).not.toContain(centsAsText(cents, locale));
  });

  /** Leads of another category, added in another tab. */
  const coaching = {
    id: 'coaching-1700000000002-0',
    category: 'coaching',
    exclusive: false,
    area: 'germany',
    quantity: 3,
  };

  it('after an order, leaves in the cart the leads another tab added while it was on its way, and says so', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    const lines = cartLines.map(({ category, exclusive, area, quantity }) => ({
      category,
      exclusive,
      area,
      quantity,
      price: stairlift * (exclusive ? 5 : 1),
    }));
    global.fetch = jest.fn().mockImplementation(async () => {
      // While the order is on its way, the buyer adds leads in another tab.
      // The storage event is handled at once; a waitFor here, inside the click's act(), would switch React's act
      // environment off while the click's effects run.
      anotherTabStores(CART_STORAGE_KEY, { items: [...cartLines, coaching] }, CART_STORAGE_VERSION);
      expect(useCartStore.getState().items).toHaveLength(cartLines.length + 1);
      return {
        status: 201,
        headers: { get: () => null },
        json: async () => ({
          orderNumber: 'LW-20261126-000044',
          lines,
          net,
          vat: vatOf(net),
          gross: net + vatOf(net),
        }),
      };
    });

    await user.click(page.orderButton());
    const heading = await screen.findByRole('heading', { name: strings.confirmation.heading });
    // Read with the heading: the order's number, and that the cart still holds the leads it did not order.
    const kept = fill(plural(strings.confirmation.cartKept, coaching.quantity, locale), {
      count: coaching.quantity,
    });
    expect(heading).toHaveAccessibleDescription(expect.stringContaining('LW-20261126-000044'));
    expect(heading).toHaveAccessibleDescription(expect.stringContaining(kept));
    expect(heading).not.toHaveAccessibleDescription(expect.stringContaining(strings.confirmation.cartEmpty));
    const stored = JSON.parse(localStorage.getItem(CART_STORAGE_KEY)!) as { state: { items: unknown[] } };
    expect(stored.state.items).toEqual([coaching]);
    expect(screen.getByRole('link', { name: strings.confirmation.orderKept })).toHaveAttribute(
      'href',
      checkoutPath(locale),
    );
  });

  it('shows an order another tab sent, until the cart holds leads added after it', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { strings } = page;
    expect(page.field('company')).toHaveValue(german.company);

    // The other tab stores the confirmation first, then the cart without the ordered lines.
    anotherTabStores(
      CHECKOUT_STORAGE_KEY,
      {
        buyer: NEW_BUYER,
        confirmed: {
          orderNumber: 'LW-20261126-000045',
          orderedOn: '2026-11-26',
          quote: { number: 'AN-20261126-7K3Q9M', date: '2026-11-26' },
          items: cartLines.map((line) => ({ ...line, price: stairlift * (line.exclusive ? 5 : 1) })),
          buyer: { ...NEW_BUYER, ...german },
          vatRate: rate,
          cartLines: cartLines.map((line) => line.id),
        },
      },
      CHECKOUT_STORAGE_VERSION,
    );
    const heading = await screen.findByRole('heading', { name: strings.confirmation.heading });
    anotherTabStores(CART_STORAGE_KEY, { items: [] }, CART_STORAGE_VERSION);
    await waitFor(() =>
      expect(heading).toHaveAccessibleDescription(expect.stringContaining(strings.confirmation.cartEmpty)),
    );
    expect(heading).toHaveAccessibleDescription(expect.stringContaining('LW-20261126-000045'));

    // Leads added afterwards are a new order: the checkout shows them, with the details to type anew.
    anotherTabStores(CART_STORAGE_KEY, { items: [coaching] }, CART_STORAGE_VERSION);
    await waitFor(() => expect(page.field('company')).toHaveValue(''));
    expect(screen.queryByRole('heading', { name: strings.confirmation.heading })).not.toBeInTheDocument();
    expect(useCheckoutStore.getState().confirmed).toBeUndefined();
  });

  it('keeps the number of a quote whose change the buyer undid', async () => {
    storeCart();
    storeDetails(german);
    const page = await renderCheckout(locale);
    const { strings, user } = page;
    await user.click(screen.getByRole('button', { name: strings.quoteButton }));
    const number = () => within(page.quote()!).getByText(/^AN-\d{8}-\w{6}$/).textContent!;
    const approved = number();
    // Another city tried in the open quote, and the first one typed again.
    await page.fillBilling({ city: `${german.city} Nord` });
    await waitFor(() => expect(number()).not.toBe(approved));
    await page.fillBilling({ city: german.city });
    await waitFor(() => expect(number()).toBe(approved));
  });

  it('lets the browser fill the contact’s e-mail address, but not the invoice address with the same', async () => {
    storeCart();
    const page = await renderCheckout(locale);
    // The contact's address is autofilled; the field for another one is not, or it would get the same.
    expect(page.field('email')).toHaveAttribute('autocomplete', 'email');
    expect(page.field('invoiceEmail')).toHaveAttribute('autocomplete', 'off');
  });

  it('asks for the country before the address, and says whom to write to when it is not in the list', async () => {
    storeCart();
    const page = await renderCheckout(locale);
    // A buyer abroad reaches the country before typing a postcode that is checked against it.
    const country = page.field('country');
    expect(
      country.compareDocumentPosition(page.field('postcode')) & Node.DOCUMENT_POSITION_FOLLOWING,
    ).toBeTruthy();
    expect(country).toHaveAccessibleDescription(fill(page.strings.hints.country, { email: getSite().email }));
  });

  it('says when the cart is empty, and links to the categories', async () => {
    const { strings } = await renderCheckout(locale);
    expect(screen.getByText(strings.empty, { exact: true })).toBeVisible();
    expect(screen.getByRole('link', { name: strings.emptyLink })).toHaveAttribute(
      'href',
      overviewPath(locale),
    );
    expect(screen.queryByRole('button', { name: strings.send.button })).not.toBeInTheDocument();
  });
});
