'use client';

import { useCallback, useEffect, useState, useSyncExternalStore } from 'react';
import type { PriceList } from '@/lib/categories';
import { fill } from '@/lib/format';
import { lazyModule, warmUp, type LazyModule } from '@/components/lazy/lazy-module';
import { fetchWords } from '@/components/lazy/fetch-words';
import { useLazy } from '@/components/lazy/use-lazy';
import { noSubscription, useHydrated } from '@/components/ui/use-hydrated';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import type { CartDialog as CartDialogCode, CartDialogData } from './cart-dialog';
import { Icon } from '@/components/ui/icon';

/**
 * The dialog's code (and Headless UI's Dialog) loads on the first click, not with the page, together with its words:
 * one load per file of words, which is one per language.
 */
const cartDialogs = new Map<
  string,
  LazyModule<{ CartDialog: typeof CartDialogCode; data: CartDialogData }>
>();
function cartDialogFor(dataUrl: string) {
  let dialog = cartDialogs.get(dataUrl);
  if (!dialog) {
    dialog = lazyModule(async () => {
      const [{ CartDialog }, data] = await Promise.all([
        import('./cart-dialog'),
        fetchWords<CartDialogData>(dataUrl),
      ]);
      return { CartDialog, data };
    });
    cartDialogs.set(dataUrl, dialog);
  }
  return dialog;
}
// The cart itself (its store, storage and rules) loads with the page's code, off the first paint's path: asked for
// as soon as this module runs, while the page hydrates, so the badge shows the cart one round trip sooner.
const cartStore = lazyModule(() => import('@/lib/cart/store'));
warmUp(cartStore);

interface CartButtonProps {
  label: string;
  /** e.g. "Warenkorb, {count} Leads" */
  countLabel: string;
  /** Where the dialog's words are (lib/lazy-words.ts). */
  dialogData: string;
  /** Base prices by category id, from the category table: the cart prices its lines with them. */
  prices: PriceList;
}

/** The header's cart button with its badge; opens the cart dialog. */
export function CartButton({ label, countLabel, dialogData, prices }: CartButtonProps) {
  const [store, setStore] = useState(cartStore.current);
  const loadStore = useCallback(
    () =>
      cartStore.load({ again: true }).then(setStore, () => {
        // Quietly: the cart dialog needs the same code, and its first click asks again and says so if it fails.
      }),
    [],
  );
  useEffect(() => void loadStore(), [loadStore]);
  useEffect(() => store?.connectCartStorage(prices), [store, prices]);
  const count = useSyncExternalStore(
    useCallback(
      (onChange: () => void) => store?.useCartStore.subscribe(onChange) ?? noSubscription(),
      [store],
    ),
    () => (store ? store.selectCount(store.useCartStore.getState()) : 0),
    () => 0,
  );
  const hydrated = useHydrated();
  const { open, triggerRef, show, close } = useLazyDialog();
  const dialogCode = useLazy(cartDialogFor(dialogData));
  const dialog = dialogCode.loaded;

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        disabled={!hydrated}
        onClick={() =>
          dialogCode.request(() => {
            show();
            void loadStore();
          })
        }
        className="hover:text-brand-700 relative inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <Icon name="shopping-cart" className="size-6" />
        <span className="sr-only">{count > 0 ? fill(countLabel, { count }) : label}</span>
        {count > 0 && (
          <span
            aria-hidden="true"
            className="bg-brand-700 absolute -top-0.5 -right-0.5 inline-flex h-5 min-w-5 items-center justify-center rounded-full px-1 text-xs font-semibold text-white"
          >
            {count > 99 ? '99+' : count}
          </span>
        )}
      </button>
      {dialog && <dialog.CartDialog {...dialog.data} open={open} onClose={close} />}
    </>
  );
}
