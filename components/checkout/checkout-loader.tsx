'use client';

import { useEffect, type ReactNode } from 'react';
import { lazyModule } from '@/components/lazy/lazy-module';
import { useLazy } from '@/components/lazy/use-lazy';
import type { CheckoutProps } from './checkout';

// The checkout's code (its rules, the VAT ID and postcode checks, the quote) loads right after the page's,
// through the one lazy helper: a failed load shows the page's notice with a retry, and the page stays.
const checkoutCode = lazyModule(() => import('./checkout'));

interface CheckoutLoaderProps extends CheckoutProps {
  /** Shown until the code has run: the cart is read from this browser's storage. Gone when it never runs. */
  loading: string;
  /**
   * What takes its place when the page's code never runs (`.code-fallback`): in the same live region, so that a
   * screen reader says it as it appears.
   */
  fallback: ReactNode;
}

export function CheckoutLoader({ loading, fallback, ...props }: CheckoutLoaderProps) {
  const { loaded, request } = useLazy(checkoutCode);
  useEffect(() => request(), [request]);
  const Checkout = loaded?.Checkout;
  if (Checkout) return <Checkout {...props} />;
  return (
    <div role="status" className="mt-8 print:hidden">
      <p className="code-waiting text-slate-700">{loading}</p>
      {fallback}
    </div>
  );
}
