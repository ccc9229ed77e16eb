'use client';

import { useEffect } from 'react';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import type { CheckoutProps } from './checkout';

// The checkout's code (its rules, the VAT ID and postcode checks, the quote) loads right after the page's,
// through the one lazy helper: a failed load shows the page's notice with a retry, and the page stays.
const checkoutCode = lazyModule(() => import('./checkout'));

interface CheckoutLoaderProps extends CheckoutProps {
  /** Shown until the code has run: the cart is read from this browser's storage. Gone when it never runs. */
  loading: string;
}

export function CheckoutLoader({ loading, ...props }: CheckoutLoaderProps) {
  const { loaded, request } = useLazy(checkoutCode);
  useEffect(() => request(), [request]);
  const Checkout = loaded?.Checkout;
  if (Checkout) return <Checkout {...props} />;
  return (
    <p role="status" className="code-waiting mt-8 text-slate-700 print:hidden">
      {loading}
    </p>
  );
}
