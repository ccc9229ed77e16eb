'use client';

import ShoppingCartIcon from '@heroicons/react/24/outline/ShoppingCartIcon';
import dynamic from 'next/dynamic';
import { useEffect } from 'react';
import { connectCartStorage, selectCount, useCartStore } from '@/lib/cart/store';
import { fill } from '@/lib/format';
import { useLazyDialog } from '@/components/ui/use-lazy-dialog';
import type { CartDialogProps } from './cart-dialog';

// The dialog's code (and Headless UI's Dialog) loads on the first click, not with the page.
const CartDialog = dynamic(() => import('./cart-dialog').then((module) => module.CartDialog), { ssr: false });

interface CartButtonProps {
  label: string;
  /** e.g. "Warenkorb, {count} Leads" */
  countLabel: string;
  dialog: Omit<CartDialogProps, 'open' | 'onClose'>;
}

/** The header's cart button with its badge; opens the cart dialog. */
export function CartButton({ label, countLabel, dialog }: CartButtonProps) {
  const count = useCartStore(selectCount);
  const { open, mounted, triggerRef, show, close } = useLazyDialog();
  useEffect(() => connectCartStorage(), []);

  return (
    <>
      <button
        ref={triggerRef}
        type="button"
        onClick={show}
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
      {mounted && <CartDialog {...dialog} open={open} onClose={close} />}
    </>
  );
}
