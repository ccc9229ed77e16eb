'use client';

import { useEffect, useId, useRef, useState } from 'react';
import type { CartItem } from '@/lib/cart/rules';
import { useCartStore } from '@/lib/cart/store';
import {
  orderCopyText,
  orderMailLink,
  orderText,
  type OrderSummary,
  type OrderWords,
} from '@/lib/checkout/order';
import type { QuoteStamp } from '@/lib/checkout/quote';
import { orderContent, orderRequestBody, sendOrder, type SendResult } from '@/lib/checkout/send';
import { useCheckoutStore } from '@/lib/checkout/store';
import { businessDay } from '@/lib/business-day';
import { fill, plural } from '@/lib/format';
import { ExternalLink } from '@/components/layout/external-link';
import { focusInView } from '@/components/ui/focus-in-view';
import { Icon } from '@/components/ui/icon';
import { keepFocusOnPress } from '@/components/ui/keep-focus-on-press';

interface SendOrderProps {
  summary: OrderSummary;
  /** The cart's lines, as the order service receives them. */
  items: readonly CartItem[];
  quote: QuoteStamp | undefined;
  words: OrderWords;
  /** The sales address. */
  email: string;
  /** The privacy policy: what the order does with the details it collects. */
  privacy: { url: string; newTab: string };
  /** The general terms, which the order accepts. */
  termsUrl: string;
  /** German VAT in percent, kept with a confirmed order. */
  vatRate: number;
  /** The order service's URL, when the build names one. */
  endpoint?: string;
  /** Whether the billing details have no problem left. */
  complete: boolean;
  /** Shows the details' problems; `undeclared` when the declaration is missing as well, which the list then names. */
  onIncomplete: (undeclared?: boolean) => void;
  /** How often the buyer deleted the stored details: each time the box is unmarked, as the details are. */
  forgotten?: number;
}

const primary =
  'bg-brand-700 hover:bg-brand-800 mt-4 flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-3 font-semibold text-white disabled:cursor-wait disabled:opacity-70';
const secondary =
  'text-brand-800 ring-brand-700 hover:bg-brand-50 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold ring-1';

/** The declaration's box: the error list above the billing details links to it by this id. */
export const DECLARATION_ID = 'business-declaration';

/**
 * The binding order on invoice. With an order service, the main button sends it there and the buyer sees
 * its number; without one, or when the service cannot be reached, the order goes as an e-mail that the
 * buyer's mail program opens, or as text to copy into any mailbox. All carry the quote's number, the rows,
 * the VAT, the details and the buyer's declaration to order as a business. Only an order the service took
 * leaves the cart: a mail may never have left the buyer's outbox.
 *
 * The shop sells to businesses only (§ 14 BGB), so the buyer ticks that they order for their business before
 * any way of ordering works; until then each says what is missing, as for incomplete details, and takes the
 * buyer to the box.
 */
export function SendOrder(props: SendOrderProps) {
  const { summary, quote, words, email, endpoint, complete, onIncomplete } = props;
  const send = words.strings.send;
  const [beforeTerms, afterTerms] = send.contract.split('{terms}');
  const business = useCheckoutStore((state) => state.business);
  const setBusiness = useCheckoutStore((state) => state.setBusiness);
  /** Whether a try to order without the declaration has marked the box: from then on, while it is unticked. */
  const [businessShown, setBusinessShown] = useState(false);
  const [forgottenSeen, setForgottenSeen] = useState(props.forgotten);
  if (props.forgotten !== forgottenSeen) {
    setForgottenSeen(props.forgotten);
    setBusinessShown(false);
  }
  const businessRef = useRef<HTMLInputElement>(null);
  const businessId = DECLARATION_ID;
  const missingId = useId();
  const sendingId = useId();
  /** The order on its way to the service: until its answer, no other way orders (that would be a second order). */
  const [sending, setSending] = useState(false);
  const ready = complete && business && quote !== undefined;
  const text = quote && orderText(summary, quote, words);
  const mail = text ? orderMailLink(email, text, words) : undefined;
  // The order's text declares that the buyer orders as a business: the link carries it only once the order may go,
  // or a middle click, or the link copied, would send an incomplete order that declares what was not ticked.
  const mailHref = ready && !sending ? mail?.href : undefined;
  const businessProblem = businessShown && !business;
  /**
   * Where the buyer last sent the order from this browser (the e-mail link or the copy button): the one note that
   * the cart stays, under that way.
   */
  const [keptAt, setKeptAt] = useState<'mail' | 'copy'>();
  // An order too long for a link that arrives whole: the mail opens short, and the buyer pastes the copied order.
  const copyFirst = mail && !mail.complete && (
    <p className="mt-2 text-sm font-medium text-slate-800">{fill(send.copyFirst, { copy: send.copy })}</p>
  );

  /**
   * True when the order may go. Otherwise it shows what is missing and moves focus there: the list of the details'
   * problems first, else the declaration's box, which then says why.
   */
  function mayOrder(): boolean {
    // The status says why, and each way is described by it.
    if (sending) return false;
    if (ready) return true;
    if (!business) setBusinessShown(true);
    if (!complete || !quote) onIncomplete(!business);
    // After the box has its message, so that a screen reader hears it with the box.
    else requestAnimationFrame(() => focusInView(businessRef.current));
    return false;
  }

  function mailClick(event: React.SyntheticEvent) {
    if (mayOrder()) {
      setKeptAt('mail');
      return;
    }
    event.preventDefault();
  }

  // What each way of ordering waits for, said under the main one and read with each (aria-describedby); while the
  // order is on its way, the status that says so.
  const missing = [!complete && send.fixFirst, !business && send.declareFirst].filter(Boolean).join(' ');
  const describedBy = sending ? sendingId : missing ? missingId : undefined;
  const missingNote = missing && (
    <p id={missingId} className="mt-2 text-sm font-medium text-slate-800">
      {missing}
    </p>
  );

  return (
    <section aria-labelledby="send-heading" className="mt-12 max-w-2xl print:hidden">
      <h2 id="send-heading" className="text-xl font-semibold text-slate-900">
        {send.heading}
      </h2>
      {/* Where the details are collected, what happens to them (GDPR art. 13). */}
      <p className="mt-2 text-sm text-slate-700">
        {send.privacy}{' '}
        <ExternalLink
          href={props.privacy.url}
          newTabHint={props.privacy.newTab}
          className="text-brand-800 underline"
        >
          {send.privacyLink}
        </ExternalLink>
        .
      </p>
      {/* How the contract is made, before the button that makes the order (§ 312i BGB, art. 246c EGBGB). */}
      <p className="mt-2 text-sm text-slate-700">
        {beforeTerms}
        <ExternalLink
          href={props.termsUrl}
          newTabHint={props.privacy.newTab}
          className="text-brand-800 underline"
        >
          {send.termsLink}
        </ExternalLink>
        {afterTerms}
      </p>
      {/* The declaration, right before the ways to order: required, kept with the details, sent with the order. */}
      <div
        className={`mt-4 rounded-lg border p-3 ${businessProblem ? 'border-red-700 bg-red-50' : 'border-slate-200 bg-slate-50'}`}
      >
        <div className="flex items-start gap-3">
          <input
            ref={businessRef}
            id={businessId}
            name="business"
            type="checkbox"
            required
            checked={business}
            onChange={(event) => setBusiness(event.target.checked)}
            aria-invalid={businessProblem || undefined}
            aria-describedby={businessProblem ? `${businessId}-problem` : undefined}
            className="accent-brand-700 mt-0.5 size-5 shrink-0"
          />
          <label htmlFor={businessId} className="text-sm font-medium text-slate-900">
            {send.business}
          </label>
        </div>
        {businessProblem && (
          <p id={`${businessId}-problem`} className="mt-2 text-sm font-medium text-red-800">
            {words.strings.errors.business}
          </p>
        )}
      </div>
      {endpoint ? (
        <ToService
          {...props}
          endpoint={endpoint}
          mailHref={mailHref}
          onMailClick={mailClick}
          mailKept={keptAt === 'mail'}
          mailNote={copyFirst}
          mayOrder={mayOrder}
          describedBy={describedBy}
          sending={sending}
          setSending={setSending}
          sendingId={sendingId}
        >
          {missingNote}
        </ToService>
      ) : (
        <ByMail
          words={words}
          email={email}
          mailHref={mailHref}
          onMailClick={mailClick}
          kept={keptAt === 'mail'}
          describedBy={describedBy}
          label={send.button}
          main
        >
          {copyFirst || <p className="mt-2 text-xs text-slate-600">{fill(send.hint, { email })}</p>}
          {missingNote}
        </ByMail>
      )}
      {/* Once the details are complete: the copy button (which, like the others, waits for the declaration). */}
      {complete && text && (
        <CopyOrder
          words={words}
          email={email}
          text={orderCopyText(email, text, words)}
          ready={ready && !sending}
          refused={sending}
          mayCopy={mayOrder}
          onCopied={() => setKeptAt('copy')}
          kept={keptAt === 'copy'}
          describedBy={describedBy}
        />
      )}
    </section>
  );
}

interface ByMailProps {
  words: OrderWords;
  email: string;
  /** The link's `mailto:`, only while the order may go. */
  mailHref: string | undefined;
  /** Stops the link while the details are incomplete or the declaration is missing. */
  onMailClick: (event: React.SyntheticEvent) => void;
  /** Whether the buyer sent the order this way last: the note that the cart stays shows here. */
  kept: boolean;
  /** What the order still waits for, while it waits. */
  describedBy: string | undefined;
  label: string;
  /** The main way to order (no service): the big button. */
  main?: boolean;
  children?: React.ReactNode;
}

/** The e-mail order: a link that opens the buyer's mail program with the order written out. */
function ByMail({ words, mailHref, onMailClick, kept, describedBy, label, main, children }: ByMailProps) {
  // Without an address the browser no longer treats it as a link: its role, its place in the tab order and Enter are
  // given back, so that it is still reached, says what it waits for, and shows what is missing when pressed.
  const waiting = mailHref === undefined;
  return (
    <>
      <a
        href={mailHref}
        role={waiting ? 'link' : undefined}
        tabIndex={waiting ? 0 : undefined}
        aria-disabled={waiting || undefined}
        onClick={onMailClick}
        {...keepFocusOnPress}
        onKeyDown={(event) => {
          if (waiting && event.key === 'Enter') onMailClick(event);
        }}
        aria-describedby={describedBy}
        className={main ? primary : `mt-3 ${secondary}`}
      >
        <Icon name="envelope" className="size-5" />
        {label}
      </a>
      {children}
      {kept && <EmptyCartPrompt words={words} />}
    </>
  );
}

interface ToServiceProps extends SendOrderProps {
  endpoint: string;
  mailHref: string | undefined;
  onMailClick: (event: React.SyntheticEvent) => void;
  mailKept: boolean;
  /** What the e-mail order needs said under its link. */
  mailNote: React.ReactNode;
  /** True when the order may go; otherwise it shows what is missing. */
  mayOrder: () => boolean;
  /** What the order still waits for, while it waits. */
  describedBy: string | undefined;
  /** The order is on its way; kept by `SendOrder`, whose other ways wait for it too. */
  sending: boolean;
  setSending: (sending: boolean) => void;
  /** The status that says the order is on its way. */
  sendingId: string;
  /** The note of what the order waits for, under the button. */
  children?: React.ReactNode;
}

/** The order sent to the order service, with the e-mail order as the way out when it fails. */
function ToService({
  summary,
  items,
  quote,
  words,
  email,
  vatRate,
  endpoint,
  mailHref,
  onMailClick,
  mailKept,
  mailNote,
  mayOrder,
  describedBy,
  sending,
  setSending,
  sendingId,
  children,
}: ToServiceProps) {
  const send = words.strings.send;
  const [failure, setFailure] = useState<Exclude<SendResult, { ok: true }>>();
  /**
   * The key of the last order whose answer was lost, and how often in a row: a second loss means the service is
   * most likely away, and the e-mail order becomes the way out (it names the quote, so a first order that did
   * arrive is known).
   */
  const [lost, setLost] = useState<{ key: string; times: number }>();
  const [website, setWebsite] = useState('');
  /** When the button appeared: the start of the clock, unless the details were begun before. */
  const shownAt = useRef(0);
  useEffect(() => {
    shownAt.current = Date.now();
  }, []);
  const failureRef = useRef<HTMLDivElement>(null);
  const failureId = useId();
  const honeypotId = useId();
  // The message takes the focus once it is on the page, so that the buyer hears it and goes on from there.
  useEffect(() => {
    if (failure) failureRef.current?.focus();
  }, [failure]);
  // Leaving while the order is on its way loses its answer, though the service may take it: the browser asks first.
  useEffect(() => {
    if (!sending) return;
    const stay = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', stay);
    return () => window.removeEventListener('beforeunload', stay);
  }, [sending]);
  /** An order sent before without an answer (this page was left, or the answer lost). */
  const sentBefore = useCheckoutStore((state) => state.sent);

  /** The request for the order as it stands, after so many milliseconds. */
  function draft(elapsedMs: number) {
    return orderRequestBody({
      key: '',
      locale: words.locale,
      items,
      vatRate,
      buyer: summary.buyer,
      // Only a ticked declaration gets an order sent (`mayOrder`).
      business: true,
      quote: quote?.number ?? '',
      website,
      elapsedMs,
    });
  }

  async function submit() {
    if (!mayOrder() || !quote) return;
    setSending(true);
    setFailure(undefined);
    const checkout = useCheckoutStore.getState();
    // Since the earlier of the page showing the button and the first detail typed: browser autofill enters every
    // detail at once, and a person who then orders at once has still spent the time since the page appeared.
    const body = draft(Date.now() - Math.min(checkout.startedAt ?? Infinity, shownAt.current));
    const content = orderContent(body);
    // A retry of the same order keeps its key; changed lines or details are another order with a new key.
    const key = checkout.keyFor(quote.number, content);
    // Sent before with this key, and no answer said what became of it (a lost answer, a page reloaded meanwhile).
    const retried = checkout.sent?.key === key;
    // Kept until an answer says what became of it: a page left or reloaded meanwhile still knows it went.
    checkout.markSent({ quote: quote.number, content, key });
    const result = await sendOrder(endpoint, { ...body, key });
    setSending(false);
    if (result.ok) {
      // Leads added to the cart while the order was on its way (in another tab) were not ordered: they stay in the
      // cart, and the confirmation knows them (`holdsNewOrder`). It is stored before the cart changes, so that no
      // other open checkout sees the cart without the ordered lines while it still has the buyer's details. Both
      // stores read what is stored first: another tab that sent the same order (the same key) and had the answer
      // first confirmed it and took the ordered leads out, perhaps a moment before the browser tells this tab.
      const cart = useCartStore.getState();
      const confirmed = checkout.confirm(
        {
          orderNumber: result.orderNumber,
          orderedOn: businessDay(new Date()),
          quote: { number: quote.number, date: quote.date },
          // The order's lines and totals, both as the service priced them: one set of prices. (Only a service
          // older than the lines in its answer leaves the page's own, as before.)
          items: result.lines?.map((line, index) => ({ ...line, id: String(index) })) ?? [...items],
          buyer: summary.buyer,
          vatRate,
          totals: { net: result.net, vat: result.vat, gross: result.gross },
          confirmationMail: result.confirmationMail,
          cartLines: cart.lineIds(),
        },
        key,
      );
      // Taken out again, the leads of the same line added since would go too.
      if (!confirmed) return;
      cart.removeOrdered(items);
    } else {
      // "Nothing was stored" (a 503) speaks of this try only: an earlier one with the same key may have arrived, so
      // after a lost answer it is still not known, and the page must not send the buyer to order by e-mail.
      const failed: Exclude<SendResult, { ok: true }> =
        result.reason === 'unreachable' && retried ? { ok: false, reason: 'unknown' } : result;
      // Any answer but a lost one says the service holds no order under this key (it answers a key it has first).
      if (failed.reason !== 'unknown') useCheckoutStore.getState().settleSent(key);
      setLost(
        failed.reason === 'unknown' ? { key, times: lost?.key === key ? lost.times + 1 : 1 } : undefined,
      );
      // Prices that changed since the page was loaded: the reloaded page shows them, in a quote with a new number.
      setFailure(failed);
    }
  }

  /** Whether the order as it stands now is the one sent before (its key would be the same). */
  const sameAsSent =
    sentBefore !== undefined &&
    sentBefore.content === orderContent(draft(0)) &&
    sentBefore.quote === quote?.number;

  /** The reasons the service gave for refusing the order, if it gave any. */
  const reasons =
    failure?.reason === 'rejected' && failure.messages.length > 0 ? failure.messages : undefined;

  return (
    <>
      {/* While the details are incomplete or the declaration missing, the button says why it will not order yet. */}
      <button
        type="button"
        onClick={() => void submit()}
        {...keepFocusOnPress}
        disabled={sending}
        aria-describedby={describedBy}
        className={primary}
      >
        <Icon name="paper-airplane" className="size-5" />
        {send.button}
      </button>
      <p className="mt-2 text-xs text-slate-600">{send.serviceHint}</p>
      {children}
      <p id={sendingId} role="status" className="mt-2 text-sm font-medium text-slate-800">
        {sending ? send.sending : ''}
      </p>
      {/* Beside a lost answer's message too, once the details changed: the button would now send a second order. */}
      {sentBefore && !sending && (!failure || !sameAsSent) && (
        <PendingNote sent={sentBefore} same={sameAsSent} words={words} email={email} />
      )}
      {failure && (
        // Read once, as focus moves to it, by its name: a live region as well would have it read twice.
        <div
          ref={failureRef}
          tabIndex={-1}
          role="group"
          aria-labelledby={failureId}
          // The service's reasons, when it gave any, are read with it.
          aria-describedby={reasons ? `${failureId}-reasons` : undefined}
          className="mt-3 rounded-lg border border-red-300 bg-red-50 p-4 text-sm text-red-900 focus:outline-none"
        >
          <p id={failureId} className="font-semibold">
            {failureText(failure, words, email, {
              quote: quote?.number ?? '',
              again: (lost?.times ?? 0) > 1,
            })}
          </p>
          {failure.reason === 'pricesChanged' && (
            // A link to this page, without a fragment: following it loads the page again, with the current prices.
            <a
              href={window.location.pathname + window.location.search}
              className="mt-3 inline-flex min-h-11 items-center rounded-lg px-4 font-semibold text-red-900 ring-1 ring-red-700 hover:bg-red-100"
            >
              {send.reload}
            </a>
          )}
          {reasons && (
            <ul id={`${failureId}-reasons`} className="mt-2 list-disc pl-5">
              {reasons.map((message) => (
                <li key={message}>{message}</li>
              ))}
            </ul>
          )}
        </div>
      )}
      {/* People don't see this field and leave it empty; a form-filling bot fills it, and its order is marked as spam. */}
      <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
        <label htmlFor={honeypotId}>{send.honeypot}</label>
        <input
          id={honeypotId}
          name="website"
          type="text"
          tabIndex={-1}
          autoComplete="off"
          value={website}
          onChange={(event) => setWebsite(event.target.value)}
        />
      </div>
      <h3 className="mt-6 border-t border-slate-200 pt-4 text-base font-semibold text-slate-900">
        {send.otherWays}
      </h3>
      <ByMail
        words={words}
        email={email}
        mailHref={mailHref}
        onMailClick={onMailClick}
        describedBy={describedBy}
        kept={mailKept}
        label={send.byMail}
      >
        {mailNote}
      </ByMail>
    </>
  );
}

/**
 * An order sent before whose answer never came, on the page again: it may have arrived. Unchanged, the button asks
 * the service for it with its key; changed, the button would place a second order, and the note says so.
 */
function PendingNote({
  sent,
  same,
  words,
  email,
}: {
  sent: { quote: string };
  same: boolean;
  words: OrderWords;
  email: string;
}) {
  const send = words.strings.send;
  return (
    <p className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm font-medium text-amber-950">
      {same
        ? fill(send.pending, { quote: sent.quote, button: send.button })
        : fill(send.pendingChanged, { quote: sent.quote, email })}
    </p>
  );
}

function failureText(
  failure: Exclude<SendResult, { ok: true }>,
  words: OrderWords,
  email: string,
  lost: { quote: string; again: boolean },
): string {
  const send = words.strings.send;
  switch (failure.reason) {
    case 'unreachable':
      return send.unreachable;
    case 'unknown':
      return lost.again
        ? fill(send.unknownAgain, { quote: lost.quote })
        : fill(send.unknown, { button: send.button, email });
    case 'rateLimited': {
      const minutes = Math.max(1, Math.ceil(failure.retryAfter / 60));
      return fill(plural(send.rateLimited, minutes, words.locale), { minutes });
    }
    case 'pricesChanged':
      return send.pricesChanged;
    case 'rejected':
      return send.rejected;
  }
}

interface CopyOrderProps {
  words: OrderWords;
  email: string;
  text: string;
  /** Whether the order may go: only then is its text on the page to copy. */
  ready: boolean;
  /** The order is on its way to the service: the button copies nothing until its answer. */
  refused: boolean;
  /** True when the order may go; otherwise it shows what is missing. */
  mayCopy: () => boolean;
  onCopied: () => void;
  /** Whether the buyer sent the order this way last: the note that the cart stays shows here. */
  kept: boolean;
  /** What the order still waits for, while it waits. */
  describedBy: string | undefined;
}

/** The order as text, for a buyer without a mail program: a button copies it, or they select it. */
function CopyOrder({
  words,
  email,
  text,
  ready,
  refused,
  mayCopy,
  onCopied,
  kept,
  describedBy,
}: CopyOrderProps) {
  const send = words.strings.send;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');

  async function copy() {
    if (!mayCopy()) return;
    try {
      await navigator.clipboard.writeText(text);
      setMessage(fill(send.copied, { email }));
      onCopied();
    } catch {
      // No clipboard (an old browser, a denied permission): the text is selected for the buyer to copy.
      textRef.current?.focus();
      textRef.current?.select();
      setMessage(send.copyFailed);
    }
  }

  return (
    <div className="mt-6 border-t border-slate-200 pt-4">
      <p className="text-sm text-slate-700">{fill(send.withoutMailProgram, { email })}</p>
      <button
        type="button"
        onClick={() => void copy()}
        {...keepFocusOnPress}
        aria-disabled={refused || undefined}
        aria-describedby={describedBy}
        className={`mt-3 ${secondary}`}
      >
        <Icon name="clipboard-document" className="size-5" />
        {send.copy}
      </button>
      <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
        {message}
      </p>
      {kept && <EmptyCartPrompt words={words} />}
      {/* The text to select by hand, like the copy button, once the order may go. */}
      {ready && (
        <>
          <label htmlFor="order-text" className="mt-4 block text-sm font-medium text-slate-800">
            {send.textLabel}
          </label>
          <textarea
            id="order-text"
            ref={textRef}
            readOnly
            value={text}
            rows={12}
            className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs leading-5 text-slate-900"
          />
        </>
      )}
    </div>
  );
}

/** After an order left the page by mail: the cart stays, and one button empties it. */
function EmptyCartPrompt({ words }: { words: OrderWords }) {
  const send = words.strings.send;
  return (
    <div className="mt-4 rounded-lg bg-slate-50 p-4 text-sm text-slate-800">
      <p>{send.keptNote}</p>
      <button
        type="button"
        onClick={() => useCartStore.getState().clear()}
        className="mt-2 min-h-11 rounded-lg px-4 font-semibold ring-1 ring-slate-300 hover:bg-white"
      >
        {send.emptyCart}
      </button>
    </div>
  );
}
