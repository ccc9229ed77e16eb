'use client';

import toast, { Toaster } from 'react-hot-toast';

/**
 * The order confirmation toast. This module is loaded on the first order, so
 * pages where nobody orders never load react-hot-toast or run its style
 * injection during hydration.
 */
export function OrderToaster() {
  // Below the sticky header (4rem high), never over it: there the toast covered the header's cart and
  // menu buttons on small screens, and sat hidden under the header beside the sticky order card on large ones.
  // Under the dialogs (z-50), too: a buyer who opens the cart right after ordering must see its lines, and on
  // a phone the toasts covered the first two.
  return (
    <Toaster
      position="top-center"
      containerStyle={{ top: '5rem', zIndex: 45 }}
      containerClassName="print:hidden"
    />
  );
}

export function showOrderToast(title: string, description: string) {
  toast.success(
    <span>
      <span className="block font-semibold">{title}</span>
      <span className="block text-sm">{description}</span>
    </span>,
    // The form's persistent live region speaks for the toast, so the toast itself stays silent.
    { ariaProps: { role: 'status', 'aria-live': 'off' } },
  );
}

/** Clears every toast; for tests. */
export function removeOrderToasts() {
  toast.remove();
}
