'use client';

import { Dialog, DialogBackdrop, DialogPanel, DialogTitle } from '@headlessui/react';
import { useEffect, useRef, useState } from 'react';
import { canIncreaseGroup, groupItems, lineName, type RemovedGroup } from '@/lib/cart/rules';
import { selectTotal, useCartStore } from '@/lib/cart/store';
import type { Dictionary } from '@/lib/content';
import { fill } from '@/lib/format';
import type { Locale } from '@/lib/i18n';
import { formatMoney } from '@/lib/money';
import { describeAreaCode, type AreaWords } from '@/lib/order/area';
import { Icon } from '@/components/ui/icon';
import { useOpenOnceDrawn } from '@/components/ui/use-lazy-dialog';

/** What the dialog shows besides the cart: its words and links in one language (lib/lazy-words.ts). */
export interface CartDialogData {
  locale: Locale;
  strings: Dictionary['cart'];
  /** Translated category names by category id. */
  names: Record<string, string>;
  exclusiveSuffix: string;
  /** The delivery areas in words. */
  areaWords: AreaWords;
  /** The checkout page of this language. */
  checkoutHref: string;
}

export interface CartDialogProps extends CartDialogData {
  open: boolean;
  onClose: () => void;
}

const stepButton =
  'inline-flex size-8 items-center justify-center rounded-md border border-slate-300 text-slate-700 hover:bg-slate-50 disabled:opacity-40';

/**
 * The cart as a slide-over dialog: one row per industry, area and kind with plus, minus and remove (which
 * can be undone), the total, and the way to the checkout.
 */
export function CartDialog({
  open,
  onClose,
  locale,
  strings,
  names,
  exclusiveSuffix,
  areaWords,
  checkoutHref,
}: CartDialogProps) {
  const shown = useOpenOnceDrawn(open);
  const items = useCartStore((state) => state.items);
  const total = useCartStore(selectTotal);
  const { increase, decrease, remove, restore } = useCartStore.getState();
  // The row taken out last, with its way back; then, once it is back, that row, where focus goes.
  const [removed, setRemoved] = useState<{ name: string; key: string; group: RemovedGroup } | undefined>();
  const [restored, setRestored] = useState<{ name: string; key: string } | undefined>();
  // A removal belongs to the dialog it was made in: opened again later, it offers no Undo of lines long gone.
  const [wasOpen, setWasOpen] = useState(open);
  if (open !== wasOpen) {
    setWasOpen(open);
    if (!open) {
      setRemoved(undefined);
      setRestored(undefined);
    }
  }
  const undoRef = useRef<HTMLButtonElement>(null);
  const restoredRef = useRef<HTMLButtonElement>(null);
  useEffect(() => undoRef.current?.focus(), [removed]);
  useEffect(() => restoredRef.current?.focus(), [restored]);
  const takeOut = (name: string, key: string) => {
    setRestored(undefined);
    setRemoved({ name, key, group: remove(key) });
  };
  const rowName = (category: string, exclusive: boolean, area: string) =>
    fill(strings.line, {
      name: lineName(names[category] ?? category, exclusive, exclusiveSuffix),
      area: describeAreaCode(area, areaWords),
    });

  return (
    <Dialog open={shown} onClose={onClose} className="relative z-50">
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
              <Icon name="x-mark" className="size-6" />
              <span className="sr-only">{strings.close}</span>
            </button>
          </div>

          {/* Always displayed (an empty one has no height): a live region shown only once filled is missed by some
              screen readers. It holds the message alone: the Undo button beside it takes the focus and says its
              own name, which inside the region would be read a second time. */}
          <div className="px-5">
            <div
              className={
                removed || restored
                  ? 'mt-3 flex items-center justify-between gap-3 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-800'
                  : undefined
              }
            >
              <p role="status">
                {restored
                  ? fill(strings.restored, { name: restored.name })
                  : removed && fill(strings.removed, { name: removed.name })}
              </p>
              {removed && (
                <button
                  ref={undoRef}
                  type="button"
                  aria-label={fill(strings.undoLabel, { name: removed.name })}
                  onClick={() => {
                    restore(removed.group);
                    setRemoved(undefined);
                    setRestored({ name: removed.name, key: removed.key });
                  }}
                  className="text-brand-800 min-h-11 shrink-0 rounded-md px-2 font-semibold underline"
                >
                  {strings.undo}
                </button>
              )}
            </div>
          </div>

          {items.length === 0 ? (
            <div className="flex flex-1 flex-col items-center justify-center px-6 text-center">
              <p className="text-base font-medium text-slate-900">{strings.empty}</p>
              <p className="mt-2 text-sm text-slate-600">{strings.emptyHint}</p>
            </div>
          ) : (
            <div className="flex-1 overflow-y-auto px-5">
              <ul className="divide-y divide-slate-100" aria-label={strings.title}>
                {groupItems(items).map((group) => {
                  const name = rowName(group.category, group.exclusive, group.area);
                  return (
                    // The name with its area gets the whole width: a postcode range never breaks on a phone.
                    <li key={group.key} className="flex flex-wrap items-center gap-x-3 gap-y-1 py-4">
                      <p className="w-full font-medium text-slate-900">{name}</p>
                      <p className="min-w-0 flex-1 text-sm text-slate-600">
                        {fill(strings.unitPrice, { price: formatMoney(group.price, locale) })}
                        <span className="block font-semibold text-slate-900 tabular-nums">
                          {fill(strings.lineTotal, {
                            total: formatMoney(group.price * group.quantity, locale),
                          })}
                        </span>
                      </p>
                      <div
                        className="flex items-center gap-1"
                        role="group"
                        aria-label={`${strings.quantity}: ${name}`}
                      >
                        {/* At 1, minus takes the row out as the bin does, with the same way back. */}
                        <button
                          type="button"
                          onClick={() =>
                            group.quantity > 1 ? decrease(group.key) : takeOut(name, group.key)
                          }
                          className={stepButton}
                        >
                          <Icon name="minus" className="size-4" />
                          <span className="sr-only">{fill(strings.decrease, { name })}</span>
                        </button>
                        <output
                          className="min-w-8 text-center text-sm font-semibold tabular-nums"
                          aria-live="polite"
                        >
                          {group.quantity}
                        </output>
                        <button
                          type="button"
                          onClick={() => increase(group.key)}
                          disabled={!canIncreaseGroup(items, group.key)}
                          className={stepButton}
                        >
                          <Icon name="plus" className="size-4" />
                          <span className="sr-only">{fill(strings.increase, { name })}</span>
                        </button>
                      </div>
                      <button
                        ref={group.key === restored?.key ? restoredRef : undefined}
                        type="button"
                        onClick={() => takeOut(name, group.key)}
                        className="inline-flex size-8 items-center justify-center rounded-md text-slate-500 hover:bg-red-50 hover:text-red-700"
                      >
                        <Icon name="trash" className="size-5" />
                        <span className="sr-only">{fill(strings.remove, { name })}</span>
                      </button>
                    </li>
                  );
                })}
              </ul>
            </div>
          )}

          <div className="border-t border-slate-200 px-5 py-4">
            {/* Said again whenever it changes, label and amount together: a screen reader hears the new total
                after each plus, minus or removal, not only the row's quantity. */}
            <div className="flex items-baseline justify-between" aria-live="polite" aria-atomic="true">
              <span className="text-base font-semibold text-slate-900">{strings.total}</span>
              <span className="text-xl font-bold text-slate-900 tabular-nums" data-testid="cart-total">
                {formatMoney(total, locale)}
              </span>
            </div>
            <p className="mt-1 text-right text-xs text-slate-600">{strings.netNote}</p>
            {items.length === 0 ? (
              <button
                type="button"
                disabled
                className={`${checkoutButton} cursor-not-allowed bg-slate-300 text-slate-700`}
              >
                {strings.checkout}
              </button>
            ) : (
              <>
                <a
                  href={checkoutHref}
                  className={`${checkoutButton} bg-brand-700 hover:bg-brand-800 text-white`}
                >
                  {strings.checkout}
                </a>
                <p className="mt-2 text-xs text-slate-600">{strings.checkoutHint}</p>
              </>
            )}
          </div>
        </DialogPanel>
      </div>
    </Dialog>
  );
}

const checkoutButton = 'mt-4 block w-full rounded-lg px-4 py-3 text-center font-semibold';
