'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import MinusIcon from '@heroicons/react/20/solid/MinusIcon';
import PlusIcon from '@heroicons/react/20/solid/PlusIcon';
import ClipboardDocumentIcon from '@heroicons/react/24/outline/ClipboardDocumentIcon';
import EnvelopeIcon from '@heroicons/react/24/outline/EnvelopeIcon';
import TrashIcon from '@heroicons/react/24/outline/TrashIcon';
import XMarkIcon from '@heroicons/react/24/outline/XMarkIcon';
import { useId, useRef, useState } from 'react';
import { orderCopyText, orderMailHref, type OrderMailInput } from '@/lib/cart/order-mail';
import { lineName, MAX_QUANTITY } from '@/lib/cart/rules';
import { selectTotal, useCartStore } from '@/lib/cart/store';
import type { Dictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { describeAreaCode, type AreaWords } from '@/lib/order/area';

export interface CartDialogProps {
  open: boolean;
  onClose: () => void;
  locale: Locale;
  strings: Dictionary['cart'];
  /** Translated category names by category id. */
  names: Record<string, string>;
  exclusiveSuffix: string;
  /** The sales address that takes orders by e-mail. */
  email: string;
  /** The delivery areas in words. */
  areaWords: AreaWords;
}

/** The sales address inside a sentence, as text a buyer can select and copy. */
function WithAddress({ template, email }: { template: string; email: string }) {
  const [before, after] = template.split('{email}');
  return (
    <>
      {before}
      <strong className="font-semibold break-words text-slate-900 select-all">{email}</strong>
      {after}
    </>
  );
}

/**
 * Ordering without a checkout: the e-mail link, and for a buyer without an
 * e-mail program (webmail only) the same order as text with the address to
 * send it to, and a button that copies it.
 */
function OrderByEmail({ order }: { order: OrderMailInput & { strings: Dictionary['cart'] } }) {
  const { strings, email } = order;
  const id = useId();
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [message, setMessage] = useState('');
  const text = orderCopyText(order);

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setMessage(fill(strings.copied, { email }));
    } catch {
      // No clipboard (an old browser, a denied permission): the text is selected for the buyer to copy.
      textRef.current?.focus();
      textRef.current?.select();
      setMessage(strings.copyFailed);
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="border-t border-slate-200 py-4">
      <h3 id={`${id}-heading`} className="sr-only">
        {strings.orderByEmail}
      </h3>
      <a
        href={orderMailHref(order)}
        className="text-brand-800 ring-brand-700 hover:bg-brand-50 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold ring-1"
      >
        <EnvelopeIcon className="size-5" aria-hidden="true" />
        {strings.orderByEmail}
      </a>
      <p className="mt-2 text-xs text-slate-600">{strings.orderByEmailHint}</p>
      <p className="mt-4 text-sm text-slate-700">
        <WithAddress template={strings.withoutMailProgram} email={email} />
      </p>
      <button
        type="button"
        onClick={() => void copy()}
        className="text-brand-800 ring-brand-700 hover:bg-brand-50 mt-3 flex min-h-11 w-full items-center justify-center gap-2 rounded-lg px-4 py-2.5 font-semibold ring-1"
      >
        <ClipboardDocumentIcon className="size-5" aria-hidden="true" />
        {strings.copyOrder}
      </button>
      <p role="status" aria-live="polite" className="mt-2 text-sm font-medium text-emerald-800">
        {message}
      </p>
      <label htmlFor={`${id}-text`} className="mt-4 block text-sm font-medium text-slate-800">
        {strings.orderTextLabel}
      </label>
      <textarea
        id={`${id}-text`}
        ref={textRef}
        readOnly
        value={text}
        rows={8}
        className="mt-1 block w-full resize-y rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs leading-5 text-slate-900"
      />
    </section>
  );
}

/** The cart as a slide-over dialog: lines with +/−, remove, total, checkout and ordering by e-mail. */
export function CartDialog({
  open,
  onClose,
  locale,
  strings,
  names,
  exclusiveSuffix,
  email,
  areaWords,
}: CartDialogProps) {
  const items = useCartStore((state) => state.items);
  const total = useCartStore(selectTotal);
  const increase = useCartStore((state) => state.increase);
  const decrease = useCartStore((state) => state.decrease);
  const remove = useCartStore((state) => state.remove);

  return (
    <Dialog open={open} onClose={onClose} className="relative z-50">
      <DialogBackdrop className="fixed inset-0 bg-slate-900/50" />
      <div className="fixed inset-0 flex justify-end">
        <DialogPanel className="flex h-full w-full max-w-md flex-col bg-white shadow-2xl">
          <div className="flex items-center justify-between border-b border-slate-200 px-5 py-4">
            <DialogTitle className="text-lg font-semibold text-slate-900">{strings.title}</DialogTitle>
            <button
              type="button"
              onClick={onClose}
              className="inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
            >
              <XMarkIcon className="size-6" aria-hidden="true" />
              <span className="sr-only">{strings.close}</span>
            </button>
          </div>

          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
              <p className="text-base font-medium text-slate-900">{strings.empty}</p>
              <p className="mt-2 text-sm text-slate-600">{strings.emptyHint}</p>
            </div>
          ) : (
            <div className="flex-1 overflow-y-auto px-5">
              <ul className="divide-y divide-slate-100" aria-label={strings.title}>
                {items.map((item) => {
                  const name = fill(strings.line, {
                    name: lineName(names[item.category] ?? item.category, item.exclusive, exclusiveSuffix),
                    area: describeAreaCode(item.area, areaWords),
                  });
                  return (
                    // The name with its area gets the whole width: a postcode range never breaks on a phone.
                    <li key={item.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-4">
                      <p className="w-full font-medium text-slate-900">{name}</p>
                      <p className="min-w-0 flex-1 text-sm text-slate-600">
                        {fill(strings.unitPrice, { price: formatMoney(item.price, locale) })}
                      </p>
                      <div
                        className="flex items-center gap-1"
                        role="group"
                        aria-label={`${strings.quantity}: ${name}`}
                      >
                        <button
                          type="button"
                          onClick={() => decrease(item.id)}
                          className="inline-flex size-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50"
                        >
                          <MinusIcon className="size-4" aria-hidden="true" />
                          <span className="sr-only">{fill(strings.decrease, { name })}</span>
                        </button>
                        <output
                          className="w-8 text-center text-sm font-semibold tabular-nums"
                          aria-live="polite"
                        >
                          {item.quantity}
                        </output>
                        <button
                          type="button"
                          onClick={() => increase(item.id)}
                          disabled={item.quantity >= MAX_QUANTITY}
                          className="inline-flex size-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40"
                        >
                          <PlusIcon className="size-4" aria-hidden="true" />
                          <span className="sr-only">{fill(strings.increase, { name })}</span>
                        </button>
                      </div>
                      <button
                        type="button"
                        onClick={() => remove(item.id)}
                        className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
                      >
                        <TrashIcon className="size-5" aria-hidden="true" />
                        <span className="sr-only">{fill(strings.remove, { name })}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
              <OrderByEmail order={{ items, names, exclusiveSuffix, strings, locale, email, areaWords }} />
            </div>
          )}

          <div className="border-t border-slate-200 px-5 py-4">
            <div className="flex items-baseline justify-between">
              <span className="text-base font-semibold text-slate-900">{strings.total}</span>
              <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="cart-total">
                {formatMoney(total, locale)}
              </span>
            </div>
            <p className="mt-1 text-right text-xs text-slate-600">{strings.netNote}</p>
            <button
              type="button"
              onClick={() => window.alert(strings.checkoutAlert)}
              disabled={items.length === 0}
              className="bg-brand-700 hover:bg-brand-800 mt-4 w-full rounded-lg px-4 py-3 font-semibold text-white disabled:cursor-not-allowed disabled:bg-slate-300 disabled:text-slate-700"
            >
              {strings.checkout}
            </button>
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}
