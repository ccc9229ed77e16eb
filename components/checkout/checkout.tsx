'use client';

import { useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from 'react';
import type { PriceList } from '@/lib/categories';
import { quoteSignature, quoteValidUntil, type QuoteStamp } from '@/lib/checkout/quote';
import { BUYER_FIELDS, buyerProblems, type BuyerField } from '@/lib/checkout/buyer';
import { confirmedSummary, holdsNewOrder, type ConfirmedOrder } from '@/lib/checkout/confirmation';
import { formatDay, summarizeOrder, type OrderSummary, type OrderWords } from '@/lib/checkout/order';
import { connectCheckoutStorage, useCheckoutStore } from '@/lib/checkout/store';
import { cartCount, type CartItem } from '@/lib/cart/rules';
import { connectCartStorage, useCartStore } from '@/lib/cart/store';
import type { SiteSettings } from '@/lib/content-schema';
import { fill, plural } from '@/lib/format';
import { checkoutPath } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { BillingForm } from './billing-form';
import { focusInView } from '@/components/ui/focus-in-view';
import { OrderTable } from './order-table';
import { QuoteView, type OrderDocument } from './quote-view';
import { DECLARATION_ID, SendOrder } from './send-order';

export interface CheckoutProps {
  words: OrderWords;
  countries: { code: string; name: string }[];
  /** German VAT in percent, from the facts. */
  vatRate: number;
  prices: PriceList;
  /** The sales address that takes orders. */
  email: string;
  seller: SiteSettings['seller'];
  termsUrl: string;
  /** The privacy policy, named where the order collects the buyer's details; `newTab` says it opens in one. */
  privacy: { url: string; newTab: string };
  validityDays: number;
  overviewHref: string;
  /** The order service's URL, when the build names one (`ORDER_ENDPOINT`). */
  orderEndpoint?: string;
}

/** True once both stores have read this browser's storage: until then the page shows that it is loading. */
function useStoresLoaded(): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const stops = [
        useCartStore.persist.onFinishHydration(onChange),
        useCheckoutStore.persist.onFinishHydration(onChange),
      ];
      return () => stops.forEach((stop) => stop());
    },
    () => useCartStore.persist.hasHydrated() && useCheckoutStore.persist.hasHydrated(),
    () => false,
  );
}

export function Checkout(props: CheckoutProps) {
  const { words, vatRate, prices, overviewHref } = props;
  const { strings } = words;
  useEffect(() => connectCartStorage(prices), [prices]);
  useEffect(() => connectCheckoutStorage(), []);
  const loaded = useStoresLoaded();
  const items = useCartStore((state) => state.items);
  const buyer = useCheckoutStore((state) => state.buyer);
  const quote = useCheckoutStore((state) => state.quote);
  const confirmed = useCheckoutStore((state) => state.confirmed);
  const summary = useMemo(() => summarizeOrder(items, buyer, vatRate, words), [items, buyer, vatRate, words]);
  const problems = useMemo(() => buyerProblems(buyer), [buyer]);
  const complete = Object.keys(problems).length === 0;
  // A new cart is a new order: the last one's confirmation has done its job. Until then the page shows it, also
  // beside leads that were added while it was on its way and stayed in the cart.
  const newOrder = confirmed !== undefined && holdsNewOrder(confirmed, items);
  const confirming = confirmed !== undefined && !newOrder;
  useEffect(() => {
    if (loaded && newOrder) useCheckoutStore.getState().dismissConfirmation();
  }, [loaded, newOrder]);

  const signature = quoteSignature(summary);
  const quoted = loaded && summary.rows.length > 0 && !confirming;
  useEffect(() => {
    if (!quoted) return;
    const stamp = () => useCheckoutStore.getState().stamp(signature, props.validityDays);
    stamp();
    // A tab left open for days: back in view, a quote past its last day gets a new number dated today (as after a
    // reload), so that what is printed then still holds.
    const onShow = () => document.visibilityState === 'visible' && stamp();
    document.addEventListener('visibilitychange', onShow);
    return () => document.removeEventListener('visibilitychange', onShow);
  }, [quoted, signature, props.validityDays]);

  /** Fields whose problem is shown: each after the buyer left it, all after a try to go on. */
  const [shown, setShown] = useState<ReadonlySet<BuyerField>>(new Set());
  const [summaryShown, setSummaryShown] = useState(false);
  const [quoteOpen, setQuoteOpen] = useState(false);
  /** An order tried without the declaration as well as with problems in the details: the list names it too. */
  const [declarationListed, setDeclarationListed] = useState(false);
  /** How often the buyer deleted the stored details: the declaration's box is unmarked with them. */
  const [forgotten, setForgotten] = useState(0);
  const business = useCheckoutStore((state) => state.business);
  const errorSummaryRef = useRef<HTMLDivElement>(null);
  const quoteRef = useRef<HTMLElement>(null);
  const quoteButtonRef = useRef<HTMLButtonElement>(null);
  // The cart emptied while the buyer is here ("Warenkorb leeren" after an e-mail order): the button that had focus
  // is gone with the rest, so focus goes to what the page says now, which a screen reader then reads.
  const emptyRef = useRef<HTMLParagraphElement>(null);
  const hadRows = useRef(false);
  const rowCount = summary.rows.length;
  useEffect(() => {
    if (rowCount > 0) hadRows.current = true;
    else if (hadRows.current) {
      hadRows.current = false;
      emptyRef.current?.focus();
    }
  }, [rowCount]);
  const linesId = useId();

  /**
   * Shows every problem and moves focus to their list; true when there are none. From then on every field shows a
   * problem as soon as it has one: after a quote, a changed country shows at once that the postcode no longer fits.
   */
  function checkAll(undeclared = false): boolean {
    setShown(new Set(BUYER_FIELDS));
    setDeclarationListed(undeclared);
    setSummaryShown(!complete);
    if (!complete) requestAnimationFrame(() => focusInView(errorSummaryRef.current));
    return complete;
  }

  useEffect(() => {
    if (quoteOpen) focusInView(quoteRef.current);
  }, [quoteOpen]);

  if (!loaded) {
    return (
      <p role="status" className="mt-8 text-slate-700 print:hidden">
        {strings.loading}
      </p>
    );
  }
  if (confirming) return <Confirmation {...props} confirmed={confirmed} cart={items} />;
  if (summary.rows.length === 0) {
    return (
      <div className="mt-8 rounded-xl border border-slate-200 bg-slate-50 p-6 print:hidden">
        <p ref={emptyRef} tabIndex={-1} className="text-lg font-medium text-slate-900">
          {strings.empty}
        </p>
        <p className="mt-2 text-slate-700">{strings.emptyHint}</p>
        <a
          href={overviewHref}
          className="bg-brand-700 hover:bg-brand-800 mt-4 inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-white"
        >
          {strings.emptyLink}
        </a>
      </div>
    );
  }

  return (
    <>
      <div className="beside-document mt-8 grid gap-10 lg:grid-cols-5">
        <section aria-labelledby={linesId} className="min-w-0 lg:order-2 lg:col-span-3">
          <h2 id={linesId} className="text-xl font-semibold text-slate-900">
            {strings.linesHeading}
          </h2>
          <div className="mt-4 overflow-x-auto">
            <OrderTable summary={summary} words={words} variant="page" />
          </div>
          {summary.vatNote && (
            <p className="mt-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800">{summary.vatNote}</p>
          )}
          <TotalsChange summary={summary} words={words} />
          <ul className="mt-3 space-y-1 text-sm text-slate-600">
            {summary.rows.some((row) => !row.exclusive) && <li>{strings.sharedNote}</li>}
            {summary.rows.some((row) => row.exclusive) && <li>{strings.exclusiveNote}</li>}
            <li>{strings.editCart}</li>
          </ul>
        </section>

        <div className="lg:order-1 lg:col-span-2">
          <BillingForm
            words={words}
            countries={props.countries}
            email={props.email}
            problems={problems}
            shown={shown}
            onLeave={(field) => setShown((fields) => new Set(fields).add(field))}
            onForget={() => {
              // Empty fields after deleting are a new start, not problems: nothing is marked until the buyer goes on.
              setShown(new Set());
              setSummaryShown(false);
              setDeclarationListed(false);
              setQuoteOpen(false);
              setForgotten((times) => times + 1);
            }}
            summaryShown={summaryShown && !complete}
            declaration={
              declarationListed && !business
                ? { href: `#${DECLARATION_ID}`, message: strings.errors.business }
                : undefined
            }
            summaryRef={errorSummaryRef}
            quoteButtonRef={quoteButtonRef}
            onQuote={() => {
              if (!checkAll()) return;
              // Already open further down: pressed again (after an edit above), it leads there again.
              if (quoteOpen) focusInView(quoteRef.current);
              else setQuoteOpen(true);
            }}
          />
        </div>
      </div>

      {/* A quote shows only complete details: changed so that one is missing or wrong, it gives way to a note that
          says why, read out where the buyer is, and comes back as soon as the details are complete again. */}
      <p
        role="status"
        className={
          quoteOpen && !complete
            ? 'mt-8 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 print:hidden'
            : undefined
        }
      >
        {quoteOpen && !complete ? strings.quoteHidden : ''}
      </p>
      {quoteOpen && complete && quote && (
        <QuoteView
          ref={quoteRef}
          summary={summary}
          doc={quoteDocument(quote, words, props.validityDays)}
          words={words}
          seller={props.seller}
          email={props.email}
          termsUrl={props.termsUrl}
          onClose={() => {
            setQuoteOpen(false);
            focusInView(quoteButtonRef.current);
          }}
        />
      )}

      <SendOrder
        summary={summary}
        items={items}
        quote={quote}
        words={words}
        email={props.email}
        privacy={props.privacy}
        termsUrl={props.termsUrl}
        vatRate={vatRate}
        endpoint={props.orderEndpoint}
        complete={complete}
        onIncomplete={checkAll}
        forgotten={forgotten}
      />
    </>
  );
}

/**
 * The VAT and the total, said where a screen reader hears them once they change: a country or a VAT ID typed in
 * the form changes the table beside it, which a buyer listening to the form would not notice. Not on the first
 * reading of the page.
 */
function TotalsChange({ summary, words }: { summary: OrderSummary; words: OrderWords }) {
  const money = (cents: number) => formatMoney(cents, words.locale);
  const text = [
    `${summary.vatLabel}: ${money(summary.totals.vat)}.`,
    `${words.strings.totals.gross}: ${money(summary.totals.gross)}.`,
    summary.vatNote,
  ]
    .join(' ')
    .trim();
  const [last, setLast] = useState(text);
  const [said, setSaid] = useState('');
  if (text !== last) {
    setLast(text);
    setSaid(text);
  }
  return (
    <p role="status" className="sr-only">
      {said}
    </p>
  );
}

/** The quote: its number, its date and the last day it holds. */
function quoteDocument(quote: QuoteStamp, words: OrderWords, validityDays: number): OrderDocument {
  const q = words.strings.quote;
  const until = quoteValidUntil(new Date(`${quote.date}T00:00:00Z`), validityDays)
    .toISOString()
    .slice(0, 10);
  return {
    heading: q.heading,
    facts: [
      [q.number, quote.number],
      [q.date, formatDay(quote.date, words.locale)],
      [q.validUntil, formatDay(until, words.locale)],
    ],
    closing: q.accept,
    print: q.print,
  };
}

/**
 * An order the service took: its number at once, and its confirmation to print or save, also after a
 * reload, until the buyer starts a new order.
 */
function Confirmation({
  confirmed,
  cart,
  ...props
}: CheckoutProps & { confirmed: ConfirmedOrder; cart: readonly CartItem[] }) {
  const { words } = props;
  const c = words.strings.confirmation;
  /** Leads added while the order was on its way: not ordered, still in the cart. */
  const kept = cartCount(cart);
  const summary = confirmedSummary(confirmed, words);
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);
  // The heading takes the focus; what it describes, the order's number, is read with it.
  const receivedId = useId();
  const doc: OrderDocument = {
    heading: c.document,
    facts: [
      [c.orderNumber, confirmed.orderNumber],
      [c.orderedOn, formatDay(confirmed.orderedOn, words.locale)],
      [c.quote, confirmed.quote.number],
    ],
    closing: c.binding,
    print: c.print,
  };
  return (
    <>
      <div className="mt-8 rounded-xl border border-emerald-300 bg-emerald-50 p-6 print:hidden">
        <h2
          ref={headingRef}
          tabIndex={-1}
          aria-describedby={receivedId}
          className="text-xl font-semibold text-slate-900 focus:outline-none"
        >
          {c.heading}
        </h2>
        <p id={receivedId} className="mt-2 text-slate-800">
          {fill(c.received, {
            orderNumber: confirmed.orderNumber,
            email: confirmed.buyer.invoiceEmail || confirmed.buyer.email,
          })}{' '}
          {kept > 0 ? fill(plural(c.cartKept, kept, words.locale), { count: kept }) : c.cartEmpty}
        </p>
        {confirmed.confirmationMail && (
          <p className="mt-2 text-slate-800">{fill(c.mailOnItsWay, { email: confirmed.buyer.email })}</p>
        )}
        <p className="mt-2 text-sm text-slate-700">{c.stored}</p>
        {kept > 0 && (
          // The checkout again, with what is left in the cart and the details to type anew.
          <a
            href={checkoutPath(words.locale)}
            onClick={() => useCheckoutStore.getState().dismissConfirmation()}
            className="bg-brand-700 hover:bg-brand-800 mt-4 mr-6 inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-white"
          >
            {c.orderKept}
          </a>
        )}
        <a
          href={props.overviewHref}
          onClick={() => useCheckoutStore.getState().dismissConfirmation()}
          className="text-brand-800 mt-4 inline-flex min-h-11 items-center font-semibold underline"
        >
          {c.newOrder}
        </a>
      </div>
      <QuoteView
        summary={summary}
        doc={doc}
        words={words}
        seller={props.seller}
        email={props.email}
        termsUrl={props.termsUrl}
      />
    </>
  );
}
