'use client';

import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import { useEffect } from 'react';
import type { PriceList } from '@/lib/categories';
import { connectCartStorage, selectCount, useCartStore } from '@/lib/cart/store';
import { fill } from '@/lib/format';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import type { CartDialogProps } from './cart-dialog';

// The dialog's code (and Headless UI's Dialog) loads on the first click, not with the page.
const cartDialog = lazyModule(() => import('./cart-dialog'));

interface CartButtonProps {
  label: string;
  /** e.g. "Warenkorb, {count} Leads" */
  countLabel: string;
  dialog: Omit<CartDialogProps, 'open' | 'onClose'>;
  /** Base prices by category id, from the category table: the cart prices its lines with them. */
  prices: PriceList;
}

/** The header's cart button with its badge; opens the cart dialog. */
export function CartButton({ label, countLabel, dialog, prices }: CartButtonProps) {
  const count = useCartStore(selectCount);
  const { open, triggerRef, show, close } = useLazyDialog();
  const dialogCode = useLazy(cartDialog);
  const CartDialog = dialogCode.loaded?.CartDialog;
  useEffect(() => connectCartStorage(prices), [prices]);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={() => dialogCode.request(show)}
        className="hover:text-brand-700 relative inline-flex size-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
      >
        <ShoppingCartIcon className="size-6" aria-hidden="true" />
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
      {CartDialog && <CartDialog {...dialog} open={open} onClose={close} />}
    </>
  );
}
