'use client';

import ClipboardDocumentIcon from '@heroicons/react/24/outline/ClipboardDocumentIcon';
import EnvelopeIcon from '@heroicons/react/24/outline/EnvelopeIcon';
import { useRef, useState } from 'react';
import {
  orderCopyText,
  orderMailHref,
  orderText,
  type OrderSummary,
  type OrderWords,
} from '@/lib/checkout/order';
import type { QuoteStamp } from '@/lib/checkout/quote';
import { useCartStore } from '@/lib/cart/store';
import { fill } from '@/lib/format';

interface SendOrderProps {
  summary: OrderSummary;
  quote: QuoteStamp | undefined;
  words: OrderWords;
  /** The sales address. */
  email: string;
  /** Whether the billing details have no problem left. */
  complete: boolean;
  /** Shows the details' problems. */
  onIncomplete: () => void;
}

const secondary =
  'text-brand-800 ring-brand-700 hover:bg-brand-50 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold ring-1';

/**
 * The binding order on invoice: an e-mail to the sales team that the buyer's mail program opens, or the
 * same text to copy into any mailbox. Both carry the quote's number, the rows, the VAT and the details. The
 * cart stays until the buyer empties it: the mail may never have left their outbox.
 */
export function SendOrder({ summary, quote, words, email, complete, onIncomplete }: SendOrderProps) {
  const { strings } = words;
  const send = strings.send;
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const [sent, setSent] = useState(false);
  const ready = complete && quote !== undefined;
  const text = quote && orderText(summary, quote, words);

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      setMessage(fill(send.copied, { email }));
      setSent(true);
    } catch {
      // No clipboard (an old browser, a denied permission): the text is selected for the buyer to copy.
      textRef.current?.focus();
      textRef.current?.select();
      setMessage(send.copyFailed);
    }
  }

  return (
    <section aria-labelledby="send-heading" className="mt-12 max-w-2xl print:hidden">
      <h2 id="send-heading" className="text-xl font-semibold text-slate-900">
        {send.heading}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{send.b2bNote}</p>
      <a
        href={text ? orderMailHref(email, text) : undefined}
        onClick={(event) => {
          if (ready) setSent(true);
          else {
            event.preventDefault();
            onIncomplete();
          }
        }}
        className="bg-brand-700 hover:bg-brand-800 mt-4 flex min-h-12 w-full cursor-pointer items-center justify-center gap-2 rounded-lg px-4 py-3 font-semibold text-white"
      >
        <EnvelopeIcon className="size-5" aria-hidden="true" />
        {send.button}
      </a>
      <p className="mt-2 text-xs text-slate-600">{fill(send.hint, { email })}</p>
      {!ready && <p className="mt-2 text-sm font-medium text-slate-800">{send.fixFirst}</p>}

      {sent && <EmptyCartPrompt words={words} />}

      {ready && text && (
        <div className="mt-6 border-t border-slate-200 pt-4">
          <p className="text-sm text-slate-700">{fill(send.withoutMailProgram, { email })}</p>
          <button
            type="button"
            onClick={() => void copy(orderCopyText(email, text, words))}
            className={`mt-3 ${secondary}`}
          >
            <ClipboardDocumentIcon className="size-5" aria-hidden="true" />
            {send.copy}
          </button>
          <p role="status" className="mt-2 text-sm font-medium text-emerald-800">
            {message}
          </p>
          <label htmlFor="order-text" className="mt-4 block text-sm font-medium text-slate-800">
            {send.textLabel}
          </label>
          <textarea
            id="order-text"
            ref={textRef}
            readOnly
            value={orderCopyText(email, text, words)}
            rows={12}
            className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs leading-5 text-slate-900"
          />
        </div>
      )}
    </section>
  );
}

/** After an order left the page: the cart stays, and one button empties it. */
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
